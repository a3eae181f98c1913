"""Playing commands: /place /follower /hand /board /score /turn /undo /resign,
and the persistent thread and panel buttons. Autocomplete offers only legal
values (bot.services.suggest)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.present import values
from bot.ui.access import caller_of, game_command, services_of
from bot.ui.autocomplete import game_option, to_choices, typed
from bot.ui.confirm import ask
from bot.ui.labels import described
from bot.ui.panel import PanelButton, PanelSelect, confirm_with_panel, send_hand, show_panel
from bot.ui.replies import file_of, reply
from bot.ui.thread import ThreadButton

Choices = list[app_commands.Choice[str]]


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- tile and follower -----------------------------------------------------------
    @app_commands.command(name="place", description=described("command.place"))
    @app_commands.describe(
        cell=described("command.place.cell"), rotation=described("command.place.rotation")
    )
    async def place(
        self, interaction: discord.Interaction, cell: str, rotation: str, game: int | None = None
    ) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        x, y = values.parse_cell(cell)
        rot = values.parse_rotation(rotation)
        await services.turns.place(caller, game_id, x, y, rot)
        done = caller.words("play.placed", x=x, y=y, rotation=rot)
        await confirm_with_panel(interaction, caller, game_id, done)

    @place.autocomplete("cell")
    async def place_cell(self, interaction: discord.Interaction, current: str) -> Choices:
        suggest = services_of(interaction.client).suggest
        return to_choices(
            await suggest.cells(caller_of(interaction), game_option(interaction), current)
        )

    @place.autocomplete("rotation")
    async def place_rotation(self, interaction: discord.Interaction, current: str) -> Choices:
        suggest = services_of(interaction.client).suggest
        cell = typed(interaction, "cell")
        return to_choices(
            await suggest.rotations(caller_of(interaction), game_option(interaction), cell, current)
        )

    @app_commands.command(name="follower", description=described("command.follower"))
    async def follower(
        self, interaction: discord.Interaction, location: str, game: int | None = None
    ) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        loc = values.parse_follower(location)
        await services.turns.follower(caller, game_id, loc)
        done = (
            caller.words("play.follower", location=loc) if loc else caller.words("play.no_follower")
        )
        await confirm_with_panel(interaction, caller, game_id, done)

    @follower.autocomplete("location")
    async def follower_location(self, interaction: discord.Interaction, current: str) -> Choices:
        suggest = services_of(interaction.client).suggest
        return to_choices(
            await suggest.followers(caller_of(interaction), game_option(interaction), current)
        )

    # --- information ---------------------------------------------------------------------
    @app_commands.command(name="hand", description=described("command.hand"))
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, game_id = command.caller, command.game_id
        await send_hand(interaction, caller, game_id)

    @app_commands.command(name="board", description=described("command.board"))
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, reading, game_id = command.caller, command.services.reading, command.game_id
        post = await reading.board(caller, game_id)
        await reply(interaction, post.text, file=file_of(post.image, post.filename))

    @app_commands.command(name="score", description=described("command.score"))
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, reading, game_id = command.caller, command.services.reading, command.game_id
        await reply(interaction, await reading.scores(caller, game_id))

    @app_commands.command(name="turn", description=described("command.turn"))
    async def turn(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, reading, game_id = command.caller, command.services.reading, command.game_id
        await show_panel(interaction, await reading.panel(caller, game_id), replace=False)

    # --- taking back and leaving -----------------------------------------------------------
    @app_commands.command(name="undo", description=described("command.undo"))
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        removed = await services.undo.undo(caller, game_id)
        done = caller.words("undo.took_back", count=removed)
        await confirm_with_panel(interaction, caller, game_id, done)

    @app_commands.command(name="resign", description=described("command.resign"))
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        info = await services.seats.check_resign(caller, game_id)  # refusals before asking
        key = "confirm.resign" if info.league_id is None else "confirm.resign_league"
        await ask(interaction, game_id, "resign", caller.words(key, game=game_id))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ThreadButton, PanelButton, PanelSelect)
    await bot.add_cog(Play(bot))
