"""``restore`` refuses a store the bot could not use — no tables, no
``actions`` table, an action that is not JSON, two schema-version rows, a log
shorter than its game, a game that does not replay — naming what is wrong and
leaving the live database exactly as it was (#27 item 5, db.backup)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from db import migrate
from db.backup import BackupError, backup_sqlite, restore_sqlite
from tests.bot.cli.test_cli import _play


def _sql(*statements: str) -> Callable[[sqlite3.Connection], None]:
    def run(c: sqlite3.Connection) -> None:
        for s in statements:
            c.execute(s)

    return run


BROKEN = {
    "no tables": (
        _sql("DROP TABLE actions", "DROP TABLE seats", "DROP TABLE timers", "DROP TABLE games"),
        "table is missing",
    ),
    "no actions table": (_sql("DROP TABLE actions"), "'actions' table is missing"),
    "an action that is not JSON": (
        _sql("UPDATE actions SET action = 'not json {' WHERE \"index\" = 1"),
        "action 1 of game #1 is not JSON",
    ),
    "an action that is a JSON list": (
        _sql("UPDATE actions SET action = '[1, 2]' WHERE \"index\" = 0"),
        "is not JSON",
    ),
    "two schema-version rows": (
        _sql("INSERT INTO alembic_version VALUES ('0001')"),
        "2 schema revisions",
    ),
    "a short log": (_sql('DELETE FROM actions WHERE "index" = 2'), "do not match"),
    "a game that does not replay": (
        _sql("UPDATE actions SET action = json_set(action, '$.x', 77) WHERE \"index\" = 2"),
        "game #1 cannot be loaded",
    ),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_restore_refuses_a_broken_store(tmp_path: Path, case: str) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    asyncio.run(_play(url, 3))
    backup = tmp_path / "backup.sqlite3"
    backup_sqlite(url, backup)
    break_it, words = BROKEN[case]
    with sqlite3.connect(backup) as c:
        break_it(c)
    c.close()
    damaged = backup.read_bytes()
    live = (tmp_path / "live.sqlite3").read_bytes()
    with pytest.raises(BackupError, match=words):
        restore_sqlite(url, backup)
    assert (tmp_path / "live.sqlite3").read_bytes() == live
    assert backup.read_bytes() == damaged  # the file given is not touched either
    assert not list(tmp_path.glob("*.before-restore-*"))


def test_a_sound_backup_still_restores(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    asyncio.run(_play(url, 3))
    backup = tmp_path / "backup.sqlite3"
    backup_sqlite(url, backup)
    snap, kept = restore_sqlite(url, backup)
    assert snap.games == 1 and kept is not None
