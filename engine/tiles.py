"""The tile catalogue as data (docs/rules/base.md B-11 base set) and the registry that
expansions add their own tiles to (T-8 bookmaker tiles, R-1 river tiles, A-2
garden twins: each in its expansion's package).

Each kind is written in rotation 0 the way docs/rules/base.md tabulates it: the four edges,
its city and road segments (by the edges they touch), an optional monastery or
garden, and its fields (by half-edges, with the city edges they touch).
Everything else (rotations, location names, which segment touches which edge,
which rotations fit which neighbours) is derived from these rows by table, once,
when a kind is registered (:func:`register_kinds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.directions import (
    CENTER,
    EDGE_INDEX,
    EDGES,
    GARDEN,
    HALF_INDEX,
    HALVES,
    LOCATION_RANK,
    ROTATIONS,
    facing_half,
    rotate_edge,
    rotate_half,
)

SegmentKind = Literal["road", "city", "field", "monastery", "garden"]
# B-8 scores the kinds in this order. Monasteries and gardens are one-tile
# features completed by the 8 cells around them and scored alike (B-7, B-8);
# a garden takes no follower, only a piece of its expansion.
FEATURE_KINDS: tuple[SegmentKind, ...] = ("road", "city", "monastery", "garden", "field")
RING_KINDS: frozenset[str] = frozenset({"monastery", "garden"})
FOLLOWER_KINDS: frozenset[str] = frozenset({"road", "city", "monastery", "field"})  # B-5

# Edge types (docs/notation.md): C city, R road, F field, I water (R-1, matches only water).
# A need code packs what an empty cell requires of each side (N, E, S, W) as
# one base-5 digit per side, N lowest: 0 = free, else the edge type's code.
# Each side of a cell is set once (by the one tile across it), so adding a
# side's digit is the same as or-ing it in.
NEED_CODE: dict[str, int] = {"C": 1, "R": 2, "F": 3, "I": 4}
NEED_CHARS = "?CRFI"
NEED_BASE = 5
NEED_CODES = NEED_BASE**4
_PLACE = (1, NEED_BASE, NEED_BASE**2, NEED_BASE**3)  # the weight of each side's digit


def need_side(code: int, side: int) -> str:
    """The edge type (C/R/F/I) a need code requires on ``side``, "?" if free."""
    return NEED_CHARS[code // _PLACE[side] % NEED_BASE]


def misfit(face: Face, need: int) -> tuple[int, str, str]:
    """The first side where ``face`` breaks ``need`` (B-4): (side, its edge
    type, the required one). Only for a face that does not fit."""
    for side, mine in enumerate(face.edges):
        theirs = need_side(need, side)
        if theirs not in ("?", mine):
            return side, mine, theirs
    raise ValueError(f"{face.kind} r{face.rotation} fits need {need}")


@dataclass(frozen=True, slots=True)
class Segment:
    """One feature segment of a tile, in some rotation.

    ``edges`` are edge indices (road/city), ``halves`` half-edge indices (field),
    ``adj`` indices of the city segments of the same tile a field touches.
    """

    kind: SegmentKind
    edges: tuple[int, ...] = ()
    halves: tuple[int, ...] = ()
    pennants: int = 0
    adj: tuple[int, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every location name of this segment, canonical first (docs/notation.md)."""
        if self.kind == "monastery":
            return (CENTER,)
        if self.kind == "garden":
            return (GARDEN,)
        names = [EDGES[e] for e in self.edges] + [HALVES[h] for h in self.halves]
        return tuple(sorted(names, key=LOCATION_RANK.__getitem__))

    @property
    def name(self) -> str:
        return self.names[0]


@dataclass(frozen=True, slots=True)
class TileKind:
    """A tile kind in rotation 0.

    ``expansion``: the expansion whose package registers it (None: B-11).
    ``centre``: a building at the centre that is no feature and no follower
    spot, named for its drawing (T-1's betting office, R-1's spring and lake):
    roads end there and it keeps fields apart as the table says.
    ``twin_of``: the kind it plays as in every respect but what it adds (A-2's
    garden twins), so rules that go by kind (X-2) treat it as that kind.
    """

    kind: str
    count: int
    edges: str  # four of C/R/F/I for N, E, S, W
    segments: tuple[Segment, ...]
    expansion: str | None = None
    centre: str | None = None
    twin_of: str | None = None

    @property
    def monastery(self) -> bool:
        return any(s.kind == "monastery" for s in self.segments)

    @property
    def garden(self) -> bool:
        return any(s.kind == "garden" for s in self.segments)

    @property
    def pennants(self) -> int:
        return sum(s.pennants for s in self.segments)

    @property
    def plays_as(self) -> str:
        """The kind rules that go by kind read this one as (A-2, X-2)."""
        return self.twin_of or self.kind


@dataclass(frozen=True, slots=True)
class Face:
    """A tile kind turned to one rotation, with board-direction lookups."""

    kind: str
    rotation: int
    edges: str  # edge types in board directions N, E, S, W
    segments: tuple[Segment, ...]  # same order as the kind's, edges rotated
    edge_seg: tuple[int | None, ...]  # road/city segment on each edge
    half_seg: tuple[int | None, ...]  # field segment on each half-edge
    name_to_seg: dict[str, int]
    canonical: tuple[str, ...]  # canonical location name per segment
    code: int  # its edges as a need code (see NEED_CODE)
    # Per edge: what this face adds to the need code of the empty cell across
    # that edge (the neighbour's opposite edge must match).
    need_bits: tuple[int, int, int, int]
    # Per edge: its road/city segment and, for its two half-edges, (field
    # segment, the neighbour's facing half-edge); what a placement joins.
    links: tuple[tuple[int | None, tuple[tuple[int, int], ...]], ...]
    # Per segment: (kind, open edges, pennants, adjacent city segments), what
    # a new Feature starts with.
    seeds: tuple[tuple[SegmentKind, int, int, tuple[int, ...]], ...]
    closable: tuple[int, ...]  # road and city segments (completion, B-7)
    siblings: tuple[tuple[int, ...], ...]  # per segment: the others of its kind
    edge_pairs: tuple[tuple[int, int], ...]  # (edge, its road/city segment)
    half_pairs: tuple[tuple[int, int], ...]  # (half-edge, its field segment)
    monastery: int | None  # the monastery segment
    spots: tuple[int, ...]  # segments a follower may stand on (B-5; not a garden)
    rings: tuple[int, ...]  # monastery and garden: complete with the 8 cells around


def tile_kind(
    kind: str,
    count: int,
    edges: str,
    *,
    cities: tuple[tuple[str, int], ...] = (),
    roads: tuple[str, ...] = (),
    monastery: bool = False,
    garden: bool = False,
    fields: tuple[tuple[str, str], ...] = (),
    expansion: str | None = None,
    centre: str | None = None,
    twin_of: str | None = None,
) -> TileKind:
    """Build a row: cities as ("N E", pennants), roads as "E S", fields as
    ("half-edges", "edges of the cities touched")."""
    segments: list[Segment] = []
    city_at: dict[int, int] = {}
    for city_edges, pennants in cities:
        idx = len(segments)
        es = tuple(EDGE_INDEX[e] for e in city_edges.split())
        for e in es:
            city_at[e] = idx
        segments.append(Segment("city", edges=es, pennants=pennants))
    for road in roads:
        segments.append(Segment("road", edges=tuple(EDGE_INDEX[e] for e in road.split())))
    if monastery:
        segments.append(Segment("monastery"))
    for halves, adj in fields:
        hs = tuple(HALF_INDEX[h] for h in halves.split())
        cities_touched = tuple(sorted({city_at[EDGE_INDEX[e]] for e in adj.split()}))
        segments.append(Segment("field", halves=hs, adj=cities_touched))
    if garden:
        segments.append(Segment("garden"))
    return TileKind(kind, count, edges, tuple(segments), expansion, centre, twin_of)


ALL_HALVES = "NNW NNE ENE ESE SSE SSW WSW WNW"

# B-11: the 72 base tiles. One D is the start tile (B-2).
BASE_KINDS: tuple[TileKind, ...] = (
    tile_kind("A", 2, "FFRF", roads=("S",), monastery=True, fields=((ALL_HALVES, ""),)),
    tile_kind("B", 4, "FFFF", monastery=True, fields=((ALL_HALVES, ""),)),
    tile_kind("C", 1, "CCCC", cities=(("N E S W", 1),)),
    tile_kind(
        "D",
        4,
        "CRFR",
        cities=(("N", 0),),
        roads=("W E",),
        fields=(("ENE WNW", "N"), ("ESE SSE SSW WSW", "")),
    ),
    tile_kind("E", 5, "CFFF", cities=(("N", 0),), fields=(("ENE ESE SSE SSW WSW WNW", "N"),)),
    tile_kind("F", 2, "FCFC", cities=(("E W", 1),), fields=(("NNW NNE", "E"), ("SSE SSW", "E"))),
    tile_kind("G", 1, "FCFC", cities=(("E W", 0),), fields=(("NNW NNE", "E"), ("SSE SSW", "E"))),
    tile_kind("H", 3, "CFCF", cities=(("N", 0), ("S", 0)), fields=(("ENE ESE WSW WNW", "N S"),)),
    tile_kind("I", 2, "CFFC", cities=(("N", 0), ("W", 0)), fields=(("ENE ESE SSE SSW", "N W"),)),
    tile_kind(
        "J",
        3,
        "CRRF",
        cities=(("N", 0),),
        roads=("E S",),
        fields=(("ENE SSW WSW WNW", "N"), ("ESE SSE", "")),
    ),
    tile_kind(
        "K",
        3,
        "CFRR",
        cities=(("N", 0),),
        roads=("S W",),
        fields=(("WNW ENE ESE SSE", "N"), ("WSW SSW", "")),
    ),
    tile_kind(
        "L",
        3,
        "CRRR",
        cities=(("N", 0),),
        roads=("E", "S", "W"),
        fields=(("WNW ENE", "N"), ("ESE SSE", ""), ("SSW WSW", "")),
    ),
    tile_kind("M", 2, "CCFF", cities=(("N E", 1),), fields=(("SSE SSW WSW WNW", "N"),)),
    tile_kind("N", 3, "CCFF", cities=(("N E", 0),), fields=(("SSE SSW WSW WNW", "N"),)),
    tile_kind(
        "O",
        2,
        "CRRC",
        cities=(("N W", 1),),
        roads=("E S",),
        fields=(("ENE SSW", "N"), ("ESE SSE", "")),
    ),
    tile_kind(
        "P",
        3,
        "CRRC",
        cities=(("N W", 0),),
        roads=("E S",),
        fields=(("ENE SSW", "N"), ("ESE SSE", "")),
    ),
    tile_kind("Q", 1, "CCFC", cities=(("N E W", 1),), fields=(("SSE SSW", "N"),)),
    tile_kind("R", 3, "CCFC", cities=(("N E W", 0),), fields=(("SSE SSW", "N"),)),
    tile_kind(
        "S",
        2,
        "CCRC",
        cities=(("N E W", 1),),
        roads=("S",),
        fields=(("SSE", "N"), ("SSW", "N")),
    ),
    tile_kind(
        "T",
        1,
        "CCRC",
        cities=(("N E W", 0),),
        roads=("S",),
        fields=(("SSE", "N"), ("SSW", "N")),
    ),
    tile_kind(
        "U", 8, "RFRF", roads=("N S",), fields=(("NNE ENE ESE SSE", ""), ("SSW WSW WNW NNW", ""))
    ),
    tile_kind(
        "V",
        9,
        "FFRR",
        roads=("S W",),
        fields=(("WNW NNW NNE ENE ESE SSE", ""), ("SSW WSW", "")),
    ),
    tile_kind(
        "W",
        4,
        "FRRR",
        roads=("E", "S", "W"),
        fields=(("WNW NNW NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
    ),
    tile_kind(
        "X",
        1,
        "RRRR",
        roads=("N", "E", "S", "W"),
        fields=(("WNW NNW", ""), ("NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
    ),
)

START_KIND = "D"


def _rotate(tile: TileKind, rotation: int) -> Face:
    q = rotation // 90
    segments = tuple(
        Segment(
            s.kind,
            edges=tuple(sorted(rotate_edge(e, q) for e in s.edges)),
            halves=tuple(sorted(rotate_half(h, q) for h in s.halves)),
            pennants=s.pennants,
            adj=s.adj,
        )
        for s in tile.segments
    )
    edges = "".join(tile.edges[(d - q) % 4] for d in range(4))
    edge_seg: list[int | None] = [None] * 4
    half_seg: list[int | None] = [None] * 8
    name_to_seg: dict[str, int] = {}
    for i, s in enumerate(segments):
        for e in s.edges:
            edge_seg[e] = i
        for h in s.halves:
            half_seg[h] = i
        for n in s.names:
            name_to_seg[n] = i
    need_bits = tuple(NEED_CODE[edges[e]] * _PLACE[(e + 2) % 4] for e in range(4))
    return Face(
        tile.kind,
        rotation,
        edges,
        segments,
        tuple(edge_seg),
        tuple(half_seg),
        name_to_seg,
        tuple(s.name for s in segments),
        sum(NEED_CODE[c] * _PLACE[d] for d, c in enumerate(edges)),
        (need_bits[0], need_bits[1], need_bits[2], need_bits[3]),
        tuple(
            (
                edge_seg[e],
                tuple(
                    (a, facing_half(h))
                    for h in (2 * e, 2 * e + 1)
                    if (a := half_seg[h]) is not None
                ),
            )
            for e in range(4)
        ),
        tuple((s.kind, len(s.edges), s.pennants, s.adj) for s in segments),
        tuple(i for i, s in enumerate(segments) if s.kind in ("road", "city")),
        tuple(
            tuple(j for j, t in enumerate(segments) if t.kind == s.kind and j != i)
            for i, s in enumerate(segments)
        ),
        tuple((e, i) for e, i in enumerate(edge_seg) if i is not None),
        tuple((h, i) for h, i in enumerate(half_seg) if i is not None),
        next((i for i, s in enumerate(segments) if s.kind == "monastery"), None),
        tuple(i for i, s in enumerate(segments) if s.kind in FOLLOWER_KINDS),
        tuple(i for i, s in enumerate(segments) if s.kind in RING_KINDS),
    )


def _fit_table(faces: list[Face]) -> tuple[tuple[int, ...], ...]:
    """Rotations of a kind that fit each need code: a face fits a need when it
    agrees on every required side, so it fits exactly the codes made of its
    own edges on any subset of the sides (16 subsets per rotation)."""
    table: list[tuple[int, ...]] = [()] * NEED_CODES
    for f in faces:
        digits = [NEED_CODE[c] * _PLACE[d] for d, c in enumerate(f.edges)]
        for sides in range(16):
            code = sum(digits[d] for d in range(4) if sides >> d & 1)
            table[code] += (f.rotation,)
    return tuple(table)


# The registry. FACES[(kind, rotation)]; FITS[kind][need code] = the rotations
# (degrees, ascending) in which a tile of ``kind`` fits an empty cell with that
# need (B-4). Built once per kind, shared by every board.
KINDS: dict[str, TileKind] = {}
FACES: dict[tuple[str, int], Face] = {}
FITS: dict[str, tuple[tuple[int, ...], ...]] = {}
# The same as rotation slots (0..3 for 0..270 degrees): where a board's
# listing finds the placement tuples it keeps per cell.
FIT_SLOTS: dict[str, tuple[tuple[int, ...], ...]] = {}


_SLOTS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _slots(rotations: tuple[int, ...]) -> tuple[int, ...]:
    """Rotation slots of ``rotations`` (one shared tuple per set of them)."""
    return _SLOTS.setdefault(rotations, tuple(ROTATIONS.index(r) for r in rotations))


def register_kinds(*kinds: TileKind) -> None:
    """Add tile kinds to the catalogue (the base set here, an expansion's own
    through its Plugin, engine.plugins); a kind is defined once."""
    for tile in kinds:
        known = KINDS.get(tile.kind)
        if known is not None and known != tile:
            raise ValueError(f"tile kind {tile.kind!r} is defined twice")
        faces = [_rotate(tile, r) for r in ROTATIONS]
        KINDS[tile.kind] = tile
        for f in faces:
            FACES[(tile.kind, f.rotation)] = f
        FITS[tile.kind] = _fit_table(faces)
        FIT_SLOTS[tile.kind] = tuple(_slots(rots) for rots in FITS[tile.kind])


register_kinds(*BASE_KINDS)


def face(kind: str, rotation: int) -> Face:
    return FACES[(kind, rotation)]


def base_bag() -> list[str]:
    """The 71 base tiles to shuffle (B-2: one D is the start tile)."""
    return list(_BASE_BAG)


_BASE_BAG = tuple(t.kind for t in BASE_KINDS for _ in range(t.count - (t.kind == START_KIND)))


def expansion_tiles(expansion: str) -> list[str]:
    """Every tile ``expansion`` registered, each kind as many times as it counts."""
    return [t.kind for t in KINDS.values() if t.expansion == expansion for _ in range(t.count)]


@dataclass(slots=True)
class Stock:
    """One game's tiles before the shuffle (B-2): its start tile and its land
    tiles. Each expansion in the game adds, replaces or takes out tiles here
    (its Plugin's ``stock``: T-1, R-2, A-2), so the core never names one."""

    start: str
    land: list[str]


def base_stock() -> Stock:
    return Stock(START_KIND, base_bag())
