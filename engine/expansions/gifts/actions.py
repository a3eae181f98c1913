"""The Gifts' record actions (docs/record-format.md, "The Gifts")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from engine.actions import GameAction
from engine.expansions.gifts.state import NAME


@dataclass(frozen=True, slots=True)
class OpenGift(GameAction):
    """G-3: open one gift before placing; the target fields its card needs
    (x, y, location; change-position also ``to``; take-two none)."""

    TYPE: ClassVar[str] = "open-gift"
    EXPANSION: ClassVar[str | None] = NAME

    card: Annotated[str, "a gift card id"]
    x: int | None = None
    y: int | None = None
    location: Annotated[str | None, "a location name"] = None
    to: Annotated[str | None, "a location name"] = None


@dataclass(frozen=True, slots=True)
class ChooseTile(GameAction):
    """G-8: which of the two tiles drawn to place."""

    TYPE: ClassVar[str] = "choose-tile"
    EXPANSION: ClassVar[str | None] = NAME

    tile: Annotated[str, "a tile kind"]


OPEN, CHOOSE = OpenGift.TYPE, ChooseTile.TYPE
