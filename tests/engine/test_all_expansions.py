"""Random full games with every expansion present, and one of every subset of
them (docs/rules/combining.md). Runs with whichever expansions the engine
registers."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, replay
from engine.expansions import christmas as xm
from engine.expansions import known_expansions
from engine.views import private_view, public_view
from tests.engine.helpers import check_invariants, fingerprint
from tests.profiles import examples

EXPANSIONS = known_expansions()
GAMES = settings(max_examples=examples(5))


def play_random(seed: int, players: int) -> Game:
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], EXPANSIONS, seed=seed)
    while game.pending is not None:
        player = rng.choice(game.pending.players)
        legal = game.legal_actions(player)
        assert legal, f"no legal action in step {game.pending.step!r}"
        game.apply(rng.choice(legal))
        check_invariants(game)
        if "christmas" in EXPANSIONS:
            assert xm.card_total(game) == 64
        for p in range(players):  # private events only reach their owner
            assert all(e.get("private") == p for e in private_view(game, p).events)
        assert all("private" not in e for e in public_view(game).events)
    return game


@GAMES
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_random_games_with_all_expansions(seed: int, players: int) -> None:
    game = play_random(seed, players)
    assert game.finished
    assert fingerprint(replay(game.record())) == fingerprint(game)


SUBSETS = [
    combo for n in range(len(EXPANSIONS) + 1) for combo in itertools.combinations(EXPANSIONS, n)
]


@pytest.mark.parametrize("expansions", SUBSETS, ids=lambda c: "+".join(c) or "base")
def test_a_random_game_of_every_subset_finishes_and_replays(expansions: tuple[str, ...]) -> None:
    seed = SUBSETS.index(expansions)
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(2 + seed % 3)], expansions, seed=seed)
    while game.pending is not None:
        player = rng.choice(game.pending.players)
        game.apply(rng.choice(game.legal_actions(player)))
    check_invariants(game)
    assert game.finished
    assert fingerprint(replay(json.loads(json.dumps(game.record())))) == fingerprint(game)
