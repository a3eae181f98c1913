"""/carcassonne: new lobby (players invited: private tables), a quick game
against the AI, record download, reminders, cancel (asked first); and the
persistent lobby buttons, seat select, confirmations, the rematch button and
the quick-start menu of /help."""

from __future__ import annotations

import io
import itertools
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot import expansions
from bot.ai import DEFAULT, level_options, parse_level
from bot.errors import BadInvite, NotAGameChannel
from bot.present.games import HOUR, duration
from bot.present.servers import applied_text
from bot.services.lobby import NO_LIMIT
from bot.services.tables import MAX_QUICK
from bot.text import ENGLISH, Text, Words, join, language_name, languages
from bot.ui.access import caller_of, display_name, game_command, services_of
from bot.ui.confirm import ConfirmButton, ask
from bot.ui.labels import described
from bot.ui.lobby import AddAi, LobbyButton, RemoveSeat, post_lobby
from bot.ui.replies import defer, reply
from bot.ui.tables import QuickSelect, quick_start
from db.values import LOBBY, TIMEOUT_POLICIES

BASE_ONLY = "-"
MAX_CHOICES = 25
MAX_TURN_HOURS = 720.0


def expansion_options(words: Words) -> list[app_commands.Choice[str]]:
    """Every combination of the installed expansions: all of them first, then
    each alone, then pairs and so on (Discord shows 25; typing narrows them)."""
    known = expansions.adapters()
    out = [app_commands.Choice(name=words("lobby.choice.base_only"), value=BASE_ONLY)]
    sizes = [len(known), *range(1, len(known))] if len(known) > 1 else [1]
    for n in sizes:
        for combo in itertools.combinations(known, n):
            name = (
                words("lobby.choice.all")
                if n == len(known) and n > 1
                else join([words(a.title) for a in combo], " + ")
            )
            out.append(app_commands.Choice(name=name, value=",".join(a.name for a in combo)))
    return out


def matches(option: app_commands.Choice[str], typed: str) -> bool:
    """Every word typed is in the option's name or value ("river abbot")."""
    name, value = option.name.lower(), option.value.lower()
    return all(w in name or w in value for w in typed.replace("+", " ").replace(",", " ").split())


def parse_expansions(text: str) -> list[str]:
    """``-`` (base game), or names separated by commas or ``+`` (the store
    refuses unknown names, listing the known ones)."""
    names = [n.strip() for n in text.replace("+", ",").split(",")]
    return [n for n in names if n and n != BASE_ONLY]


POLICY_CHOICES = [
    app_commands.Choice(name=described(f"lobby.policy.{policy}"), value=policy)
    for policy in TIMEOUT_POLICIES
]
# An AI level (bot.ai: the stand-in's, a quick game's), in the user's language.
LEVEL_CHOICES = [
    app_commands.Choice(name=described(f"ai.level.{value}"), value=value)
    for value, _, _ in level_options(ENGLISH)
]
# The game's language: every language with a catalogue, each in its own name
# (CLDR, through Babel), so that anyone finds theirs whatever their client shows.
LANGUAGE_CHOICES = [
    app_commands.Choice(name=language_name(lang), value=lang) for lang in languages()
]
# Suggested turn limits (hours); 0 is "no time limit". Any other number may be typed.
TURN_HOURS = (NO_LIMIT, 1.0, 6.0, 12.0, 24.0, 48.0, 72.0, 168.0)


def turn_hours_choices(words: Words, current: str) -> list[app_commands.Choice[float]]:
    """ "No time limit" and common limits, after the number being typed."""
    try:
        typed = float(str(current).replace(",", "."))
    except ValueError:
        typed = None
    hours = list(TURN_HOURS)
    if typed is not None and 0 < typed <= MAX_TURN_HOURS and typed not in hours:
        hours.insert(0, typed)
    return [
        app_commands.Choice(
            name=words("lobby.choice.no_limit")
            if h == NO_LIMIT
            else words("lobby.turn_limit", time=duration(h * HOUR, words)),
            value=h,
        )
        for h in hours
    ][:MAX_CHOICES]


class Lobby(commands.Cog):
    group = app_commands.Group(
        name="carcassonne", description=described("command.carcassonne"), guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @group.command(name="new", description=described("command.new"))
    @app_commands.describe(
        expansions=described("command.new.expansions"),
        turn_hours=described("command.new.turn_hours"),
        on_timeout=described("command.new.on_timeout"),
        reminder_hours=described("command.new.reminder_hours"),
        league=described("command.new.league"),
        language=described("command.new.language"),
        invite1=described("command.new.invite"),
        invite2=described("command.new.invite"),
        invite3=described("command.new.invite"),
        invite4=described("command.new.invite"),
        invite5=described("command.new.invite"),
        private=described("command.new.private"),
        stand_in=described("command.new.stand_in"),
    )
    @app_commands.choices(
        on_timeout=POLICY_CHOICES, language=LANGUAGE_CHOICES, stand_in=LEVEL_CHOICES
    )
    async def new(
        self,
        interaction: discord.Interaction,
        expansions: str = BASE_ONLY,
        turn_hours: app_commands.Range[float, 0.0, MAX_TURN_HOURS] | None = None,
        on_timeout: str | None = None,
        reminder_hours: app_commands.Range[float, 0.01, 720.0] | None = None,
        league: str | None = None,
        language: str | None = None,
        invite1: discord.Member | None = None,
        invite2: discord.Member | None = None,
        invite3: discord.Member | None = None,
        invite4: discord.Member | None = None,
        invite5: discord.Member | None = None,
        private: bool = False,
        stand_in: str = DEFAULT,
    ) -> None:
        await defer(interaction, ephemeral=True)
        channel = interaction.channel
        if not isinstance(channel, discord.Thread | discord.TextChannel):
            raise NotAGameChannel()
        caller = caller_of(interaction)
        invited = [m for m in (invite1, invite2, invite3, invite4, invite5) if m is not None]
        bots = [m for m in invited if m.bot]
        if bots:
            raise BadInvite("bot", display_name(bots[0]))
        lobby = services_of(interaction.client).lobby
        info = await lobby.create(
            caller,
            expansions=parse_expansions(expansions),
            timeout_hours=turn_hours,
            policy=on_timeout,
            reminder_hours=reminder_hours,
            league=league,
            language=language,
            invited={m.id: display_name(m) for m in invited},
            private=private,
            standin=parse_level(stand_in) or DEFAULT,
        )
        thread = await post_lobby(channel, info, lobby)
        said = caller.words("lobby.opened", game=info.id, thread=Text(thread.mention))
        applied = applied_text(info, caller.words)
        await reply(interaction, join([said, applied]) if applied else said)

    @group.command(name="quick", description=described("command.quick"))
    @app_commands.describe(
        opponents=described("command.quick.opponents"),
        expansions=described("command.new.expansions"),
        level=described("command.quick.level"),
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def quick(
        self,
        interaction: discord.Interaction,
        opponents: app_commands.Range[int, 1, MAX_QUICK] = 1,
        expansions: str = BASE_ONLY,
        level: str = DEFAULT,
    ) -> None:
        chosen = parse_level(level) or DEFAULT
        await quick_start(interaction, opponents, parse_expansions(expansions), chosen)

    @new.autocomplete("expansions")
    @quick.autocomplete("expansions")
    async def expansion_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        options = expansion_options(caller_of(interaction).words)
        return [c for c in options if matches(c, current.lower())][:MAX_CHOICES]

    @new.autocomplete("turn_hours")
    async def turn_hours_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[float]]:
        return turn_hours_choices(caller_of(interaction).words, current)

    @new.autocomplete("league")
    async def league_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            names = await services_of(interaction.client).leagues.names(interaction.guild_id or 0)
        except Exception:
            return []
        return [
            app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()
        ][:MAX_CHOICES]

    @group.command(name="record", description=described("command.record"))
    async def record(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        caller, game_id = command.caller, command.game_id
        rec = await command.services.reading.record(caller, game_id)
        data = json.dumps(rec, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"carcassonne-{game_id}.json")
        await reply(interaction, caller.words("lobby.record", game=game_id), file=file)

    @group.command(name="mute", description=described("command.mute"))
    async def mute(
        self, interaction: discord.Interaction, muted: bool = True, game: int | None = None
    ) -> None:
        command = await game_command(interaction, game)
        await command.services.seats.mute(command.caller, command.game_id, muted)
        key = "lobby.muted" if muted else "lobby.unmuted"
        await reply(interaction, command.caller.words(key, game=command.game_id))

    @group.command(name="cancel", description=described("command.cancel"))
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        command = await game_command(interaction, game)
        info = await command.services.lobby.check_cancel(command.caller, command.game_id)
        key = "confirm.cancel_lobby" if info.status == LOBBY else "confirm.cancel_game"
        await ask(interaction, info.id, "cancel", command.caller.words(key, game=info.id))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(LobbyButton, AddAi, RemoveSeat, ConfirmButton, QuickSelect)
    await bot.add_cog(Lobby(bot))
