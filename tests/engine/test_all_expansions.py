"""Random full games with every expansion present (gifts, bets, christmas together;
RULES.md "Combining expansions"). Runs with whichever expansion modules exist."""

from __future__ import annotations

import random

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
