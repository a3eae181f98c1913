"""Measures each expansion's erosion: `python -m benchmarks.ai_erosion [--games N]`.

Not a benchmark (no ``main``, so `python -m benchmarks` skips it): the figures
behind ``Plugin.erosion`` (engine.ai.evaluate). Cards that lock, claim, swap
or sweep take points from unfinished features, so with expansions in play an
unfinished feature pays its owners less than the evaluation's table (measured
on the base game) expects, and less the more tiles are still to come.

For each set of expansions the reference AI plays 2-player games against
itself (fixed seeds, both cores). At the start of every turn the evaluation
is split, for each player, into the expected points of its unfinished
features and farms (without erosion), the rest of the evaluation (followers in
supply, followers coming back) and each expansion's ``Plugin.worth``; at the
end of the game, the gap in final scores. The erosion ``e`` is the one that
best explains how the gap moved from then on (least squares of the gap's
change on the players' differences in ``features × exp(-e × tiles left)``,
the rest and each worth, over a grid of ``e``). It prints each set's
reading, the reading over the base game's (which the base evaluation keeps
as it is) and what the expansions' ``Plugin.erosion`` add up to; docs/ai.md
says how the values were set.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from multiprocessing import Pool

from engine import Game, scoring
from engine.ai.evaluate import Estimate
from engine.ai.reference import decide
from engine.expansions import PLUGINS, known_expansions
from engine.phases import STEP_PLACE
from engine.tiles import RING_KINDS

GRID = [i / 1000 for i in range(41)]  # erosions tried: 0 to 0.040 per tile
# (tiles left, gap's change from then on, unfinished features' gap, rest's gap, worths' gaps)
Note = tuple[int, float, float, float, tuple[float, ...]]


def split(game: Game) -> list[tuple[float, float, tuple[float, ...]]]:
    """Each player's (unfinished features' expected points, the rest of the
    evaluation beyond the score, each expansion's worth), erosion left out."""
    est = Estimate(game)
    est.keep = 1.0
    n = len(game.players)
    features = [0.0] * n
    for root, feat in game.board.features.items():
        if not feat.followers or feat.completed:
            continue
        closed = feat.kind not in RING_KINDS and feat.kind != "field" and feat.open_edges == 0
        if not closed:  # a feature closed this turn is not eroded
            points = est.feature_points(root, feat)[0]
            for p in scoring.owners(game, feat):
                features[p] += points
    worths = [tuple(w(game, p) for w in game.hooks.ai_worth) for p in range(n)]
    total = est.final_scores()
    rest = [total[p] - game.scores[p] - features[p] - sum(worths[p]) for p in range(n)]
    return [(features[p], rest[p], worths[p]) for p in range(n)]


def notes(job: tuple[tuple[str, ...], int]) -> list[Note]:
    expansions, seed = job
    game = Game(["P0", "P1"], expansions, seed)
    seen: list[tuple[int, list[int], list[tuple[float, float, tuple[float, ...]]]]] = []
    turn = -1
    while game.pending is not None:
        d = game.pending
        if d.step == STEP_PLACE and game.turn is not None and game.turn.number != turn:
            turn = game.turn.number
            seen.append((game.tiles_left(), list(game.scores), split(game)))
        seat = d.players[0]
        game.apply(decide(game, seat, seed * 10 + seat))
    final = game.scores
    out: list[Note] = []
    for left, scores, parts in seen:
        gap = (final[0] - final[1]) - (scores[0] - scores[1])
        (f0, r0, w0), (f1, r1, w1) = parts
        out.append((left, gap, f0 - f1, r0 - r1, tuple(a - b for a, b in zip(w0, w1, strict=True))))
    return out


def _solve(rows: Sequence[Sequence[float]], ys: Sequence[float]) -> tuple[list[float], float]:
    """Least squares (a little ridge for columns that are all zero); returns
    the coefficients and the sum of squared residuals."""
    k = len(rows[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(rows, ys, strict=True):
        for i in range(k):
            b[i] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += 1e-6 * len(rows) + 1e-9
    for i in range(k):  # Gaussian elimination: the matrix is symmetric positive definite
        for j in range(i + 1, k):
            f = a[j][i] / a[i][i]
            for c in range(k):
                a[j][c] -= f * a[i][c]
            b[j] -= f * b[i]
    coef = [0.0] * k
    for i in reversed(range(k)):
        coef[i] = (b[i] - sum(a[i][c] * coef[c] for c in range(i + 1, k))) / a[i][i]
    residual = sum(
        (y - sum(c * v for c, v in zip(coef, x, strict=True))) ** 2
        for x, y in zip(rows, ys, strict=True)
    )
    return coef, residual


def fit(data: list[Note]) -> tuple[float, float]:
    """(erosion, coefficient of the eroded features) that explain the gaps best."""
    ys = [n[1] for n in data]
    best: tuple[float, float, float] | None = None
    for e in GRID:
        rows = [[f * math.exp(-e * left), rest, *w] for left, _, f, rest, w in data]
        coef, residual = _solve(rows, ys)
        if best is None or residual < best[0]:
            best = (residual, e, coef[0])
    assert best is not None
    return best[1], best[2]


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_erosion")
    parser.add_argument("--games", type=int, default=400, help="per set of expansions")
    args = parser.parse_args(argv)
    with_ai = ("gifts", "bets", "christmas")  # the sets the erosions were set from
    sets: list[tuple[str, ...]] = [(), *((e,) for e in known_expansions()), with_ai]
    base = None
    with Pool(2) as pool:
        for expansions in sets:
            jobs = [(expansions, seed) for seed in range(args.games)]
            data = [n for part in pool.imap_unordered(notes, jobs, chunksize=8) for n in part]
            e, coef = fit(data)
            base = e if base is None else base
            name = "+".join(expansions) or "base"
            stated = sum(p.erosion for p in PLUGINS if p.name in expansions)
            print(
                f"{name:24} erosion {e:.3f} per tile (over the base game {e - base:+.3f}; "
                f"Plugin.erosion says {stated:.3f}), coefficient {coef:.2f}, "
                f"{len(data)} notes from {args.games} games",
                flush=True,
            )


if __name__ == "__main__":
    run(sys.argv[1:])
