"""The Bets (T-1..T-8) as players see it: /bet, chips in supply, the Bets
row of the final breakdown; a silent player's stake is "pass" (T-2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.expansions import register
from bot.expansions.adapter import Adapter, CommandSpec, Entry
from bot.expansions.rulebooks.bets import BOOK as RULES
from bot.expansions.rulebooks.bets import chips_page
from bot.text import Text, Words
from engine.expansions import bets as engine
from engine.phases import Action


class BetsAdapter(Adapter):
    name = engine.NAME
    title = "bets.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("bet", "bets.command", "bets.command.choice")
    actions = frozenset({engine.STAKE, engine.PASS, engine.CHOOSE})
    prompts: ClassVar[Mapping[str, str]] = {
        engine.STEP_STAKE: "bets.prompt.stake",
        engine.STEP_SETTLE: "bets.prompt.settle",
        engine.STEP_FINAL: "bets.prompt.final",
    }
    holdings: ClassVar[Mapping[str, str]] = {"chips": "bets.holding"}
    score_groups: ClassVar[Mapping[str, str]] = {engine.BET_REASON: "bets.group"}
    group_order = ("bets.group",)
    overlay = "renders.overlays.bets"  # bookmaker offices and their stakes
    messages: ClassVar[Mapping[str, Entry]] = {
        "bets.title": "bets",
        "bets.command": "Stake a chip, pass, or pick a feature (The Bets)",
        "bets.command.choice": "what to do (only what the game allows now)",
        "bets.prompt.stake": "Bets{where} (bets)",
        "bets.prompt.settle": "Bets settle{where} (bets)",
        "bets.prompt.final": "Bets final{where} (bets)",
        "bets.holding": "Chips in supply",
        "bets.group": "Bets",
    }

    def rule_pages(self, words: Words) -> list[Text]:
        return [*super().rule_pages(words), chips_page(words)]

    def passive(self, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.get("type") == engine.PASS), None)


ADAPTER = register(BetsAdapter())
