"""The Abbot's tiles (docs/rules/abbot.md A-2, provisional data): one copy each of eight
base kinds shows a garden. With the Abbot in play those copies are the garden
twins ``Eg`` ... ``Vg``, each its base kind in every other respect plus a
garden (location ``G``); the game's land tiles swap one copy of each base kind
for its twin (:func:`stock`), so there are still 72 base tiles.
"""

from __future__ import annotations

import dataclasses

from engine.expansions.abbot.state import NAME
from engine.tiles import KINDS, Segment, Stock, TileKind

# A-2 (Ruling): the base kinds with one garden copy.
GARDEN_BASES: tuple[str, ...] = ("E", "H", "I", "M", "N", "R", "U", "V")


def garden_twin(base: TileKind) -> TileKind:
    """``base`` with a garden (A-2): one copy, its kind the base letter + "g"."""
    return dataclasses.replace(
        base,
        kind=f"{base.kind}g",
        count=1,
        segments=(*base.segments, Segment("garden")),
        expansion=NAME,
        twin_of=base.kind,
    )


GARDEN_KINDS: tuple[TileKind, ...] = tuple(garden_twin(KINDS[k]) for k in GARDEN_BASES)


def stock(tiles: Stock) -> None:
    """A-2: one copy of each garden base kind becomes its garden twin."""
    for twin in GARDEN_KINDS:
        assert twin.twin_of is not None
        if twin.twin_of in tiles.land:
            tiles.land[tiles.land.index(twin.twin_of)] = twin.kind
