"""Legality of the base actions: placing the drawn tile (B-4) and a follower
on it (B-5). Each check raises :class:`IllegalAction` naming the rule, and
changes nothing; the game runs them before applying an action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Follower, Place, shown
from engine.directions import EDGES, ROTATIONS
from engine.phases import IllegalAction
from engine.tiles import FACES, FITS, misfit

if TYPE_CHECKING:
    from engine.game import Game

EDGE_WORDS = {"C": "city", "R": "road", "F": "field"}


def check_place(game: Game, action: Place) -> None:
    """B-4: the tile goes on an empty cell next to the board, where every
    edge it touches matches (and where an effect allows, if one does)."""
    turn = game.turn
    assert turn is not None
    x, y, rot = action.x, action.y, action.rotation
    kind = turn.tile
    if rot not in ROTATIONS:
        raise IllegalAction(f"rotation must be 0, 90, 180 or 270, not {rot}")
    pos = (x, y)
    if pos in game.board.tiles:
        raise IllegalAction(f"cell {x},{y} already holds a tile")
    need = game.board.frontier.get(pos)
    if need is None:
        raise IllegalAction(f"cell {x},{y} is not next to any placed tile (B-4)")
    if turn.allowed_cells is not None and pos not in turn.allowed_cells:
        cells = " ".join(f"{cx},{cy}" for cx, cy in sorted(turn.allowed_cells))
        raise IllegalAction(f"the tile must go on {cells} this turn, not {x},{y}")
    if rot not in FITS[kind][need]:
        side, mine, theirs = misfit(FACES[(kind, rot)], need)
        raise IllegalAction(
            f"{kind} does not fit at {x},{y} r{rot}: its {EDGES[side]} edge "
            f"({EDGE_WORDS[mine]}) meets a {EDGE_WORDS[theirs]} (B-4)"
        )


def check_follower(game: Game, action: Follower) -> None:
    """B-5: a follower from the supply on an unoccupied feature of the tile
    just placed, or none (null)."""
    turn = game.turn
    assert turn is not None and turn.placed is not None
    loc = action.location
    if loc is None:
        return
    placed = turn.placed
    if loc not in placed.face.name_to_seg:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(
            f"{shown(loc)} is not a location on {placed.kind} at "
            f"{placed.pos[0]},{placed.pos[1]} r{placed.rotation}; its locations are "
            f"{names} (or null for none)"
        )
    if game.supply[turn.player] == 0:
        raise IllegalAction("you have no follower left in your supply (B-5)")
    seg = placed.face.name_to_seg[loc]
    feat = game.board.feature_at(placed.pos, seg)
    if feat.followers:
        raise IllegalAction(
            f"the {feat.kind} at {loc} already holds a follower; a follower may only "
            f"go on an unoccupied feature (B-5)"
        )
