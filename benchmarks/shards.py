"""Shards benchmark: `python -m benchmarks.shards` prints actions per second
with one bot process holding both gateway shards, then with two processes
holding one each, over one throwaway PostgreSQL, on the end-to-end harness
(tests/e2e: the real bot processes against the loopback Discord).

The load: games played at once in a server of each shard (two players
pressing the bot's components and an AI seat each), Discord's rate-limit
windows shortened to 1/10 (as in the harness's restart tests). Each line
also gives the CPU seconds of each bot process and of the harness (the fake
Discord and the players share the machine with the bots: on a small machine
they bound the figure). Without PostgreSQL the test is skipped and says why.

    python -m benchmarks.shards [games per server] [rounds]
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/e2e/test_shards.py::test_actions_per_second_with_one_and_two_processes"


def main(games: int = 3, rounds: int = 2) -> None:
    env = dict(os.environ, E2E_BENCH_GAMES=str(games), E2E_BENCH_ROUNDS=str(rounds))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", TEST, "-q", "-s", "-p", "no:randomly", "-rs"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("shards:")]
    skipped = [line for line in done.stdout.splitlines() if "SKIPPED" in line]
    for line in lines or skipped:
        print(line.removeprefix("shards: "))
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-2000:], sep="\n")
        raise SystemExit(done.returncode)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
