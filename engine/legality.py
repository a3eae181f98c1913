"""Legality of actions: :func:`checked`, the one gate every action passes
before the game applies it (shape, seat, step, then the rules), and the base
actions' rules: placing the drawn tile (B-4) and a follower on it (B-5), or
an expansion's piece (A-3). Each check raises :class:`IllegalAction` naming
the rule, and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import (
    ACTION_TYPES,
    BASE_ACTIONS,
    Follower,
    GameAction,
    Place,
    is_int,
    plain_base_action,
    shown,
)
from engine.directions import EDGES, ROTATIONS
from engine.phases import Action, Decision, IllegalAction, MalformedAction
from engine.tiles import FACES, FITS, misfit

if TYPE_CHECKING:
    from engine.game import Game

EDGE_WORDS = {"C": "city", "R": "road", "F": "field", "I": "water"}


def checked(game: Game, action: Action | GameAction, decision: Decision | None) -> GameAction:
    """The typed action if it is legal now (``decision``: the game's pending
    one), else IllegalAction (changing nothing). Checks run in this order:
    shape, game over, seat, turn, type for the step, fields, then the rules."""
    plain = plain_base_action(action)  # the fast path of placements and followers
    if plain and decision and plain.player in decision.players and plain.TYPE in decision.types:
        if isinstance(plain, Place):
            check_place(game, plain)
        else:
            check_follower(game, plain)
        return plain
    data = action.to_record() if isinstance(action, GameAction) else action
    if not isinstance(data, dict):
        raise MalformedAction("an action must be a JSON object")
    if decision is None:
        raise IllegalAction("the game is over", code="game_over")
    player = data.get("player")
    if not is_int(player) or not 0 <= player < len(game.players):
        error = IllegalAction if is_int(player) else MalformedAction
        raise error(
            f"'player' must be a seat number from 0 to {len(game.players) - 1}, "
            f"not {shown(player)}",
            code="malformed",
        )
    if player not in decision.players:
        waiting = ", ".join(f"{game.players[p]} (seat {p})" for p in decision.players)
        raise IllegalAction(
            f"it is not {game.players[player]}'s move: waiting for {waiting} "
            f"in step '{decision.step}'",
            code="not_your_move",
        )
    kind = data.get("type")
    spec = game.hooks.actions.get(kind) if isinstance(kind, str) else None
    if spec is not None and (kind in decision.types or decision.step in spec.steps):
        # An expansion's own action: answering its decision, or attached to this step.
        typed: GameAction = spec.action.from_record(data)
        spec.validate(game, typed)
        return typed
    if kind in decision.types and kind in BASE_ACTIONS:
        return _validated_base(game, BASE_ACTIONS[kind].from_record(data))
    allowed = [*decision.types, *(a.type for a in game.hooks.for_step(decision.step))]
    error = IllegalAction if isinstance(kind, str) and kind in ACTION_TYPES else MalformedAction
    raise error(
        f"action type {shown(kind)} is not possible in step '{decision.step}'; "
        f"expected {' or '.join(repr(a) for a in allowed)}",
        code="not_this_step",
    )


def _validated_base(game: Game, action: GameAction) -> GameAction:
    if isinstance(action, Place):
        check_place(game, action)
    elif isinstance(action, Follower):
        check_follower(game, action)
    return action


def check_place(game: Game, action: Place) -> None:
    """B-4: the tile goes on an empty cell next to the board, where every
    edge it touches matches (and where an effect allows, if one does)."""
    turn = game.turn
    assert turn is not None
    x, y, rot = action.x, action.y, action.rotation
    kind = turn.tile
    need = game.board.frontier.get((x, y))  # the frontier's cells are empty
    if (
        need is not None
        and rot in FITS[kind][need]
        and turn.allowed_cells is None
        and turn.rule is None
    ):
        return  # every check below passes: the common case, at once
    if rot not in ROTATIONS:
        raise IllegalAction(f"rotation must be 0, 90, 180 or 270, not {rot}", code="bad_rotation")
    pos = (x, y)
    if pos in game.board.tiles:
        raise IllegalAction(f"cell {x},{y} already holds a tile", code="cell_taken", x=x, y=y)
    if need is None:
        raise IllegalAction(
            f"cell {x},{y} is not next to any placed tile (B-4)", code="cell_not_adjacent", x=x, y=y
        )
    if turn.allowed_cells is not None and pos not in turn.allowed_cells:
        cells = " ".join(f"{cx},{cy}" for cx, cy in sorted(turn.allowed_cells))
        raise IllegalAction(
            f"the tile must go on {cells} this turn, not {x},{y}", code="cell_not_allowed", x=x, y=y
        )
    if rot not in FITS[kind][need]:
        side, mine, theirs = misfit(FACES[(kind, rot)], need)
        raise IllegalAction(
            f"{kind} does not fit at {x},{y} r{rot}: its {EDGES[side]} edge "
            f"({EDGE_WORDS[mine]}) meets a {EDGE_WORDS[theirs]} (B-4)",
            code="tile_misfit",
            x=x,
            y=y,
        )
    if turn.rule is not None and (x, y, rot) not in turn.rule.allowed:
        raise turn.rule.refuse(x, y, rot)


def check_follower(game: Game, action: Follower) -> None:
    """B-5: a follower from the supply on an unoccupied feature of the tile
    just placed, or none (null); or an expansion's piece where it may go (A-3)."""
    turn = game.turn
    assert turn is not None and turn.placed is not None
    loc = action.location
    if action.piece is not None:
        _check_piece(game, action.player, action.piece, loc)
        return
    if loc is None:
        return
    placed = turn.placed
    if loc not in placed.face.name_to_seg:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(
            f"{shown(loc)} is not a location on {placed.kind} at "
            f"{placed.pos[0]},{placed.pos[1]} r{placed.rotation}; its locations are "
            f"{names} (or null for none)",
            code="no_such_spot",
            x=placed.pos[0],
            y=placed.pos[1],
        )
    if game.supply[turn.player] == 0:
        raise IllegalAction(
            "you have no follower left in your supply (B-5)", code="no_follower_in_supply"
        )
    seg = placed.face.name_to_seg[loc]
    if seg not in placed.face.spots:
        kind = placed.face.segments[seg].kind
        raise IllegalAction(
            f"a follower cannot stand on a {kind} (B-5, A-3)",
            code="spot_not_for_follower",
            feature=kind,
        )
    feat = game.board.feature_at(placed.pos, seg)
    if feat.followers:
        raise IllegalAction(
            f"the {feat.kind} at {loc} already holds a follower; a follower may only "
            f"go on an unoccupied feature (B-5)",
            code="feature_occupied",
            feature=feat.kind,
        )


def _check_piece(game: Game, player: int, piece: str, loc: str | None) -> None:
    """A-3: an expansion's piece on a location it may take now."""
    spec = game.hooks.pieces.get(piece)
    if spec is None:
        raise IllegalAction(f"there is no {piece} in this game", code="no_such_piece")
    if loc is None:
        raise IllegalAction(
            f"'location' must name where the {piece} goes", code="piece_needs_location"
        )
    if loc not in spec.spots(game, player):
        raise spec.refuse(game, player, loc)
