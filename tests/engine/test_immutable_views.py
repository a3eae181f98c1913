"""What the game hands out of its own state cannot be changed: its events,
the pending decision's ``info`` and the nested parts of ``legal_actions()``
(#27 item 6). Editing them raises TypeError and the game still matches its
replay; a copy (dict(...), list(...)) is free to change."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

from engine import Game, replay
from engine.ai import AI
from engine.frozen import FrozenDict, FrozenList
from engine.views import public_view


def edits(value: Any) -> list[Any]:
    """Every way of changing ``value`` in place (each a thunk)."""
    if isinstance(value, dict):
        key = next(iter(value), "k")
        return [
            lambda: value.__setitem__(key, 1),
            lambda: value.__delitem__(key),
            lambda: value.update(x=1),
            lambda: value.setdefault("new", 1),
            lambda: value.pop(key),
            lambda: value.popitem(),
            lambda: value.clear(),
        ]
    if isinstance(value, list):
        return [
            lambda: value.append(1),
            lambda: value.extend([1]),
            lambda: value.insert(0, 1),
            lambda: value.__setitem__(0, 1),
            lambda: value.pop(),
            lambda: value.sort(),
            lambda: value.reverse(),
            lambda: value.clear(),
        ]
    return []


def nested(value: Any) -> list[Any]:
    """``value`` and every dict or list inside it."""
    out = [value]
    if isinstance(value, dict):
        for v in value.values():
            out += nested(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out += nested(v)
    return out


def every_part_refuses(value: Any) -> None:
    for part in nested(value):
        for edit in edits(part):
            with pytest.raises(TypeError, match="cannot be changed"):
                edit()


@pytest.mark.parametrize("seed", range(3))
def test_events_info_and_legal_parts_refuse_changes(seed: int) -> None:
    game = Game(["A", "B", "C"], ["gifts", "bets", "christmas"], seed)
    ais = {p: AI(seed * 10 + p) for p in range(3)}
    checked_nested = 0
    while game.pending is not None:
        d = game.pending
        every_part_refuses(d.info)
        for p in d.players:
            for action in game.legal_actions(p):
                for v in action.values():
                    if isinstance(v, dict | list):
                        every_part_refuses(v)
                        checked_nested += 1
        actor = d.players[0]
        for event in game.apply(ais[actor].choose(game, actor)):
            if isinstance(event, FrozenDict):
                every_part_refuses(event)
        if len(game.actions) % 40 == 0:
            for event in game.events:
                if isinstance(event, FrozenDict):
                    every_part_refuses(event)
    again = replay(game.record())
    assert public_view(again) == public_view(game) and again.events == game.events
    assert checked_nested > 0  # swaps, discards: some listed action had nested parts


def test_frozen_values_read_compare_copy_and_serialise_as_plain_ones() -> None:
    value = FrozenDict({"a": FrozenList([1, FrozenDict({"b": 2})]), "c": (3, 4)})
    plain = {"a": [1, {"b": 2}], "c": (3, 4)}
    assert value == plain and json.dumps(value) == json.dumps(plain)
    assert copy.deepcopy(value) == plain and pickle.loads(pickle.dumps(value)) == plain
    mine = dict(value)
    mine["a"] = "changed"
    other = list(value["a"])
    other.append(5)
    assert value == plain  # copies change, the game's value does not
    assert {**value, "x": 1} == {**plain, "x": 1}


def test_a_decision_info_given_changeable_is_kept_unchangeable() -> None:
    from engine.phases import Decision

    info: dict[str, Any] = {"options": [{"x": 1}]}
    d = Decision("step", (0,), 0, (), info)
    info["options"].append({"x": 2})  # the caller's own dict: not the decision's
    assert d.info == {"options": [{"x": 1}]}
    every_part_refuses(d.info)
