"""The unbounded board and its features, merged incrementally (B-4, B-9).

Every placed segment is a node of a union-find forest; each root carries a
:class:`Feature` with its tiles, open edges, pennants, followers and (fields) the
city nodes it touches. Placing a tile touches only its own four neighbours (and,
for monasteries and gardens, its 3x3 block): nothing rescans the whole board.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterator, Sized
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from engine.directions import OFFSETS, RING, opposite
from engine.frozen import frozen_builder
from engine.tiles import FACES, FIT_SLOTS, FITS, RING_KINDS, Face, SegmentKind

Pos = tuple[int, int]
# A frontier cell in the board's sorted listing: [x, y, need code, its
# placements (x, y, r) by rotation slot, its place actions by seat as
# engine.listing.place_actions keeps them] (Board._cells).
_Entry = list[Any]
# Per cell, the parts of its entries that no board changes: its placements and
# its place actions by seat (they name only the cell and the seat). Shared by
# every board, so a cell's actions are made once per seat, not once per seat
# and board: a 4-player game's frontier, and every determinization's copy of
# a board that was never listed, would otherwise make them again.
_CELL_PARTS: dict[Pos, tuple[tuple[tuple[int, int, int], ...], list[Any]]] = {}
# The place actions by seat are a list with a slot per seat a game may have
# (engine.game.MAX_PLAYERS), None until made: a listing reads a list slot
# quicker than it asks a dict.
SEAT_SLOTS = 6
# Per cell, its four neighbours by edge (N, E, S, W), shared by every board
# like _CELL_PARTS: a placement reads them, not four new tuples.
_AROUND: dict[Pos, tuple[Pos, Pos, Pos, Pos]] = {}


def _around(cell: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    x, y = cell
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = OFFSETS
    made = _AROUND[cell] = ((x + ax, y + ay), (x + bx, y + by), (x + cx, y + cy), (x + dx, y + dy))
    return made


@dataclass(slots=True)
class Follower:
    """A follower on the board. ``lying`` marks one laid down by an effect
    (farmers lie by nature and do not need it). ``piece`` names a piece an
    expansion adds (A-1's abbot): it counts as a follower on its feature (B-6,
    B-7) but comes from and goes back to no follower supply, and no card
    chooses it (C-4); None for a follower."""

    player: int
    pos: Pos
    seg: int
    lying: bool = False
    piece: str | None = None


@dataclass(slots=True)
class Feature:
    """A connected road, city, field, monastery or garden (one union-find root)."""

    id: int
    kind: SegmentKind
    size: int  # distinct tiles (B-7, B-8 count a tile once per feature)
    # A tuple, like cities: a board's copy shares it (engine.fork), a join makes a new one.
    segments: tuple[tuple[Pos, int], ...]
    open_edges: int = 0
    pennants: int = 0
    # Replaced on change (Game.add_follower...): most features share (), so
    # placements and board copies make no list per feature for the GC to track.
    followers: tuple[Follower, ...] = ()
    # Fields: city nodes touched (a node may repeat; readers take the set of
    # their roots). A tuple, so the many features without cities share ().
    cities: tuple[int, ...] = ()
    completed: bool = False  # scored by completion (B-7); never scored again
    # Some segment lies on a tile with another segment of its kind: only two
    # such features can share a tile (see size).
    twins: bool = False
    _marks: dict[str, object] | None = None

    @property
    def tiles(self) -> set[Pos]:
        """The tiles it covers: a fresh set (``size`` is their number)."""
        return {pos for pos, _ in self.segments}

    @property
    def marks(self) -> dict[str, object]:
        """Expansion state that must follow joins (e.g. locks, tiebreak
        marks), merged by the expansions' merge hooks; made on first use."""
        if self._marks is None:
            self._marks = {}
        return self._marks

    def mark(self, key: str) -> object:
        """The mark under ``key``, None when unset: a read that makes no
        dict (most features never carry a mark, and readers ask on every
        join, scoring and card listing)."""
        marks = self._marks
        return None if marks is None else marks.get(key)

    def drop(self, follower: Follower) -> None:
        """Take the first follower equal to ``follower`` off (as list.remove)."""
        i = self.followers.index(follower)
        self.followers = self.followers[:i] + self.followers[i + 1 :]

    @property
    def marked(self) -> bool:
        """Whether any expansion set a mark on it."""
        return bool(self._marks)


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the board."""

    kind: str
    pos: Pos
    rotation: int
    face: Face
    nodes: tuple[int, ...]  # union-find node per segment


new_placed: Callable[[str, Pos, int, Face, tuple[int, ...]], Placed] = frozen_builder(Placed)


@dataclass(slots=True)
class PlaceResult:
    """What one placement changed."""

    placed: Placed
    extended: set[int]  # roots of roads/cities the tile joined to existing ones
    completed: list[int]  # roots of roads/cities/monasteries/gardens complete now


MergeHook = Callable[[Feature, Feature], None]
_new = object.__new__
_OPPOSITE = tuple(opposite(edge) for edge in range(4))  # the facing edge, by edge
_RING_ORDER = itemgetter(1, 0)  # cells in RING order: by row, then column


class Board:
    def __init__(self) -> None:
        self.tiles: dict[Pos, Placed] = {}
        self.parent: list[int] = []
        self.node_seg: list[tuple[Pos, int]] = []
        # By root, in ascending order: a feature is added when its node is
        # made (nodes are numbered in order) and only ever removed by a join.
        self.features: dict[int, Feature] = {}
        # Roots of the features that may hold followers: every root a
        # follower was put on or joined into (Game.add_follower,
        # move_follower, joins); followers() drops the stale ones.
        self.occupied: set[int] = set()
        # Empty cells next to placed tiles -> need code (engine.tiles.NEED_CODE).
        self.frontier: dict[Pos, int] = {}
        self.monasteries: dict[Pos, int] = {}
        # Tiles with a monastery or garden -> their nodes (B-7, A-2: complete
        # when the 8 cells around hold tiles), and the empty cells next to
        # them -> those tiles, in RING order.
        self.rings: dict[Pos, tuple[int, ...]] = {}
        self._near_ring: dict[Pos, tuple[Pos, ...]] = {}
        # Joins are reported as hook(kept, absorbed) to merge_hooks while
        # merge_gate is not empty: by default the hooks themselves; a Game
        # gates them on its merge hook point's live list of functions.
        self.merge_hooks: list[MergeHook] = []
        self.merge_gate: Sized = self.merge_hooks
        # The frontier's cells in sorted order, each an entry [x, y, need,
        # its four placements (x, y, r) by rotation], found by cell in
        # _entries: made by the first listing, then kept up to date by place()
        # (a replay never lists, never pays); and the last listing, dropped
        # at every placement. A listing reads the entries in order: no
        # lookup or new tuple per cell.
        self._cells: list[_Entry] | None = None
        self._entries: dict[Pos, _Entry] = {}
        self._listing: tuple[str, list[tuple[int, int, int]]] | None = None

    # --- union-find -------------------------------------------------------
    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def feature_of(self, node: int) -> Feature:
        return self.features[self.find(node)]

    def feature_at(self, pos: Pos, seg: int) -> Feature:
        return self.feature_of(self.tiles[pos].nodes[seg])

    def _union(self, a: int, b: int) -> int:
        parent = self.parent
        while parent[a] != a:  # find(a), find(b) inline: the hot path of place()
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a == b:
            return a
        ra, rb = a, b
        fa, fb = self.features[ra], self.features[rb]
        if len(fa.segments) < len(fb.segments):
            ra, rb, fa, fb = rb, ra, fb, fa
        if self.merge_gate:
            for hook in self.merge_hooks:
                hook(fa, fb)
        # Two features of one segment each (the placed tile's and a
        # neighbour's: place() joins only those) share no tile.
        if fa.twins and fb.twins and len(fa.segments) > 1:
            if len(fb.segments) == 1:
                # Mostly a segment of the tile just placed: the tile is shared
                # when one of its other segments of the kind is in fa already
                # (_shared_tiles for one segment, with no set to make).
                pos, i = fb.segments[0]
                placed = self.tiles[pos]
                fa.size += 1
                for j in placed.face.siblings[i]:
                    node = placed.nodes[j]
                    while parent[node] != node:
                        node = parent[node]
                    if node == ra:
                        fa.size -= 1
                        break
            else:
                fa.size += fb.size - self._shared_tiles(ra, fb)
        else:
            fa.size += fb.size
        fa.twins = fa.twins or fb.twins
        parent[rb] = ra
        fa.segments += fb.segments
        fa.open_edges += fb.open_edges
        fa.pennants += fb.pennants
        if fb.followers:
            fa.followers += fb.followers
            self.occupied.add(ra)
        if fb.cities:
            fa.cities += fb.cities
        fa.completed = fa.completed or fb.completed
        del self.features[rb]
        return ra

    def _shared_tiles(self, root: int, feat: Feature) -> int:
        """Tiles ``feat`` shares with the feature of ``root`` (before joining
        them): only a tile with two segments of one kind can hold both."""
        tiles, find = self.tiles, self.find
        shared: set[Pos] | None = None
        for pos, i in feat.segments:
            placed = tiles[pos]
            for j in placed.face.siblings[i]:
                if find(placed.nodes[j]) == root:
                    if shared is None:
                        shared = set()
                    shared.add(pos)
        return 0 if shared is None else len(shared)

    # --- placement ---------------------------------------------------------
    def fits(self, kind: str, pos: Pos) -> tuple[int, ...]:
        """Rotations (degrees) in which ``kind`` fits at the empty cell ``pos``."""
        need = self.frontier.get(pos)
        return () if need is None else FITS[kind][need]

    def placements(self, kind: str) -> list[tuple[int, int, int]]:
        """Every legal (x, y, rotation) for ``kind`` (B-4), sorted."""
        return list(self._placements(kind))

    def _placements(self, kind: str) -> list[tuple[int, int, int]]:
        """placements(kind), the kept list itself (callers copy or only read)."""
        listing = self._listing
        if listing is None or listing[0] != kind:
            table = FIT_SLOTS[kind]
            cells = self._cells or self.frontier_cells()
            listing = (kind, [quad[i] for _, _, need, quad, _ in cells for i in table[need]])
            # Kept until the next placement: the turn's listing, the bot's
            # choices and the AI all ask for the same tile.
            self._listing = listing
        return listing[1]

    def frontier_cells(self) -> list[_Entry]:
        """The frontier's cells in sorted order, each an entry [x, y, need
        code, its placements (x, y, r) by rotation slot]: the board's own
        kept list (callers only read it)."""
        cells = self._cells
        if cells is None:
            cells = [self._entry(cell, need) for cell, need in self.frontier.items()]
            cells.sort()
            self._cells = cells
        return cells

    def _entry(self, cell: Pos, need: int) -> _Entry:
        parts = _CELL_PARTS.get(cell) or self._cell_parts(cell)
        entry: _Entry = [cell[0], cell[1], need, *parts]
        self._entries[cell] = entry
        return entry

    @staticmethod
    def _cell_parts(cell: Pos) -> tuple[tuple[tuple[int, int, int], ...], list[Any]]:
        """Make a cell's _CELL_PARTS (the first board that lists it)."""
        x, y = cell
        quad = ((x, y, 0), (x, y, 90), (x, y, 180), (x, y, 270))
        parts = _CELL_PARTS[cell] = (quad, [None] * SEAT_SLOTS)
        return parts

    def can_place(self, kind: str) -> bool:
        table = FITS[kind]
        for need in self.frontier.values():  # noqa: SIM110 (a plain loop: the draw's hot path)
            if table[need]:
                return True
        return False

    def place(self, kind: str, pos: Pos, rotation: int) -> PlaceResult:
        """Place without checking legality (callers check with :meth:`fits`)."""
        f = FACES[(kind, rotation)]
        x, y = pos
        parent, features, frontier, tiles = self.parent, self.features, self.frontier, self.tiles
        node_seg = self.node_seg
        base = len(parent)
        nodes = tuple(range(base, base + len(f.segments)))
        parent.extend(nodes)
        siblings = f.siblings
        for i, (seg_kind, open_edges, pennants, adj) in enumerate(f.seeds):
            ref = (pos, i)
            node_seg.append(ref)
            # Feature(...) written out: a new feature's fields stored directly
            # (what its __init__ does, without the call; every segment of
            # every placement makes one).
            feat = _new(Feature)
            feat.id = node = base + i
            feat.kind = seg_kind
            feat.size = 1
            feat.segments = (ref,)
            feat.open_edges = open_edges
            feat.pennants = pennants
            feat.followers = ()
            feat.cities = tuple(map(base.__add__, adj)) if adj else ()
            feat.completed = False
            feat.twins = bool(siblings[i])
            feat._marks = None
            features[node] = feat
        # B-7 monasteries (and gardens, A-2) this tile may complete: its own,
        # then those around it in RING order.
        near = self._near_ring.pop(pos, ())
        if f.rings:
            if f.monastery is not None:
                self.monasteries[pos] = base + f.monastery
            self._add_ring(pos, tuple(base + i for i in f.rings))
            near = (pos, *near)
        placed = new_placed(kind, pos, rotation, f, nodes)
        tiles[pos] = placed
        cells, entries = self._cells, self._entries
        if frontier.pop(pos, None) is not None and cells is not None:
            del cells[bisect_left(cells, [x, y])]  # [x, y] sorts just before its entry
            del entries[pos]
        self._listing = None

        extended: list[int] = []
        need_bits, links = f.need_bits, f.links
        for edge, npos in enumerate(_AROUND.get(pos) or _around(pos)):
            other = tiles.get(npos)
            if other is None:
                need = frontier.get(npos)
                if need is None:
                    need = frontier[npos] = need_bits[edge]
                    if cells is not None:  # self._entry(npos, need), inline
                        parts = _CELL_PARTS.get(npos) or self._cell_parts(npos)
                        entry = entries[npos] = [npos[0], npos[1], need, *parts]
                        insort(cells, entry)
                else:
                    need = frontier[npos] = need + need_bits[edge]  # one side, set once
                    if cells is not None:
                        entries[npos][2] = need
                continue
            mine, halves = links[edge]
            theirs_face, theirs_nodes = other.face, other.nodes
            if mine is not None:
                theirs = theirs_face.edge_seg[_OPPOSITE[edge]]
                if theirs is not None:
                    root = self._union(nodes[mine], theirs_nodes[theirs])
                    features[root].open_edges -= 2
                    extended.append(nodes[mine])
            for a, half in halves:
                b = theirs_face.half_seg[half]
                if b is not None:
                    self._union(nodes[a], theirs_nodes[b])

        completed: list[int] = []
        for i in f.closable:  # roads and cities (B-7)
            root = nodes[i]
            while parent[root] != root:
                root = parent[root]
            feat = features[root]
            if feat.open_edges == 0 and not feat.completed and root not in completed:
                completed.append(root)
        roots = set()
        for root in extended:  # nodes of this tile: now their roots
            while parent[root] != root:
                root = parent[root]
            roots.add(root)
        for mpos in near:
            for node in self.rings[mpos]:
                root = self.find(node)
                if not features[root].completed and self.ring_count(mpos) == 8:
                    completed.append(root)
        return PlaceResult(placed, roots, completed)

    def _add_ring(self, pos: Pos, nodes: tuple[int, ...]) -> None:
        """Register a tile's monastery or garden and the empty cells around
        it, so a placement finds those it neighbours with one lookup."""
        self.rings[pos] = nodes
        x, y = pos
        for dx, dy in RING:
            cell = (x + dx, y + dy)
            if cell not in self.tiles:
                around = (*self._near_ring.get(cell, ()), pos)
                # RING order seen from the cell
                self._near_ring[cell] = tuple(sorted(around, key=_RING_ORDER))

    # --- queries -------------------------------------------------------------
    def monasteries_around(self, pos: Pos) -> Iterator[tuple[Pos, int]]:
        """Monasteries on ``pos`` and its eight surrounding cells."""
        x, y = pos
        for dx, dy in ((0, 0), *RING):
            node = self.monasteries.get((x + dx, y + dy))
            if node is not None:
                yield (x + dx, y + dy), node

    def rings_near(self, cell: Pos) -> tuple[Pos, ...]:
        """The tiles with a monastery or garden around the empty ``cell``, in
        RING order: those a tile placed there would neighbour (``rings``)."""
        return self._near_ring.get(cell, ())

    def monasteries_near(self, cell: Pos) -> tuple[Pos, ...]:
        """The monasteries around the empty ``cell``, in RING order."""
        return tuple(p for p in self._near_ring.get(cell, ()) if p in self.monasteries)

    def ring_count(self, pos: Pos) -> int:
        """Placed tiles in the 8 cells around ``pos``."""
        x, y = pos
        tiles = self.tiles
        count = 0
        for dx, dy in RING:
            if (x + dx, y + dy) in tiles:
                count += 1
        return count

    def is_complete(self, feat: Feature) -> bool:
        if feat.kind in ("road", "city"):
            return feat.open_edges == 0
        if feat.kind in RING_KINDS:
            return self.ring_count(feat.segments[0][0]) == 8
        return False

    def is_unfinished(self, feat: Feature) -> bool:
        """Neither complete nor already scored as complete: what cards may still
        target as an unfinished feature (G-5, G-6, X-4.2..X-5.3)."""
        return not feat.completed and not self.is_complete(feat)

    def followers(self) -> Iterator[tuple[Feature, Follower]]:
        """Every follower with its feature, by feature (ascending roots, as
        ``features``), each feature's in their order."""
        features, occupied = self.features, self.occupied
        for root in sorted(occupied):
            feat = features.get(root)
            if feat is None or not feat.followers:
                occupied.discard(root)  # joined into another, or left empty
                continue
            for f in feat.followers:
                yield feat, f

    def location_name(self, pos: Pos, seg: int) -> str:
        return self.tiles[pos].face.canonical[seg]
