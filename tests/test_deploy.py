"""The shipped systemd units agree with the bot: the command, the exit code of
a set-up problem (not restarted), and a stop timeout longer than the drain of
interactions in flight."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli import EXIT_SETUP
from bot.shutdown import DRAIN_SECONDS, UNWIND_SECONDS

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "docs" / "deploy.md"
UNITS = sorted((ROOT / "deploy").glob("*.service"))


def service(path: Path, part: str = "Service") -> dict[str, list[str]]:
    """The settings of a section; a key may repeat (EnvironmentFile=), so no configparser."""
    values: dict[str, list[str]] = {}
    section = None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if section == part:
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


def test_units_are_shipped() -> None:
    assert {u.name for u in UNITS} == {"carcassonne.service", "carcassonne@.service"}


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_unit_matches_the_bot(unit: Path) -> None:
    s = service(unit)
    assert s["ExecStart"] == ["/opt/carcassonne/.venv/bin/python -m bot run"]
    assert s["RestartPreventExitStatus"] == [str(EXIT_SETUP)]
    assert s["Restart"] == ["on-failure"]
    assert s["KillSignal"] == ["SIGTERM"]
    assert float(s["TimeoutStopSec"][0]) > DRAIN_SECONDS + UNWIND_SECONDS
    assert "/etc/carcassonne/carcassonne.env" in s["EnvironmentFile"]
    assert s["WorkingDirectory"][0].startswith("/var/lib/carcassonne")
    assert s["User"] == ["carcassonne"]


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_a_local_postgresql_starts_first(unit: Path) -> None:
    # Issue 34: after a reboot the bot met a PostgreSQL not started yet (the bot
    # also waits for one itself: tests/e2e/test_outages.py).
    s = service(unit, "Unit")
    for key in ("Wants", "After"):
        assert "postgresql.service" in " ".join(s[key]).split(), key
    assert "network-online.target" in " ".join(s["After"]).split()


def test_deploy_md_shows_this_version_s_schema_head() -> None:
    # Issue 34: deploy.md showed a schema head two migrations old.
    from db.migrate import head_revisions, migration_graph

    head = ", ".join(sorted(head_revisions()))
    text = DEPLOY.read_text(encoding="utf-8")
    shown = re.findall(r"schema at head \(([^)]+)\)", text)
    assert shown and set(shown) == {head}, "update docs/deploy.md's `bot check` example"
    migrated = re.findall(r"migrating the schema from (\w+) to (\w+)", text)
    assert migrated and all(to == head and was in migration_graph()[to] for was, to in migrated), (
        "update docs/deploy.md's migration example to the newest migration"
    )


@pytest.mark.parametrize(
    "name",
    ["carcassonne.sqlite3", "carcassonne.sqlite3-wal", "carcassonne.sqlite3-shm",
     "carcassonne.sqlite3.lock", "carcassonne.sqlite3.before-restore-20261120-041500",
     "backups/2026-11-20.sqlite3", ".env", "demo-output/record.json"],
)  # fmt: skip
def test_what_the_bot_writes_is_ignored_by_git(name: str) -> None:
    # Issue 34: SQLite's WAL and shared-memory files showed up in `git status`.
    import shutil
    import subprocess

    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", "-q", name], cwd=ROOT, check=False, timeout=30
    )
    assert done.returncode == 0, f"{name} is not in .gitignore"
