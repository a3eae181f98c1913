"""Outages that pass by themselves are waited out by ``python -m bot run``
(a line in the log at each attempt, longer waits between them, serving once
back, never exiting); set-up problems stay final (exit code 2, which the
systemd units do not restart). The database's side with a real PostgreSQL
that starts late is tests/e2e/test_outages.py."""

from __future__ import annotations

import asyncio
import itertools
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli.problems import database_outage, database_problem, discord_outage
from bot.cli.run import BACKOFF, Stopped, patiently
from db import migrate
from tests.fakes.discord_stub import discord_stub
from tests.fakes.offline_gateway import environment
from tests.pgserver import _free_port

ROOT = Path(__file__).resolve().parents[3]
PG = "postgresql+asyncpg://carc:secret@127.0.0.1:5432/carcassonne"


def _bot(tmp_path: Path, base: str) -> subprocess.Popen[str]:
    """``python -m bot run`` with Discord's REST API at ``base``
    (tests/fakes/offline_gateway.py: the gateway connection is left out)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    migrate.upgrade(url)
    return subprocess.Popen(
        [sys.executable, "-m", "tests.fakes.offline_gateway", base],
        cwd=tmp_path,
        env=environment(tmp_path, url),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _log_until(proc: subprocess.Popen[str], text: str, timeout: float = 60) -> str:
    """The bot's log up to the first line holding ``text``: a loaded machine
    may take seconds to start the bot, so a test waits for the log, not a clock."""
    assert proc.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stderr, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if not sel.select(timeout=deadline - time.monotonic()):
                break
            line = proc.stderr.readline()
            if not line:
                break
            seen.append(line)
            if text in line:
                return "".join(seen)
    raise AssertionError(f"no {text!r} in the log within {timeout} s:\n{''.join(seen)}")


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return err


@pytest.mark.slow  # back-off waits of 1 + 2 s in a bot process
def test_discord_out_of_reach_at_start_up_is_waited_out(tmp_path: Path) -> None:
    port = _free_port()
    proc = _bot(tmp_path, f"http://127.0.0.1:{port}/api/v10")  # nothing listens there yet
    try:
        time.sleep(4.0)  # two or three attempts, 1 s then 2 s apart
        assert proc.poll() is None, "the bot gave up"
        with discord_stub(port=port) as stub:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "READY"
            assert ("GET", "/gateway/bot") in stub.requests
            err = _stop(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    logged = [line.split(": ", 1)[-1] for line in err.splitlines()]
    waits = [line for line in logged if "cannot reach discord.com" in line]
    assert len(waits) >= 2, err
    assert waits[0].startswith("Discord: cannot reach discord.com: ")
    assert waits[0].endswith("; trying again in 1 s (attempt 1)")
    assert waits[1].endswith("; trying again in 2 s (attempt 2)")
    assert f"discord: back after {len(waits)} failed attempts" in logged


def test_sigterm_while_waiting_stops_at_once(tmp_path: Path) -> None:
    proc = _bot(tmp_path, f"http://127.0.0.1:{_free_port()}/api/v10")
    try:
        err = _log_until(proc, "cannot reach discord.com")  # waiting, signal handler set
        started = time.monotonic()
        err += _stop(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert time.monotonic() - started < 15
    assert "SIGTERM received: closing" in err


def test_a_refused_token_is_final_even_while_waiting() -> None:
    async def ask() -> None:
        import discord

        from bot.cli.run import reach_discord

        with discord_stub() as stub:
            old = discord.http.Route.BASE
            discord.http.Route.BASE = stub.base
            try:
                await patiently(
                    lambda: reach_discord("wrong.token"), discord_outage, asyncio.Event(), "discord"
                )
            finally:
                discord.http.Route.BASE = old

    import discord

    with pytest.raises(discord.LoginFailure):
        asyncio.run(ask())


# --- which failures pass -------------------------------------------------------------------


class _PgError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"sqlstate {sqlstate}")
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("error", "passes"),
    [
        (ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 5432)"), True),
        (OSError("Multiple exceptions: [Errno 111] Connect call failed"), True),
        (TimeoutError(), True),
        (_PgError("57P03"), True),  # the database system is starting up
        (_PgError("57P01"), True),  # terminating connection due to administrator command
        (_PgError("53300"), True),  # too many connections
        (_PgError("08006"), True),  # connection failure
        (_PgError("28P01"), False),  # wrong password
        (_PgError("3D000"), False),  # no such database
        (ValueError("a bug"), False),
    ],
)
def test_which_database_failures_pass(error: BaseException, passes: bool) -> None:
    assert (database_outage(error, PG) is not None) == passes
    assert database_outage(error, "sqlite+aiosqlite:///bot.sqlite3") is None  # SQLite: final


def test_a_refused_password_says_so_and_shows_none_of_it() -> None:
    text = database_problem(_PgError("28P01"), PG)
    assert text is not None and "secret" not in text
    assert text.startswith("DATABASE_URL (postgresql+asyncpg://carc:***@127.0.0.1:5432/")
    assert text.endswith(
        ": sqlstate 28P01: check the user name and password (a "
        "percent-encoded password is decoded first: %40 is @)"
    )


def test_patiently_backs_off_and_stops_when_asked(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> list[float]:
        stopping = asyncio.Event()
        calls: list[float] = []

        async def attempt() -> None:
            calls.append(asyncio.get_running_loop().time())
            if len(calls) == 3:
                stopping.set()
            raise ConnectionRefusedError(111, "refused")

        with pytest.raises(Stopped):
            await patiently(attempt, lambda exc: f"down: {exc}", stopping, "database")
        return calls

    calls = asyncio.run(go())
    assert len(calls) == 3
    gaps = [b - a for a, b in itertools.pairwise(calls)]
    assert gaps[0] == pytest.approx(BACKOFF[0], abs=0.5)
    assert gaps[1] == pytest.approx(BACKOFF[1], abs=0.5)
    waits = [r.getMessage() for r in caplog.records if "trying again" in r.getMessage()]
    assert waits[0] == "down: [Errno 111] refused; trying again in 1 s (attempt 1)"
