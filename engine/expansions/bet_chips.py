"""The betting chips of The Bets as one data table (docs/rules/bets.md T-7).

T-7 is a provisional ruling: only some faces are confirmed by the sources, so
the whole set lives in :data:`CHIP_SET` below and nowhere else. Correcting a
face means editing one row. Each colour owns one chip of every row (6 chips).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Win:
    """One number on a chip: it wins when the feature's tile count (T-6) lies in
    ``low..high`` (``high`` None = no upper bound, the ``+`` faces) and pays
    ``points``."""

    low: int
    high: int | None
    points: int

    def matches(self, tiles: int) -> bool:
        return tiles >= self.low and (self.high is None or tiles <= self.high)


@dataclass(frozen=True, slots=True)
class Chip:
    face: str  # as players and the record write it, e.g. "6|7+"
    wins: tuple[Win, ...]


# T-7 Ruling: the chip set, one of each per colour.
#   confirmed: "4" wins only on exactly 4 tiles and pays 8; "7+" / "8+" win on at
#   least 7 / 8 tiles and pay 7 / 8; a two-number chip pays the number it matched.
#   provisional: which numbers share a chip (2|3, 3|4, 5|6, 6|7+, 5|8+).
CHIP_SET: tuple[Chip, ...] = (
    Chip("2|3", (Win(2, 2, 2), Win(3, 3, 3))),
    Chip("3|4", (Win(3, 3, 3), Win(4, 4, 4))),
    Chip("4", (Win(4, 4, 8),)),
    Chip("5|6", (Win(5, 5, 5), Win(6, 6, 6))),
    Chip("6|7+", (Win(6, 6, 6), Win(7, None, 7))),
    Chip("5|8+", (Win(5, 5, 5), Win(8, None, 8))),
)

CHIPS: dict[str, Chip] = {c.face: c for c in CHIP_SET}
FACES: tuple[str, ...] = tuple(c.face for c in CHIP_SET)
CHIPS_PER_PLAYER = len(CHIP_SET)


@functools.cache  # a few faces and tile counts, asked at every flip and AI estimate
def payout(face: str, tiles: int) -> int:
    """Points a flipped chip pays for a feature of ``tiles`` tiles (T-4, T-7);
    0 when no number on it matches."""
    return max((w.points for w in CHIPS[face].wins if w.matches(tiles)), default=0)


# Position of a face in the table (to list a supply in a stable order): a
# dict's own lookup, a sort key without a Python call per chip (every
# determinization sorts the other seats' chips).
face_order: Callable[[str], int] = {face: i for i, face in enumerate(FACES)}.__getitem__
