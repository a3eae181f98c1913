"""/settings: a player's own settings (pings, DMs, automatic answers, away
and quiet hours), in an ephemeral panel (bot.ui.settings)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.labels import described
from bot.ui.replies import defer
from bot.ui.settings import SettingsButton, SettingsSelect, show


class Settings(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description=described("command.settings"))
    async def settings(self, interaction: discord.Interaction) -> None:
        await defer(interaction, ephemeral=True)
        await show(interaction, replace=False)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(SettingsButton, SettingsSelect)
    await bot.add_cog(Settings(bot))
