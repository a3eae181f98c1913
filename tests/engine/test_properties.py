"""Property tests over random full games (hypothesis)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalAction, replay
from tests.engine.helpers import check_invariants, fingerprint
from tests.profiles import examples

GAMES = settings(max_examples=examples(8))


def random_game(seed: int, players: int, probe: bool = False) -> Game:
    """Play random legal actions; with ``probe``, also check random nearby
    actions (Game.is_legal, no replay) and that they are legal exactly when
    listed as legal."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], seed=seed)
    while game.pending is not None:
        player = game.pending.players[0]
        legal = game.legal_actions(player)
        assert legal, "a pending decision always has a legal action"
        if probe:
            _probe(game, player, legal, rng)
        game.apply(rng.choice(legal))
        check_invariants(game)
    return game


def _probe(game: Game, player: int, legal: list[dict], rng: random.Random) -> None:
    keys = [repr(sorted(a.items())) for a in legal]
    step = game.pending.step
    for _ in range(6):
        if step == "place":
            x, y = rng.choice([*game.board.frontier, (9, 9), (0, 0)])
            candidate = {"player": player, "type": "place", "x": x, "y": y}
            candidate["rotation"] = rng.choice([0, 90, 180, 270])
        else:
            loc = rng.choice(["N", "E", "S", "W", "C", "NNW", "ESE", "SSW", "WNW", None])
            candidate = {"player": player, "type": "follower", "location": loc}
        accepted = game.is_legal(candidate)  # checked without applying (B-4, B-5)
        if not accepted:
            with pytest.raises(IllegalAction):
                game.apply(candidate)  # refused by apply too, nothing changed
        if candidate.get("type") == "follower" and candidate["location"] is not None:
            placed = game.turn.placed
            seg = placed.face.name_to_seg.get(candidate["location"])
            if seg is not None:  # compare on the canonical name
                candidate["location"] = placed.face.canonical[seg]
        assert accepted == (repr(sorted(candidate.items())) in keys), candidate


@GAMES
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_random_games_keep_invariants_and_replay_exactly(seed, players):
    game = random_game(seed, players)
    assert game.finished
    assert len(game.board.tiles) + sum(e["type"] == "discard" for e in game.events) == 72
    again = replay(game.record())
    assert fingerprint(again) == fingerprint(game)


@settings(max_examples=examples(2))
@given(seed=st.integers(0, 10_000))
def test_legal_lists_match_what_the_engine_accepts(seed):
    random_game(seed, 2, probe=True)


@GAMES
@given(seed=st.integers(0, 10_000), cut=st.floats(0, 1))
def test_replay_of_a_prefix_equals_the_game_at_that_point(seed, cut):
    rng = random.Random(seed)
    game = Game(["A", "B", "C"], seed=seed)
    stop = int(cut * 140)
    while game.pending is not None and len(game.actions) < stop:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    assert fingerprint(replay(game.record())) == fingerprint(game)
