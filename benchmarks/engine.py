"""Engine benchmark: `python -m benchmarks.engine [--rounds N] [--base REV]`.

Measures this tree against the engine as of a base commit (default e8c1e91,
before the work of issue #35), side by side in ONE run, so the ratios
hold on a noisy, shared machine:

* the base commit is checked out into a temporary git worktree (removed
  afterwards);
* each engine runs in its own worker process (``PYTHONPATH`` = its tree) that
  serves one measurement at a time; the two are interleaved, old and new in
  alternating order, and each figure is the median over the rounds, with the
  ratio of medians for wall time and for CPU time (``time.process_time``);
* the workload uses only API both versions have: ``Game(players, expansions,
  seed)``, ``pending``, ``legal_actions``, ``legal_placements``,
  ``legal_followers``, ``apply(dict)``, ``record()``, ``engine.replay``,
  ``engine.ai.AI`` / ``play_out`` and ``engine.expansions.known_expansions``;
  the late turn's pairs take ``Game.legal_moves()`` where the tree has it
  (the call issue #35 added), else each placement applied to a copy and
  ``legal_followers()`` there, the only way before it. A checksum of each
  workload's results must agree; where it does not (the rules changed since
  the base commit) or the base lacks an expansion of the row, the row says
  so, shows this tree's figures, and the run goes on.

Targets (issue #35), as ratios new / base: random full 2-player base game
<= 0.65; every (placement, follower option) pair of a late turn <= 0.35;
the normal AI's decision p95 in 4-player games with gifts, bets and
christmas <= 0.5. Within this tree: a random 4-player game with those
expansions costs <= 2.0x the random 4-player base game (like with like: as
many players; its ratio over the 2-player base game is printed beside it).
Such a ratio within this tree pairs each round's row with the base game run
right beside it and takes the median of the rounds' ratios: the machine's
speed drifts by a quarter between rows, which a ratio of two rows' medians
would read as the engine's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game, replay
from engine.ai import AI, play_out
from engine.expansions import known_expansions

BASE = "e8c1e91"
ROOT = Path(__file__).resolve().parents[1]

# Workload sizes (per round).
RANDOM_SEEDS = range(8)
EXPANSION_SEEDS = range(8)  # games vary in length: as many as the base row
LATE_SEEDS = range(6)
LATE_TILES = 60  # "late": at least this many tiles on the board
REPLAY_SEEDS = range(6)
AI_SEEDS = range(2)
AI_EXPANSION_SEEDS = range(1)
GIFTS_BETS_XMAS = ("gifts", "bets", "christmas")


# --- the workload (runs in a worker, against whichever engine it imports) -------
def random_game(seed: int, players: int, expansions: tuple[str, ...] = ()) -> Game:
    """A full game of uniformly random legal actions."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], expansions, seed)
    while game.pending is not None:
        player = game.pending.players[0]
        game.apply(rng.choice(game.legal_actions(player)))
    return game


def late_record(seed: int) -> dict[str, Any] | None:
    """A 2-player base game played at random (a follower on one placement in
    four, so supplies last) up to a placement step with LATE_TILES or more
    tiles on the board and followers in the mover's supply; its record."""
    rng = random.Random(seed)
    game = Game(["A", "B"], (), seed)
    while game.pending is not None:
        d = game.pending
        if d.step == "place" and len(game.board.tiles) >= LATE_TILES and game.supply[d.active]:
            return game.record()
        options = game.legal_actions(d.players[0])
        if d.step == "follower" and rng.random() < 0.75:
            game.apply(options[0])  # {"location": None} comes first
        else:
            game.apply(rng.choice(options))
    return None


def ai_record(seed: int) -> dict[str, Any]:
    return play_out(Game(["A", "B", "C"], (), seed)).record()


def _prefix(record: dict[str, Any], n: int) -> dict[str, Any]:
    return {**record, "actions": record["actions"][:n]}


class Clock:
    """Wall and CPU time of the enclosed block, accumulated."""

    def __init__(self) -> None:
        self.wall = 0.0
        self.cpu = 0.0

    def __enter__(self) -> Clock:
        self._w, self._c = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_: object) -> None:
        self.wall += time.perf_counter() - self._w
        self.cpu += time.process_time() - self._c


class Worker:
    """The measurements one engine serves; each returns wall/cpu seconds per
    unit of work and a checksum that both engines must agree on."""

    def __init__(self) -> None:
        self.late = [r for r in map(late_record, LATE_SEEDS) if r is not None]
        self.records = [ai_record(s) for s in REPLAY_SEEDS]

    def random_base(self) -> dict[str, Any]:
        clock, check = Clock(), []
        for seed in RANDOM_SEEDS:
            with clock:
                game = random_game(seed, 2)
            check.append(game.final_scores())
        n = len(RANDOM_SEEDS)
        return {"wall": clock.wall / n, "cpu": clock.cpu / n, "check": check}

    def random_expansions(self, expansions: list[str]) -> dict[str, Any]:
        return self.random_with(expansions, 4)

    def random_with(self, expansions: list[str], players: int) -> dict[str, Any]:
        clock, check = Clock(), []
        for seed in EXPANSION_SEEDS:
            with clock:
                game = random_game(seed, players, tuple(expansions))
            check.append(game.final_scores())
        n = len(EXPANSION_SEEDS)
        return {"wall": clock.wall / n, "cpu": clock.cpu / n, "check": check}

    def late_moves(self) -> dict[str, Any]:
        """Every placement of the drawn tile and, for each, its follower
        spots: Game.legal_moves() where the engine has it; else the
        placements listed on the game, each applied to its own copy (made
        beforehand, not timed) and its spots listed there."""
        clock, check = Clock(), []
        if hasattr(Game, "legal_moves"):
            for record in self.late:
                game = replay(record)
                gc.collect()
                with clock:
                    pairs = game.legal_moves()
                check.append((sum(1 for p in pairs if p[3] is None), len(pairs)))
            n = len(self.late)
            return {"wall": clock.wall / n, "cpu": clock.cpu / n, "check": check}
        for record in self.late:
            n = len(replay(record).legal_placements())
            game = replay(record)
            copies = [replay(record) for _ in range(n)]
            gc.collect()
            assert game.pending is not None
            player = game.pending.active
            with clock:
                moves = 0
                for (x, y, r), copy in zip(game.legal_placements(), copies, strict=True):
                    copy.apply({"player": player, "type": "place", "x": x, "y": y, "rotation": r})
                    moves += 1 + len(copy.legal_followers() or ())
            check.append((n, moves))
        n = len(self.late)
        return {"wall": clock.wall / n, "cpu": clock.cpu / n, "check": check}

    def replay3(self) -> dict[str, Any]:
        clock, check = Clock(), []
        for record in self.records:
            with clock:
                game = replay(record)
            check.append(game.final_scores())
        n = len(self.records)
        return {"wall": clock.wall / n, "cpu": clock.cpu / n, "check": check}

    def ai_decisions(self) -> dict[str, Any]:
        """Every AI decision of whole 3-player base games; the p95 of their times."""
        return self._ai_games(3, (), AI_SEEDS)

    def ai_expansions(self) -> dict[str, Any]:
        """The same in 4-player games with gifts, bets and christmas."""
        return self._ai_games(4, GIFTS_BETS_XMAS, AI_EXPANSION_SEEDS)

    def _ai_games(self, players: int, expansions: tuple[str, ...], seeds: range) -> dict[str, Any]:
        walls, cpus, check = [], [], []
        for seed in seeds:
            game = Game([f"P{i}" for i in range(players)], expansions, seed)
            ais = [AI(p) for p in range(players)]
            while game.pending is not None:
                seat = game.pending.players[0]
                clock = Clock()
                with clock:
                    action = ais[seat].choose(game, seat)
                walls.append(clock.wall)
                cpus.append(clock.cpu)
                game.apply(action)
            check.append(game.final_scores())
        return {"wall": _p95(walls), "cpu": _p95(cpus), "check": check}

    def memory(self) -> dict[str, Any]:
        """Bytes a Game retains, replayed from its record as the store's cache
        keeps it, after the full game and mid-game: the traced memory that
        all the records' games hold together, divided by their number (so
        the interpreter's free lists, filled during replay, weigh little)."""
        replay(self.records[0])  # module-level caches are shared, not per game
        out = {}
        for key, cut in (("full", 1.0), ("mid", 0.5)):
            records = [_prefix(r, int(len(r["actions"]) * cut)) for r in self.records]
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            games = [replay(r) for r in records]
            gc.collect()
            out[key] = (tracemalloc.get_traced_memory()[0] - before) / len(games)
            tracemalloc.stop()
            del games
        return {**out, "check": []}


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def serve() -> None:
    """Worker loop: one JSON command per line in, one JSON answer per line out."""
    worker = Worker()
    where = sys.modules[Game.__module__].__file__ or ""
    print(json.dumps({"engine": where, "expansions": list(known_expansions())}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        result = getattr(worker, command.pop("run"))(**command)
        print(json.dumps(result), flush=True)


# --- the orchestrator ----------------------------------------------------------------
# Started with `python -c BOOT ROOT FILE`: ROOT first on sys.path, so `import
# engine` in FILE (this module, run as a script) is ROOT's engine.
BOOT = (
    "import runpy, sys; sys.path.insert(0, sys.argv[1]); "
    "runpy.run_path(sys.argv[2], run_name='__bench_worker__')"
)


class Engine:
    """A worker process serving one engine tree."""

    def __init__(self, label: str, tree: Path) -> None:
        self.label = label
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", BOOT, str(tree), __file__],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        hello = self._read()
        where = Path(hello["engine"])
        self.expansions: list[str] = hello["expansions"]  # its registry
        if not where.is_relative_to(tree):
            raise RuntimeError(f"the {label} worker imported the engine from {where}, not {tree}")

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} worker stopped (see its error above)")
        out: dict[str, Any] = json.loads(line)
        return out

    def run(self, name: str, **args: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"run": name, **args}) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass(frozen=True)
class Row:
    name: str  # the Worker method
    label: str
    unit: str
    scale: float
    target: float | None
    expansions: tuple[str, ...] = ()  # what the row plays (the base must know them)
    args: tuple[tuple[str, Any], ...] = ()


ALL = "*"  # every expansion both engines know
ROWS = (
    Row("random_base", "random full game, 2 players, base", "ms", 1e3, 0.65),
    Row("late_moves", "late turn: every (placement, follower) pair", "ms", 1e3, 0.35),
    Row("replay3", "full replay of a 3-player record", "ms", 1e3, None),
    Row("ai_decisions", "AI decision p95, 3 players, base", "ms", 1e3, None),
    Row(
        "ai_expansions",
        "AI decision p95, 4 players, gifts+bets+christmas",
        "ms",
        1e3,
        0.5,
        GIFTS_BETS_XMAS,
    ),
    Row(
        "random_with",
        "random full game, 4 players, base",
        "ms",
        1e3,
        None,
        (),
        (("expansions", []), ("players", 4)),
    ),
    Row(
        "random_with",
        "random full game, 4 players, gifts+bets+christmas",
        "ms",
        1e3,
        None,
        GIFTS_BETS_XMAS,
        (("expansions", list(GIFTS_BETS_XMAS)), ("players", 4)),
    ),
    Row(
        "random_with",
        "random full game, 2 players, river+abbot",
        "ms",
        1e3,
        None,
        ("river", "abbot"),
        (("expansions", ["river", "abbot"]), ("players", 2)),
    ),
    Row("random_expansions", "random full game, 4 players, all expansions", "ms", 1e3, None),
)
BASE_2P, BASE_4P = "random full game, 2 players, base", "random full game, 4 players, base"
# Within this tree: a row's time over a base game's (issue #35), and its target. The
# gifts+bets+christmas target reads like with like: over the base game of as many
# players (4); its ratio over the 2-player base game is shown beside it.
PER_BASE_GAME: dict[str, tuple[tuple[str, float | None], ...]] = {
    "random full game, 4 players, gifts+bets+christmas": ((BASE_4P, 2.0), (BASE_2P, None)),
}


def _base_rows(row: Row) -> list[Row]:
    """The base-game rows a random row is read against (none for a base game)."""
    if row.label in (BASE_2P, BASE_4P):
        return []
    labels = [base for base, _ in PER_BASE_GAME.get(row.label, ((BASE_2P, None),))]
    return [r for r in ROWS if r.label in labels]


def _base_tree(rev: str, tmp: Path) -> Path:
    tree = tmp / f"engine-{rev}"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
        check=True,
        capture_output=True,
    )
    return tree


def _verdict(ratio: float, target: float | None) -> str:
    if target is None:
        return ""
    return f"<= {target:.2f} {'ok' if ratio <= target else 'MISSED'}"


def compare(rev: str, rounds: int, only: list[str] | None = None) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-engine-"))
    tree = None
    try:
        tree = _base_tree(rev, tmp)
        print(
            f"engine benchmark: this tree vs {rev} (python {sys.version.split()[0]}, "
            f"{rounds} interleaved rounds, medians)",
            flush=True,
        )
        engines = [Engine(rev, tree), Engine("now", ROOT)]
        try:
            _compare(engines, rounds, only)
        finally:
            for e in engines:
                e.close()
    finally:
        if tree is not None:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                capture_output=True,
            )
        shutil.rmtree(tmp, ignore_errors=True)


def _per_base_game(label: str, pairs: dict[str, list[dict[str, float]]]) -> None:
    """The row's time over this tree's base games it is read against (the
    2-player one unless PER_BASE_GAME names others): the median of each
    round's ratio, the base game measured in the same round right beside the
    row, so the ratio holds while the machine's speed drifts between rows."""
    for base, target in PER_BASE_GAME.get(label, ((BASE_2P, None),)):
        ratios = pairs.get(base)
        if not ratios:
            continue
        per = {k: statistics.median(r[k] for r in ratios) for k in ("wall", "cpu")}
        players = base.split(", ")[1]
        print(
            f"  {'  ... per base game of this tree, ' + players:50} {'':10} {'':10}  "
            f"{per['wall']:6.2f} {per['cpu']:6.2f}  {_verdict(max(per.values()), target)}",
            flush=True,
        )


def _compare(engines: list[Engine], rounds: int, only: list[str] | None) -> None:
    old, new = engines
    header = f"  {'':50} {old.label:>10} {'now':>10}  {'wall':>6} {'cpu':>6}  target"
    print(header)
    shared = [x for x in new.expansions if x in old.expansions]  # both registries'
    for row in ROWS:
        if only and row.name not in only:
            continue
        args = dict(row.args)
        if row.name == "random_expansions":
            args = {"expansions": shared}
            lacking = [x for x in new.expansions if x not in old.expansions]
            label = "random full game, 4 players, all both engines know" if lacking else row.label
        else:
            label = row.label
        missing = [x for x in row.expansions if x not in old.expansions]
        runners = [new] if missing else engines
        results: dict[str, list[dict[str, Any]]] = {e.label: [] for e in runners}
        per_base = _base_rows(row) if row.name.startswith("random_") else []
        pairs: dict[str, list[dict[str, float]]] = {base.label: [] for base in per_base}
        for i in range(rounds):
            for e in runners if i % 2 == 0 else runners[::-1]:
                results[e.label].append(e.run(row.name, **args))
            for base in per_base:  # this tree's base game, in the same round
                game = new.run(base.name, **dict(base.args))
                mine = results[new.label][-1]
                pairs[base.label].append({k: mine[k] / game[k] for k in ("wall", "cpu")})
        b = results[new.label]
        now = {k: statistics.median(r[k] for r in b) for k in ("wall", "cpu")}
        note = ""
        if missing:
            note = f"{old.label} lacks {'+'.join(missing)}: this tree only"
        elif results[old.label][0]["check"] != b[0]["check"]:
            note = f"not like with like: the rules changed since {old.label} (other games)"
        if note:
            print(
                f"  {label:50} {'-':>10} {now['wall'] * row.scale:7.2f} {row.unit}  "
                f"{'':6} {'':6}  {note}",
                flush=True,
            )
        else:
            a = results[old.label]
            then = {k: statistics.median(r[k] for r in a) for k in ("wall", "cpu")}
            wall, cpu = (now[k] / then[k] for k in ("wall", "cpu"))
            print(
                f"  {label:50} {then['wall'] * row.scale:7.2f} {row.unit} "
                f"{now['wall'] * row.scale:7.2f} {row.unit}  {wall:6.2f} {cpu:6.2f}  "
                f"{_verdict(max(wall, cpu), row.target)}",
                flush=True,
            )
        if per_base:
            _per_base_game(row.label, pairs)
    mem = [e.run("memory") for e in engines] if not only or "memory" in only else []
    for key, label in (("full", "after a full game"), ("mid", "mid-game")) if mem else ():
        ratio = mem[1][key] / mem[0][key]
        print(
            f"  {'memory per cached game, ' + label:50} {mem[0][key] / 1024:7.1f} KB "
            f"{mem[1][key] / 1024:7.1f} KB  {ratio:6.2f}"
        )
    print(
        "  (times per game / per late turn / per replay; ratio = now / base, of medians;\n"
        "   '... per base game': the row's time over this tree's base game of N players)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine")
    parser.add_argument("--rounds", type=int, default=11, help="interleaved rounds (default 11)")
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument(
        "--only",
        nargs="*",
        choices=sorted({r.name for r in ROWS} | {"memory"}),
        help="these figures only",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    compare(args.base, args.rounds, args.only)


if __name__ == "__bench_worker__":
    serve()
elif __name__ == "__main__":
    main()
