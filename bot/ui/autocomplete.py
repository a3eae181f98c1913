"""Autocomplete on Discord: the services' suggestions as choices, and the
options a partly typed command already holds."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.services import Suggestion
from bot.ui.access import caller_of, services_of
from db.values import GameError

MAX_VALUE = 100  # Discord's limit for a choice's name and value


def to_choices(items: list[Suggestion]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=s.name[:MAX_VALUE], value=s.value[:MAX_VALUE]) for s in items]


def typed(interaction: discord.Interaction, option: str) -> Any:
    """The value the user gave another option of the command so far."""
    return getattr(interaction.namespace, option, None)


def game_option(interaction: discord.Interaction) -> int | None:
    value = typed(interaction, "game")
    return value if isinstance(value, int) else None


GAME_OPTION = "game"


async def game_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The user's games for a ``game`` option, by id or an opponent's name."""
    try:
        found = await services_of(interaction.client).games.choices(
            caller_of(interaction), str(current or "")
        )
    except GameError:
        return []  # the store is busy: no suggestions rather than an error
    return [app_commands.Choice(name=label[:MAX_VALUE], value=game_id) for label, game_id in found]


def complete_game_options(tree: app_commands.CommandTree[Any]) -> int:
    """Give every command's ``game`` option (cogs and built commands alike,
    present and future) the user's games as autocomplete; call once all
    cogs are loaded, before the commands are synced. Returns how many."""
    done = 0
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        for param in command.parameters:
            if param.name == GAME_OPTION and not param.autocomplete:
                command.autocomplete(GAME_OPTION)(game_choices)
                done += 1
    return done
