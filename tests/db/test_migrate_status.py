"""Where a schema stands, read without Alembic: the start-up imports Alembic
only when a migration must run (SQLite and PostgreSQL)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from bot.cli.check import findings
from bot.settings import ReadSettings, Settings
from db import Database
from db.migrate import (
    UnknownRevision,
    config,
    downgrade_async,
    head_revisions,
    migration_graph,
    status,
    upgrade_async,
)

ROOT = Path(__file__).resolve().parents[2]


def test_heads_from_the_files_are_alembics_heads() -> None:
    scripts = ScriptDirectory.from_config(config("sqlite:///unused.sqlite3"))
    assert head_revisions() == frozenset(scripts.get_heads())
    assert set(migration_graph()) == {s.revision for s in scripts.walk_revisions()}


async def test_status_of_a_migrated_then_empty_database(db_url: str) -> None:
    found = await status(db_url)
    assert found.at_head and found.pending == 0 and not found.unknown
    assert found.describe().startswith("schema at head")
    await downgrade_async(db_url, "base")
    empty = await status(db_url)
    assert empty.current == frozenset() and not empty.at_head
    assert empty.pending == len(migration_graph())
    assert "no schema yet" in empty.describe()
    before = await upgrade_async(db_url)
    assert before == empty
    assert (await status(db_url)).at_head


async def _set_revision(url: str, revision: str) -> None:
    db = Database(url)
    try:
        async with db.write() as s:
            await s.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    finally:
        await db.dispose()


async def test_a_database_ahead_of_this_version_is_refused(db_url: str) -> None:
    await _set_revision(db_url, "9999_from_the_future")
    found = await status(db_url)
    assert found.unknown == {"9999_from_the_future"}
    with pytest.raises(UnknownRevision, match="9999_from_the_future"):
        await upgrade_async(db_url)
    lines = await findings(ReadSettings(Settings(database_url=db_url), [], [], {}))
    assert [f.level for f in lines if "9999" in f.text] == ["error"]


async def test_check_reports_the_database_and_its_schema(db_url: str) -> None:
    read = ReadSettings(Settings(database_url=db_url), [], [], {})
    lines = [str(f) for f in await findings(read)]
    assert any(line.startswith("ok") and "database reachable" in line for line in lines)
    assert any(line.startswith("ok") and "schema at head" in line for line in lines)
    await downgrade_async(db_url, "base")
    lines = [str(f) for f in await findings(read)]
    assert any(line.startswith("note") and "no schema yet" in line for line in lines)


def _imports_alembic_at_start(url: str) -> bool:
    code = (
        "import asyncio, sys\n"
        "from db import migrate\n"
        f"asyncio.run(migrate.upgrade_async({url!r}))\n"
        "print('alembic' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return out.stdout.strip() == "True"


def test_alembic_is_imported_only_when_a_migration_runs(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'fresh.sqlite3'}"
    assert _imports_alembic_at_start(url) is True  # creates the schema
    assert _imports_alembic_at_start(url) is False  # at head: one query


@pytest.mark.postgres
async def test_check_names_a_missing_postgres_database(pg_server) -> None:  # type: ignore[no-untyped-def]
    url = pg_server.url("no_such_database")
    lines = await findings(ReadSettings(Settings(database_url=url), [], [], {}))
    errors = [str(f) for f in lines if f.level == "error"]
    assert len(errors) == 1
    assert errors[0] == (
        f'error    DATABASE_URL ({url}): database "no_such_database" does not exist: '
        "create it (docs/deploy.md, PostgreSQL)"
    )
