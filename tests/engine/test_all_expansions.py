"""Random full games with every expansion present (gifts, bets, christmas together;
RULES.md "Combining expansions"). Runs with whichever expansion modules exist."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, replay
from engine.expansions import christmas as xm
from engine.expansions import gifts, known_expansions
from engine.phases import IllegalAction
from engine.views import private_view, public_view
from tests.engine.helpers import check_invariants, fingerprint

EXPANSIONS = known_expansions()
GAMES = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


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


@pytest.mark.skipif(
    not {"gifts", "christmas"} <= set(EXPANSIONS), reason="needs gifts and christmas"
)
def test_take_two_after_mastermind_keeps_a_placeable_tile() -> None:
    decks = {"tiles": ["U", "U", "C", "U"], "roadside": ["mastermind"], "gifts": []}
    game = Game(["A", "B"], ["gifts", "christmas"], seed=1, decks=decks)
    game.apply({"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90})
    while game.pending is not None and game.pending.step != "follower":
        action = next(a for a in game.legal_actions(0) if a.get("draw", True))
        game.apply(action)
    game.apply({"player": 0, "type": xm.PLAY, "card": "mastermind"})
    game.apply({"player": 0, "type": "follower", "location": None})
    while game.pending is not None and game.pending.step != xm.STEP_MASTERMIND:
        game.apply(game.legal_actions(game.pending.players[0])[0])
    game.apply({"player": 0, "type": xm.TARGET, "x": 2, "y": 0})  # U must go on 2,0
    gifts.state(game).hands[1].append(gifts.TAKE_TWO)
    if not any(a["type"] == gifts.OPEN for a in game.legal_actions(1)):
        return  # take-two refused while the cell is fixed: fine
    game.apply({"player": 1, "type": gifts.OPEN, "card": gifts.TAKE_TWO})
    for choice in game.legal_actions(1):  # every tile offered must fit the fixed cell
        tile = choice.get("tile")
        if tile is not None:
            assert game.board.fits(tile, (2, 0)), f"{tile} cannot go on 2,0"
    assert [a["tile"] for a in game.legal_actions(1)] == ["U"]  # C cannot go on 2,0
    with pytest.raises(IllegalAction, match="cannot be placed this turn"):
        game.apply({"player": 1, "type": gifts.CHOOSE, "tile": "C"})
