"""Copies of a game: `python -m benchmarks.fork [--rounds N]`.

Issue 31: `Game.fork()` costs at most a quarter of replaying the game's record,
at 50 % and 85 % of the bag, base game and all expansions. Games are played by
AI seats (engine.ai.play_out, fixed seeds) and cut where that share of the bag
has been drawn; per cut, medians over the rounds of:

* replay: `engine.replay(record)`, the one way to copy a game before forks;
* fork: `game.fork()` of a game that has forked before (it keeps a checkpoint
  at every turn start), the ratio fork / replay against the target;
* first fork: the first `fork()` of a game just replayed (it re-executes the
  record once to make the checkpoint of the current turn);
* determinized: `game.determinized(seat, rng)` (a fork and the redraw).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine import Game, replay
from engine.ai import play_out

TARGET = 0.25
CUTS = (0.5, 0.85)
CONFIGS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("base, 2 players", (), 2),
    ("base, 4 players", (), 4),
    ("all expansions, 2 players", ("gifts", "bets", "christmas"), 2),
    ("all expansions, 4 players", ("gifts", "bets", "christmas"), 4),
)
SEEDS = range(3)


def cut(seed: int, expansions: tuple[str, ...], players: int, share: float) -> dict[str, Any]:
    """The record of an AI game up to the first decision after ``share`` of the
    bag was drawn."""
    game = play_out(Game([f"P{i}" for i in range(players)], expansions, seed))
    record = game.record()
    probe = Game(record["players"], expansions, seed)
    total = len(probe.bag) + 1
    for n, action in enumerate(record["actions"]):
        if 1 - len(probe.bag) / total >= share:
            return {**record, "actions": record["actions"][:n]}
        probe.apply(action)
    return record


def _median_time(fn: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def measure(record: dict[str, Any], rounds: int) -> dict[str, float]:
    game = replay(record)
    game.fork()  # from now on it keeps a checkpoint at every turn start
    seat = game.pending.players[0] if game.pending else 0
    rng = random.Random(0)
    firsts = []
    for _ in range(rounds):
        fresh = replay(record)
        start = time.process_time()
        fresh.fork()
        firsts.append(time.process_time() - start)
    return {
        "replay": _median_time(lambda: replay(record), rounds),
        "fork": _median_time(game.fork, rounds),
        "first": statistics.median(firsts),
        "determinized": _median_time(lambda: game.determinized(seat, rng), rounds),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fork")
    parser.add_argument("--rounds", type=int, default=15, help="timings per figure (median)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    print(
        f"fork benchmark (CPU time, medians of {args.rounds}; {len(SEEDS)} AI games per line; "
        f"target fork <= {TARGET:.2f} x replay)"
    )
    print(
        f"  {'':28} {'bag':>4} {'replay':>9} {'fork':>9} {'ratio':>6} "
        f"{'first fork':>10} {'determ.':>9}"
    )
    worst = 0.0
    for label, expansions, players in CONFIGS:
        for share in CUTS:
            rows = [measure(cut(s, expansions, players, share), args.rounds) for s in SEEDS]
            med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
            ratio = max(r["fork"] / r["replay"] for r in rows)
            worst = max(worst, ratio)
            ms = {k: v * 1e3 for k, v in med.items()}
            print(
                f"  {label:28} {share:4.0%} {ms['replay']:6.2f} ms {ms['fork']:6.3f} ms "
                f"{ratio:6.2f} {ms['first']:7.2f} ms {ms['determinized']:6.3f} ms",
                flush=True,
            )
    verdict = "ok" if worst <= TARGET else "MISSED"
    print(f"  worst fork / replay {worst:.2f} (of any game), target <= {TARGET:.2f}: {verdict}")


if __name__ == "__main__":
    main()
