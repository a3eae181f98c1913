"""The schema built by the Alembic migrations is the schema of the models."""

from __future__ import annotations

import random

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select, text

from db import Database
from db.migrate import downgrade_async, upgrade_async
from db.models import Base, GameResult
from db.session import normalise_url
from tests.db.play import new_table, play_random


def _diff(conn):  # type: ignore[no-untyped-def]
    ctx = MigrationContext.configure(conn, opts={"compare_type": True})
    return compare_metadata(ctx, Base.metadata)


async def test_migrations_match_the_models(db_url: str) -> None:
    db = Database(db_url)
    try:
        async with db.engine.connect() as conn:
            assert await conn.run_sync(_diff) == []
            version = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
            assert version == "0008"
    finally:
        await db.dispose()


async def test_downgrade_and_upgrade_again(db_url: str) -> None:
    await downgrade_async(db_url, "base")
    db = Database(db_url)
    try:
        async with db.engine.connect() as conn:
            tables = await conn.run_sync(lambda c: inspect(c).get_table_names())
            assert set(tables) <= {"alembic_version"}
        await upgrade_async(db_url)
        await upgrade_async(db_url)  # idempotent at head
        async with db.engine.connect() as conn:
            assert await conn.run_sync(_diff) == []
    finally:
        await db.dispose()


async def test_a_downgrade_keeps_every_game_s_seats_and_actions(service, db_url: str) -> None:  # type: ignore[no-untyped-def]
    """Down to 0003 (each migration's downgrade from 0008 to 0004 runs): the
    games' columns go, their seats and actions stay (a batch copy of ``games``
    on SQLite once took them with it through ON DELETE CASCADE)."""
    await play_random(service, await new_table(service), random.Random(1), limit=4)

    async def counts() -> tuple[int, int]:
        db = Database(db_url)
        try:
            async with db.engine.connect() as conn:
                seats = (await conn.execute(text("SELECT count(*) FROM seats"))).scalar()
                actions = (await conn.execute(text("SELECT count(*) FROM actions"))).scalar()
                return int(seats or 0), int(actions or 0)
        finally:
            await db.dispose()

    before = await counts()
    assert before[0] == 3 and before[1] >= 3
    await downgrade_async(db_url, "0003")
    assert await counts() == before
    await upgrade_async(db_url)
    assert await counts() == before


async def test_sqlite_connections_use_wal_and_a_busy_timeout(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = Database(f"sqlite+aiosqlite:///{tmp_path}/fresh.sqlite3")
    try:
        async with db.read() as s:
            assert (await s.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
            assert (await s.execute(text("PRAGMA busy_timeout"))).scalar() >= 1000
            assert (await s.execute(text("PRAGMA foreign_keys"))).scalar() == 1
    finally:
        await db.dispose()


def test_url_spellings() -> None:
    assert normalise_url("postgres://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert normalise_url("sqlite:///x.sqlite3") == "sqlite+aiosqlite:///x.sqlite3"
    with pytest.raises(ValueError, match="unsupported database"):
        normalise_url("mysql://h/db")


async def test_game_results_are_immutable(service) -> None:  # type: ignore[no-untyped-def]
    table = await new_table(service, ("human", "ai"), decks={"tiles": ["U"]})
    game = (await service.load_game(table.game_id)).game
    while game.pending is not None:
        seat = game.pending.players[0]
        action = game.legal_actions(seat)[0]
        if table.users[seat] is None:
            await service.act_as_ai(table.game_id, seat, action)
        else:
            await service.act(table.game_id, table.users[seat], action)
        game = (await service.load_game(table.game_id)).game
    with pytest.raises(ValueError, match="immutable"):
        async with service.db.write() as s:
            row = (await s.execute(select(GameResult))).scalars().first()
            row.score += 100
            await s.flush()
    assert [r.score for r in await service.game_results(table.game_id)] == game.final_scores()
