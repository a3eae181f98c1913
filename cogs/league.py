"""`/league ...`: server leagues, seasons, standings and ratings (thin cog).

Season management and rating recomputation need Manage Server; Discord's
default permissions only apply to top-level commands, so those subcommands
also check the member's permissions at run time.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.leagues import LeagueError, LeagueService, Standing

if TYPE_CHECKING:
    from db.models import League

PAGE = 10


def standings_page(title: str, table: list[Standing], page: int) -> discord.Embed:
    pages = max(1, -(-len(table) // PAGE))
    page = max(0, min(page, pages - 1))
    rows = table[page * PAGE : (page + 1) * PAGE]
    lines = [
        f"`{page * PAGE + i + 1:>2}.` **{s.name}** — rating {s.rating:.1f} · "
        f"{s.games} games · {s.wins} wins"
        + (f" ({s.shared_wins} shared)" if s.shared_wins else "")
        + f" · avg {s.average_score:.1f}"
        for i, s in enumerate(rows)
    ]
    embed = discord.Embed(title=title, description="\n".join(lines) or "No finished games yet.")
    embed.set_footer(text=f"Page {page + 1}/{pages} · rating = mu - 3 sigma (openskill)")
    return embed


class StandingsPager(discord.ui.View):
    """Previous/next buttons over a standings table (the table is public)."""

    def __init__(self, title: str, table: list[Standing], owner: int) -> None:
        super().__init__(timeout=600)
        self.title, self.table, self.owner, self.page = title, table, owner, 0
        self._sync()

    def _sync(self) -> None:
        last = max(0, -(-len(self.table) // PAGE) - 1)
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= last

    async def _show(self, interaction: discord.Interaction, delta: int) -> None:
        self.page += delta
        self._sync()
        embed = standings_page(self.title, self.table, self.page)
        await interaction.response.edit_message(embed=embed, view=self)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(
        self, interaction: discord.Interaction, _: discord.ui.Button[StandingsPager]
    ) -> None:
        await self._show(interaction, -1)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(
        self, interaction: discord.Interaction, _: discord.ui.Button[StandingsPager]
    ) -> None:
        await self._show(interaction, +1)


def _is_admin(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


class LeagueCog(commands.Cog):
    league = app_commands.Group(
        name="league", description="Server leagues: seasons, standings, ratings", guild_only=True
    )
    season = app_commands.Group(
        name="season", description="Start or end a season (Manage Server)", parent=league
    )

    def __init__(self, service: LeagueService) -> None:
        self.service = service

    # --- helpers ---------------------------------------------------------------------
    async def _league(self, interaction: discord.Interaction, name: str) -> League:
        assert interaction.guild_id is not None
        return await self.service.get(interaction.guild_id, name)

    async def _reply(
        self, interaction: discord.Interaction, text: str, *, ephemeral: bool = True
    ) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, LeagueError):
            await self._reply(interaction, str(original))
            return
        raise error

    async def league_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        names = await self.service.names(interaction.guild_id)
        return [
            app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()
        ][:25]

    # --- membership ------------------------------------------------------------------
    @league.command(name="create", description="Create a league on this server")
    @app_commands.describe(name="League name")
    async def create(self, interaction: discord.Interaction, name: str) -> None:
        assert interaction.guild_id is not None
        league = await self.service.create(interaction.guild_id, name)
        await self.service.join(league, interaction.user.id, interaction.user.display_name)
        await self._reply(
            interaction,
            f"League **{league.name}** created; you are its first member. "
            f"Others join with `/league join {league.name}`.",
            ephemeral=False,
        )

    @league.command(name="join", description="Join a league")
    @app_commands.autocomplete(name=league_names)
    async def join(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name)
        await self.service.join(league, interaction.user.id, interaction.user.display_name)
        await self._reply(interaction, f"You joined **{league.name}**.")

    @league.command(name="leave", description="Leave a league (your results stay)")
    @app_commands.autocomplete(name=league_names)
    async def leave(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name)
        await self.service.leave(league, interaction.user.id)
        await self._reply(interaction, f"You left **{league.name}**.")

    @league.command(name="info", description="A league's members and seasons")
    @app_commands.autocomplete(name=league_names)
    async def info(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name)
        members = [m for m in await self.service.members(league) if m.active]
        seasons = await self.service.seasons(league)
        embed = discord.Embed(title=f"League {league.name}")
        embed.add_field(
            name=f"Members ({len(members)})",
            value=", ".join(m.display_name for m in members)[:1024] or "none",
            inline=False,
        )
        embed.add_field(
            name="Seasons",
            value="\n".join(
                f"{s.name}: {s.starts_on} – "
                + ("running" if s.ends_on == dt.date(9999, 12, 31) else str(s.ends_on))
                for s in seasons
            )[:1024]
            or "none yet",
            inline=False,
        )
        await interaction.response.send_message(embed=embed)

    # --- tables ----------------------------------------------------------------------
    @league.command(name="standings", description="Standings of a league or one season")
    @app_commands.autocomplete(name=league_names)
    @app_commands.describe(season="Season name (default: all games)")
    async def standings(
        self, interaction: discord.Interaction, name: str, season: str | None = None
    ) -> None:
        await interaction.response.defer()
        league = await self._league(interaction, name)
        chosen = await self.service.season(league, season) if season else None
        table = await self.service.standings(league, chosen)
        title = f"{league.name} — " + (f"season {chosen.name}" if chosen else "all games")
        view = StandingsPager(title, table, interaction.user.id)
        await interaction.followup.send(embed=standings_page(title, table, 0), view=view)

    @league.command(name="history", description="Recent games of a league")
    @app_commands.autocomplete(name=league_names)
    async def history(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer()
        league = await self._league(interaction, name)
        names = {m.user_id: m.display_name for m in await self.service.members(league)}
        lines = []
        for rows in await self.service.history(league):
            ranked = sorted(rows, key=lambda r: (r.rank, r.game_id))
            parts = [
                f"{r.rank}. {'AI' if r.is_ai else names.get(r.user_id or 0, '?')} {r.score}"
                for r in ranked
            ]
            lines.append(
                f"Game #{rows[0].game_id} ({rows[0].finished_at:%Y-%m-%d}): " + " · ".join(parts)
            )
        embed = discord.Embed(title=f"{league.name} — recent games")
        embed.description = "\n".join(lines) or "No finished games yet."
        await interaction.followup.send(embed=embed)

    @league.command(name="profile", description="A player's recent games and rating history")
    @app_commands.autocomplete(name=league_names)
    async def profile(
        self, interaction: discord.Interaction, name: str, player: discord.User | None = None
    ) -> None:
        await interaction.response.defer()
        league = await self._league(interaction, name)
        who = player or interaction.user
        recent, trail = await self.service.profile(league, who.id)
        embed = discord.Embed(title=f"{who.display_name} in {league.name}")
        embed.add_field(
            name="Recent games",
            value="\n".join(
                f"#{r.game_id} {r.finished_at:%Y-%m-%d}: rank {r.rank}, {r.score} points"
                for r in recent
            )
            or "none",
            inline=False,
        )
        embed.add_field(
            name="Rating history",
            value=" → ".join(f"{t.rating:.1f}" for t in trail[-12:]) or "not rated yet",
            inline=False,
        )
        await interaction.followup.send(embed=embed)

    # --- administration (Manage Server) ---------------------------------------------
    async def _require_admin(self, interaction: discord.Interaction) -> bool:
        if _is_admin(interaction):
            return True
        await self._reply(interaction, "You need the Manage Server permission for that.")
        return False

    @season.command(name="start", description="Start a season today (Manage Server)")
    @app_commands.autocomplete(name=league_names)
    async def season_start(self, interaction: discord.Interaction, name: str, season: str) -> None:
        if not await self._require_admin(interaction):
            return
        league = await self._league(interaction, name)
        started = await self.service.start_season(league, season, dt.datetime.now(dt.UTC).date())
        await self._reply(
            interaction, f"Season **{started.name}** of {league.name} started.", ephemeral=False
        )

    @season.command(name="end", description="End the running season today (Manage Server)")
    @app_commands.autocomplete(name=league_names)
    async def season_end(self, interaction: discord.Interaction, name: str) -> None:
        if not await self._require_admin(interaction):
            return
        league = await self._league(interaction, name)
        ended = await self.service.end_season(league, dt.datetime.now(dt.UTC).date())
        await self._reply(
            interaction, f"Season **{ended.name}** of {league.name} ended.", ephemeral=False
        )

    @league.command(name="recompute", description="Recompute ratings from results (Manage Server)")
    @app_commands.autocomplete(name=league_names)
    async def recompute(self, interaction: discord.Interaction, name: str) -> None:
        if not await self._require_admin(interaction):
            return
        await interaction.response.defer(ephemeral=True)
        league = await self._league(interaction, name)
        ratings = await self.service.recompute(league)
        await interaction.followup.send(
            f"Recomputed {len(ratings)} ratings of {league.name} from the stored results.",
            ephemeral=True,
        )
