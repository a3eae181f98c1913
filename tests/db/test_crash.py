"""Crash safety: a process killed (SIGKILL) while it applies actions leaves the
game before or after a whole action: the log replays and version == its length."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from db import Database, GameService
from engine.record import replay
from tests.db.play import new_table

ROOT = Path(__file__).resolve().parents[2]


def _run_and_kill(url: str, game_id: int, seed: int, users: list[str], wait_lines: int,
                  extra_delay: float) -> list[str]:  # fmt: skip
    """Start the worker, let it apply ``wait_lines`` actions, then kill it at
    an arbitrary moment of the next ones; return what it reported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.db.crash_worker", url, str(game_id), str(seed), *users],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines = []
    assert proc.stdout is not None
    try:
        while len(lines) < wait_lines:
            line = proc.stdout.readline()
            if not line:
                raise AssertionError(f"worker stopped early: {proc.stderr.read()[-2000:]}")  # type: ignore[union-attr]
            lines.append(line.strip())
            if line.strip() == "done":
                return lines
        time.sleep(extra_delay)
    finally:  # SIGKILL: no cleanup, no rollback by the dying process itself
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.stdout is not None and proc.stderr is not None
        # What it printed before it died: every action it saw committed.
        lines += [x.strip() for x in proc.stdout.read().splitlines() if x.strip()]
        proc.stdout.close()
        proc.stderr.close()
    return lines


@pytest.mark.slow_on_postgres
async def test_sigkill_mid_stream_leaves_whole_actions(service: GameService, db_url: str) -> None:
    table = await new_table(service, ("human", "ai", "human"), seed=31)
    users = ["ai" if u is None else str(u) for u in table.users.values()]
    rng = random.Random(9)
    seen = 0
    for round_ in range(4):
        reported = _run_and_kill(
            db_url, table.game_id, round_, users, wait_lines=3, extra_delay=rng.uniform(0, 0.05)
        )
        # Reload in a process that never saw the game (cold cache): full replay.
        fresh = GameService(Database(db_url))
        try:
            record = await fresh.export_record(table.game_id)
            info = await fresh.game_info(table.game_id)
            loaded = await fresh.load_game(table.game_id)
        finally:
            await fresh.db.dispose()
        assert info.version == len(record["actions"]) == len(loaded.game.actions)
        assert replay(record).record() == record
        # Every action the worker reported as applied is stored; none beyond
        # the one in flight when it died.
        applied = [int(x) for x in reported if x != "done"]
        assert applied == list(range(seen, seen + len(applied)))
        assert seen + len(applied) <= info.version <= seen + len(applied) + 1
        seen = info.version
        if "done" in reported:
            break
    assert seen >= 12
    # The service that was open all along catches up and plays on.
    game = (await service.load_game(table.game_id)).game
    assert len(game.actions) == seen
