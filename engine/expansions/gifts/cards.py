"""The 25 gift cards (G-1), one row per card: its data, what it may target,
how opening it is checked and performed, and what the AI expects it to gain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.expansions.gifts import advice, targets
from engine.expansions.gifts.actions import OpenGift
from engine.expansions.gifts.state import (
    CASH_OUT,
    CHANGE_POSITION,
    ROAD_SWEEPER,
    SYNOD,
    TAKE_TWO,
)
from engine.expansions.gifts.targets import Plan
from engine.phases import Action

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class GiftCard:
    id: str
    count: int
    name: str
    rule: str
    text: str
    # Every legal target as action fields ([{}]: no target); empty when the
    # card cannot be opened now (G-10).
    targets: Callable[[Game, int], list[dict[str, Any]]]
    # Check one opening (IllegalAction, nothing changed) and say how to perform it.
    plan: Callable[[Game, int, OpenGift], Plan]
    # AI: estimated points a legal opening (its record dict) gains.
    gain: Callable[[Game, int, Action], float]
    # The target fields an opening names (any other is refused).
    fields: frozenset[str] = frozenset({"x", "y", "location"})


CARDS: dict[str, GiftCard] = {
    c.id: c
    for c in (
        GiftCard(
            SYNOD,
            5,
            "Synod",
            "G-4",
            "Place a follower from your supply on any unfinished monastery, occupied or not.",
            targets.synod_targets,
            targets.plan_synod,
            advice.synod_gain,
        ),
        GiftCard(
            ROAD_SWEEPER,
            5,
            "Road sweeper",
            "G-5",
            "Score any unfinished road now (1 point per tile for its owners); all its "
            "followers go back to their owners.",
            targets.road_sweeper_targets,
            targets.plan_road_sweeper,
            advice.road_sweeper_gain,
        ),
        GiftCard(
            CHANGE_POSITION,
            5,
            "Change position",
            "G-6",
            "Lay one of your followers from a road, city or monastery onto a field of the "
            "same tile, or stand one from a field onto a road, city or monastery of it.",
            targets.change_position_targets,
            targets.plan_change_position,
            advice.change_position_gain,
            frozenset({"x", "y", "location", "to"}),
        ),
        GiftCard(
            CASH_OUT,
            5,
            "Cash out",
            "G-7",
            "Take one of your followers back and score 2 points for every follower on "
            "its feature, that one included.",
            targets.cash_out_targets,
            targets.plan_cash_out,
            advice.cash_out_gain,
        ),
        GiftCard(
            TAKE_TWO,
            5,
            "Take two",
            "G-8",
            "Draw a second tile, place one of the two; the other goes back into the pile.",
            targets.take_two_targets,
            targets.plan_take_two,
            advice.take_two_gain,
            frozenset(),
        ),
    )
}


def full_deck() -> list[str]:
    """The 25 gift cards in table order (G-1)."""
    return [c.id for c in CARDS.values() for _ in range(c.count)]
