"""Expansion actions: ``/act`` (any of them) and one command per expansion
adapter that declares one (``/gift``, ``/bet``, ``/card``, ...), all built
here from the adapters: each takes a ``choice`` autocompleted with exactly
the legal actions its expansion offers the user now."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import expansions
from bot.present import values
from bot.present.choices import ALL_EXPANSION_ACTIONS
from bot.ui.access import caller_of, game_command, services_of
from bot.ui.autocomplete import game_option, to_choices
from bot.ui.labels import described
from bot.ui.outbox import holding
from bot.ui.panel import confirm_with_panel

Choices = list[app_commands.Choice[str]]


def action_command(
    name: str, description: app_commands.locale_str, option: app_commands.locale_str
) -> app_commands.Command[commands.Cog, ..., None]:
    """``/<name> choice:<action> [game]``, its choices limited to ``name``'s actions."""

    @app_commands.describe(choice=option)
    async def run(interaction: discord.Interaction, choice: str, game: int | None = None) -> None:
        asked = await game_command(interaction, game)
        caller, game_id = asked.caller, asked.game_id
        version, key = values.parse_action_value(choice)
        async with holding(interaction.client, game_id):
            move = await asked.services.turns.choose(caller, game_id, version, key)
            done = caller.words("panel.chosen", choice=move.label)
            await confirm_with_panel(interaction, caller, move.panel, done)

    command: app_commands.Command[commands.Cog, ..., None] = app_commands.Command(
        name=name, description=description, callback=run
    )

    @command.autocomplete("choice")
    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        suggest = services_of(interaction.client).suggest
        found = await suggest.actions(
            caller_of(interaction), game_option(interaction), name, current
        )
        return to_choices(found)

    return command


def action_commands() -> list[app_commands.Command[commands.Cog, ..., None]]:
    """/act, then each installed expansion's own command (adapter order)."""
    out = [
        action_command(
            ALL_EXPANSION_ACTIONS, described("command.act"), described("command.act.choice")
        )
    ]
    for adapter in expansions.adapters():
        spec = adapter.command
        if spec is not None:
            out.append(
                action_command(spec.name, described(spec.description), described(spec.option))
            )
    return out


class Actions(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.built = action_commands()

    async def cog_load(self) -> None:
        for command in self.built:
            self.bot.tree.add_command(command, override=True)

    async def cog_unload(self) -> None:
        for command in self.built:
            self.bot.tree.remove_command(command.name)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Actions(bot))
