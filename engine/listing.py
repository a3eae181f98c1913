"""Legality-only listings of a turn, worked out from the board as it is:
what Game.legal_followers, legal_moves and legal_actions answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import LISTED, flat_records, plain_base_action
from engine.board import Board, Pos
from engine.directions import OFFSETS, ROTATIONS, facing_half, opposite
from engine.frozen import FrozenDict, frozen_parts
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action
from engine.tiles import FACES, FIT_SLOTS, Face

if TYPE_CHECKING:
    from engine.game import Game
    from engine.turn import Turn

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
            cell, near = (x, y), neighbours(board, (x, y))
        face = FACES[(kind, r)]
        names = face.canonical
        out += [(x, y, r, names[i]) for i in open_spots(face, near)]
    return out


@dataclass(slots=True)
class Neighbours:
    """What an empty cell's neighbours offer a tile placed there
    (:func:`neighbours`): the roots across each edge (roads, cities)
    and half-edge (fields), None where nothing is; those holding followers."""

    edge_roots: list[int | None]
    half_roots: list[int | None]
    occupied: set[int]


def neighbours(board: Board, cell: Pos) -> Neighbours:
    """What a tile placed on the empty ``cell`` would join: the root of
    the road or city across each edge, of the field across each
    half-edge (None where nothing is), and which of them hold followers."""
    x, y = cell
    tiles, parent, features = board.tiles, board.parent, board.features
    edge_roots: list[int | None] = [None] * 4
    half_roots: list[int | None] = [None] * 8
    occupied: set[int] = set()

    def root_of(node: int) -> int:  # find(), without path halving: this only reads
        while parent[node] != node:
            node = parent[node]
        if features[node].followers:
            occupied.add(node)
        return node

    for edge, (dx, dy) in enumerate(OFFSETS):
        other = tiles.get((x + dx, y + dy))
        if other is None:
            continue
        theirs, nodes = other.face, other.nodes
        seg = theirs.edge_seg[opposite(edge)]
        if seg is not None:
            edge_roots[edge] = root_of(nodes[seg])
        for half in (2 * edge, 2 * edge + 1):
            seg = theirs.half_seg[facing_half(half)]
            if seg is not None:
                half_roots[half] = root_of(nodes[seg])
    return Neighbours(edge_roots, half_roots, occupied)


def open_spots(face: Face, near: Neighbours) -> tuple[int, ...]:
    """The segments of ``face`` (placed on the cell ``near`` describes) a
    follower could take right after (B-5): its spots whose feature, once
    joined, holds no follower. Segments of the tile that reach one
    feature are one feature: an occupied one takes the others with it."""
    if not near.occupied:
        return face.spots
    joined: list[set[int]] = [set() for _ in face.segments]
    for edge, seg in face.edge_pairs:
        root = near.edge_roots[edge]
        if root is not None:
            joined[seg].add(root)
    for half, seg in face.half_pairs:
        root = near.half_roots[half]
        if root is not None:
            joined[seg].add(root)
    taken = set(near.occupied)  # roots of features that hold followers once joined
    grew = True
    while grew:  # a segment touching a taken root takes all its roots along
        grew = False
        for roots in joined:
            if roots and not roots <= taken and not roots.isdisjoint(taken):
                taken |= roots
                grew = True
    return tuple(i for i in face.spots if joined[i].isdisjoint(taken))


def legal_followers(game: Game) -> list[str] | None:
    """Game.legal_followers: the free spots of the tile just placed (B-5)."""
    turn, d = game.turn, game._pending  # the attribute behind game.pending
    if d is None or d.step != STEP_FOLLOWER or turn is None:
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
    d = game._pending  # the attribute behind game.pending
    if d is None or player not in d.players:
        return []
    out: list[Action] = []
    if "place" in d.types and d.step == STEP_PLACE and game.turn is not None:
        out = place_actions(game, game.turn, player)
    if "follower" in d.types:
        out += follower_actions(game, player)
        if game.hooks.pieces:
            out += [
                {"player": player, "type": "follower", "location": loc, piece.name: True}
                for piece in game.hooks.pieces.values()
                for loc in piece.spots(game, player)
            ]
    if game.hooks.actions:  # the expansions' own actions attached to the step
        for spec in game.hooks.for_step(d.step):
            # Flat records have no part to make unchangeable (frozen_parts
            # would return each as it is): handed out as listed.
            listed = spec.legal(game, player)
            out += listed if flat_records(spec.action) else map(frozen_parts, listed)
    return out


# --- the base game's record actions, as legal_actions() lists them ------------
# Shared and unchangeable (FrozenDict): one per (seat, x, y, rotation) and per
# (seat, location), made once and handed out by every listing, as the
# follower actions are interned in engine.actions. A listing builds no dict:
# the place step lists some thirty placements a turn, and a 5-key dict costs
# more to build than the rest of its listing. ``dict(action)`` is a copy to change.
class _SeatFollowers(dict[str | None, Action]):
    """One seat's follower actions by location (None: no follower)."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, location: str | None) -> Action:
        made = self[location] = _listed(
            FrozenDict({"player": self.player, "type": "follower", "location": location})
        )
        return made


class _SeatPlacements(dict[Pos, tuple[Action, ...]]):
    """One seat's place actions by cell, by rotation slot."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, cell: Pos) -> tuple[Action, ...]:
        x, y = cell
        p = self.player
        made = self[cell] = tuple(
            _listed(FrozenDict({"player": p, "type": "place", "x": x, "y": y, "rotation": r}))
            for r in ROTATIONS
        )
        return made


def _listed(action: FrozenDict) -> FrozenDict:
    """Keep the typed action of an interned record action (engine.actions.LISTED)."""
    typed = plain_base_action(action)
    assert typed is not None
    LISTED[id(action)] = typed
    return action


class _BySeat(dict[int, Any]):
    def __init__(self, table: Callable[[int], Any]) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, player: int) -> Any:
        made = self[player] = self.table(player)
        return made


_FOLLOWS: dict[int, _SeatFollowers] = _BySeat(_SeatFollowers)
_PLACES: dict[int, _SeatPlacements] = _BySeat(_SeatPlacements)


def place_actions(game: Game, turn: Turn, player: int) -> list[Action]:
    """The record actions of every legal placement of ``turn``'s tile, in
    ``legal_placements()`` order (B-4). Without an effect's limit (the
    common case) read straight from the board's frontier, each cell
    keeping its actions per seat: no list of placements in between."""
    if turn.allowed_cells is None and turn.rule is None:
        slots = FIT_SLOTS[turn.tile]
        places = _PLACES[player]
        # Read by index, not unpacked: [x, y, need, placements, actions by seat].
        return [
            made[i]
            for cell in game.board.frontier_cells()
            if (fit := slots[cell[2]]) and (made := cell[4][player] or _cell_actions(cell, places))
            for i in fit
        ]
    places = _PLACES[player]
    return [places[x, y][r // 90] for x, y, r in game._placements(turn)]


def _cell_actions(cell: list[Any], places: _SeatPlacements) -> tuple[Action, ...]:
    """A frontier cell's place actions for a seat, kept in its entry."""
    made = cell[4][places.player] = places[cell[0], cell[1]]
    return made


def follower_actions(game: Game, player: int) -> list[Action]:
    """The record actions of the follower step (B-5): none first, then each
    location of ``legal_followers()``."""
    follows = _FOLLOWS[player]
    return [follows[None], *map(follows.__getitem__, legal_followers(game) or ())]
