"""Christmas Present's record actions (docs/record-format.md, "Christmas Present")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from engine.actions import FollowerRef, GameAction, SegmentRef
from engine.expansions.christmas.state import NAME


@dataclass(frozen=True, slots=True)
class XmasDraw(GameAction):
    """X-2: draw the card offered from ``deck``, or decline."""

    TYPE: ClassVar[str] = "xmas-draw"
    EXPANSION: ClassVar[str | None] = NAME

    deck: Annotated[str, "'abbey' or 'roadside' (X-2)"]
    draw: Annotated[bool, "true (draw the card) or false (decline) (X-2)"]


@dataclass(frozen=True, slots=True)
class XmasPlay(GameAction):
    """X-3: play a plain card from hand in one's own place or follower step."""

    TYPE: ClassVar[str] = "xmas-play"
    EXPANSION: ClassVar[str | None] = NAME

    card: Annotated[str, "a card id from your hand"]


@dataclass(frozen=True, slots=True)
class XmasTarget(GameAction):
    """X-3..X-5: the target asked for: a feature or follower (x, y, location),
    two followers to swap (mine, theirs), a cell (x, y) or the tile kept (tile)."""

    TYPE: ClassVar[str] = "xmas-target"
    EXPANSION: ClassVar[str | None] = NAME

    x: int | None = None
    y: int | None = None
    location: Annotated[str | None, "a location name"] = None
    mine: Annotated[SegmentRef | None, SegmentRef.WHAT] = None
    theirs: Annotated[FollowerRef | None, FollowerRef.WHAT] = None
    tile: Annotated[str | None, "a tile kind"] = None


@dataclass(frozen=True, slots=True)
class XmasReact(GameAction):
    """X-4.9: discard prevent-attack to cancel the attack, or let it pass."""

    TYPE: ClassVar[str] = "xmas-react"
    EXPANSION: ClassVar[str | None] = NAME
    HIDDEN: ClassVar[tuple[str, ...]] = ("cancel",)  # only the outcome is public

    cancel: Annotated[bool, "true (discard prevent-attack to cancel) or false (let it pass)"]


@dataclass(frozen=True, slots=True)
class XmasModifier(GameAction):
    """X-3.2: a modifier card on a feature scored now, or null (done)."""

    TYPE: ClassVar[str] = "xmas-modifier"
    EXPANSION: ClassVar[str | None] = NAME

    card: Annotated[str | None, "null (done) or a modifier card in your hand"]
    x: int | None = None
    y: int | None = None
    location: Annotated[str | None, "a location name"] = None


@dataclass(frozen=True, slots=True)
class XmasDiscard(GameAction):
    """X-3.1: the cards discarded down to the hand limit."""

    TYPE: ClassVar[str] = "xmas-discard"
    EXPANSION: ClassVar[str | None] = NAME

    cards: Annotated[tuple[str, ...], "a list of card ids from your hand (X-3.1)"]


DRAW, PLAY, TARGET = XmasDraw.TYPE, XmasPlay.TYPE, XmasTarget.TYPE
REACT, MODIFIER, DISCARD = XmasReact.TYPE, XmasModifier.TYPE, XmasDiscard.TYPE
