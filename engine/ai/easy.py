"""``easy``: the one-ply valuation with a newcomer's hand: it picks among the
better moves at random, the better ones more often (a softmax over the values
with a temperature of a few points), and answers other decisions with the
reference advice or, now and then, any legal answer."""

from __future__ import annotations

import math
import random

from engine.ai.moves import Level, ranked
from engine.fork import release
from engine.phases import Action
from engine.seat import SeatView

TEMPERATURE = 2.5  # points: how far below the best a move is still often taken
KEEP = 8  # moves considered
WHIM = 0.35  # other decisions: the chance of any legal answer


class Easy(Level):
    level = "easy"

    def decide(self, view: SeatView, choices: list[Action], rng: random.Random) -> Action:
        game = view.determinized(rng)
        moves = ranked(game, view.seat, rng)[:KEEP]
        release(game)  # freed now, not by the garbage collector
        if not any(m.spots for m in moves) and moves[0].action["type"] != "follower":
            return rng.choice(choices) if rng.random() < WHIM else moves[0].action
        top = moves[0].prior
        weights = [math.exp((m.prior - top) / TEMPERATURE) for m in moves]
        return rng.choices(moves, weights)[0].action
