"""`/league` cog driven by spec'd fake interactions (issue 9)."""

from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord import app_commands

from bot.text import ENGLISH
from bot.ui import funnel
from cogs.league import PAGE, LeagueCog, StandingsPager, standings_page
from db.errors import LeagueError
from db.leagues import Leagues
from db.migrate import upgrade
from db.session import Database

GUILD = 7


@pytest.fixture
async def cog(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'cog.sqlite3'}"
    with ThreadPoolExecutor(1) as pool:
        pool.submit(upgrade, url).result()
    db = Database(url)
    yield LeagueCog(Leagues(db))
    await db.dispose()


def interaction(user_id: int = 1, name: str = "Ada", admin: bool = False) -> MagicMock:
    inter = MagicMock(spec=discord.Interaction)
    inter.guild_id = GUILD
    inter.user = MagicMock(spec=discord.Member)
    inter.user.id = user_id
    inter.user.display_name = name
    inter.permissions = discord.Permissions(manage_guild=admin)
    inter.response = MagicMock(spec=discord.InteractionResponse)
    inter.response.is_done.return_value = False
    inter.response.send_message = AsyncMock()
    inter.response.defer = AsyncMock()
    inter.response.edit_message = AsyncMock()
    inter.followup = MagicMock(spec=discord.Webhook)
    inter.followup.send = AsyncMock()
    return inter


def said(inter: MagicMock) -> str:
    call = inter.response.send_message.await_args or inter.followup.send.await_args
    return call.args[0] if call.args else call.kwargs.get("content", "")


async def test_create_and_join_then_info(cog):
    ada = interaction(1, "Ada")
    await cog.create.callback(cog, ada, name="Sunday")
    assert "League **Sunday** created" in said(ada)
    bo = interaction(2, "Bo")
    await cog.join.callback(cog, bo, name="Sunday")
    assert "You joined **Sunday**" in said(bo)
    again = interaction(2, "Bo")
    with pytest.raises(LeagueError) as err:
        await cog.join.callback(cog, again, name="Sunday")
    # The tree hands command errors to the one funnel, which answers privately.
    wrapped = app_commands.CommandInvokeError(cog.join, err.value)
    await funnel.handle(again, wrapped)
    assert "already in Sunday" in said(again)
    assert again.response.send_message.await_args.kwargs["ephemeral"] is True
    info = interaction(3, "Cy")
    await cog.info.callback(cog, info, name="Sunday")
    embed = info.response.send_message.await_args.kwargs["embed"]
    assert "Ada" in embed.fields[0].value and "Bo" in embed.fields[0].value


async def test_league_administration_is_a_top_level_command_for_manage_server(cog):
    """Discord applies default_member_permissions to top-level commands only:
    /league-admin holds what needs Manage Server; /league what anyone may do."""
    admin_group = cog.admin
    assert admin_group.parent is None and admin_group.name == "league-admin"
    assert admin_group.default_permissions == discord.Permissions(manage_guild=True)
    assert {c.name for c in admin_group.commands} == {"create", "recompute", "season"}
    assert cog.league.default_permissions is None
    assert "create" not in {c.name for c in cog.league.commands}
    await cog.create.callback(cog, interaction(1), name="Sunday")
    admin = interaction(9, "Mod", admin=True)
    await cog.season_start.callback(cog, admin, name="Sunday", season="S1")
    assert "Season **S1** of Sunday started" in said(admin)
    ended = interaction(9, "Mod", admin=True)
    await cog.season_end.callback(cog, ended, name="Sunday")
    assert "ended" in said(ended)
    seasons = await cog.service.seasons(await cog.service.get(GUILD, "Sunday"))
    assert seasons[0].ends_on == dt.datetime.now(dt.UTC).date()


async def test_unknown_league_gives_a_clear_message(cog):
    inter = interaction()
    with pytest.raises(LeagueError) as err:
        await cog.join.callback(cog, inter, name="Nope")
    await funnel.handle(inter, app_commands.CommandInvokeError(cog.join, err.value))
    assert "No league called 'Nope'" in said(inter)


async def test_league_name_autocomplete(cog):
    await cog.create.callback(cog, interaction(1), name="Sunday")
    await cog.create.callback(cog, interaction(1), name="Monday Night")
    choices = await cog.league_names(interaction(), "mon")
    assert [c.value for c in choices] == ["Monday Night"]


def test_standings_pages():
    from db.ratings import Standing

    table = [Standing(i, f"P{i}", 3, 1, 0, 50.0, 10.0 - i) for i in range(PAGE + 3)]
    first = standings_page("T", table, 0, ENGLISH)
    assert first.description.count("\n") == PAGE - 1 and "Page 1/2" in first.footer.text
    second = standings_page("T", table, 1, ENGLISH)
    assert "P12" in second.description and "Page 2/2" in second.footer.text


async def test_standings_pager_buttons():
    from db.ratings import Standing

    table = [Standing(i, f"P{i}", 1, 0, 0, 1.0, 0.0) for i in range(PAGE + 1)]
    pager = StandingsPager("T", table, owner=1, words=ENGLISH)
    assert pager.previous.disabled and not pager.next.disabled
    inter = interaction()
    await pager.next.callback(inter)
    assert pager.page == 1 and pager.next.disabled
    assert "Page 2/2" in inter.response.edit_message.await_args.kwargs["embed"].footer.text
