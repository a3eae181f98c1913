"""Legality-only listings of a turn, worked out from the board as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import Neighbours
from engine.phases import STEP_PLACE
from engine.tiles import FACES

if TYPE_CHECKING:
    from engine.game import Game

Move = tuple[int, int, int, str | None]  # x, y, rotation, follower location (None: none)


def legal_moves(game: Game) -> list[Move]:
    """Every legal pair of this turn's placement and follower choice, as
    (x, y, rotation, location): for each of ``game.legal_placements()``,
    ``None`` (no follower) and then each location ``legal_followers()``
    would list once the tile is placed there (B-4, B-5), worked out from the
    board as it is: nothing is placed or copied. [] when the pending step is
    not a placement. Expansions' pieces (A-3), their actions, and what their
    effects between placing and the follower step could change are not
    part of it."""
    turn = game.turn
    if game.pending is None or game.pending.step != STEP_PLACE or turn is None:
        return []
    board, kind = game.board, turn.tile
    follow = game.supply[turn.player] > 0  # B-5: else no follower can go
    out: list[Move] = []
    near: Neighbours | None = None
    cell = None
    for x, y, r in game._placements(turn):
        out.append((x, y, r, None))
        if not follow:
            continue
        if near is None or (x, y) != cell:
            cell, near = (x, y), board.neighbours((x, y))
        face = FACES[(kind, r)]
        names = face.canonical
        out += [(x, y, r, names[i]) for i in board.open_spots(face, near)]
    return out
