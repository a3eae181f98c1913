"""AI arena and honesty check: `python -m benchmarks.ai [options]` (opt-in: the
default `python -m benchmarks` run skips it; the full run takes hours).

Arena (issue 31): each line plays one level (the *tested* one) against
another, with fixed game seeds and fixed AI seeds, every seat rotated (game
``i`` puts the tested level in seat ``i % players``, so each seed is played
once from every seat: the first player wins more often). A win shared with
others counts 1 / (winners), ½ for two. Each line prints the tested level's
win rate with its Wilson 95 % interval, the target and its verdict, and the
CPU time per own turn (all of a seat's decisions in one game turn) of both
sides: mean, 95th percentile, maximum. ``reference`` is today's AI, frozen.
The AI seats are stored with each game (``Game(..., ai=...)``).

Honesty: at every decision of the tested seat with a real choice, the level
decides; then everything hidden from that seat is drawn again
(``Game.determinized``) and a fresh policy with the same seed asked again.
A changed decision would mean it used something its seat cannot see.

Memory: the peak of Python allocations (tracemalloc) while a hard search
runs, over positions of several games.

The games of a line run on ``--jobs`` processes (default 2); the run ends with
its wall time. ``--results FILE`` appends every finished game (and honesty
game) to FILE as a JSON line: a run cut short keeps what it played, a second
run with the same file plays only the games still missing, and ``--report``
prints the lines from the file alone (any runs added up) without playing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
import tracemalloc
from collections import defaultdict
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from engine import Game
from engine.ai import policy
from engine.expansions import known_expansions
from engine.fork import release
from engine.seat import AiSeat, SeatView

OPT_IN = True  # not part of `python -m benchmarks`
ALL = ("gifts", "bets", "christmas")  # the line with expansions
EVERY = tuple(known_expansions())  # honesty, memory, and a line without target


@dataclass(frozen=True)
class Line:
    name: str
    tested: str
    opponent: str
    expansions: tuple[str, ...]
    players: int
    games: int
    target: float | None = None  # the win rate to reach
    lower: float | None = None  # the interval's lower bound to reach
    null: bool = False  # a level against itself: the interval must contain 0.5

    @property
    def label(self) -> str:
        where = "+".join(self.expansions) or "base"
        them = self.opponent if self.players == 2 else f"{self.players - 1} x {self.opponent}"
        return f"{self.tested} vs {them}, {where}"


LINES: tuple[Line, ...] = (
    Line("hard-ref", "hard", "reference", (), 2, 200, 0.75, 0.68),
    Line("hard-ref-all", "hard", "reference", ALL, 2, 200, 0.70, 0.63),
    Line("hard-ref-every", "hard", "reference", EVERY, 2, 100),
    Line("hard-3ref", "hard", "reference", (), 4, 200, 0.40),
    Line("hard-easy", "hard", "easy", (), 2, 100, 0.90),
    Line("normal-ref", "normal", "reference", (), 2, 400, 0.50),
    Line("normal-easy", "normal", "easy", (), 2, 400, 0.65),
    Line("easy-easy", "easy", "easy", (), 2, 400, null=True),
    Line("normal-normal", "normal", "normal", (), 2, 400, null=True),
)
HONESTY = {"easy": 5000, "normal": 5000, "hard": 500}  # decisions with a choice


def _seed(*parts: object) -> int:
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:7], "big")


def seats(line: Line, index: int) -> tuple[int, list[str]]:
    """The tested seat of game ``index`` and every seat's level."""
    seat = index % line.players
    levels = [line.opponent] * line.players
    levels[seat] = line.tested
    return seat, levels


def play(job: tuple[Line, int]) -> dict[str, Any]:
    """One game of a line: the tested level's share of the win and the CPU
    seconds of each seat per game turn."""
    line, index = job
    seat, levels = seats(line, index)
    ai = {p: AiSeat(level, _seed(line.name, index, p)) for p, level in enumerate(levels)}
    game = Game(
        [f"{levels[p]} {p}" for p in range(line.players)],
        line.expansions,
        _seed(line.name, index // line.players),
        ai=ai,
    )
    policies = [policy(a.level, a.seed) for a in ai.values()]
    turns: dict[tuple[int, int], float] = defaultdict(float)
    while game.pending is not None:
        p = game.pending.players[0]
        number = game.turn.number if game.turn is not None else 0
        start = time.process_time()
        action = policies[p].choose(SeatView(game, p))
        turns[(p, number)] += time.process_time() - start
        game.apply(action)
    winners = game.winners()
    return {
        "line": line.name,
        "index": index,
        "share": 1 / len(winners) if seat in winners else 0.0,
        "tested": [t for (p, _), t in turns.items() if p == seat],
        "other": [t for (p, _), t in turns.items() if p != seat],
    }


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def verdict(line: Line, rate: float, low: float, high: float) -> str:
    if line.null:
        return "contains 0.5: " + ("ok" if low <= 0.5 <= high else "MISSED")
    if line.target is None:
        return ""
    ok = rate >= line.target and (line.lower is None or low >= line.lower)
    need = f">= {line.target:.2f}" + (f", low >= {line.lower:.2f}" if line.lower else "")
    return f"{need}: {'ok' if ok else 'MISSED'}"


def _cpu(times: list[float]) -> str:
    if not times:
        return "-"
    p95 = statistics.quantiles(times, n=100, method="inclusive")[94] if len(times) > 1 else times[0]
    return f"{statistics.fmean(times) * 1e3:.0f}/{p95 * 1e3:.0f}/{max(times) * 1e3:.0f} ms"


class Store:
    """Finished games as JSON lines (``--results``): kept when a run is cut
    short, added up across runs."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.rows: list[dict[str, Any]] = []
        if path is not None and path.exists():
            self.rows = [json.loads(line) for line in path.read_text().splitlines() if line]

    def games(self, line: Line) -> dict[int, dict[str, Any]]:
        return {r["index"]: r for r in self.rows if r.get("line") == line.name}

    def add(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        if self.path is not None:
            with self.path.open("a") as out:
                out.write(json.dumps(row) + "\n")


def report(line: Line, results: list[dict[str, Any]], seconds: float | None) -> None:
    games = len(results)
    if not games:
        print(f"  {line.label:34} no games", flush=True)
        return
    rate = sum(r["share"] for r in results) / games
    low, high = wilson(rate, games)
    tested = [t for r in results for t in r["tested"]]
    other = [t for r in results for t in r["other"]]
    took = f"  ({seconds:.0f} s)" if seconds is not None else ""
    print(
        f"  {line.label:34} {games:4} games  {rate:.3f} [{low:.2f}-{high:.2f}]  "
        f"{verdict(line, rate, low, high):28} cpu {_cpu(tested)} | {_cpu(other)}{took}",
        flush=True,
    )


def arena(lines: list[Line], scale: float, pool: Any, store: Store, first: int = 0) -> None:
    print("arena: win rate of the first level named (shared wins 1/winners), Wilson 95 %;")
    print("CPU per own turn mean/p95/max, tested level then its opponents")
    for line in lines:
        games = max(line.players, round(line.games * scale))
        start = time.time()
        done = store.games(line)
        jobs = [(line, i) for i in range(first, first + games) if i not in done]
        for row in pool.imap_unordered(play, jobs):
            store.add(row)
        done = store.games(line)
        report(line, [done[i] for i in range(first, first + games)], time.time() - start)


def honest_game(job: tuple[str, int, int]) -> tuple[int, int, list[str]]:
    """(decisions with a choice, changed ones, examples) of one game in which
    the tested level plays seat 0 and reference the others (what is checked is
    seat 0's decisions; reference opponents cost the least)."""
    level, index, want = job
    players = 2 + index % 2
    others = "reference"
    seed = _seed("honesty", level, index)
    levels = [level] + [others] * (players - 1)
    game = Game([f"P{p}" for p in range(players)], EVERY, seed)
    policies = [policy(lv, _seed(seed, p)) for p, lv in enumerate(levels)]
    decisions = changed = 0
    examples: list[str] = []
    while game.pending is not None and decisions < want:
        p = game.pending.players[0]
        action = policies[p].choose(SeatView(game, p))
        if p == 0 and len(game.legal_actions(0)) > 1:
            redrawn = game.determinized(0, random.Random(_seed(seed, "redraw", len(game.actions))))
            again = policy(level, _seed(seed, 0)).choose(SeatView(redrawn, 0))
            release(redrawn)  # freed at once, as the levels free their copies
            decisions += 1
            if again != action:
                changed += 1
                examples.append(f"{game.pending.step}: {action} then {again}")
        game.apply(action)
    return decisions, changed, examples[:3]


def honesty(levels: list[str], scale: float, pool: Any, store: Store) -> None:
    print("honesty: decisions of the tested seat (2 and 3 players, every expansion) asked")
    print("again after everything hidden from it was drawn again")
    for level in levels:
        want = max(10, round(HONESTY[level] * scale))
        start = time.time()
        # Games of this level already in --results count, and new ones start
        # after them: runs cut short add up.
        done = [r for r in store.rows if r.get("honesty") == level]
        decisions = sum(r["decisions"] for r in done)
        changed = sum(r["changed"] for r in done)
        examples: list[str] = [e for r in done for e in r["examples"]]
        batch = -(-len(done) // 8)
        while decisions < want:
            jobs = [(level, batch * 8 + i, want) for i in range(8)]
            for d, c, ex in pool.imap_unordered(honest_game, jobs):
                decisions, changed, examples = decisions + d, changed + c, examples + ex
                store.add({"honesty": level, "decisions": d, "changed": c, "examples": ex})
            batch += 1
        print(
            f"  {level:8} {decisions:6} decisions, {changed} changed "
            f"({'ok' if changed == 0 else 'PEEKS'}) ({time.time() - start:.0f} s)",
            flush=True,
        )
        for example in examples[:3]:
            print(f"    {example}")


def search_memory(job: int) -> tuple[float, float]:
    """(peak MiB of one hard search, its CPU seconds) at a late placement of a
    game played by reference seats."""
    line = Line("memory", "hard", "reference", EVERY if job % 2 else (), 2 + job % 3, 1)
    game = Game([f"P{p}" for p in range(line.players)], line.expansions, _seed("memory", job))
    ref = policy("reference", 1)
    while game.pending is not None and len(game.bag) > 20 + 7 * (job % 4):
        game.apply(ref.choose(SeatView(game, game.pending.players[0])))
    seat = game.pending.players[0] if game.pending else 0
    view = SeatView(game, seat)
    view.determinized(random.Random(0))  # the game keeps checkpoints from now on
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    start = time.process_time()
    policy("hard", job).choose(view)
    cpu = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return peak / 2**20, cpu


def memory(count: int, pool: Any) -> None:
    results = list(pool.imap_unordered(search_memory, range(count)))
    peak = max(m for m, _ in results)
    print(
        f"memory: hard search peak {peak:.1f} MiB over {count} positions "
        f"(mean {statistics.fmean(m for m, _ in results):.1f}), target <= 64 MiB: "
        f"{'ok' if peak <= 64 else 'MISSED'}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai")
    parser.add_argument("--only", nargs="*", choices=[line.name for line in LINES], help="lines")
    parser.add_argument("--scale", type=float, default=1.0, help="share of each line's games")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--start", type=int, default=0, help="first game index (runs with other seeds add up)"
    )
    parser.add_argument("--honesty", nargs="*", choices=list(HONESTY), help="levels (none: all)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["arena", "honesty", "memory"])
    parser.add_argument("--results", type=Path, help="JSON lines file of finished games")
    parser.add_argument("--report", action="store_true", help="print --results without playing")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    start = time.time()
    lines = [line for line in LINES if not args.only or line.name in args.only]
    store = Store(args.results)
    if args.report:
        for line in lines:
            report(line, list(store.games(line).values()), None)
        for level in HONESTY:
            rows = [r for r in store.rows if r.get("honesty") == level]
            if rows:
                changed = sum(r["changed"] for r in rows)
                print(
                    f"  honesty {level:8} {sum(r['decisions'] for r in rows):6} decisions, "
                    f"{changed} changed"
                )
        return
    with Pool(args.jobs) as pool:
        if "arena" not in args.skip:
            arena(lines, args.scale, pool, store, args.start)
        if "honesty" not in args.skip:
            honesty(args.honesty or list(HONESTY), args.scale, pool, store)
        if "memory" not in args.skip:
            memory(max(4, round(24 * args.scale)), pool)
    print(f"wall time {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
