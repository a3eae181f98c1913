"""`/league ...`: server leagues, seasons, standings and ratings (thin cog).

`/league-admin ...`: creating leagues, seasons and rating recomputation, a
top-level command of its own so that Discord's ``default_member_permissions``
(Manage Server) applies to it: Discord shows it only to those members, and an
admin may grant it to other roles or channels (Server Settings →
Integrations); the bot checks nothing by hand. League, season and member
names are user-supplied: they are shown escaped (bot.text) and ping nobody.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import discord

from db.ratings import OPEN_END, LeagueInfo, Standing

if TYPE_CHECKING:
    from db.leagues import Leagues
from discord import app_commands
from discord.ext import commands

from bot.text import Text, Words, code_safe, escape, join
from bot.ui.access import caller_of, services_of
from bot.ui.labels import described
from bot.ui.replies import defer, reply

PAGE = 10
EMBED_FIELD = 1024  # Discord's limit for an embed field value
RATING_TRAIL = 12
MAX_CHOICES = 25


def standings_page(title: str, table: list[Standing], page: int, words: Words) -> discord.Embed:
    pages = max(1, -(-len(table) // PAGE))
    page = max(0, min(page, pages - 1))
    rows = table[page * PAGE : (page + 1) * PAGE]
    lines = [
        words(
            "league.standing_shared" if s.shared_wins else "league.standing",
            rank=page * PAGE + i + 1,
            name=escape(s.name),
            rating=words.decimal(s.rating),
            games=words("league.games", count=s.games),
            wins=words("league.wins", count=s.wins),
            shared=words("league.shared", count=s.shared_wins),
            average=words.decimal(s.average_score),
        )
        for i, s in enumerate(rows)
    ]
    embed = discord.Embed(title=title, description=join(lines) or words("league.no_games"))
    embed.set_footer(text=words("league.standings_footer", page=page + 1, pages=pages))
    return embed


class StandingsPager(discord.ui.View):
    """Previous/next buttons over a standings table (the table is public)."""

    def __init__(self, title: str, table: list[Standing], owner: int, words: Words) -> None:
        super().__init__(timeout=600)
        self.title, self.table, self.owner, self.page = title, table, owner, 0
        self.words = words
        self.previous.label = words("league.previous")
        self.next.label = words("league.next")
        self._sync()

    def _sync(self) -> None:
        last = max(0, -(-len(self.table) // PAGE) - 1)
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= last

    async def _show(self, interaction: discord.Interaction, delta: int) -> None:
        self.page += delta
        self._sync()
        embed = standings_page(self.title, self.table, self.page, self.words)
        await interaction.response.edit_message(embed=embed, view=self)

    @discord.ui.button(label="<", style=discord.ButtonStyle.secondary)
    async def previous(
        self, interaction: discord.Interaction, _: discord.ui.Button[StandingsPager]
    ) -> None:
        await self._show(interaction, -1)

    @discord.ui.button(label=">", style=discord.ButtonStyle.secondary)
    async def next(
        self, interaction: discord.Interaction, _: discord.ui.Button[StandingsPager]
    ) -> None:
        await self._show(interaction, +1)


class LeagueCog(commands.Cog):
    league = app_commands.Group(
        name="league", description=described("command.league"), guild_only=True
    )
    admin = app_commands.Group(
        name="league-admin",
        description=described("command.league_admin"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )
    season = app_commands.Group(
        name="season", description=described("command.season"), parent=admin
    )

    def __init__(self, service: Leagues) -> None:
        self.service = service

    # --- helpers ---------------------------------------------------------------------
    async def _league(self, interaction: discord.Interaction, name: str) -> LeagueInfo:
        assert interaction.guild_id is not None
        return await self.service.get(interaction.guild_id, name)

    async def league_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        names = await self.service.names(interaction.guild_id)
        return [
            app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()
        ][:MAX_CHOICES]

    # --- membership ------------------------------------------------------------------
    @admin.command(name="create", description=described("command.league.create"))
    @app_commands.describe(name=described("command.league.name"))
    async def create(self, interaction: discord.Interaction, name: str) -> None:
        assert interaction.guild_id is not None
        caller = caller_of(interaction)
        league = await self.service.create(interaction.guild_id, name)
        await self.service.join(league, caller.user_id, caller.name)
        text = caller.words("league.created", league=league.name, code=code_safe(league.name))
        await reply(interaction, text, ephemeral=False)

    @league.command(name="join", description=described("command.league.join"))
    @app_commands.autocomplete(name=league_names)
    async def join(self, interaction: discord.Interaction, name: str) -> None:
        caller = caller_of(interaction)
        league = await self._league(interaction, name)
        await self.service.join(league, caller.user_id, caller.name)
        await reply(interaction, caller.words("league.joined", league=league.name))

    @league.command(name="leave", description=described("command.league.leave"))
    @app_commands.autocomplete(name=league_names)
    async def leave(self, interaction: discord.Interaction, name: str) -> None:
        caller = caller_of(interaction)
        league = await self._league(interaction, name)
        await self.service.leave(league, caller.user_id)
        await reply(interaction, caller.words("league.left", league=league.name))

    @league.command(name="info", description=described("command.league.info"))
    @app_commands.autocomplete(name=league_names)
    async def info(self, interaction: discord.Interaction, name: str) -> None:
        words = caller_of(interaction).words
        league = await self._league(interaction, name)
        members = [m for m in await self.service.members(league) if m.active]
        seasons = await self.service.seasons(league)
        embed = discord.Embed(title=words("league.info_title", league=league.name))
        embed.add_field(
            name=words("league.members", count=len(members)),
            value=join([escape(m.display_name) for m in members], ", ")[:EMBED_FIELD]
            or words("league.none"),
            inline=False,
        )
        embed.add_field(
            name=words("league.seasons"),
            value=join(
                [
                    words(
                        "league.season_line",
                        name=s.name,
                        start=words.date(s.starts_on),
                        end=words("league.running")
                        if s.ends_on == OPEN_END
                        else words.date(s.ends_on),
                    )
                    for s in seasons
                ]
            )[:EMBED_FIELD]
            or words("league.none_yet"),
            inline=False,
        )
        await reply(interaction, embed=embed, ephemeral=False)

    # --- tables ----------------------------------------------------------------------
    @league.command(name="standings", description=described("command.league.standings"))
    @app_commands.autocomplete(name=league_names)
    @app_commands.describe(season=described("command.league.season"))
    async def standings(
        self, interaction: discord.Interaction, name: str, season: str | None = None
    ) -> None:
        await defer(interaction, ephemeral=False)
        words = caller_of(interaction).words
        league = await self._league(interaction, name)
        chosen = await self.service.season(league, season) if season else None
        table = await self.service.standings(league, chosen)
        title = (
            words("league.standings_season", league=league.name, season=chosen.name)
            if chosen
            else words("league.standings_all", league=league.name)
        )
        view = StandingsPager(title, table, interaction.user.id, words)
        embed = standings_page(title, table, 0, words)
        await reply(interaction, embed=embed, view=view, ephemeral=False)

    @league.command(name="history", description=described("command.league.history"))
    @app_commands.autocomplete(name=league_names)
    async def history(self, interaction: discord.Interaction, name: str) -> None:
        await defer(interaction, ephemeral=False)
        words = caller_of(interaction).words
        league = await self._league(interaction, name)
        names = {m.user_id: m.display_name for m in await self.service.members(league)}
        lines = []
        for rows in await self.service.history(league):
            ranked = sorted(rows, key=lambda r: (r.rank, r.game_id))
            parts = [
                words(
                    "league.history_result",
                    rank=r.rank,
                    score=r.score,
                    name=words("league.ai") if r.is_ai else escape(names.get(r.user_id or 0, "?")),
                )
                for r in ranked
            ]
            lines.append(
                words(
                    "league.history_game",
                    game=rows[0].game_id,
                    date=words.date(rows[0].finished_at),
                    results=join(parts, " · "),
                )
            )
        embed = discord.Embed(title=words("league.history_title", league=league.name))
        embed.description = join(lines) or words("league.no_games")
        await reply(interaction, embed=embed, ephemeral=False)

    @league.command(name="profile", description=described("command.league.profile"))
    @app_commands.autocomplete(name=league_names)
    async def profile(
        self, interaction: discord.Interaction, name: str, player: discord.User | None = None
    ) -> None:
        await defer(interaction, ephemeral=False)
        words = caller_of(interaction).words
        league = await self._league(interaction, name)
        who = player or interaction.user
        recent, trail = await self.service.profile(league, who.id)
        embed = discord.Embed(
            title=words("league.profile_title", player=who.display_name, league=league.name)
        )
        embed.add_field(
            name=words("league.recent"),
            value=join(
                [
                    words(
                        "league.recent_game",
                        game=r.game_id,
                        date=words.date(r.finished_at),
                        rank=r.rank,
                        score=words("scores.points", count=r.score),
                    )
                    for r in recent
                ]
            )
            or words("league.none"),
            inline=False,
        )
        embed.add_field(
            name=words("league.rating_history"),
            value=Text(" → ".join(f"{t.rating:.1f}" for t in trail[-RATING_TRAIL:]))
            or words("league.not_rated"),
            inline=False,
        )
        await reply(interaction, embed=embed, ephemeral=False)

    # --- administration (/league-admin: Manage Server unless the admin says otherwise) --
    @season.command(name="start", description=described("command.season.start"))
    @app_commands.autocomplete(name=league_names)
    async def season_start(self, interaction: discord.Interaction, name: str, season: str) -> None:
        league = await self._league(interaction, name)
        started = await self.service.start_season(league, season, dt.datetime.now(dt.UTC).date())
        text = caller_of(interaction).words(
            "league.season_started", season=started.name, league=league.name
        )
        await reply(interaction, text, ephemeral=False)

    @season.command(name="end", description=described("command.season.end"))
    @app_commands.autocomplete(name=league_names)
    async def season_end(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name)
        ended = await self.service.end_season(league, dt.datetime.now(dt.UTC).date())
        text = caller_of(interaction).words(
            "league.season_ended", season=ended.name, league=league.name
        )
        await reply(interaction, text, ephemeral=False)

    @admin.command(name="recompute", description=described("command.league.recompute"))
    @app_commands.autocomplete(name=league_names)
    async def recompute(self, interaction: discord.Interaction, name: str) -> None:
        await defer(interaction, ephemeral=True)
        league = await self._league(interaction, name)
        ratings = await self.service.recompute(league)
        text = caller_of(interaction).words(
            "league.recomputed", count=len(ratings), league=league.name
        )
        await reply(interaction, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LeagueCog(services_of(bot).leagues))
