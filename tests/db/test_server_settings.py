"""Issue 32: each server's own defaults in ``guild_settings`` (migration
0007): new settings, each of which may be unset, and ``games_channel_id``
retired. Upgrading from 0006 keeps every game and the server's row."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from db import Database, GameService
from db.errors import BadOptions, BadTimeout, UnknownPolicy
from db.migrate import downgrade_async, upgrade_async
from db.values import NO_LIMIT
from tests.db.test_upgrade import FIXTURES

GUILD = 7


def _games(store: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(store) as conn:
        return conn.execute(
            "SELECT g.id, g.status, g.version, g.seed, COUNT(a.game_id) FROM games g "
            "LEFT JOIN actions a ON a.game_id = g.id GROUP BY g.id ORDER BY g.id"
        ).fetchall()


async def test_upgrade_from_0006_keeps_every_game_and_the_server_row(tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    shutil.copy(FIXTURES / "store-252bab5.sqlite", store)
    url = f"sqlite+aiosqlite:///{store}"
    await upgrade_async(url)  # the games' logs brought up to date (db.flows) first
    await downgrade_async(url, "0006")
    with sqlite3.connect(store) as conn:
        conn.execute(
            "INSERT INTO guild_settings (guild_id, default_expansions, turn_timeout_seconds, "
            "timeout_policy, games_channel_id, options, created_at, updated_at) "
            "VALUES (?, '[]', 3600, 'skip', 99, '{}', '2026-01-01', '2026-01-01')",
            (GUILD,),
        )
    before = _games(store)
    assert before

    await upgrade_async(url)
    assert _games(store) == before  # every game, its log and its state
    with sqlite3.connect(store) as conn:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(guild_settings)")}
    assert "games_channel_id" not in columns
    assert {"reminder_hours", "locale", "league_ai"} <= columns
    svc = GameService(Database(url))
    try:
        kept = await svc.servers.defaults(GUILD)
        assert (kept.turn_timeout_seconds, kept.timeout_policy) == (3600, "skip")
        assert (kept.reminder_hours, kept.locale, kept.league_ai) == (None, None, None)
        for gid, status, *_ in before:
            if status != "lobby":
                assert (await svc.read_game(int(str(gid)))).game is not None
    finally:
        await svc.db.dispose()


async def test_server_settings_are_set_unset_and_checked(service: GameService) -> None:
    servers = service.servers
    blank = await servers.defaults(GUILD)
    assert blank.timeout_policy is None and blank.ai_in_leagues
    done = await servers.update(
        GUILD,
        turn_timeout_seconds=NO_LIMIT,
        timeout_policy="remind",
        reminder_hours=6.0,
        locale="fr",
        league_ai=False,
    )
    assert (done.turn_timeout_seconds, done.timeout_policy, done.reminder_hours) == (
        NO_LIMIT,
        "remind",
        6.0,
    )
    assert done.locale == "fr" and not done.ai_in_leagues
    assert await servers.defaults(GUILD) == done
    # Back to the process's settings: unset.
    back = await servers.update(GUILD, timeout_policy=None, reminder_hours=None, locale=None)
    assert (back.timeout_policy, back.reminder_hours, back.locale) == (None, None, None)
    for bad, error in (
        ({"turn_timeout_seconds": -5}, BadTimeout),
        ({"timeout_policy": "abandon"}, UnknownPolicy),
        ({"reminder_hours": 0}, BadOptions),
        ({"reminder_hours": True}, BadOptions),
        ({"locale": "x" * 40}, BadOptions),
        ({"league_ai": "no"}, BadOptions),
    ):
        with pytest.raises(error):
            await servers.update(GUILD, **bad)
    assert await servers.defaults(GUILD) == back  # a refusal changes nothing
