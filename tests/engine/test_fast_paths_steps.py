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
