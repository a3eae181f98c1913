"""Engine benchmark: `python -m benchmarks.engine` prints its figures.

Targets (engine issue): late-game legal moves <= 1 ms median; full replay
<= 20 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from engine import Game, replay
from engine.ai import play_out
from engine.expansions import known_expansions


def random_game(seed: int, players: int, expansions: tuple[str, ...] = ()) -> Game:
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], expansions, seed)
    while game.pending is not None:
        player = game.pending.players[0]
        game.apply(rng.choice(game.legal_actions(player)))
    return game


def games_per_second(players: int, expansions: tuple[str, ...] = (), n: int = 40) -> float:
    start = time.perf_counter()
    for seed in range(n):
        random_game(seed, players, expansions)
    return n / (time.perf_counter() - start)


def late_game_legal_moves(samples: int = 200) -> float:
    """Median time (ms) to list every legal placement of the drawn tile and,
    once placed, every legal follower location, with 60+ tiles on the board."""
    times = []
    for seed in range(samples):
        rng = random.Random(seed)
        game = Game(["A", "B"], seed=seed)
        while game.pending is not None and not (
            len(game.board.tiles) >= 62 and game.pending.step == "place"
        ):
            game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
        if game.pending is None:
            continue
        player = game.pending.active
        t0 = time.perf_counter()
        placements = game.legal_placements()
        t1 = time.perf_counter()
        x, y, r = rng.choice(placements)
        game.apply({"player": player, "type": "place", "x": x, "y": y, "rotation": r})
        t2 = time.perf_counter()
        game.legal_followers()
        t3 = time.perf_counter()
        times.append((t1 - t0 + t3 - t2) * 1000)
    return statistics.median(times)


def replay_time(expansions: tuple[str, ...] = (), n: int = 30) -> tuple[float, int]:
    """Median time (ms) to replay a full AI game record, and its action count."""
    records = [play_out(Game(["A", "B", "C"], expansions, seed)).record() for seed in range(n)]
    times = []
    for rec in records:
        t0 = time.perf_counter()
        replay(rec)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), len(records[0]["actions"])


def main() -> None:
    print(f"engine benchmark (python {sys.version.split()[0]})")
    for players in (2, 4):
        print(f"  random full games per second, {players} players: {games_per_second(players):.1f}")
    exps = known_expansions()
    if exps:
        print(
            f"  random full games per second, 4 players, {'+'.join(exps)}: "
            f"{games_per_second(4, exps, n=20):.1f}"
        )
    print(
        f"  late-game legal moves (tile + follower options), median: "
        f"{late_game_legal_moves():.3f} ms (target <= 1 ms)"
    )
    ms, n_actions = replay_time()
    print(
        f"  full replay of a 3-player record ({n_actions} actions), median: "
        f"{ms:.2f} ms (target <= 20 ms)"
    )
    if exps:
        ms, n_actions = replay_time(exps, n=10)
        print(f"  full replay with {'+'.join(exps)} ({n_actions} actions), median: {ms:.2f} ms")


if __name__ == "__main__":
    main()
