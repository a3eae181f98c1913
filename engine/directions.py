"""Directions, half-edges, rotations and location names (docs/notation.md).

Edges are indexed N=0, E=1, S=2, W=3; half-edges clockwise from the west half of
the north edge: NNW=0 NNE=1 ENE=2 ESE=3 SSE=4 SSW=5 WSW=6 WNW=7. Rotating a tile by
90 degrees clockwise adds 1 to an edge index and 2 to a half-edge index.
"""

from __future__ import annotations

EDGES: tuple[str, ...] = ("N", "E", "S", "W")
HALVES: tuple[str, ...] = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
CENTER = "C"
GARDEN = "G"  # a garden
# Canonical order of location names (docs/notation.md): edges, monastery, garden, half-edges.
LOCATION_ORDER: tuple[str, ...] = (*EDGES, CENTER, GARDEN, *HALVES)
LOCATION_RANK: dict[str, int] = {name: i for i, name in enumerate(LOCATION_ORDER)}

EDGE_INDEX: dict[str, int] = {name: i for i, name in enumerate(EDGES)}
HALF_INDEX: dict[str, int] = {name: i for i, name in enumerate(HALVES)}

# Neighbour offset in board coordinates (x east, y south) for each edge.
OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
# The eight cells around a cell (monastery neighbourhood, B-7).
RING: tuple[tuple[int, int], ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)


def opposite(edge: int) -> int:
    """The neighbour's edge that touches ``edge``."""
    return (edge + 2) % 4


def facing_half(half: int) -> int:
    """The neighbour's half-edge that touches ``half``.

    NNW meets the neighbour's SSW, NNE its SSE, ENE its WNW, ESE its WSW.
    """
    return ((half ^ 1) + 4) % 8


def rotate_edge(edge: int, quarter_turns: int) -> int:
    return (edge + quarter_turns) % 4


def rotate_half(half: int, quarter_turns: int) -> int:
    return (half + 2 * quarter_turns) % 8


def quarter_turns(rotation: int) -> int:
    """Degrees (0/90/180/270) to quarter turns; raises ValueError otherwise."""
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
    return rotation // 90
