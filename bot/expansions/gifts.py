"""The Gifts (G-1..G-10) as players see it: /gift, gift cards in hand, the
Gifts row of the final breakdown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.expansions import generic, register
from bot.expansions.adapter import Adapter, CommandSpec, Entry, Labeller
from bot.expansions.rulebooks.gifts import BOOK as RULES
from bot.text import Text, Words
from engine.expansions import gifts as engine
from engine.game import Game


class GiftsAdapter(Adapter):
    name = engine.NAME
    title = "gifts.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("gift", "gifts.command", "gifts.command.choice")
    actions = frozenset({engine.OPEN, engine.CHOOSE})
    prompts: ClassVar[Mapping[str, str]] = {engine.STEP_CHOOSE: "gifts.prompt.choose_tile"}
    holdings: ClassVar[Mapping[str, str]] = {"gifts": "gifts.holding"}
    score_groups: ClassVar[Mapping[str, str]] = {
        engine.ROAD_SWEEPER: "gifts.group",
        engine.CASH_OUT: "gifts.group",
        "unopened-gifts": "gifts.group",  # G-10
    }
    group_order = ("gifts.group",)
    messages: ClassVar[Mapping[str, Entry]] = {
        "gifts.title": "gifts",
        "gifts.command": "Open a gift or choose a tile (The Gifts)",
        "gifts.command.choice": "what to do (only what the game allows now)",
        "gifts.prompt.choose_tile": "Choose tile{where} (gifts)",
        "gifts.holding": "Gifts",
        "gifts.group": "Gifts",
    }

    def labeller(self, game: Game, seat: int, words: Words) -> Labeller:
        def card(key: str, value: Any) -> Text | None:
            return generic.humanize(value) if key == "card" else None

        return lambda action: generic.describe(action, words, card)

    def hand_items(self, key: str, value: Any, words: Words) -> list[Text]:
        return [generic.humanize(v) for v in value or ()]


ADAPTER = register(GiftsAdapter())
