"""``hard``: a determinized Monte Carlo search with a fixed budget.

The candidates are the decision's options the one-ply valuation likes best
(at the place step, each of the best placements with each of its best
follower choices; any other decision, expansions' included, all its options
up to a dozen). Each *sample* is a determinization of the seat's view
(everything hidden from the seat drawn again: the tiles' order, other seats'
cards and chips). A candidate is played on its own copy of the sample, the
turn finished, the other seats' turns and the seat's own next one played by
the reference AI, and the position judged by the expected final scores
(:mod:`engine.ai.evaluate`; the real scores if the game ended): the reward is
the seat's expected lead over the best other player.

The budget is spent by sequential halving (the root of SHOT, Sequential
Halving applied to Trees): in each round every candidate still in is played
on the same new samples (common random numbers: a candidate is compared with
the others on the same tiles and cards), and the better half goes on. The
budget is a number of samples fixed by the decision's size, never a time, so
a seed gives the same game; the best of the last round is played.

Why not a deeper tree: the next tile is drawn at random, so below the root
the nodes of an information-set tree are seen once or twice at this budget
and the search is flat in effect, while sharing samples across candidates
makes each comparison several times sharper (measured in the arena, docs/ai.md).
"""

from __future__ import annotations

import math
import random

from engine.ai.moves import Level, candidates, playout, ranked
from engine.fork import release
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action
from engine.seat import SeatView

PLACEMENTS = 8  # the best placements considered
SPOTS = 2  # with each, its best follower choices
OPTIONS = 12  # options of any other decision
ROUNDS_AHEAD = 1  # full rounds of greedy turns after the decision's own turn
# Playouts of a decision: so many per candidate, within bounds, by the kind of
# decision (placements weigh most), and fewer where each playout costs more
# (each expansion in play adds decisions to every turn). Counts, never times:
# a seed gives the same game.
BUDGETS = {STEP_PLACE: (25, 60, 360), STEP_FOLLOWER: (20, 40, 120)}
OTHER_BUDGET = (12, 24, 96)
EXPANSION_COST = 0.35  # each expansion in play makes a playout this much dearer


def budget(step: str, candidates: int, expansions: int) -> int:
    per, least, most = BUDGETS.get(step, OTHER_BUDGET)
    return round(min(most, max(least, per * candidates)) / (1 + EXPANSION_COST * expansions))


class Hard(Level):
    level = "hard"

    def __init__(self, seed: int, samples: int | None = None) -> None:
        super().__init__(seed)
        self.samples = samples

    def decide(self, view: SeatView, choices: list[Action], rng: random.Random) -> Action:
        first = view.determinized(rng)
        pool = candidates(ranked(first, view.seat, rng), PLACEMENTS, SPOTS, OPTIONS)
        release(first)  # freed now, not by the garbage collector
        if len(pool) == 1:
            return pool[0][0]
        assert view.decision is not None  # legal() says so
        step = view.decision.step
        playouts = self.samples or budget(step, len(pool), len(view.public_view().expansions))
        totals = [0.0] * len(pool)
        counts = [0] * len(pool)
        alive = list(range(len(pool)))
        turns = ROUNDS_AHEAD * view.players  # after its own turn
        rounds = max(1, math.ceil(math.log2(len(pool))))
        for r in range(rounds):
            n = max(1, playouts // (rounds * len(alive)))
            for _ in range(n):
                sample = view.determinized(rng)
                seed = rng.getrandbits(32)
                for i in alive:
                    totals[i] += playout(sample, view.seat, pool[i], seed, turns)
                    counts[i] += 1
                release(sample)
            if r < rounds - 1:
                alive.sort(key=lambda i: (totals[i] / counts[i], pool[i][2]), reverse=True)
                alive = alive[: max(1, math.ceil(len(alive) / 2))]
        best = max(alive, key=lambda i: (totals[i] / counts[i], pool[i][2]))
        return pool[best][0]
