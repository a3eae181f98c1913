"""The Bets' record actions (docs/record-format.md, "The Bets")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from engine.actions import GameAction
from engine.expansions.bets.state import NAME


@dataclass(frozen=True, slots=True)
class Stake(GameAction):
    """T-2, T-3: one chip from the seat's supply face down on the office."""

    TYPE: ClassVar[str] = "stake"
    EXPANSION: ClassVar[str | None] = NAME
    HIDDEN: ClassVar[tuple[str, ...]] = ("chip",)  # T-3: face down

    chip: Annotated[str, "a chip face such as '5|6' (T-7)"]


@dataclass(frozen=True, slots=True)
class StakePass(GameAction):
    """T-2: the seat stakes nothing on this office."""

    TYPE: ClassVar[str] = "stake_pass"
    EXPANSION: ClassVar[str | None] = NAME


@dataclass(frozen=True, slots=True)
class SettleFeature(GameAction):
    """T-4, T-5: the road or city (a location on the office's tile) that
    settles the seat's chips on the office at x, y."""

    TYPE: ClassVar[str] = "settle_feature"
    EXPANSION: ClassVar[str | None] = NAME

    x: int
    y: int
    location: Annotated[str, "a road or city location name"]


STAKE, PASS, CHOOSE = Stake.TYPE, StakePass.TYPE, SettleFeature.TYPE
