"""The AI levels' evaluation (engine.ai.evaluate): what the expansions' erosion
does to unfinished features, and the tool that measures it checks itself."""

from __future__ import annotations

import math
import random

import pytest

from benchmarks.ai_erosion import fit
from engine import Game
from engine.ai.evaluate import Estimate
from engine.ai.reference import decide
from engine.expansions import PLUGINS
from engine.tiles import RING_KINDS

GBC = ("gifts", "bets", "christmas")


def played(expansions: tuple[str, ...], seed: int, turns: int) -> Game:
    game = Game(["A", "B"], expansions, seed)
    while game.pending is not None and game.turns_played < turns:
        seat = game.pending.players[0]
        game.apply(decide(game, seat, seed * 10 + seat))
    return game


def unfinished_points(est: Estimate) -> dict[int, float]:
    board = est.game.board
    return {
        root: est.feature_points(root, feat)[0]
        for root, feat in board.features.items()
        if feat.followers
        and not feat.completed
        and (feat.kind in RING_KINDS or feat.kind == "field" or feat.open_edges)
    }


def test_the_base_game_erodes_nothing_so_its_decisions_stay_as_they_were() -> None:
    game = played((), 3, 12)
    assert game.hooks.ai_erosion == 0.0
    assert Estimate(game).keep == 1.0


@pytest.mark.parametrize("combo", [(p.name,) for p in PLUGINS] + [GBC], ids="+".join)
def test_a_game_s_erosion_is_its_expansions_erosions_added_up(combo: tuple[str, ...]) -> None:
    game = Game(["A", "B"], combo, 1)
    assert game.hooks.ai_erosion == pytest.approx(
        sum(p.erosion for p in PLUGINS if p.name in combo)
    )
    assert game.fork().hooks.ai_erosion == game.hooks.ai_erosion


@pytest.mark.parametrize("turns", [10, 30, 50])
def test_an_unfinished_feature_keeps_exp_of_minus_erosion_times_tiles_left(turns: int) -> None:
    game = played(GBC, 7, turns)
    erosion = game.hooks.ai_erosion
    assert erosion > 0  # Christmas cards take points from unfinished features
    eroded = Estimate(game)
    plain = Estimate(game)
    plain.keep = 1.0
    keep = math.exp(-erosion * game.tiles_left())
    assert eroded.keep == pytest.approx(keep)
    before, after = unfinished_points(plain), unfinished_points(eroded)
    assert before  # followers stand on unfinished features and farms by then
    assert after == pytest.approx({root: v * keep for root, v in before.items()})
    # Fewer tiles to come, less erosion: the same feature is worth more late.
    assert math.exp(-erosion * (game.tiles_left() - 5)) > keep


def test_the_erosion_fit_finds_the_erosion_it_was_given() -> None:
    # Synthetic notes whose gaps move by features × exp(-0.012 × tiles left),
    # the rest and a worth: the fit must give 0.012 back, and 0 without erosion.
    rng = random.Random(5)
    for truth in (0.012, 0.0):
        notes = []
        for _ in range(3000):
            left = rng.randrange(0, 80)
            f, rest, worth = rng.gauss(0, 10), rng.gauss(0, 5), rng.gauss(0, 3)
            gap = f * math.exp(-truth * left) + 0.5 * rest + 0.8 * worth + rng.gauss(0, 2)
            notes.append((left, gap, f, rest, (worth,)))
        erosion, coefficient = fit(notes)
        assert erosion == pytest.approx(truth, abs=0.002)
        assert coefficient == pytest.approx(1.0, abs=0.1)
