"""Whose code a game's time runs in: `python -m benchmarks.shares [--games N] [--top K]`.

Issue #35 asks that 4 players with gifts, bets and christmas take at most
twice the base game's time. This splits that game's time by whose code runs:
random full games (the workload of benchmarks.engine's random rows) are
sampled on the process's CPU-time timer, and each sample goes to

* an expansion, when a frame of ``engine/expansions/<name>/`` is on the
  stack (its own work and what it calls in the core; the innermost such
  frame names it);
* the core, when only the engine's other modules are (the turn, the board,
  listings, parsing and the step machinery that serves expansions too);
* the harness: the benchmark's own loop (choosing an action at random).

Then the core's and the harness's share times this game's time over the
base game's is what the game would cost were every expansion's own code
free: the floor the expansions' code alone cannot go under. Samples are
taken every few milliseconds (the kernel's timer grain), so a row needs
thousands of them: about 20 seconds a row. Unix only (SIGPROF).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections import Counter
from types import FrameType

import engine
from benchmarks.engine import GIFTS_BETS_XMAS, random_game

PLAYERS = 4
SEEDS = range(8)
GAMES = 1600  # sampled games a row: ~2,500 samples at the usual 4 ms timer
ENGINE_DIR = os.path.dirname(engine.__file__) + os.sep  # the engine this run imports
EXPANSION_DIR = os.path.join(ENGINE_DIR, "expansions") + os.sep


def owner(frame: FrameType | None) -> tuple[str, str | None]:
    """Whose code a sample is in, and the innermost engine function when it is the core's."""
    inner: str | None = None
    while frame is not None:
        path = frame.f_code.co_filename
        if path.startswith(EXPANSION_DIR):
            return path[len(EXPANSION_DIR) :].split(os.sep, 1)[0], None
        if path.startswith(ENGINE_DIR) and inner is None:
            module = path[len(ENGINE_DIR) :].removesuffix(".py").replace(os.sep, ".")
            inner = f"{module}.{frame.f_code.co_name}"
        frame = frame.f_back
    return ("core", inner) if inner is not None else ("harness", None)


def sample(expansions: tuple[str, ...], games: int) -> tuple[Counter[str], Counter[str]]:
    """Samples by owner, and the core's by innermost function."""
    owners: Counter[str] = Counter()
    core: Counter[str] = Counter()

    def tick(_signum: int, frame: FrameType | None) -> None:
        who, where = owner(frame)
        owners[who] += 1
        if where is not None:
            core[where] += 1

    for seed in SEEDS:  # per-process tables built first, as the engine benchmark does
        random_game(seed, PLAYERS, expansions)
    previous = signal.signal(signal.SIGPROF, tick)
    signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
    try:
        for n in range(games):
            random_game(SEEDS[n % len(SEEDS)], PLAYERS, expansions)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, previous)
    return owners, core


def per_game(expansions: tuple[str, ...], rounds: int = 5) -> float:
    """CPU seconds a game, the fastest of ``rounds`` passes over the seeds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for seed in SEEDS:
            random_game(seed, PLAYERS, expansions)
        best = min(best, (time.process_time() - start) / len(SEEDS))
    return best


def report(expansions: tuple[str, ...], games: int, top: int) -> None:
    owners, core = sample(expansions, games)
    total = sum(owners.values())
    label = "+".join(expansions) or "base"
    print(f"  random full game, {PLAYERS} players, {label}: {total} samples", flush=True)
    for who, n in owners.most_common():
        print(f"    {who:12} {n / total:6.1%}")
    if expansions:
        # Interleaved passes, so a drift of the machine's speed weighs on both.
        base, mine = [], []
        for _ in range(3):
            base.append(per_game(()))
            mine.append(per_game(expansions))
        ratio = min(mine) / min(base)
        free = (owners["core"] + owners["harness"]) / total * ratio
        print(
            f"    this game over the base game: {ratio:.2f}; with every expansion's own"
            f" code free: {free:.2f}"
        )
    if top:
        print(f"    the core's samples by innermost function (top {top}):")
        for where, n in core.most_common(top):
            print(f"      {n / total:6.1%}  {where}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.shares")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games a row (default {GAMES})")
    parser.add_argument("--top", type=int, default=12, help="core functions to list (default 12)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not hasattr(signal, "setitimer"):
        print("shares: needs the SIGPROF timer (Unix); skipped")
        return
    print(f"whose code the time runs in (CPU-time samples, python {sys.version.split()[0]})")
    report(GIFTS_BETS_XMAS, args.games, args.top)


if __name__ == "__main__":
    main()
