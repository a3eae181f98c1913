"""The core's fast paths for expansions' steps (issue #35) against the plain
definitions they replace: how the core lists, reads and scores around the
expansions' own actions and hooks. Speed is measured by
``python -m benchmarks.engine``; these tests only check the answers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import Game
from engine.actions import ACTION_TYPES, flat_records
from engine.expansions import known_expansions
from engine.frozen import FrozenDict, FrozenList, frozen_parts
from tests.engine.helpers import fingerprint
from tests.quick import slow_after

EXPANSIONS = tuple(known_expansions())


def _steps(seed: int, expansions: tuple[str, ...] = EXPANSIONS, players: int = 4) -> Iterator[Game]:
    """Every state of a random game (the same game object, step after step)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], expansions, seed)
    while game.pending is not None:
        yield game
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))


def _nested(value: Any) -> bool:
    return isinstance(value, dict | list | tuple | set)


def test_flat_records_are_those_of_classes_without_lists_or_objects():
    flat = {t for t, cls in ACTION_TYPES.items() if flat_records(cls)}
    assert {"place", "follower", "stake", "open-gift", "xmas-draw"} <= flat
    assert not flat & {"xmas-target", "xmas-discard"}  # segment refs, card lists


@pytest.mark.parametrize("seed", slow_after(range(6), 2))
def test_listed_expansion_actions_are_their_definition_with_nested_parts_unchangeable(seed):
    """Flat records are handed out as the expansion listed them (nothing in
    them to freeze); the others with their nested values unchangeable."""
    seen_flat = 0
    for game in _steps(seed):
        d = game.pending
        assert d is not None
        for player in d.players:
            listed = [a for a in game.legal_actions(player) if a["type"] not in d.types]
            plain = [
                frozen_parts(a) for s in game.hooks.for_step(d.step) for a in s.legal(game, player)
            ]
            assert listed == plain
            for action in listed:
                assert type(action) is dict
                nested = [v for v in action.values() if _nested(v)]
                if flat_records(ACTION_TYPES[action["type"]]):
                    assert not nested
                    seen_flat += 1
                else:
                    assert all(type(v) in (FrozenDict, FrozenList) for v in nested)
    assert seen_flat


# --- the scoring step of a turn that completes nothing ------------------------------
def test_a_turn_that_scores_nothing_calls_only_the_scoring_hooks_not_idle_then():
    """ScoringHook: a hook registered idle_when_empty is called only when
    something is scored; the others on every turn, as before (B-7)."""
    calls: list[tuple[str, int]] = []

    def hook(name: str):
        def fn(game: Game, scored: list[Any]):
            calls.append((name, len(scored)))
            yield from ()

        return fn

    game = Game(["A", "B"], seed=4)
    game.hooks.before_scoring.add(hook("before-idle"), idle_when_empty=True)
    game.hooks.before_scoring.add(hook("before"))
    game.hooks.after_scoring.add(hook("after-idle"), idle_when_empty=True)
    rng = random.Random(4)
    turns = 0
    while game.pending is not None:
        if game.pending.step == "place":
            turns += 1
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    idle = [(name, n) for name, n in calls if name.endswith("idle")]
    assert idle and all(n > 0 for _, n in idle)  # never called with nothing scored
    assert [n for name, n in calls if name == "before-idle"] == [
        n for name, n in calls if name == "after-idle"
    ]
    every = [n for name, n in calls if name == "before"]
    assert len(every) == turns and 0 in every  # the others: every turn, empty or not


@pytest.mark.parametrize("seed", slow_after(range(6), 2))
def test_the_shipped_scoring_hooks_idle_when_empty_do_nothing_then(seed):
    """Each hook an expansion registers idle_when_empty, called with nothing
    scored at any step, asks nothing and changes nothing."""
    seen = 0
    for i, game in enumerate(_steps(seed)):
        if i % 4:
            continue
        for point in (game.hooks.before_scoring, game.hooks.after_scoring):
            for fn in point.fns:
                if fn in point.when_empty:
                    continue
                before = (fingerprint(game), repr(game.ext), repr(game.turn))
                assert list(fn(game, [])) == []
                assert (fingerprint(game), repr(game.ext), repr(game.turn)) == before
                seen += 1
    assert seen
