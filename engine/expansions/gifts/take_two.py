"""Take two (G-8, G-10): a second tile, the player keeps one of the two.

Opening the card draws the second tile and asks ``choose-tile`` in the
``tile-choice`` step; the tile not kept goes back into the pile at a position
drawn from ``game.rng``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.expansions.gifts.actions import CHOOSE, ChooseTile
from engine.expansions.gifts.state import CHOICE, STEP_CHOOSE, TAKE_TWO
from engine.phases import Action, Decision, IllegalAction, Steps

if TYPE_CHECKING:
    from engine.game import Game


def possible(game: Game) -> bool:
    """G-8/G-10: some tile left in the pile fits on the board, and this
    turn's tile is no opening pile's (C-6: no use during the river phase)."""
    if game.turn is not None and game.turn.opening is not None:
        return False
    return any(game.board.can_place(kind) for kind in game.bag)


def take_two(game: Game, player: int) -> Steps:
    turn = game.turn
    assert turn is not None
    second = game.draw_tile()
    assert second is not None  # validated: a fitting tile is left
    turn.data[CHOICE] = [turn.tile, second]
    game.events.append({"type": TAKE_TWO, "player": player, "tile": second})  # event named so
    while CHOICE in turn.data:
        action = yield Decision(
            STEP_CHOOSE, (player,), player, (), {"tiles": list(turn.data[CHOICE])}
        )
        yield from game.hooks.actions[action.TYPE].run(game, action)


def legal_choices(game: Game, player: int) -> list[Action]:
    turn = game.turn
    if turn is None or turn.player != player or CHOICE not in turn.data:
        return []
    # Only a tile that can be placed this turn may be kept, also where a
    # mastermind fixed the cell (G-8, G-10, C-3).
    tiles = [t for t in dict.fromkeys(turn.data[CHOICE]) if game.fits_this_turn(t)]
    return [{"player": player, "type": CHOOSE, "tile": t} for t in tiles]


def validate_choose(game: Game, action: ChooseTile) -> None:
    turn = game.turn
    if turn is None or CHOICE not in turn.data:
        raise IllegalAction(
            "there are no two tiles to choose from (G-8)", code="no_tiles_to_choose"
        )
    tile = action.tile
    if tile not in turn.data[CHOICE]:
        a, b = turn.data[CHOICE]
        raise IllegalAction(
            f"'tile' must be {a!r} or {b!r}, the two tiles drawn (G-8)", code="not_a_drawn_tile"
        )
    if not game.fits_this_turn(tile):
        raise IllegalAction(
            f"{tile} cannot be placed this turn; keep the other tile (G-8, C-3)",
            code="tile_fits_nowhere",
        )


def run_choose(game: Game, action: ChooseTile) -> Steps:
    """Keep the chosen tile to place; the other goes back into the pile at a
    position drawn from game.rng (G-8)."""
    turn = game.turn
    assert turn is not None
    tiles: list[str] = turn.data.pop(CHOICE)
    tiles.remove(action.tile)
    other = tiles[0]
    turn.tile = action.tile
    game.bag.insert(game.rng.randint(0, len(game.bag)), other)
    game.events.append(
        {"type": "tile-chosen", "player": action.player, "tile": action.tile, "returned": other}
    )
    yield from ()
