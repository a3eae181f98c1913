"""``normal``: one ply, judged by the expected final scores.

The one-ply valuation (the reference AI's) proposes; each of its best
candidates (placements with their best follower choices; the options of any
other decision, expansions' included) is then played on the same few
determinizations of the seat's view, the turn finished and the other seats'
next turns played greedily (the reference AI), and the position judged by
:mod:`engine.ai.evaluate`: the seat's expected lead at the end over the best
other player. Ties break by a stream seeded from the seat's own seed.
"""

from __future__ import annotations

import random
import statistics

from engine.ai.moves import Level, candidates, playout, ranked
from engine.fork import release
from engine.phases import Action
from engine.seat import SeatView

PLACEMENTS = 6  # placements kept from the one-ply ranking
SPOTS = 2  # follower choices tried with each of them
OPTIONS = 8  # options of any other decision
SAMPLES = 3  # determinizations shared by the candidates


class Normal(Level):
    level = "normal"

    def decide(self, view: SeatView, choices: list[Action], rng: random.Random) -> Action:
        game = view.determinized(rng)
        moves = ranked(game, view.seat, rng)
        samples = [game] + [view.determinized(rng) for _ in range(SAMPLES - 1)]
        seeds = [rng.getrandbits(32) for _ in samples]
        best: tuple[float, float, float, Action] | None = None
        replies = view.players - 1  # the other seats' next turns
        for candidate in candidates(moves, PLACEMENTS, SPOTS, OPTIONS):
            value = statistics.fmean(
                playout(g, view.seat, candidate, s, replies)
                for g, s in zip(samples, seeds, strict=True)
            )
            entry = (value, candidate[2], rng.random(), candidate[0])
            if best is None or entry[:3] > best[:3]:
                best = entry
        for g in samples:
            release(g)  # freed now, not by the garbage collector
        assert best is not None
        return best[3]
