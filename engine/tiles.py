"""The tile catalogue as data (RULES.md B-11 base set, T-8 bookmaker tiles).

Each kind is written in rotation 0 the way RULES.md tabulates it: the four edges,
its city and road segments (by the edges they touch), an optional monastery, an
optional betting office, and its fields (by half-edges, with the city edges they
touch). Everything else (rotations, location names, which segment touches which
edge) is derived from these rows by table, once, at import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.directions import (
    CENTER,
    EDGE_INDEX,
    EDGES,
    HALF_INDEX,
    HALVES,
    LOCATION_RANK,
    ROTATIONS,
    facing_half,
    rotate_edge,
    rotate_half,
)

SegmentKind = Literal["road", "city", "field", "monastery"]

# A need code packs what an empty cell requires of each side (N, E, S, W) in
# two bits per side, N lowest: 0 = free, else the edge type the side must be.
NEED_CODE: dict[str, int] = {"C": 1, "R": 2, "F": 3}
NEED_CHARS = "?CRF"
NEED_CODES = 256


def need_side(code: int, side: int) -> str:
    """The edge type (C/R/F) a need code requires on ``side``, "?" if free."""
    return NEED_CHARS[code >> (2 * side) & 3]


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
        """Every location name of this segment, canonical first (NOTATION.md)."""
        if self.kind == "monastery":
            return (CENTER,)
        names = [EDGES[e] for e in self.edges] + [HALVES[h] for h in self.halves]
        return tuple(sorted(names, key=LOCATION_RANK.__getitem__))

    @property
    def name(self) -> str:
        return self.names[0]


@dataclass(frozen=True, slots=True)
class TileKind:
    """A tile kind in rotation 0."""

    kind: str
    count: int
    edges: str  # four of C/R/F for N, E, S, W
    segments: tuple[Segment, ...]
    office: bool = False  # T-1 betting office at the centre
    expansion: str | None = None

    @property
    def monastery(self) -> bool:
        return any(s.kind == "monastery" for s in self.segments)

    @property
    def pennants(self) -> int:
        return sum(s.pennants for s in self.segments)

    @property
    def only_roads_and_fields(self) -> bool:
        return not self.office and all(s.kind in ("road", "field") for s in self.segments)


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
    # Per edge: the bits this face sets in the need code of the empty cell
    # across that edge (the neighbour's opposite edge must match).
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


def _tile(
    kind: str,
    count: int,
    edges: str,
    *,
    cities: tuple[tuple[str, int], ...] = (),
    roads: tuple[str, ...] = (),
    monastery: bool = False,
    fields: tuple[tuple[str, str], ...] = (),
    office: bool = False,
    expansion: str | None = None,
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
    return TileKind(kind, count, edges, tuple(segments), office, expansion)


ALL_HALVES = "NNW NNE ENE ESE SSE SSW WSW WNW"

# B-11: the 72 base tiles. One D is the start tile (B-2).
BASE_KINDS: tuple[TileKind, ...] = (
    _tile("A", 2, "FFRF", roads=("S",), monastery=True, fields=((ALL_HALVES, ""),)),
    _tile("B", 4, "FFFF", monastery=True, fields=((ALL_HALVES, ""),)),
    _tile("C", 1, "CCCC", cities=(("N E S W", 1),)),
    _tile(
        "D",
        4,
        "CRFR",
        cities=(("N", 0),),
        roads=("W E",),
        fields=(("ENE WNW", "N"), ("ESE SSE SSW WSW", "")),
    ),
    _tile("E", 5, "CFFF", cities=(("N", 0),), fields=(("ENE ESE SSE SSW WSW WNW", "N"),)),
    _tile("F", 2, "FCFC", cities=(("E W", 1),), fields=(("NNW NNE", "E"), ("SSE SSW", "E"))),
    _tile("G", 1, "FCFC", cities=(("E W", 0),), fields=(("NNW NNE", "E"), ("SSE SSW", "E"))),
    _tile("H", 3, "CFCF", cities=(("N", 0), ("S", 0)), fields=(("ENE ESE WSW WNW", "N S"),)),
    _tile("I", 2, "CFFC", cities=(("N", 0), ("W", 0)), fields=(("ENE ESE SSE SSW", "N W"),)),
    _tile(
        "J",
        3,
        "CRRF",
        cities=(("N", 0),),
        roads=("E S",),
        fields=(("ENE SSW WSW WNW", "N"), ("ESE SSE", "")),
    ),
    _tile(
        "K",
        3,
        "CFRR",
        cities=(("N", 0),),
        roads=("S W",),
        fields=(("WNW ENE ESE SSE", "N"), ("WSW SSW", "")),
    ),
    _tile(
        "L",
        3,
        "CRRR",
        cities=(("N", 0),),
        roads=("E", "S", "W"),
        fields=(("WNW ENE", "N"), ("ESE SSE", ""), ("SSW WSW", "")),
    ),
    _tile("M", 2, "CCFF", cities=(("N E", 1),), fields=(("SSE SSW WSW WNW", "N"),)),
    _tile("N", 3, "CCFF", cities=(("N E", 0),), fields=(("SSE SSW WSW WNW", "N"),)),
    _tile(
        "O",
        2,
        "CRRC",
        cities=(("N W", 1),),
        roads=("E S",),
        fields=(("ENE SSW", "N"), ("ESE SSE", "")),
    ),
    _tile(
        "P",
        3,
        "CRRC",
        cities=(("N W", 0),),
        roads=("E S",),
        fields=(("ENE SSW", "N"), ("ESE SSE", "")),
    ),
    _tile("Q", 1, "CCFC", cities=(("N E W", 1),), fields=(("SSE SSW", "N"),)),
    _tile("R", 3, "CCFC", cities=(("N E W", 0),), fields=(("SSE SSW", "N"),)),
    _tile(
        "S",
        2,
        "CCRC",
        cities=(("N E W", 1),),
        roads=("S",),
        fields=(("SSE", "N"), ("SSW", "N")),
    ),
    _tile(
        "T",
        1,
        "CCRC",
        cities=(("N E W", 0),),
        roads=("S",),
        fields=(("SSE", "N"), ("SSW", "N")),
    ),
    _tile(
        "U", 8, "RFRF", roads=("N S",), fields=(("NNE ENE ESE SSE", ""), ("SSW WSW WNW NNW", ""))
    ),
    _tile(
        "V",
        9,
        "FFRR",
        roads=("S W",),
        fields=(("WNW NNW NNE ENE ESE SSE", ""), ("SSW WSW", "")),
    ),
    _tile(
        "W",
        4,
        "FRRR",
        roads=("E", "S", "W"),
        fields=(("WNW NNW NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
    ),
    _tile(
        "X",
        1,
        "RRRR",
        roads=("N", "E", "S", "W"),
        fields=(("WNW NNW", ""), ("NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
    ),
)

# T-8 (provisional ruling): bookmaker tiles. The office (centre) ends every road
# that reaches it and separates fields (T-1); it is not a follower spot.
_BK = "bets"
BOOKMAKER_KINDS: tuple[TileKind, ...] = (
    _tile(
        "BK1",
        1,
        "CFRF",
        cities=(("N", 0),),
        roads=("S",),
        fields=(("WNW ENE", "N"), ("WSW SSW", ""), ("ESE SSE", "")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK2",
        1,
        "CRRF",
        cities=(("N", 0),),
        roads=("E", "S"),
        fields=(("WNW ENE", "N"), ("WSW SSW", ""), ("ESE SSE", "")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK3",
        1,
        "CFRR",
        cities=(("N", 0),),
        roads=("S", "W"),
        fields=(("WNW ENE", "N"), ("ESE SSE", ""), ("SSW WSW", "")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK4",
        1,
        "CRFR",
        cities=(("N", 0),),
        roads=("E", "W"),
        fields=(("WNW ENE", "N"), ("WSW SSW", ""), ("ESE SSE", "")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK5",
        1,
        "FRFR",
        roads=("E", "W"),
        fields=(("WNW NNW NNE ENE", ""), ("ESE SSE SSW WSW", "")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK6",
        1,
        "FCFR",
        cities=(("E", 0),),
        roads=("W",),
        fields=(("NNW NNE", "E"), ("WNW", ""), ("WSW SSW SSE", "E")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK7",
        1,
        "CCRF",
        cities=(("N E", 1),),
        roads=("S",),
        fields=(("SSW WSW WNW", "N"), ("SSE", "N")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK8",
        1,
        "CFCR",
        cities=(("N", 0), ("S", 0)),
        roads=("W",),
        fields=(("WNW", "N"), ("WSW", "S"), ("ENE ESE", "N S")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK9",
        1,
        "RRRR",
        roads=("N", "E", "S", "W"),
        fields=(("WNW NNW", ""), ("NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
        office=True,
        expansion=_BK,
    ),
    _tile(
        "BK10",
        1,
        "CRRR",
        cities=(("N", 0),),
        roads=("E", "S", "W"),
        fields=(("WNW ENE", "N"), ("ESE SSE", ""), ("SSW WSW", "")),
        office=True,
        expansion=_BK,
    ),
)

START_KIND = "D"

KINDS: dict[str, TileKind] = {t.kind: t for t in (*BASE_KINDS, *BOOKMAKER_KINDS)}


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
    need_bits = tuple(NEED_CODE[edges[e]] << (2 * ((e + 2) % 4)) for e in range(4))
    return Face(
        tile.kind,
        rotation,
        edges,
        segments,
        tuple(edge_seg),
        tuple(half_seg),
        name_to_seg,
        tuple(s.name for s in segments),
        sum(NEED_CODE[c] << (2 * d) for d, c in enumerate(edges)),
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
    )


FACES: dict[tuple[str, int], Face] = {
    (k, r): _rotate(t, r) for k, t in KINDS.items() for r in ROTATIONS
}


# The 16 subsets of sides, as masks over a need code.
_SIDE_MASKS = tuple(sum(3 << (2 * d) for d in range(4) if sides >> d & 1) for sides in range(16))


def _fit_table(kind: str) -> tuple[tuple[int, ...], ...]:
    """Rotations of ``kind`` that fit each need code: a face fits a need when
    it agrees on every required side, so it fits exactly the codes made of
    its own edges on any subset of the sides (16 subsets per rotation)."""
    table: list[tuple[int, ...]] = [()] * NEED_CODES
    for r in ROTATIONS:
        code = FACES[(kind, r)].code
        for mask in _SIDE_MASKS:
            table[code & mask] += (r,)
    return tuple(table)


# B-4: FITS[kind][need code] = the rotations (degrees, ascending) in which a
# tile of ``kind`` fits an empty cell with that need; built once, shared by
# every board.
FITS: dict[str, tuple[tuple[int, ...], ...]] = {k: _fit_table(k) for k in KINDS}


def face(kind: str, rotation: int) -> Face:
    return FACES[(kind, rotation)]


def base_bag() -> list[str]:
    """The 71 base tiles to shuffle (B-2: one D is the start tile)."""
    bag = [t.kind for t in BASE_KINDS for _ in range(t.count)]
    bag.remove(START_KIND)
    return bag


def expansion_tiles(expansion: str) -> list[str]:
    return [t.kind for t in KINDS.values() if t.expansion == expansion for _ in range(t.count)]
