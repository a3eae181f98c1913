"""The unbounded board and its features, merged incrementally (B-4, B-9).

Every placed segment is a node of a union-find forest; each root carries a
:class:`Feature` with its tiles, open edges, pennants, followers and (fields) the
city nodes it touches. Placing a tile touches only its own four neighbours (and,
for monasteries, its 3x3 block): nothing rescans the whole board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from engine.directions import OFFSETS, RING, ROTATIONS, facing_half, opposite
from engine.tiles import FACES, Face, SegmentKind

Pos = tuple[int, int]


@dataclass(slots=True)
class Follower:
    """A follower on the board. ``lying`` marks one laid down by an effect
    (farmers lie by nature and do not need it)."""

    player: int
    pos: Pos
    seg: int
    lying: bool = False


@dataclass(slots=True)
class Feature:
    """A connected road, city, field or monastery (one union-find root)."""

    id: int
    kind: SegmentKind
    tiles: set[Pos]
    segments: list[tuple[Pos, int]]
    open_edges: int = 0
    pennants: int = 0
    followers: list[Follower] = field(default_factory=list)
    cities: set[int] = field(default_factory=set)  # fields: city nodes touched
    completed: bool = False  # scored by completion (B-7); never scored again
    # Expansion state that must follow joins (e.g. locks, tiebreak marks);
    # merged by the expansions' on_merge hooks.
    marks: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the board."""

    kind: str
    pos: Pos
    rotation: int
    face: Face
    nodes: tuple[int, ...]  # union-find node per segment


@dataclass(slots=True)
class PlaceResult:
    """What one placement changed."""

    placed: Placed
    extended: set[int]  # roots of roads/cities the tile joined to existing ones
    completed: list[int]  # roots of roads/cities/monasteries complete now


MergeHook = Callable[[Feature, Feature], None]


class Board:
    def __init__(self) -> None:
        self.tiles: dict[Pos, Placed] = {}
        self.parent: list[int] = []
        self.node_seg: list[tuple[Pos, int]] = []
        self.features: dict[int, Feature] = {}
        # Empty cells next to placed tiles -> required edge per side ("?" free).
        self.frontier: dict[Pos, str] = {}
        self.monasteries: dict[Pos, int] = {}
        self.merge_hooks: list[MergeHook] = []
        self._fit_cache: dict[tuple[str, str], tuple[int, ...]] = {}

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
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        fa, fb = self.features[ra], self.features[rb]
        if len(fa.segments) < len(fb.segments):
            ra, rb, fa, fb = rb, ra, fb, fa
        for hook in self.merge_hooks:
            hook(fa, fb)
        self.parent[rb] = ra
        fa.tiles |= fb.tiles
        fa.segments.extend(fb.segments)
        fa.open_edges += fb.open_edges
        fa.pennants += fb.pennants
        fa.followers.extend(fb.followers)
        fa.cities |= fb.cities
        fa.completed = fa.completed or fb.completed
        del self.features[rb]
        return ra

    # --- placement ---------------------------------------------------------
    def fits(self, kind: str, pos: Pos) -> tuple[int, ...]:
        """Rotations (degrees) in which ``kind`` fits at the empty cell ``pos``."""
        need = self.frontier.get(pos)
        if need is None:
            return ()
        key = (kind, need)
        cached = self._fit_cache.get(key)
        if cached is None:
            cached = tuple(
                r
                for r in ROTATIONS
                if all(
                    n == "?" or n == e for n, e in zip(need, FACES[(kind, r)].edges, strict=True)
                )
            )
            self._fit_cache[key] = cached
        return cached

    def placements(self, kind: str) -> list[tuple[int, int, int]]:
        """Every legal (x, y, rotation) for ``kind`` (B-4), sorted."""
        out = [(x, y, r) for (x, y) in self.frontier for r in self.fits(kind, (x, y))]
        out.sort()
        return out

    def can_place(self, kind: str) -> bool:
        return any(self.fits(kind, pos) for pos in self.frontier)

    def place(self, kind: str, pos: Pos, rotation: int) -> PlaceResult:
        """Place without checking legality (callers check with :meth:`fits`)."""
        f = FACES[(kind, rotation)]
        x, y = pos
        base = len(self.parent)
        nodes = tuple(range(base, base + len(f.segments)))
        for i, seg in enumerate(f.segments):
            self.parent.append(base + i)
            self.node_seg.append((pos, i))
            self.features[base + i] = Feature(
                id=base + i,
                kind=seg.kind,
                tiles={pos},
                segments=[(pos, i)],
                open_edges=len(seg.edges),
                pennants=seg.pennants,
                cities={base + a for a in seg.adj},
            )
            if seg.kind == "monastery":
                self.monasteries[pos] = base + i
        placed = Placed(kind, pos, rotation, f, nodes)
        self.tiles[pos] = placed
        self.frontier.pop(pos, None)

        extended: set[int] = set()
        for edge, (dx, dy) in enumerate(OFFSETS):
            npos = (x + dx, y + dy)
            other = self.tiles.get(npos)
            if other is None:
                need = self.frontier.get(npos, "????")
                o = opposite(edge)
                self.frontier[npos] = need[:o] + f.edges[edge] + need[o + 1 :]
                continue
            mine = f.edge_seg[edge]
            theirs = other.face.edge_seg[opposite(edge)]
            if mine is not None and theirs is not None:
                root = self._union(nodes[mine], other.nodes[theirs])
                self.features[root].open_edges -= 2
                extended.add(nodes[mine])
            for half in (2 * edge, 2 * edge + 1):
                a, b = f.half_seg[half], other.face.half_seg[facing_half(half)]
                if a is not None and b is not None:
                    self._union(nodes[a], other.nodes[b])

        roots = {self.find(n) for n in extended}
        completed: list[int] = []
        for i, seg in enumerate(f.segments):
            if seg.kind in ("road", "city"):
                root = self.find(nodes[i])
                feat = self.features[root]
                if feat.open_edges == 0 and not feat.completed and root not in completed:
                    completed.append(root)
        for mpos, node in self.monasteries_around(pos):
            feat = self.feature_of(node)
            if not feat.completed and self.ring_count(mpos) == 8:
                completed.append(self.find(node))
        return PlaceResult(placed, roots, completed)

    # --- queries -------------------------------------------------------------
    def monasteries_around(self, pos: Pos) -> Iterator[tuple[Pos, int]]:
        """Monasteries on ``pos`` and its eight surrounding cells."""
        x, y = pos
        for dx, dy in ((0, 0), *RING):
            node = self.monasteries.get((x + dx, y + dy))
            if node is not None:
                yield (x + dx, y + dy), node

    def ring_count(self, pos: Pos) -> int:
        """Placed tiles in the 8 cells around ``pos``."""
        x, y = pos
        tiles = self.tiles
        return sum(1 for dx, dy in RING if (x + dx, y + dy) in tiles)

    def is_complete(self, feat: Feature) -> bool:
        if feat.kind in ("road", "city"):
            return feat.open_edges == 0
        if feat.kind == "monastery":
            return self.ring_count(next(iter(feat.tiles))) == 8
        return False

    def is_unfinished(self, feat: Feature) -> bool:
        """Neither complete nor already scored as complete: what cards may still
        target as an unfinished feature (G-5, G-6, X-4.2..X-5.3)."""
        return not feat.completed and not self.is_complete(feat)

    def followers(self) -> Iterator[tuple[Feature, Follower]]:
        for feat in self.features.values():
            for f in feat.followers:
                yield feat, f

    def location_name(self, pos: Pos, seg: int) -> str:
        return self.tiles[pos].face.canonical[seg]
