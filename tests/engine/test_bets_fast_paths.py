"""The Bets' fast paths (issue #35) against the plain definitions they
replace, at every step of random games with bets alone and with all
expansions. Speed is measured by ``python -m benchmarks.engine``; these tests
only check the answers."""

from __future__ import annotations

import random

import pytest

from engine import Game
from engine.expansions.bets import settlement
from engine.expansions.bets.actions import CHOOSE, SettleFeature
from engine.expansions.bets.state import (
    BET_KINDS,
    STEP_FINAL,
    STEP_SETTLE,
    Scored,
    location_of,
)
from engine.expansions.bets.state import state as bets_state
from engine.phases import Steps
from engine.scoring import COMPLETED, FeatureScore
from tests.quick import slow_after

GAMES = slow_after(
    [(("bets",), seed) for seed in range(3)] + [(("gifts", "bets", "christmas"), 0)],
    count=2,
    unpack=True,
)


@pytest.mark.parametrize(("expansions", "seed"), GAMES)
def test_t4_staked_scores_are_the_completed_features_noted_as_each_is_paid(
    expansions: tuple[str, ...], seed: int
) -> None:
    # T-4, T-4.1: the features settled after a turn's scoring were noted by a
    # feature_scored hook as each was paid (every "completed" road or city
    # touching offices with chips then); staked_scores reads them from the
    # after_scoring step's scores instead.
    noted: list[Scored] = []
    compared = 0

    def note(game: Game, score: FeatureScore) -> None:
        st = bets_state(game)
        feat = score.feature
        offices = [p for p in st.offices if st.stacks[p] and p in feat.tiles]
        if score.reason == COMPLETED and feat.kind in BET_KINDS and offices:
            noted.append(Scored(game.board.find(score.root), feat.kind, feat.size, offices))

    def check(game: Game, scores: list[FeatureScore]) -> Steps:
        nonlocal compared
        assert settlement.staked_scores(game, scores) == noted
        compared += len(noted)
        noted.clear()
        yield from ()

    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(4)], expansions, seed)
    # Registered before bets' own after_scoring (it comes with the first
    # office): no chip moves between the two.
    game.hooks.feature_scored.add(note)
    game.hooks.after_scoring.add(check)
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    assert compared > 0


@pytest.mark.parametrize(("expansions", "seed"), GAMES)
def test_t4_t5_asked_roots_stay_the_features_roots_while_choices_are_made(
    expansions: tuple[str, ...], seed: int
) -> None:
    # resolve_choice compares an answer's root with the asked roots as they
    # are (not each found again): nothing joins while the choices are made.
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(4)], expansions, seed)
    asked = 0
    while game.pending is not None:
        st = bets_state(game)
        if game.pending.step in (STEP_SETTLE, STEP_FINAL):
            assert st.asks
            for roots in st.asks.values():
                assert [game.board.find(r) for r in roots] == roots
                asked += len(roots)
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    assert asked > 0


@pytest.mark.parametrize(("expansions", "seed"), GAMES)
def test_t4_t5_an_answer_settles_the_feature_its_checks_resolved(
    expansions: tuple[str, ...], seed: int
) -> None:
    # run_choose settles the root resolve_choice finds for the answer: the
    # event names it by the same location.
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(4)], expansions, seed)
    answered = 0
    while game.pending is not None:
        action = rng.choice(game.legal_actions(game.pending.players[0]))
        expected = None
        if action["type"] == CHOOSE:
            (_, pos), root = settlement.resolve_choice(game, SettleFeature.from_record(action))
            expected = location_of(game, pos, root)
        events = game.apply(action)
        if expected is not None:
            [said] = [e for e in events if e["type"] == "settle_choice"]
            assert said["location"] == expected
            answered += 1
    assert answered > 0
