"""/games (the user's running games and open lobbies), and keeping game
threads open: a thread Discord archives while its game runs is re-opened."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.access import caller_of, services_of
from bot.ui.labels import described
from bot.ui.replies import defer, reply
from db.values import GameError

log = logging.getLogger(__name__)


class Games(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="games", description=described("command.games"))
    async def games(self, interaction: discord.Interaction) -> None:
        await defer(interaction, ephemeral=True)
        caller = caller_of(interaction)
        await reply(interaction, await services_of(self.bot).games.listing(caller))

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        meta = payload.data.get("thread_metadata") or {}
        if not meta.get("archived") or meta.get("locked"):
            return
        try:
            await services_of(self.bot).games.thread_archived(payload.guild_id, payload.thread_id)
        except GameError as exc:
            log.warning("thread %s archived; not reopened (%s)", payload.thread_id, exc.code)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Games(bot))
