"""/carcassonne: new lobby, record download, reminders, cancel."""

from __future__ import annotations

import io
import itertools
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.respond import defer, reply
from bot.settings import TIMEOUT_POLICIES
from bot.ui import display_name, lobby_text, lobby_view, play_service
from db.errors import InvalidSetup
from engine.expansions import known_expansions


def expansion_choices() -> list[app_commands.Choice[str]]:
    """Every combination of the installed expansions (Discord: 25 at most)."""
    known = list(known_expansions())
    out = [app_commands.Choice(name="base game only", value="-")]
    for n in range(len(known), 0, -1):
        for combo in itertools.combinations(known, n):
            name = "all expansions" if n == len(known) and n > 1 else " + ".join(combo)
            out.append(app_commands.Choice(name=name, value=",".join(combo)))
    return out[:25]


POLICY_CHOICES = [
    app_commands.Choice(name="the AI plays the turn", value="ai"),
    app_commands.Choice(
        name="skip: minimal turn (first legal placement, no follower)", value="skip"
    ),
    app_commands.Choice(name="only remind", value="remind"),
]
assert {c.value for c in POLICY_CHOICES} == set(TIMEOUT_POLICIES)


class Lobby(commands.Cog):
    group = app_commands.Group(name="carcassonne", description="Carcassonne games", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @group.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        expansions="which expansions to play with",
        turn_hours="turn time limit in hours (default from the bot's settings)",
        on_timeout="what happens when the time limit passes",
        reminder_hours="remind the active player after this many hours",
        league="count the game in this league",
    )
    @app_commands.choices(expansions=expansion_choices(), on_timeout=POLICY_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        expansions: str = "-",
        turn_hours: app_commands.Range[float, 0.01, 720.0] | None = None,
        on_timeout: str | None = None,
        reminder_hours: app_commands.Range[float, 0.01, 720.0] | None = None,
        league: str | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        channel = interaction.channel
        if not isinstance(channel, discord.Thread | discord.TextChannel):
            raise InvalidSetup("open games in a server text channel or thread")
        play = play_service(interaction)
        exps = [] if expansions == "-" else expansions.split(",")
        info = await play.create(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            host_id=interaction.user.id,
            host_name=display_name(interaction),
            expansions=exps,
            timeout_hours=turn_hours,
            policy=on_timeout,
            reminder_hours=reminder_hours,
            league=league,
        )
        view = lobby_view(info)
        assert view is not None  # a new game is in its lobby
        message = await channel.send(lobby_text(info), view=view)
        if isinstance(channel, discord.Thread):
            thread = channel
        else:
            thread = await message.create_thread(name=f"Carcassonne #{info.id}")
        await play.set_thread(info.id, thread.id)
        await play.set_lobby_message(info.id, channel.id, message.id)
        await reply(
            interaction, f"Lobby #{info.id} is open; the game will be played in {thread.mention}."
        )

    @new.autocomplete("league")
    async def league_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            names = await play_service(interaction).leagues.names(interaction.guild_id or 0)
        except Exception:
            return []
        return [
            app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()
        ][:25]

    @group.command(name="record", description="Download a finished game's record (JSON)")
    async def record(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        play = play_service(interaction)
        gid = (
            game
            if game is not None
            else await play.game_for(interaction.user.id, interaction.channel_id, None)
        )
        rec = await play.record(gid)
        data = json.dumps(rec, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"carcassonne-{gid}.json")
        await reply(interaction, f"Record of game #{gid}.", file=file)

    @group.command(name="mute", description="Mute or unmute turn reminders for a game")
    async def mute(
        self, interaction: discord.Interaction, muted: bool = True, game: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=True)
        play = play_service(interaction)
        gid = await play.game_for(interaction.user.id, interaction.channel_id, game)
        await play.mute(gid, interaction.user.id, muted)
        await reply(interaction, f"Reminders {'muted' if muted else 'on'} for game #{gid}.")

    @group.command(name="cancel", description="Cancel a game you host")
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        play = play_service(interaction)
        gid = await play.game_for(interaction.user.id, interaction.channel_id, game)
        await play.cancel(gid, interaction.user.id)
        await reply(interaction, f"Game #{gid} cancelled.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
