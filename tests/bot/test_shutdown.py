"""SIGTERM and SIGINT stop ``python -m bot`` cleanly: exit code 0, no traceback,
interactions in flight finish before the database is closed, timers and AI
turns (games resumed at start-up) are stopped without an error."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from db import GameService, migrate
from db.session import Database
from tests.fakes.discord_stub import discord_stub
from tests.fakes.offline_gateway import environment
from tests.quick import slow_after

ROOT = Path(__file__).resolve().parents[2]


async def _ai_games(url: str, n: int) -> None:
    """Games with AI seats only, started in the store: the bot's start-up
    resumes them, so AI turns are being played when the signal comes."""
    db = Database(url)
    try:
        store = GameService(db)
        for seed in range(n):
            info = await store.create_game(1, 2, 3, expansions=["gifts", "bets"], seed=seed)
            for i in range(3):
                await store.add_seat(info.id, f"AI {i + 1}", is_ai=True)
            await store.start_game(info.id)
    finally:
        await db.dispose()


# SIGINT takes the same way out as SIGTERM (a service manager's): make test-all.
@pytest.mark.parametrize("sig", slow_after([signal.SIGTERM, signal.SIGINT]))
def test_a_signal_stops_the_bot_cleanly(tmp_path: Path, sig: signal.Signals) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    migrate.upgrade(url)
    asyncio.run(_ai_games(url, 3))
    env = environment(tmp_path, url, TIMER_POLL_SECONDS="0.05")
    with discord_stub() as stub:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.fakes.offline_gateway", stub.base],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "READY"
            time.sleep(0.3)  # AI turns under way, the handler mid-way
            proc.send_signal(sig)
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and " ERROR " not in err, err
    logged = [line.split(": ", 1)[-1] for line in err.splitlines()]
    assert f"{sig.name} received: closing" in logged
    assert logged.index("handler finished") < logged.index("stopped"), err
    assert logged[-1] == "stopped"
