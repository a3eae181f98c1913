"""From an interaction to the services: which services, and who asks from where."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.services import Caller, Services
from bot.ui.replies import defer

MAX_NAME = 100


def services_of(client: discord.Client) -> Services:
    services = getattr(client, "services", None)
    if not isinstance(services, Services):
        raise RuntimeError("the bot has no game services")
    return services


def display_name(user: discord.abc.User) -> str:
    return str(getattr(user, "display_name", None) or user.name)[:MAX_NAME]


def locale_of(interaction: discord.Interaction) -> str | None:
    locale = getattr(interaction, "locale", None)
    return locale.value if isinstance(locale, discord.Locale) else None


def guild_locale_of(interaction: discord.Interaction) -> str | None:
    locale = getattr(interaction, "guild_locale", None)
    return locale.value if isinstance(locale, discord.Locale) else None


def caller_of(interaction: discord.Interaction) -> Caller:
    return Caller(
        user_id=interaction.user.id,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        name=display_name(interaction.user),
        locale=locale_of(interaction),
        guild_locale=guild_locale_of(interaction),
    )


@dataclass(frozen=True, slots=True)
class GameCommand:
    """A command about one game, acknowledged: who asks, the services, the game."""

    caller: Caller
    services: Services
    game_id: int


async def game_command(interaction: discord.Interaction, game: int | None) -> GameCommand:
    """Start a command about a game: answer privately (later), find the game
    the user means (the ``game`` option, else the thread's or their only one;
    the service that reads or changes it checks the user may see it)."""
    await defer(interaction, ephemeral=True)
    caller = caller_of(interaction)
    services = services_of(interaction.client)
    return GameCommand(caller, services, await services.reading.find(caller, game))
