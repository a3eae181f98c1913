"""Christmas Present (X-1..X-6) as players see it: /card, the seat's cards
by name, the Christmas cards row of the final breakdown; a silent player
lets an attack pass, declines a draw and plays no modifier."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.expansions import generic, register
from bot.expansions.adapter import Adapter, CommandSpec, Entry, Labeller
from bot.expansions.rulebooks.christmas import BOOK as RULES
from bot.text import Text, Words, join
from engine.expansions import christmas as engine
from engine.game import Game
from engine.phases import Action, Event
from engine.views import private_view

# Fields whose False value means "let it pass" (X-4.9 react) or "decline" (X-2 draw).
PASSIVE_FLAGS = ("cancel", "draw")


class ChristmasAdapter(Adapter):
    name = engine.NAME
    title = "christmas.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("card", "christmas.command", "christmas.command.choice")
    actions = frozenset(
        {
            engine.DRAW,
            engine.PLAY,
            engine.TARGET,
            engine.REACT,
            engine.MODIFIER,
            engine.DISCARD,
        }
    )
    prompts: ClassVar[Mapping[str, str]] = {
        engine.STEP_DRAW: "christmas.prompt.draw",
        engine.STEP_TARGET: "christmas.prompt.target",
        engine.STEP_MASTERMIND: "christmas.prompt.mastermind",
        engine.STEP_REACT: "christmas.prompt.react",
        engine.STEP_MODIFIER: "christmas.prompt.modifier",
        engine.STEP_DISCARD: "christmas.prompt.discard",
    }
    holdings: ClassVar[Mapping[str, str]] = {"hand": "christmas.holding"}
    group_order = ("christmas.group",)
    overlay = "renders.overlays.christmas"  # locks and tiebreak marks
    messages: ClassVar[Mapping[str, Entry]] = {
        "christmas.title": "christmas",
        "christmas.command": "Play, draw, target or discard a Christmas card",
        "christmas.command.choice": "what to do (only what the game allows now)",
        "christmas.prompt.draw": "Xmas draw{where} (christmas)",
        "christmas.prompt.target": "Xmas target{where} (christmas)",
        "christmas.prompt.mastermind": "Xmas mastermind{where} (christmas)",
        "christmas.prompt.react": "Xmas react{where} (christmas)",
        "christmas.prompt.modifier": "Xmas modifier{where} (christmas)",
        "christmas.prompt.discard": "Xmas discard{where} (christmas)",
        "christmas.holding": "Christmas cards",
        "christmas.group": "Christmas cards",
        "christmas.label.no_card": "no card",
        "christmas.label.discard": "discard {cards}",
        "christmas.label.cancel": "cancel it",
        "christmas.label.let_pass": "let it pass",
        "christmas.label.draw": "draw",
        "christmas.label.decline": "decline",
    }

    def labeller(self, game: Game, seat: int, words: Words) -> Labeller:
        names = card_names(game, seat)

        def name(card: Any) -> Text:
            return names.get(str(card)) or generic.humanize(card)

        def field(key: str, value: Any) -> Text | None:
            if key == "card":
                return words("christmas.label.no_card") if value is None else name(value)
            if key == "cards" and isinstance(value, list):
                return words("christmas.label.discard", cards=join([name(c) for c in value], ", "))
            if key == "cancel" and isinstance(value, bool):
                return words("christmas.label.cancel" if value else "christmas.label.let_pass")
            if key == "draw" and isinstance(value, bool):
                return words("christmas.label.draw" if value else "christmas.label.decline")
            return None

        return lambda action: generic.describe(action, words, field)

    def passive(self, legal: list[Action]) -> Action | None:
        for a in legal:
            if a.get("type") in self.actions and any(a.get(f) is False for f in PASSIVE_FLAGS):
                return a
        for a in legal:
            if a.get("type") == engine.MODIFIER and a.get("card", 0) is None:
                return a
        return None

    def score_group(self, event: Event) -> str | None:
        # Card payments carry a "christmas:<card>" reason or the card itself.
        reason = str(event.get("reason", ""))
        if reason.startswith(engine.NAME) or "card" in event:
            return "christmas.group"
        return None


def card_names(game: Game, seat: int) -> dict[str, Text]:
    """Names of the cards in ``seat``'s own hand (view key ``hand``)."""
    out: dict[str, Text] = {}
    for card in private_view(game, seat).hidden.get("hand", []) or []:
        if isinstance(card, dict) and "card" in card:
            out[str(card["card"])] = Text(str(card.get("name") or generic.humanize(card["card"])))
    return out


ADAPTER = register(ChristmasAdapter())
