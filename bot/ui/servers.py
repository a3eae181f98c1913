"""The ``/server-settings`` panel on Discord: selects for the turn time
limit, what happens when it runs out, reminders and the games' language, and
a toggle for AI seats in league games. Ephemeral: only the member who opened
it sees it, and Discord let them open it (the command's permissions); its
components are persistent (``carc:srv:<verb>``) and change the server the
click comes from."""

from __future__ import annotations

import discord

from bot.errors import NotAGameChannel
from bot.present import servers as sp
from bot.present.settings import Choice
from bot.ui.access import caller_of, guild_locale_of, services_of
from bot.ui.replies import defer, edit, reply
from bot.ui.settings import SettingsButton, SettingsSelect
from bot.ui.views import MAX_OPTION

SELECTS = ("limit", "policy", "reminder", "language")


class ServerSelect(SettingsSelect, template=r"carc:srv:(?P<verb>[a-z]+)"):
    PREFIX = "carc:srv"

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_change(interaction, self.verb, self.chosen(interaction))


class ServerButton(SettingsButton, template=r"carc:srvb:(?P<verb>[a-z_]+)"):
    PREFIX = "carc:srvb"

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_change(interaction, self.verb, None)


async def show(interaction: discord.Interaction, *, replace: bool) -> None:
    guild_id = interaction.guild_id
    if guild_id is None:
        raise NotAGameChannel()
    caller = caller_of(interaction)
    words = caller.words
    services = services_of(interaction.client)
    server = await services.servers.get(guild_id)
    settings = services.ctx.settings
    guild_locale = guild_locale_of(interaction)
    choices: dict[str, list[Choice]] = {
        "limit": sp.limit_choices(server, settings, words),
        "policy": sp.policy_choices(server, settings, words),
        "reminder": sp.reminder_choices(server, settings, words),
        "language": sp.language_choices(server, guild_locale, words),
    }
    view = discord.ui.View(timeout=None)
    for row, verb in enumerate(SELECTS):
        options = [
            discord.SelectOption(label=c.label[:MAX_OPTION], value=c.value, default=c.default)
            for c in choices[verb]
        ]
        view.add_item(ServerSelect(verb, words(f"servers.select.{verb}"), options, row))
    allowed = words("servers.allowed" if server.ai_in_leagues else "servers.not_allowed")
    label = words("servers.button.league_ai", value=allowed)
    view.add_item(ServerButton("league_ai", label, server.ai_in_leagues, row=len(SELECTS)))
    text = sp.panel_text(server, settings, guild_locale, words)
    if replace:
        await edit(interaction, text, view=view)
    else:
        await reply(interaction, text, view=view)


async def on_change(interaction: discord.Interaction, verb: str, value: str | None) -> None:
    await defer(interaction, update=True)
    if interaction.guild_id is None:
        raise NotAGameChannel()
    await services_of(interaction.client).servers.change(interaction.guild_id, verb, value)
    await show(interaction, replace=True)
