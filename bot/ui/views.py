"""The base of every view this bot sends (persistent: no timeout; errors to
the one funnel), of its lobby and thread buttons, and the button styles
panels name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import discord

from bot.text import Words
from bot.ui import funnel

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
MAX_LABEL = 80  # Discord's button label limit
MAX_OPTION = 100  # select option label/value limit
MAX_PLACEHOLDER = 150
MAX_CUSTOM_ID = 100


class GameView(discord.ui.View):
    """Views of this bot; errors go to the one handler (bot.ui.funnel)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await funnel.handle(interaction, error)


class VerbButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A persistent button ``carc:<SCOPE>:<game>:<verb>`` (lobby and thread
    posts). Subclasses give the template (named groups ``game`` and
    ``verb``), the verbs with their label keys and styles, and the click."""

    SCOPE: ClassVar[str]
    VERBS: ClassVar[Mapping[str, tuple[str, discord.ButtonStyle]]]

    def __init__(self, game_id: int, verb: str, words: Words | None = None) -> None:
        label, style = self.VERBS[verb]
        super().__init__(
            discord.ui.Button(
                label=(words or Words())(label),
                style=style,
                custom_id=f"carc:{self.SCOPE}:{game_id}:{verb}",
            )
        )
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.clicked(interaction)
        except Exception as exc:
            await funnel.handle(interaction, exc)

    async def clicked(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError
