"""Placing river tiles (docs/rules/river.md R-3..R-5) and drawing them (R-2, R-5).

A river tile goes on the cell beyond the open end, turned so that a water
edge meets it (R-3; B-4 does the matching, water meets only water). The flow
enters there and leaves by the tile's other water edge: straight on, or a
quarter turn left or right. R-4 (Ruling): a curve may not turn the same way
as the river tile placed just before it when that one was a curve too.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.board import PlaceResult, Pos
from engine.directions import OFFSETS, opposite
from engine.expansions.river.state import LEFT, NAME, RIGHT, STRAIGHT, state
from engine.expansions.river.tiles import RIVER_KINDS, WATER
from engine.phases import IllegalAction, Steps
from engine.tiles import FACES
from engine.turn import PlacementRule

if TYPE_CHECKING:
    from engine.game import Game

RIVER = frozenset(t.kind for t in RIVER_KINDS)


def open_cell(game: Game) -> Pos | None:
    """The empty cell beyond the river's open end (R-3), None once closed."""
    end = state(game).end
    if end is None:
        return None
    (x, y), edge = end
    dx, dy = OFFSETS[edge]
    return (x + dx, y + dy)


def turn_of(kind: str, rotation: int, heading: int) -> tuple[int, int | None]:
    """How a river tile turned ``rotation`` turns the flow arriving heading
    ``heading`` (the edge direction it flows to): (turn, the edge the water
    leaves by, None for the lake)."""
    edges = FACES[(kind, rotation)].edges
    outs = [e for e in range(4) if edges[e] == WATER and e != opposite(heading)]
    if not outs:
        return STRAIGHT, None
    out = outs[0]
    if out == heading:
        return STRAIGHT, out
    return (RIGHT if out == (heading + 1) % 4 else LEFT), out


def placements(game: Game, kind: str) -> list[tuple[int, int, int]]:
    """Where a river tile may go now (R-3, R-4): the cell beyond the open end,
    in the rotations that meet the water there and obey R-4."""
    cell, end = open_cell(game), state(game).end
    if cell is None or end is None:
        return []
    heading, turned = end[1], state(game).turned
    out = []
    for r in game.board.fits(kind, cell):
        turn, _ = turn_of(kind, r, heading)
        if turn == STRAIGHT or turn != turned:
            out.append((cell[0], cell[1], r))
    return out


def draw(game: Game) -> str | None:
    """The next river tile that can be placed (R-3, R-4); one that cannot is
    removed from the game (R-5); None once the river pile is empty."""
    st = state(game)
    while st.pile:
        kind = st.pile.pop(0)
        game.reveal()
        if placements(game, kind):
            return kind
        game.events.append(
            {"type": "discard", "tile": kind, "reason": "fits nowhere on the river (R-5)"}
        )
    return None


def left(game: Game) -> int:
    return len(state(game).pile)


def after_draw(game: Game) -> Steps:
    """R-3, R-4: a river tile may go only where it continues the river."""
    turn = game.turn
    assert turn is not None
    if turn.opening == NAME and turn.tile in RIVER:
        allowed = frozenset(placements(game, turn.tile))
        # The refusal holds plain values, not the game (no reference cycle).
        refuse = partial(refusal, open_cell(game), state(game).turned)
        turn.rule = PlacementRule(allowed, refuse)
    yield from ()


def refusal(cell: Pos | None, turned: int, x: int, y: int, rotation: int) -> IllegalAction:
    """Why a river tile may not go at x, y r``rotation`` though it fits there
    (B-4): ``cell`` is the one beyond the open end, ``turned`` how the last
    river tile turned. Each reason has its code: players read it worded."""
    if cell is None:
        return IllegalAction(
            "a river tile must continue the river from its open end, nowhere (R-3)",
            code="placement_refused",
            x=x,
            y=y,
        )
    if cell != (x, y):
        return IllegalAction(
            f"a river tile must continue the river from its open end, at {cell[0]},{cell[1]} (R-3)",
            code="river_open_end",
            x=cell[0],
            y=cell[1],
        )
    rule = "this curve must turn the other way, no two curves in a row turn alike (R-4)"
    if turned == LEFT:
        return IllegalAction(
            f"the river turned left on the last tile: {rule}", code="river_turned_left", x=x, y=y
        )
    return IllegalAction(
        f"the river turned right on the last tile: {rule}", code="river_turned_right", x=x, y=y
    )


def after_place(game: Game, result: PlaceResult) -> Steps:
    """R-3: the water leaving the tile just placed is the new open end; R-4:
    remember how it turned (a straight tile or the lake resets it)."""
    st = state(game)
    placed = result.placed
    if placed.kind in RIVER and st.end is not None and placed.pos == open_cell(game):
        turn, out = turn_of(placed.kind, placed.rotation, st.end[1])
        st.end = None if out is None else (placed.pos, out)
        st.turned = turn
    yield from ()
