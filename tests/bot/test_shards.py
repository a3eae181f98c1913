"""Shards: SHARD_COUNT and SHARD_IDS read like every setting (one line per
problem), which guilds a process owns, and one bot process per SQLite file
(a lock the kernel drops whatever way the process ends)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.lock import Busy, holding, lock_path
from bot.settings import VARIABLES, read_settings
from bot.shards import Shards
from db.timers import shard_of
from tests.fakes.discord_stub import GOOD_TOKEN

ROOT = Path(__file__).resolve().parents[2]
PG = "postgresql://bot@localhost/carcassonne"


def read(**environ: str) -> tuple[list[str], Shards]:
    found = read_settings(None, environ)
    return found.problems, Shards.of(found.settings)


@pytest.mark.parametrize(
    ("ids", "expected"),
    [("0,1", (0, 1)), ("0-3", (0, 1, 2, 3)), (" 5, 0-2 ,2 ", (0, 1, 2, 5)), ("7", (7,))],
)
def test_shard_ids_are_lists_and_ranges(ids: str, expected: tuple[int, ...]) -> None:
    problems, shards = read(SHARD_COUNT="8", SHARD_IDS=ids, DATABASE_URL=PG)
    assert problems == [] and shards == Shards(8, expected)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        (
            {"SHARD_COUNT": "0"},
            "SHARD_COUNT='0' (environment): not a whole number from 1 to 65536; use the "
            "number of gateway shards, 1 to 65536 (empty: Discord's recommendation)",
        ),
        (
            {"SHARD_IDS": "0-x", "SHARD_COUNT": "2"},
            "SHARD_IDS='0-x' (environment): not a list of shard ids; use this process's "
            "shards, e.g. 0,1 or 0-3 (empty: all of them)",
        ),
        (
            {"SHARD_IDS": "3-1", "SHARD_COUNT": "4"},
            "SHARD_IDS='3-1' (environment): the range 3-1 is backwards; use this process's "
            "shards, e.g. 0,1 or 0-3 (empty: all of them)",
        ),
        (
            {"SHARD_IDS": "0,1"},
            "SHARD_IDS='0,1' (environment): needs SHARD_COUNT, the number of shards of all "
            "processes together",
        ),
        (
            {"SHARD_IDS": "2", "SHARD_COUNT": "2", "DATABASE_URL": PG},
            "SHARD_IDS='2' (environment): shard 2 does not exist: SHARD_COUNT=2 means shards 0-1",
        ),
        (
            {"SHARD_IDS": "1", "SHARD_COUNT": "2"},
            "SHARD_IDS='1' (environment): the other shard needs another bot process, which "
            "needs PostgreSQL (SQLite serves one process); use DATABASE_URL=postgresql://... or "
            "leave SHARD_IDS empty",
        ),
    ],
)
def test_each_bad_shard_setting_is_one_line(environ: dict[str, str], expected: str) -> None:
    problems, _ = read(**environ)
    assert problems == [expected]


def test_one_process_holds_every_shard_unless_told_otherwise() -> None:
    assert read()[1] == Shards() and Shards().everything
    problems, shards = read(SHARD_COUNT="4")  # SQLite is fine: one process, all four
    assert problems == [] and shards.everything and shards.owns(123 << 22)
    problems, shards = read(SHARD_COUNT="2", SHARD_IDS="0-1")
    assert problems == [] and shards.everything
    assert {v.name for v in VARIABLES} >= {"SHARD_COUNT", "SHARD_IDS"}


def test_a_process_owns_the_guilds_of_its_shards() -> None:
    shards = Shards(4, (1, 3))
    guilds = [(n << 22) | 77 for n in range(8)]  # Discord: (guild_id >> 22) % count
    assert [shard_of(g, 4) for g in guilds] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [shards.owns(g) for g in guilds] == [False, True, False, True] * 2
    assert [shards.elsewhere(g) for g in guilds[:4]] == [0, None, 2, None]
    assert shards.claims == (4, (1, 3)) and Shards(4).claims is None
    assert shards.holds(3) and not shards.holds(0)
    assert shards.describe() == "shards 1,3 of 4"


def test_one_bot_per_sqlite_file(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    assert lock_path(PG) is None and lock_path("sqlite+aiosqlite:///:memory:") is None
    with holding(url) as path:
        assert path == tmp_path / "bot.sqlite3.lock"
        busy = pytest.raises(Busy, match=f"process {os.getpid()} is using the SQLite database")
        with busy, holding(url):
            pass
    with holding(url):  # released with its holder
        pass


def test_a_killed_bot_leaves_no_stale_lock(tmp_path: Path) -> None:
    """SIGKILL: no code of the process runs, the kernel drops its lock."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\nfrom bot.cli.lock import holding\n"
         f"with holding({url!r}):\n    print('held', flush=True)\n    time.sleep(60)\n"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(Busy, match=f"process {holder.pid} "), holding(url):
            pass
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with holding(url):
        pass


def test_a_second_bot_on_one_sqlite_file_is_refused_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    env = {k: v for k, v in os.environ.items() if k not in {v.name for v in VARIABLES}}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN=GOOD_TOKEN, DATABASE_URL=url)
    with holding(url):
        done = subprocess.run(
            [sys.executable, "-m", "bot", "run"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: process {os.getpid()} is using")
    assert "SQLite serves one bot process" in lines[0] and "PostgreSQL" in lines[0]


def test_check_names_the_shards_and_a_bot_running_on_the_sqlite_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli.check import check
    from db import migrate

    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    migrate.upgrade(url)
    environ = {"DATABASE_URL": url, "SHARD_COUNT": "2"}
    with holding(url):
        assert check(offline=True, env_file=None, environ=environ) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "ok       gateway: this process holds all 2 shards" in lines
    assert any(
        line.startswith(f"note     process {os.getpid()} is using the SQLite database")
        and line.endswith(": a bot runs on it")
        for line in lines
    )
