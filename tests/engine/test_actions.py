"""Typed actions at the edge: one parser, MalformedAction vs IllegalAction,
Game.check / Game.is_legal, and records that cannot change after the fact
(issue #22; issue #18 items 6 and 7)."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Follower,
    Game,
    GameAction,
    IllegalAction,
    MalformedAction,
    Place,
    parse_action,
    replay,
)
from engine.actions import ACTION_TYPES, FollowerRef, SegmentRef, shown
from engine.expansions import PLUGINS, known_expansions
from engine.expansions import christmas as xm
from engine.expansions.christmas.actions import XmasDiscard, XmasTarget
from tests.engine.helpers import fingerprint, play, scripted
from tests.profiles import examples

EXPANSIONS = known_expansions()


def _started() -> Game:
    return play(scripted(["U", "V", "E", "B"]), "U 1,0 r90 E")


def _discard_step() -> Game:
    """Seat 0 holds six Christmas cards and must discard one (X-3.1); five of
    them were handed over off the record."""
    decks = {"tiles": ["U", "U", "U"], "abbey": [], "roadside": ["swap-city"]}
    g = Game(["P0", "P1"], ["christmas"], seed=1, decks=decks)
    xm.state(g).hands[0].extend(
        ["draw-two", "return-follower", "farm-bonus", "supply-bonus", "swap-road"]
    )
    g.apply({"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90})
    g.apply({"player": 0, "type": "xmas-draw", "deck": "roadside", "draw": True})
    g.apply({"player": 0, "type": "follower", "location": None})
    assert g.pending is not None and g.pending.step == xm.STEP_DISCARD
    return g


# --- the typed values -----------------------------------------------------------------
def test_typed_actions_know_their_type_and_expansion() -> None:
    assert (Place.TYPE, Place.EXPANSION) == ("place", None)
    assert (Follower.TYPE, Follower.EXPANSION) == ("follower", None)
    owners = {cls.EXPANSION for cls in ACTION_TYPES.values()} - {None}
    # Every expansion with actions of its own owns them (the River has none).
    assert owners == {p.name for p in PLUGINS if p.actions}
    game = Game(["A", "B"], EXPANSIONS)
    for spec in game.hooks.actions.values():
        assert spec.expansion in EXPANSIONS and spec.type == spec.action.TYPE


def test_a_typed_action_round_trips_through_its_record() -> None:
    target = XmasTarget(1, mine=SegmentRef(0, 1, "S"), theirs=FollowerRef(2, 0, "E", player=0))
    record = target.to_record()
    assert record == {
        "player": 1,
        "type": "xmas-target",
        "mine": {"x": 0, "y": 1, "location": "S"},
        "theirs": {"x": 2, "y": 0, "location": "E", "player": 0},
    }
    assert XmasTarget.from_record(record) == target
    assert parse_action(json.loads(json.dumps(record))) == target
    assert Follower.from_record({"player": 0, "type": "follower", "location": None}) == Follower(
        0, None
    )


def test_applying_a_typed_action_equals_applying_its_record() -> None:
    a, b = _started(), _started()
    a.apply(Place(1, 0, 1, 0))
    b.apply({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0})
    assert fingerprint(a) == fingerprint(b)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("place", "JSON object"),
        ({"player": 0, "type": "fly"}, "unknown action type 'fly'"),
        ({"player": 0, "type": "place", "x": 1, "y": 0}, r"needs 'rotation' \(an integer\)"),
        ({"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90.0}, "'rotation' must be"),
        ({"player": 0, "type": "place", "x": True, "y": 0, "rotation": 90}, "'x' must be"),
        ({"player": 0, "type": "place", "x": 2**70, "y": 0, "rotation": 0}, "'x' must be"),
        ({"player": 0, "type": "follower", "location": ["N"]}, "location name or null"),
        ({"player": 0, "type": "xmas-discard", "cards": ("a",)}, "list of card ids"),
        ({"player": 0, "type": "xmas-discard", "cards": [1]}, "list of card ids"),
        (
            {"player": 0, "type": "xmas-target", "mine": {"x": 0, "y": 0, "location": "N", "z": 1}},
            "'mine' must be an object",
        ),
        ({"player": 0, "type": "stake_pass", "chip": "4"}, "unknown field 'chip'"),
    ],
)
def test_bad_shapes_are_malformed_actions(data: Any, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        parse_action(data)


def test_messages_show_hostile_values_safely() -> None:
    assert shown(10**5000).startswith("<an integer of about 5000")
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    assert len(shown(deep)) < 100
    assert len(shown("x" * 10_000)) < 100
    assert shown({"b": 1, "a": 2}) == "{'b': 1, 'a': 2}"  # the sender's key order


# --- MalformedAction vs IllegalAction at the game ------------------------------------------
@pytest.mark.parametrize(
    ("action", "error", "words"),
    [
        ({"player": 1, "type": "place", "x": 0, "y": 1}, MalformedAction, "needs 'rotation'"),
        ({"player": "1", "type": "place"}, MalformedAction, "seat number"),
        ({"player": 1, "type": 5}, MalformedAction, "not possible in step 'place'"),
        ({"player": 1, "type": "teleport"}, MalformedAction, "not possible in step 'place'"),
        ({"player": 1, "type": "open-gift", "card": "synod"}, IllegalAction, "not possible"),
        ({"player": 7, "type": "place", "x": 0, "y": 1, "rotation": 0}, IllegalAction, "seat"),
        ({"player": 0, "type": "place", "x": 0, "y": 1, "rotation": 0}, IllegalAction, "move"),
        ({"player": 1, "type": "place", "x": 5, "y": 5, "rotation": 0}, IllegalAction, "B-4"),
    ],
)
def test_malformed_and_illegal_are_told_apart(
    action: dict[str, Any], error: type[IllegalAction], words: str
) -> None:
    game = _started()
    before = fingerprint(game)
    with pytest.raises(error, match=words) as caught:
        game.check(action)
    assert (type(caught.value) is MalformedAction) == (error is MalformedAction)
    assert not game.is_legal(action)
    with pytest.raises(error, match=words):
        game.apply(action)
    assert fingerprint(game) == before


def test_issue_18_item_7_unknown_fields_are_rejected_and_never_stored() -> None:
    game = _started()
    before = fingerprint(game)
    for extra in ({"note": "hi"}, {"when": object()}, {"cells": {(1, 2)}}, {"x2": math.nan}):
        action = {"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0, **extra}
        with pytest.raises(MalformedAction, match=f"unknown field '{next(iter(extra))}'"):
            game.apply(action)
        assert fingerprint(game) == before
    game.apply({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0})
    with pytest.raises(MalformedAction, match="unknown field 'chip'"):
        # a field of another action type is unknown here too
        game.apply({"player": 1, "type": "follower", "location": None, "chip": "4"})
    json.dumps(game.record())  # always serialisable


def test_issue_18_item_7_the_actions_the_bot_sends_are_accepted() -> None:
    # bot/ui.py and cogs/play.py send these two shapes (db adds "player"); every
    # other action the bot sends is copied from legal_actions().
    game = scripted(["U", "V"])
    game.apply({"type": "place", "x": 1, "y": 0, "rotation": 90, "player": 0})
    game.apply({"type": "follower", "location": None, "player": 0})
    assert [a["type"] for a in game.actions] == ["place", "follower"]
    assert game.pending is not None and game.pending.active == 1  # the next turn


def test_issue_18_item_6_a_stored_action_cannot_change_after_the_fact() -> None:
    game = _discard_step()
    action = {"player": 0, "type": "xmas-discard", "cards": ["swap-road"]}
    game.apply(action)
    record = game.record()
    action["cards"].append("mastermind")  # the caller's dict changes...
    action["cards"][0] = "draw-two"
    game.record()["actions"][-1]["cards"].clear()  # ...and copies handed out change
    game.actions[-1]["cards"].append("x")
    assert game.record() == record  # ...the game's record does not
    assert record["actions"][-1]["cards"] == ["swap-road"]
    assert game.actions.typed()[-1] == XmasDiscard(0, ("swap-road",))


def test_the_action_log_reads_as_record_dicts() -> None:
    game = _started()
    assert len(game.actions) == 2
    assert game.actions[0] == {"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90}
    assert [a["type"] for a in game.actions] == ["place", "follower"]
    assert {"player": 0, "type": "follower", "location": "E"} in game.actions
    assert game.actions[-1:] == [{"player": 0, "type": "follower", "location": "E"}]
    assert game.actions == game.record()["actions"]


# --- Game.check says what apply would do, without applying ----------------------------------
GAMES = settings(max_examples=examples(3))
POOL: tuple[Any, ...] = (None, True, 0, 1, -1, 90, 1.5, "", "N", "C", "synod", "2|3", [], {})


def _mutations(legal: list[dict[str, Any]], rng: random.Random) -> list[Any]:
    out: list[Any] = []
    for _ in range(4):
        probe = dict(rng.choice(legal))
        key = rng.choice(sorted(probe))
        if rng.random() < 0.5:
            probe[key] = rng.choice(POOL)
        else:
            del probe[key]
        out.append(probe)
    return out


@GAMES
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_check_agrees_with_apply_in_random_games_with_every_expansion(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], EXPANSIONS, seed=seed)
    while game.pending is not None:
        seat = rng.choice(game.pending.players)
        legal = game.legal_actions(seat)
        for action in legal:
            game.check(action)  # every listed action is legal...
            assert type(parse_action(action)).from_record(action).to_record() == action
        others = [p for p in range(players) if p not in game.pending.players]
        probes = _mutations(legal, rng) + [dict(rng.choice(legal), player=p) for p in others]
        for probe in probes:
            if game.is_legal(probe):  # ...and check agrees with apply on the rest
                copy = replay(game.record())
                copy.apply(probe)
            else:
                before = len(game.events), len(game.actions)
                with pytest.raises(IllegalAction):
                    game.apply(probe)
                assert (len(game.events), len(game.actions)) == before
        game.apply(rng.choice(legal))


def test_check_accepts_typed_actions_and_custom_subclasses_are_refused() -> None:
    game = _started()
    assert game.is_legal(Place(1, 0, 1, 0))
    assert not game.is_legal(Place(1, 5, 5, 0))

    class Odd(GameAction):  # not a registered action class
        TYPE = "odd"

    assert not game.is_legal(Odd(1))
