"""/help (what the bot does, how a turn goes, the commands, a quick game
against the AI; for admins, the server's settings) and /rules (the
rules and every card in plain words, paged; the persistent page buttons)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import expansions
from bot.present import rules as rp
from bot.present.choices import ALL_EXPANSION_ACTIONS
from bot.text import Text, join
from bot.ui.access import caller_of
from bot.ui.autocomplete import MAX_VALUE, typed
from bot.ui.labels import command_name, described
from bot.ui.replies import reply
from bot.ui.rules import RulesButton, sections_view, show_rules
from bot.ui.tables import QuickSelect

MAX_CHOICES = 25

SECTION_CHOICES = [
    app_commands.Choice(name=described(s.book.title), value=s.name) for s in rp.sections()
]


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description=described("command.help"))
    async def show_help(self, interaction: discord.Interaction) -> None:
        words = caller_of(interaction).words
        names = [ALL_EXPANSION_ACTIONS] + [
            a.command.name for a in expansions.adapters() if a.command is not None
        ]
        actions = join(
            [words("help.command", name=Text(command_name(n, words))) for n in names], ", "
        )
        text = words("help.text", actions=actions)
        if interaction.permissions.manage_guild:  # only what they can use (Discord decides)
            text = join([text, words("help.admins")])
        view = sections_view(words)
        view.add_item(QuickSelect(words))  # a quick game against the AI (bot.ui.tables)
        await reply(interaction, text, view=view)

    @app_commands.command(name="rules", description=described("command.rules"))
    @app_commands.describe(
        section=described("command.rules.section"), card=described("command.rules.card")
    )
    @app_commands.choices(section=SECTION_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, section: str | None = None, card: str | None = None
    ) -> None:
        await show_rules(interaction, section, card)

    @rules.autocomplete("card")
    async def card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        section = typed(interaction, "section")
        words = caller_of(interaction).words
        found = rp.card_choices(section if isinstance(section, str) else None, current, words)
        return [
            app_commands.Choice(name=label[:MAX_VALUE], value=value[:MAX_VALUE])
            for label, value in found[:MAX_CHOICES]
        ]


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(RulesButton)
    await bot.add_cog(Help(bot))
