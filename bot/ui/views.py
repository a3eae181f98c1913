"""The base of every view this bot sends: persistent (no timeout), errors to
the one funnel; and the button styles panels name."""

from __future__ import annotations

from typing import Any

import discord

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
