"""Records of older rules flows replay under the current one (engine.flows):
the answers the older flow did not ask for are put in, fields it accepted
for nothing are left out, a rule that changed applies from its own flow on,
and a record of the current flow is replayed exactly as it is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction, MalformedAction, RecordError, flows, replay
from engine.ai import play_out
from engine.expansions import christmas as xm
from engine.expansions import gifts
from engine.expansions.christmas.flows import PASS
from engine.expansions.gifts.flows import drop_unused_fields as drop_gift_fields
from engine.record import upgrade
from engine.views import public_view
from tests.engine.test_combining import give_gift, locked_road_game

CHRISTMAS = ("xmas-attack", "xmas-scoring")


def played(seed: int, expansions: tuple[str, ...] = ("christmas",)) -> Game:
    return play_out(Game(["A", "B", "C"], expansions, seed))


def as_flow_1(game: Game) -> dict[str, Any]:
    """The game's record as flow 1 wrote it: no flow field, and none of the
    answers of the attack and modifier questions that flow 1 never asked
    (those of seats with one answer only: it asked holders alone)."""
    rec = game.record()
    del rec["flow"]
    replayed = Game(game.players, game.expansions, game.seed, game.decks)
    kept = []
    for action in rec["actions"]:
        d = replayed.pending
        assert d is not None
        alone = len(replayed.legal_actions(action["player"])) == 1
        if not (d.step in CHRISTMAS and alone):
            kept.append(action)
        replayed.apply(action)
    rec["actions"] = kept
    return rec


@pytest.mark.parametrize("seed", range(6))
def test_x4_9_x3_2_a_flow_1_record_gets_back_the_answers_it_never_asked(seed: int) -> None:
    game = played(seed)
    old = as_flow_1(game)
    dropped = len(game.actions) - len(old["actions"])
    assert dropped > 0  # every seeded game here has such questions
    strict = Game(game.players, game.expansions, game.seed)
    try:  # as it is, the current flow refuses it or leaves it unfinished ...
        for a in old["actions"]:
            strict.apply(a)
    except IllegalAction:
        pass
    assert not strict.finished
    done = upgrade(json.loads(json.dumps(old)), finished=True)  # ... migrated, it plays
    assert done.flow == 1 and len(done.added) == dropped
    # The same answers (within one question, perhaps in another order) ...
    assert sorted(map(json.dumps, done.actions)) == sorted(map(json.dumps, game.actions))
    kept = [a for i, a in enumerate(done.actions) if i not in done.added]
    assert kept == old["actions"]
    # ... and the same game.
    assert done.game.finished and done.game.scores == game.scores
    assert public_view(done.game) == public_view(game)
    for i in done.added:
        assert done.actions[i]["type"] in (xm.REACT, xm.MODIFIER)


def test_a_record_of_the_current_flow_is_replayed_as_it_is() -> None:
    game = played(3, ("gifts", "bets", "christmas"))
    rec = game.record()
    assert rec["flow"] == flows.current() == game.flow
    done = upgrade(rec)
    assert done.added == () and not done.changed and done.actions == rec["actions"]
    assert replay(rec).record() == rec


def test_an_unmarked_record_of_flow_2_stays_flow_2() -> None:
    """Written by the release before flows were recorded: nothing to put in."""
    game = played(4)
    rec = game.record()
    del rec["flow"]
    done = upgrade(rec, finished=True)
    assert done.flow == 2 and done.added == () and done.game.scores == game.scores


def test_a_flow_newer_than_the_engine_or_not_a_number_is_refused() -> None:
    rec = Game(["A", "B"]).record()
    for bad in (flows.current() + 1, 0, "2", True, None):
        with pytest.raises(RecordError, match="flow") as err:
            replay({**rec, "flow": bad})
        assert err.value.index == -1


def test_the_passing_answers_are_legal_where_they_are_put_in() -> None:
    assert set(PASS) == set(CHRISTMAS)


# --- C-1 binds the gifts from flow 2 ----------------------------------------------
def test_c1_a_game_begun_under_flow_1_finishes_under_the_rule_it_began_with() -> None:
    sweep = {"type": gifts.OPEN, "card": gifts.ROAD_SWEEPER, "x": 0, "y": 0, "location": "E"}
    for flow, legal in ((1, True), (2, False), (flows.current(), False)):
        g = locked_road_game()
        rec = g.record()
        old = Game(g.players, g.expansions, g.seed, g.decks, flow)
        for a in rec["actions"]:
            old.apply(a)
        give_gift(old, 0, gifts.ROAD_SWEEPER)
        assert old.is_legal({"player": 0, **sweep}) is legal, flow
        if legal:  # as 252bab5 played it: the locked road is swept
            old.apply({"player": 0, **sweep})
            assert old.record()["flow"] == 1


# --- flow 3: fields a card or question does not use ----------------------------------
def test_flow_3_an_unused_gift_field_is_refused_and_an_older_opening_loses_it() -> None:
    g = locked_road_game()
    give_gift(g, 0, gifts.TAKE_TWO, gifts.SYNOD)
    take = {"player": 0, "type": gifts.OPEN, "card": gifts.TAKE_TWO, "to": "N"}
    with pytest.raises(MalformedAction, match="'to'"):
        g.apply(take)
    assert drop_gift_fields(g, take) == {"player": 0, "type": gifts.OPEN, "card": gifts.TAKE_TWO}
    synod = {"player": 0, "type": gifts.OPEN, "card": gifts.SYNOD, "x": 0, "y": 0}
    with pytest.raises(MalformedAction, match=r"Synod.*'to'"):
        g.apply({**synod, "location": "C", "to": "E"})
    assert drop_gift_fields(g, {**synod, "to": "E"}) == synod


def test_flow_3_a_modifier_pass_with_a_feature_is_refused_and_an_older_record_loses_it() -> None:
    game = next(g for g in map(played, range(12)) if _pass_index(g) is not None)
    rec = game.record()
    i = _pass_index(game)
    assert i is not None
    rec["actions"][i] = {**rec["actions"][i], "x": 0, "y": 0}
    with pytest.raises(RecordError, match="'x'") as err:
        replay(rec)
    assert err.value.index == i
    done = upgrade({**rec, "flow": 2}, finished=True)
    assert done.changed and done.actions == list(game.actions) and done.game.finished


def _pass_index(game: Game) -> int | None:
    return next(
        (i for i, a in enumerate(game.actions) if a["type"] == xm.MODIFIER and a["card"] is None),
        None,
    )
