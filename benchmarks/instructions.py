"""Instructions per game: `python -m benchmarks.instructions [--base REV] [--seeds N] [--misses]`.

Opt-in (it needs valgrind and takes a few minutes): `python -m benchmarks
instructions`.

Timings on a shared machine swing by a quarter from run to run (see
benchmarks.engine); the instructions a game executes do not. This counts
them with valgrind's callgrind, for this tree and a base commit (default
e8c1e91, as benchmarks.engine), in the steady state that benchmark times:
every seed is played once before the measured pass, so the per-process
tables (interned actions, tile fits) are built. A run that plays only that
first pass is subtracted from one that plays it and then the measured pass.

Read the counts as a guide to where work went, not as the targets of issue
#35, which are times: time also follows cache misses and mispredicted
branches, so a change can save instructions and no time (or the reverse).
``--misses`` shows those too (valgrind's cachegrind simulating this
machine's first-level caches and a branch predictor, about twice as slow):
each row's level-1 cache misses (instruction and data) and mispredicted
branches against the base commit. In CPython each of those costs about as
much as several instructions, so when they fall less than the instructions
do, the time does too.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

OPT_IN = True
BASE = "e8c1e91"
ROOT = Path(__file__).resolve().parents[1]
SEEDS = 8
GIFTS_BETS_XMAS = ("gifts", "bets", "christmas")
# label, players, expansions; a row's ratio is read against the base game of
# as many players (within a tree) and against the base commit (same row).
ROWS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("random full game, 2 players, base", 2, ()),
    ("random full game, 4 players, base", 4, ()),
    ("random full game, 4 players, gifts+bets+christmas", 4, GIFTS_BETS_XMAS),
    ("random full game, 2 players, river+abbot", 2, ("river", "abbot")),
)
# Run with `python -c BOOT TREE THIS_FILE ARGS...`: TREE first on sys.path, so
# the worker below imports TREE's engine.
BOOT = (
    "import runpy, sys; sys.path.insert(0, sys.argv[1]); "
    "runpy.run_path(sys.argv[2], run_name='__count_worker__')"
)


def play(players: int, seeds: int, measure: bool, expansions: tuple[str, ...]) -> None:
    """The worker: random games (the workload of benchmarks.engine's random
    rows, written with the API both trees have), a first pass, then the
    measured one."""
    import random

    from engine import Game

    def game(seed: int) -> None:
        rng = random.Random(seed)
        g = Game([f"P{i}" for i in range(players)], expansions, seed)
        while g.pending is not None:
            g.apply(rng.choice(g.legal_actions(g.pending.players[0])))

    for _ in range(2 if measure else 1):
        for seed in range(seeds):
            game(seed)


def known(tree: Path) -> list[str]:
    """The expansions ``tree``'s engine knows."""
    code = "from engine.expansions import known_expansions as k; print(' '.join(k()))"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True
    )
    return out.stdout.split()


# cachegrind's summary lines (stderr) read with --misses, by the figure they give.
MISS_LINES = {"I1  misses:": "l1", "D1  misses:": "l1", "Mispredicts:": "mispredicts"}
TOOLS = {
    False: ["--tool=callgrind", "--callgrind-out-file=/dev/null"],
    True: [
        "--tool=cachegrind",
        "--cache-sim=yes",
        "--branch-sim=yes",
        "--cachegrind-out-file=/dev/null",
    ],
}


def _summary(stderr: str, misses: bool) -> dict[str, int]:
    """The figures of one valgrind run: its instructions and, with ``misses``,
    its level-1 misses and mispredicted branches."""
    out: dict[str, int] = {}
    for line in stderr.splitlines():
        text = line.split("== ", 1)[-1].strip()
        if not misses and "Collected :" in text:
            out["instructions"] = int(text.rsplit(":", 1)[1])
        elif misses and text.startswith("I   refs:"):
            out["instructions"] = _number(text)
        for head, key in MISS_LINES.items():
            if misses and text.startswith(head):
                out[key] = out.get(key, 0) + _number(text)
    return out


def _number(text: str) -> int:
    """The first count of a cachegrind summary line ("D1  misses:  1,234  (...)")."""
    return int(text.split(":", 1)[1].split()[0].replace(",", ""))


def instructions(tree: Path, players: int, seeds: int, expansions: tuple[str, ...]) -> float:
    """Instructions per game of the measured pass, played by ``tree``'s engine."""
    return counts(tree, players, seeds, expansions, misses=False)["instructions"]


def counts(
    tree: Path, players: int, seeds: int, expansions: tuple[str, ...], *, misses: bool
) -> dict[str, float]:
    """The figures per game of the measured pass (see _summary), played by ``tree``'s engine."""
    runs = []
    for measure in (0, 1):
        command = [
            "valgrind",
            *TOOLS[misses],
            sys.executable,
            "-c",
            BOOT,
            str(tree),
            __file__,
            str(players),
            str(seeds),
            str(measure),
            *expansions,
        ]
        run = subprocess.run(
            command,
            cwd=tree,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        found = _summary(run.stderr, misses)
        if run.returncode != 0 or "instructions" not in found:
            raise RuntimeError(f"valgrind failed in {tree}:\n{run.stderr[-2000:]}")
        runs.append(found)
    first, both = runs
    return {key: (both[key] - first[key]) / seeds for key in both}


def compare(rev: str, seeds: int, misses: bool = False) -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts (apt install valgrind)")
        return
    tmp = Path(tempfile.mkdtemp(prefix="bench-instructions-"))
    tree = tmp / f"engine-{rev}"
    try:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
            check=True,
            capture_output=True,
        )
        if misses:
            _print_misses(rev, tree, seeds)
        else:
            _print(rev, tree, seeds)
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
            capture_output=True,
        )
        shutil.rmtree(tmp, ignore_errors=True)


def _print(rev: str, tree: Path, seeds: int) -> None:
    print(
        f"instructions per game (valgrind, {seeds} seeds, steady state): this tree vs {rev}",
        flush=True,
    )
    print(f"  {'':50} {rev:>9} {'now':>9}  {'ratio':>6}  {'per base game':>13}")
    theirs = known(tree)
    base_games: dict[int, float] = {}
    for label, players, expansions in ROWS:
        now = instructions(ROOT, players, seeds, expansions)
        if not expansions:
            base_games[players] = now
        per_base = f"{now / base_games[players]:13.2f}" if expansions else ""
        if all(x in theirs for x in expansions):
            then = instructions(tree, players, seeds, expansions)
            head = f"{then / 1e6:7.2f} M {now / 1e6:7.2f} M  {now / then:6.2f}"
        else:
            head = f"{'-':>9} {now / 1e6:7.2f} M  {'':6}"
        print(f"  {label:50} {head}  {per_base}", flush=True)
    print("  (M: millions of instructions a game; ratio: now / base commit)")


def _print_misses(rev: str, tree: Path, seeds: int) -> None:
    print(
        f"per game (valgrind's cachegrind, {seeds} seeds, steady state): this tree / {rev}",
        flush=True,
    )
    keys = ("instructions", "l1", "mispredicts")
    heads = ("instructions", "L1 misses", "mispredicts")
    print(f"  {'':50} " + " ".join(f"{h:>21}" for h in heads))
    theirs = known(tree)
    for label, players, expansions in ROWS:
        if not all(x in theirs for x in expansions):
            print(f"  {label:50} {rev} lacks {'+'.join(expansions)}", flush=True)
            continue
        now = counts(ROOT, players, seeds, expansions, misses=True)
        then = counts(tree, players, seeds, expansions, misses=True)
        cells = [f"{now[k] / 1e6:7.2f}/{then[k] / 1e6:.2f} M {now[k] / then[k]:5.2f}" for k in keys]
        print(f"  {label:50} " + " ".join(f"{c:>21}" for c in cells), flush=True)
    print("  (millions a game: this tree/base commit, then their ratio)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions")
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument("--seeds", type=int, default=SEEDS, help=f"games a row (default {SEEDS})")
    parser.add_argument(
        "--misses",
        action="store_true",
        help="also level-1 cache misses and mispredicted branches (cachegrind; slower)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    compare(args.base, args.seeds, args.misses)


if __name__ == "__count_worker__":
    players, seeds, measure, *expansions = sys.argv[3:]
    play(int(players), int(seeds), measure == "1", tuple(expansions))
elif __name__ == "__main__":
    main()
