"""The River's tiles (docs/rules/river.md R-1, provisional data like T-8): 12 river tiles
of 11 kinds, one data table, registered with the tile catalogue by the River's
Plugin. Edge ``I`` is water (it matches only water, B-4); the water is no
feature and separates fields, except around the spring and the lake, which
have one field all round. ``RV11`` is ``RV10`` with a garden (A-2): without the
Abbot no piece may stand on it, so it plays as ``RV10``.
"""

from __future__ import annotations

from engine.expansions.river.state import LAKE, NAME, SPRING
from engine.tiles import Stock, TileKind, tile_kind

ALL = "NNW NNE ENE ESE SSE SSW WSW WNW"

RIVER_KINDS: tuple[TileKind, ...] = (
    tile_kind(SPRING, 1, "FIFF", fields=((ALL, ""),), expansion=NAME, centre="spring"),
    tile_kind(LAKE, 1, "FFFI", fields=((ALL, ""),), expansion=NAME, centre="lake"),
    tile_kind(
        "RV3",
        1,
        "CICI",
        cities=(("N", 0), ("S", 0)),
        fields=(("ENE WNW", "N"), ("ESE WSW", "S")),
        expansion=NAME,
    ),
    tile_kind(
        "RV4",
        1,
        "CIRI",
        cities=(("N", 0),),
        roads=("S",),
        fields=(("ENE", "N"), ("WNW", "N"), ("ESE SSE", ""), ("WSW SSW", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV5",
        1,
        "FIRI",
        roads=("S",),
        monastery=True,
        fields=(("WNW NNW NNE ENE", ""), ("ESE SSE", ""), ("WSW SSW", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV6",
        1,
        "IRIR",
        roads=("W E",),
        fields=(("WNW NNW", ""), ("NNE ENE", ""), ("ESE SSE", ""), ("SSW WSW", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV7",
        2,
        "FIFI",
        fields=(("WNW NNW NNE ENE", ""), ("WSW SSW SSE ESE", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV8",
        1,
        "CIIC",
        cities=(("N W", 0),),
        fields=(("SSW ENE", "N"), ("ESE SSE", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV9",
        1,
        "RRII",
        roads=("N E",),
        fields=(("WNW NNW ESE SSE", ""), ("NNE ENE", ""), ("WSW SSW", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV10",
        1,
        "FFII",
        fields=(("WNW NNW NNE ENE ESE SSE", ""), ("WSW SSW", "")),
        expansion=NAME,
    ),
    tile_kind(
        "RV11",
        1,
        "FFII",
        fields=(("WNW NNW NNE ENE ESE SSE", ""), ("WSW SSW", "")),
        garden=True,
        expansion=NAME,
        twin_of="RV10",
    ),
)

WATER = "I"  # the water edge


def pile_tiles() -> list[str]:
    """The river tiles shuffled into the river pile (R-2): all but the spring
    (the start tile) and the lake (set aside to go under them)."""
    return [t.kind for t in RIVER_KINDS if t.kind not in (SPRING, LAKE) for _ in range(t.count)]


def stock(tiles: Stock) -> None:
    """R-2: the spring is the start tile; the start tile it replaces joins the
    land tiles (all four D), which are drawn after the river pile."""
    tiles.land.append(tiles.start)
    tiles.start = SPRING
