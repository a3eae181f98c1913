"""A database that cannot do the work says so (StoreUnavailable, with what
happened), changes nothing, and is never mistaken for a concurrent change
(StaleGame) — issue 18 items 3 and 9."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError, OperationalError

from db import Database, GameService, StaleGame, StoreUnavailable
from db.session import unavailable
from tests.db.play import act_for, new_table, play_random


@pytest.fixture
def sqlite_file(tmp_path: Path, sqlite_template: Path) -> Path:
    path = tmp_path / "faults.sqlite3"
    shutil.copyfile(sqlite_template, path)
    return path


def fail_on(db: Database, prefix: str, message: str) -> Any:
    """Make the driver fail ``prefix`` statements the way SQLite does."""

    def execute(cursor: Any, statement: str, parameters: Any, context: Any) -> None:
        if statement.startswith(prefix):
            raise sqlite3.OperationalError(message)

    event.listen(db.engine.sync_engine, "do_execute", execute)
    return execute


@pytest.fixture
def held_lock(sqlite_file: Path) -> Iterator[sqlite3.Connection]:
    """Another process holding SQLite's write lock."""
    other = sqlite3.connect(sqlite_file, isolation_level=None)
    try:
        yield other
    finally:
        other.close()


async def _state(service: GameService, game_id: int) -> tuple[int, list[Any]]:
    return (await service.game_info(game_id)).version, (await service.export_record(game_id))[
        "actions"
    ]


async def test_a_locked_database_is_busy_not_a_lost_race(
    sqlite_file: Path, held_lock: sqlite3.Connection
) -> None:
    service = GameService(Database(f"sqlite+aiosqlite:///{sqlite_file}", busy_timeout_ms=50))
    try:
        table = await new_table(service, ("human", "human"))
        await play_random(service, table, random.Random(3), limit=2)
        before = await _state(service, table.game_id)
        game = (await service.load_game(table.game_id)).game
        action = game.legal_actions(game.pending.players[0])[0]  # type: ignore[union-attr]
        held_lock.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable) as busy:
            await act_for(service, table, action)
        assert busy.value.what == "busy" and not isinstance(busy.value, StaleGame)
        assert "locked" in str(busy.value.__cause__)
        held_lock.execute("ROLLBACK")
        assert await _state(service, table.game_id) == before
        # The lock gone, the same action goes through: nothing was half done.
        result = await act_for(service, table, action)
        assert result.index == before[0]
    finally:
        await service.db.dispose()


async def test_a_full_disk_changes_nothing_and_says_so(sqlite_file: Path) -> None:
    service = GameService(Database(f"sqlite+aiosqlite:///{sqlite_file}"))
    try:
        table = await new_table(service, ("human", "human"))
        before = await _state(service, table.game_id)
        game = (await service.load_game(table.game_id)).game
        action = game.legal_actions(0)[0]
        hook = fail_on(service.db, "INSERT INTO actions", "database or disk is full")
        with pytest.raises(StoreUnavailable) as full:
            await act_for(service, table, action)
        assert full.value.what == "full"
        # Hidden fields of the action never reach the error text (hide_parameters).
        assert "rotation" not in str(full.value.__cause__)
        event.remove(service.db.engine.sync_engine, "do_execute", hook)
        assert await _state(service, table.game_id) == before
        assert (await act_for(service, table, action)).index == 0  # the cache was not ahead
    finally:
        await service.db.dispose()


async def test_a_read_only_database_is_reported_as_such(sqlite_file: Path) -> None:
    writer = GameService(Database(f"sqlite+aiosqlite:///{sqlite_file}"))
    reader = GameService(Database(f"sqlite+aiosqlite:///file:{sqlite_file}?mode=ro&uri=true"))
    try:
        table = await new_table(writer, ("human", "human"))
        game = (await reader.load_game(table.game_id)).game  # reading still works
        with pytest.raises(StoreUnavailable) as read_only:
            await act_for(reader, table, game.legal_actions(0)[0])
        assert read_only.value.what == "read_only"
        assert (await writer.game_info(table.game_id)).version == 0
    finally:
        await reader.db.dispose()
        await writer.db.dispose()


class PgError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"pg error {sqlstate}")
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("sqlstate", "what"),
    [
        ("53100", "full"),
        ("25006", "read_only"),
        ("08006", "connection"),
        ("57P01", "connection"),
        ("40P01", "busy"),
        ("55P03", "busy"),
        ("53300", "busy"),
        ("58030", "io"),
    ],
)
def test_postgresql_states_that_mean_unavailable(sqlstate: str, what: str) -> None:
    mapped = unavailable(OperationalError("UPDATE games", {}, PgError(sqlstate)))
    assert mapped is not None and mapped.what == what


def test_other_database_errors_keep_their_meaning() -> None:
    # A serialization failure is a real concurrent change (StaleGame, in db.service);
    # a constraint or a bug is not "unavailable" either.
    assert unavailable(OperationalError("UPDATE", {}, PgError("40001"))) is None
    assert unavailable(IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE"))) is None
    bug = sqlite3.OperationalError("no such table: games")
    assert unavailable(OperationalError("SELECT", {}, bug)) is None
    assert unavailable(ConnectionRefusedError()) is not None
