"""The bases of what this bot sends with a message: views (persistent: no
timeout; errors to the one funnel) and persistent components, the button
styles panels name, and Discord's limits on them.

Every persistent component family derives from :class:`Component`: its
custom id is read back through its template's named groups (``rebuild``),
a select's chosen value is read in one place (``chosen``), and a click runs
``clicked`` with every error going to the one funnel (bot.ui.funnel).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Self, TypeVar

import discord

from bot import metrics
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

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


class GameView(discord.ui.View):
    """Views of this bot; errors go to the one handler (bot.ui.funnel)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await funnel.handle(interaction, error)


class Component(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """A persistent component: subclasses give the template (named groups),
    ``rebuild`` (the component from those groups, as strings) and
    ``clicked``."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls.rebuild(match.groupdict())

    @classmethod
    def rebuild(cls, groups: dict[str, str]) -> Self:
        raise NotImplementedError

    def chosen(self, interaction: discord.Interaction) -> str | None:
        """The value picked (a select's first); None for a button."""
        if not isinstance(self.item, discord.ui.Select):
            return None
        data: dict[str, Any] = dict(interaction.data or {})
        values = list(self.item.values) or [str(v) for v in data.get("values", [])]
        return values[0] if values else None

    async def callback(self, interaction: discord.Interaction) -> None:
        metrics.serving(interaction.id)  # the store's work from here on counts for it
        try:
            await self.clicked(interaction)
        except Exception as exc:
            await funnel.handle(interaction, exc)

    async def clicked(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class VerbButton(Component[discord.ui.Button[Any]], template=r"(?!)"):
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
    def rebuild(cls, groups: dict[str, str]) -> Self:
        return cls(int(groups["game"]), groups["verb"])
