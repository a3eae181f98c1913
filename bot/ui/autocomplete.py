"""Autocomplete on Discord: the services' suggestions as choices, and the
options a partly typed command already holds."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.services import Suggestion

MAX_VALUE = 100  # Discord's limit for a choice's name and value


def to_choices(items: list[Suggestion]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=s.name[:MAX_VALUE], value=s.value[:MAX_VALUE]) for s in items]


def typed(interaction: discord.Interaction, option: str) -> Any:
    """The value the user gave another option of the command so far."""
    return getattr(interaction.namespace, option, None)


def game_option(interaction: discord.Interaction) -> int | None:
    value = typed(interaction, "game")
    return value if isinstance(value, int) else None
