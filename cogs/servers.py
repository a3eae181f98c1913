"""/server-settings: this server's own defaults for new games, in an
ephemeral panel (bot.ui.servers). A top-level command with
``default_member_permissions`` Manage Server: Discord shows it to those
members only, and an admin may grant it to others (Server Settings →
Integrations); the bot checks nothing by hand."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.labels import described
from bot.ui.replies import defer
from bot.ui.servers import ServerButton, ServerSelect, show


class ServerSettingsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="server-settings", description=described("command.server_settings"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def server_settings(self, interaction: discord.Interaction) -> None:
        await defer(interaction, ephemeral=True)
        await show(interaction, replace=False)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ServerSelect, ServerButton)
    await bot.add_cog(ServerSettingsCog(bot))
