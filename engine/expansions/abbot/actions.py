"""The Abbot's record action (docs/record-format.md, "The Abbot"). Placing the
abbot is a ``follower`` action with ``"abbot": true`` (A-3, engine.actions)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import GameAction
from engine.expansions.abbot.state import NAME


@dataclass(frozen=True, slots=True)
class AbbotBack(GameAction):
    """A-4: in the follower step, take the abbot back from the tile at x, y and
    score its monastery or garden now; the whole of step 2 that turn."""

    TYPE: ClassVar[str] = "abbot-back"
    EXPANSION: ClassVar[str | None] = NAME

    x: int
    y: int


BACK = AbbotBack.TYPE
