"""The words of the engine's refusals: ``rejection.<code>``, one per code an
``IllegalAction`` carries (engine.phases), with its values as fields. The
engine's own English message stays for the record, the log and the command
line; players read these, in their language, after "Not allowed:"."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    "rejection.other": "this move breaks a rule of the game; nothing was changed.",
    "rejection.malformed": "the game cannot read that action; nothing was changed.",
    "rejection.game_over": "the game is over.",
    "rejection.not_your_move": "it is not your move now.",
    "rejection.not_this_step": "that action is not possible at this point of the turn.",
    "rejection.bad_rotation": "a tile turns only by 0, 90, 180 or 270 degrees.",
    "rejection.cell_taken": "the cell {x},{y} already holds a tile.",
    "rejection.cell_not_adjacent": "the cell {x},{y} is not next to any tile on the board.",
    "rejection.cell_not_allowed": "this turn the tile cannot go at {x},{y}.",
    "rejection.tile_misfit": (
        "the tile does not fit at {x},{y} turned that way: a side does not match its neighbour."
    ),
    "rejection.placement_refused": "this turn's tile cannot lie at {x},{y} that way.",
    "rejection.river_open_end": (
        "a river tile continues the river: it goes at {x},{y}, beyond the river's open end."
    ),
    "rejection.river_turned_left": (
        "the river turned left on the last tile: this bend must turn right."
    ),
    "rejection.river_turned_right": (
        "the river turned right on the last tile: this bend must turn left."
    ),
    "rejection.no_such_spot": "the tile at {x},{y} has no such spot.",
    "rejection.no_tile_at": "there is no tile at {x},{y}.",
    "rejection.no_follower_in_supply": "you have no follower left in your supply.",
    "rejection.spot_not_for_follower": "a follower cannot stand there.",
    "rejection.feature_occupied": "that feature already has a follower.",
    "rejection.feature_locked": "that feature is locked: its followers stay until the end.",
    "rejection.feature_finished": "that feature is already completed.",
    "rejection.no_such_piece": "this game has no such piece.",
    "rejection.piece_needs_location": "say where the piece goes.",
    "rejection.abbot_on_board": "your abbot is already on the board, at {x},{y}.",
    "rejection.spot_not_for_abbot": "the abbot goes only on a monastery or a garden.",
    "rejection.already_answered": "you have already answered.",
    "rejection.wrong_target": "that is not a target this card can take.",
    "rejection.no_target_asked": "no target is being chosen now.",
    "rejection.no_attack_waiting": "no attack is waiting for an answer.",
    "rejection.no_card_to_cancel": "you hold no Prevent attack card: let the attack pass.",
    "rejection.nothing_scored_now": "none of your features is being scored now.",
    "rejection.not_a_scoring_card": "that card does not change a scoring.",
    "rejection.scoring_card_not_here": "that card cannot be played on this feature.",
    "rejection.no_discard_due": "you have nothing to discard now.",
    "rejection.discard_count": {
        "one": "discard exactly {count} card.",
        "other": "discard exactly {count} cards.",
    },
    "rejection.card_not_in_hand": "that card is not in your hand.",
    "rejection.no_card_offered": "no card is offered to you now.",
    "rejection.wrong_deck": "that is not the deck offered now.",
    "rejection.card_not_playable": "that card cannot be played now.",
    "rejection.gift_not_now": (
        "you may open a gift only in your own turn, before placing your tile."
    ),
    "rejection.gift_already_opened": "you have already opened a gift this turn.",
    "rejection.gift_not_held": "you hold no such unopened gift.",
    "rejection.abbot_not_chosen": "that is your abbot: this card never chooses it.",
    "rejection.no_follower_there": "you have no follower at {x},{y}.",
    "rejection.same_posture": ("Change position moves a follower between standing and lying down."),
    "rejection.no_second_tile": "this turn no second tile may be drawn.",
    "rejection.no_tile_fits": "no tile left in the pile fits on the board.",
    "rejection.no_tiles_to_choose": "there are no two tiles to choose from.",
    "rejection.not_a_drawn_tile": "keep one of the two tiles you drew.",
    "rejection.tile_fits_nowhere": "that tile cannot be placed this turn: keep the other one.",
    "rejection.no_settle_choice": "you have no choice to make at {x},{y}.",
    "rejection.not_a_settling_feature": "that road or city cannot settle the chips at {x},{y}.",
    "rejection.chip_not_in_supply": "that chip is not in your supply.",
    "rejection.abbot_in_supply": "your abbot is in your supply, not on the board.",
    "rejection.abbot_not_there": "your abbot is not at {x},{y}.",
}
