"""Playing commands: /place /follower /hand /board /score /turn /undo /resign,
and the persistent thread and panel buttons. Autocomplete offers only legal
values (bot.services.suggest)."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.present.choices import rotation_words
from bot.render import warm_up_async
from bot.ui.access import caller_of, game_command, services_of
from bot.ui.autocomplete import game_option, to_choices, typed
from bot.ui.confirm import ask
from bot.ui.labels import described
from bot.ui.outbox import holding
from bot.ui.panel import PanelButton, PanelSelect, confirm_with_panel, send_hand, show_panel
from bot.ui.replies import file_of, reply
from bot.ui.thread import ThreadButton
from engine.actions import Follower, Place
from engine.views import public_view

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]


WARM_BOARDS = 20  # boards of games in progress drawn at start-up


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._warmed = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Warm the render caches once, in the background (#14: the first
        board after start-up is as quick as the others)."""
        if self._warmed:
            return
        self._warmed = True
        asyncio.get_running_loop().create_task(self._warm_up(), name="render-warm-up")

    async def _warm_up(self) -> None:
        views = []
        try:
            services = services_of(self.bot)
            for info in (await services.store.list_active_games())[:WARM_BOARDS]:
                views.append(public_view((await services.store.load_game(info.id)).started))
        except Exception:
            log.warning("games in progress could not be read for warming up", exc_info=True)
        await warm_up_async(views)

    # --- tile and follower -----------------------------------------------------------
    @app_commands.command(name="place", description=described("command.place"))
    @app_commands.describe(
        cell=described("command.place.cell"), rotation=described("command.place.rotation")
    )
    async def place(
        self,
        interaction: discord.Interaction,
        cell: str,
        rotation: str | None = None,
        game: int | None = None,
    ) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        async with holding(interaction.client, game_id):
            move = await services.turns.place_typed(caller, game_id, cell, rotation)
            assert isinstance(move.action, Place)
            x, y, rot = move.action.x, move.action.y, move.action.rotation
            done = caller.words("play.placed", x=x, y=y, rotation=rotation_words(rot, caller.words))
            await confirm_with_panel(interaction, caller, move.panel, done)

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
    @app_commands.describe(location=described("command.follower.location"))
    async def follower(
        self, interaction: discord.Interaction, location: str, game: int | None = None
    ) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        async with holding(interaction.client, game_id):
            move = await services.turns.follower_typed(caller, game_id, location)
            placed = isinstance(move.action, Follower) and move.action.location is not None
            done = caller.words("play.follower") if placed else caller.words("play.no_follower")
            await confirm_with_panel(interaction, caller, move.panel, done)

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
        alt = post.alt.get(post.filename, "")
        await reply(interaction, post.text, file=file_of(post.image, post.filename, alt))

    @app_commands.command(name="score", description=described("command.score"))
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, reading, game_id = command.caller, command.services.reading, command.game_id
        await reply(interaction, await reading.scores(caller, game_id))

    @app_commands.command(name="turn", description=described("command.turn"))
    async def turn(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, reading, game_id = command.caller, command.services.reading, command.game_id
        panel = await reading.panel(caller, game_id)
        await show_panel(interaction, panel, caller.words, replace=False)

    # --- taking back and leaving -----------------------------------------------------------
    @app_commands.command(name="undo", description=described("command.undo"))
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, services, game_id = command.caller, command.services, command.game_id
        async with holding(interaction.client, game_id):
            undone = await services.undo.undo(caller, game_id)
            done = caller.words("undo.took_back", count=undone.removed)
            await confirm_with_panel(interaction, caller, undone.panel, done)

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
