"""How the bot shows Bells: its /bell command, prompt, labels, holding and
score group: all in this adapter, nothing elsewhere in the bot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.expansions.adapter import Adapter, CommandSpec, Entry, Labeller
from bot.text import Text, Words
from engine.actions import GameAction
from engine.game import Game
from tests.fakes.toy import rules


class BellsAdapter(Adapter):
    name = rules.NAME
    title = "toy.title"
    command = CommandSpec("bell", "toy.command", "toy.command.choice")
    actions = (rules.Ring, rules.Echo)
    prompts: ClassVar[Mapping[str, str]] = {rules.STEP_ECHO: "toy.prompt.echo"}
    holdings: ClassVar[Mapping[str, str]] = {"bells": "toy.holding"}
    score_groups: ClassVar[Mapping[str, str]] = {"bell": "toy.group", "echo": "toy.group"}
    group_order = ("toy.group",)
    messages: ClassVar[Mapping[str, Entry]] = {
        "toy.title": "bells",
        "toy.command": "Ring a bell or echo it (Bells)",
        "toy.command.choice": "ring or echo",
        "toy.prompt.echo": "Echo your bell{where}",
        "toy.label.ring": {
            "one": "Ring a bell ({count} left)",
            "other": "Ring a bell ({count} left)",
        },
        "toy.label.echo": {"one": "Echo once", "other": "Echo {count} times"},
        "toy.holding": "Bells",
        "toy.bells": {"one": "{count} bell", "other": "{count} bells"},
        "toy.group": "Bell ringing",
    }

    def labeller(
        self, game: Game, seat: int, words: Words, offered: Sequence[GameAction]
    ) -> Labeller:
        left = game.ext[rules.NAME][seat]

        def label(action: GameAction) -> Text:
            match action:
                case rules.Ring():
                    return words("toy.label.ring", count=left)
                case rules.Echo(times=times):
                    return words("toy.label.echo", count=times)
            raise AssertionError(action)

        return label

    def hand_items(self, key: str, value: Any, words: Words) -> list[Text]:
        return [words("toy.bells", count=int(value))]

    def passive(self, legal: Sequence[GameAction]) -> GameAction | None:
        return next((a for a in legal if isinstance(a, rules.Echo) and a.times == 1), None)
