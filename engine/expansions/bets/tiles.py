"""The Bets' tiles (docs/rules/bets.md T-1, T-8): the 10 bookmaker tiles as one data
table, registered with the tile catalogue through the Bets' Plugin and
shuffled into the land tiles (:func:`stock`)."""

from __future__ import annotations

from engine.expansions.bets.state import NAME
from engine.tiles import Stock, TileKind, tile_kind

OFFICE = "office"  # the building at the centre of a bookmaker tile (T-1)

# T-8 (provisional ruling): the bookmaker tiles. The office (centre) ends every
# road that reaches it and separates fields (T-1); it is not a follower spot.
BOOKMAKER_KINDS: tuple[TileKind, ...] = (
    tile_kind(
        "BK1",
        1,
        "CFRF",
        cities=(("N", 0),),
        roads=("S",),
        fields=(("WNW ENE", "N"), ("WSW SSW", ""), ("ESE SSE", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK2",
        1,
        "CRRF",
        cities=(("N", 0),),
        roads=("E", "S"),
        fields=(("WNW ENE", "N"), ("WSW SSW", ""), ("ESE SSE", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK3",
        1,
        "CFRR",
        cities=(("N", 0),),
        roads=("S", "W"),
        fields=(("WNW ENE", "N"), ("ESE SSE", ""), ("SSW WSW", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK4",
        1,
        "CRFR",
        cities=(("N", 0),),
        roads=("E", "W"),
        fields=(("WNW ENE", "N"), ("WSW SSW", ""), ("ESE SSE", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK5",
        1,
        "FRFR",
        roads=("E", "W"),
        fields=(("WNW NNW NNE ENE", ""), ("ESE SSE SSW WSW", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK6",
        1,
        "FCFR",
        cities=(("E", 0),),
        roads=("W",),
        fields=(("NNW NNE", "E"), ("WNW", ""), ("WSW SSW SSE", "E")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK7",
        1,
        "CCRF",
        cities=(("N E", 1),),
        roads=("S",),
        fields=(("SSW WSW WNW", "N"), ("SSE", "N")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK8",
        1,
        "CFCR",
        cities=(("N", 0), ("S", 0)),
        roads=("W",),
        fields=(("WNW", "N"), ("WSW", "S"), ("ENE ESE", "N S")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK9",
        1,
        "RRRR",
        roads=("N", "E", "S", "W"),
        fields=(("WNW NNW", ""), ("NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
    tile_kind(
        "BK10",
        1,
        "CRRR",
        cities=(("N", 0),),
        roads=("E", "S", "W"),
        fields=(("WNW ENE", "N"), ("ESE SSE", ""), ("SSW WSW", "")),
        expansion=NAME,
        centre=OFFICE,
    ),
)

BOOKMAKERS: frozenset[str] = frozenset(t.kind for t in BOOKMAKER_KINDS)


def stock(tiles: Stock) -> None:
    """T-1: the bookmaker tiles join the land tiles (82 with the base game)."""
    tiles.land += [t.kind for t in BOOKMAKER_KINDS for _ in range(t.count)]


def is_bookmaker(kind: str) -> bool:
    """A tile with a betting office (T-1)."""
    return kind in BOOKMAKERS
