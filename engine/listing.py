"""Legality-only listings of a turn, worked out from the board as it is:
what Game.legal_followers, legal_moves and legal_actions answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import Neighbours
from engine.frozen import frozen_parts
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action
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


def legal_followers(game: Game) -> list[str] | None:
    """Game.legal_followers: the free spots of the tile just placed (B-5)."""
    turn = game.turn
    if game.pending is None or game.pending.step != STEP_FOLLOWER or turn is None:
        return None
    placed = turn.placed
    assert placed is not None
    if game.supply[turn.player] == 0:
        return []
    features, parent = game.board.features, game.board.parent
    out = []
    nodes = placed.nodes
    for i in placed.face.spots:  # B-5: a road, city, monastery or field
        node = nodes[i]
        while parent[node] != node:  # the segment's root (find, inline)
            node = parent[node]
        if not features[node].followers:
            out.append(placed.face.canonical[i])
    return out


def legal_actions(game: Game, player: int) -> list[Action]:
    """Game.legal_actions: every complete legal action for ``player`` now."""
    d = game.pending
    if d is None or player not in d.players:
        return []
    out: list[Action] = []
    if "place" in d.types and d.step == STEP_PLACE and game.turn is not None:
        out = [
            {"player": player, "type": "place", "x": x, "y": y, "rotation": r}
            for x, y, r in game._placements(game.turn)
        ]
    if "follower" in d.types:
        locs: list[str | None] = [None, *(legal_followers(game) or [])]
        out += [{"player": player, "type": "follower", "location": loc} for loc in locs]
        if game.hooks.pieces:
            out += [
                {"player": player, "type": "follower", "location": loc, piece.name: True}
                for piece in game.hooks.pieces.values()
                for loc in piece.spots(game, player)
            ]
    for spec in game.hooks.for_step(d.step):
        out += map(frozen_parts, spec.legal(game, player))
    return out
