"""Whether a player holds a card never shows in public (#18: X-4.9, X-3.2).

Twin games differ in one card of one hand only: the card in question, or
another plain card (hand sizes are public, so both hands hold as many cards).
Both twins get the same actions, every question answered with the answer every
player has (let the attack pass, no modifier), and after every action their
public artefacts must be equal: the public view (with its events), the pending
decision (step, players, active seat, types, info), the public events the
action returned, the other seats' private views and the record.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, IllegalAction, only_answer
from engine.ai.reference import decide
from engine.expansions import christmas as xm
from engine.expansions.christmas.cards import COPIES
from engine.views import private_view, public_view

OTHER = "return-follower"  # the card the twin without the card holds instead


# --- the twins ------------------------------------------------------------------------
def twins(
    seat: int, card: str, tiles: list[str] | None, players: int = 3, seed: int = 1, **decks: Any
) -> tuple[Game, Game]:
    """Two games alike but for one card in ``seat``'s hand: ``card`` in the
    first, OTHER in the second. ``tiles`` None: every deck from ``seed``."""
    fixed = {} if tiles is None else {"tiles": tiles, "abbey": [], "roadside": [], **decks}
    out = []
    for held in (card, OTHER):
        g = Game([f"P{i}" for i in range(players)], ["christmas"], seed=seed, decks=fixed)
        xm.state(g).hands[seat].append(held)
        out.append(g)
    return out[0], out[1]


def public(g: Game, returned: list[dict[str, Any]], seat: int) -> tuple[Any, ...]:
    d = g.pending
    return (
        public_view(g),
        None if d is None else (d.step, d.players, d.active, d.types, d.info),
        [e for e in returned if "private" not in e],
        [private_view(g, p) for p in range(len(g.players)) if p != seat],
        g.record(),
    )


def both(a: Game, b: Game, seat: int, action: dict[str, Any]) -> None:
    """Apply ``action`` to both twins and compare what the public sees."""
    ea, eb = a.apply(action), b.apply(action)
    assert public(a, ea, seat) == public(b, eb, seat), action


def neutral(g: Game, card: str) -> dict[str, Any]:
    """The next action of a scripted game that plays no card from hand: attacks
    pass, no modifier, the first placement or draw listed, the last follower
    spot, and a hand-limit discard without ``card``."""
    d = g.pending
    assert d is not None
    p = d.players[0]
    legal = g.legal_actions(p)
    if d.step == xm.STEP_REACT:
        return {"player": p, "type": xm.REACT, "cancel": False}
    if d.step == xm.STEP_MODIFIER:
        return {"player": p, "type": xm.MODIFIER, "card": None}
    if d.step == xm.STEP_DISCARD:
        return next(a for a in legal if card not in a["cards"] and OTHER not in a["cards"])
    if d.step == "follower":
        return legal[-1]  # a follower wherever one may go: attacks need targets
    return next(a for a in legal if a["type"] != xm.PLAY)


def play_out_alike(a: Game, b: Game, seat: int, card: str) -> list[str]:
    """Play both twins to the end alike; the steps in which ``seat`` was asked."""
    asked = []
    while a.pending is not None:
        if seat in a.pending.players:
            asked.append(a.pending.step)
        both(a, b, seat, neutral(a, card))
    assert b.pending is None
    return asked


def place(g: Game, x: int, y: int, r: int) -> dict[str, Any]:
    assert g.pending is not None
    return {"player": g.pending.players[0], "type": "place", "x": x, "y": y, "rotation": r}


# --- everybody an attack affects is asked alike ---------------------------------
def test_x4_9_twins_with_and_without_prevent_attack_look_alike() -> None:
    # P0's thief on D's road (U at 1,0); P1 joins it with claim-occupied-road
    # (U at 2,0), attacking P0; P2 locks it with lock-road (U at 3,0),
    # attacking P0 and P1. P0 holds prevent-attack in twin a, not in twin b.
    a, b = twins(0, "prevent-attack", ["U"] * 8, roadside=["claim-occupied-road", "lock-road"])

    def go(action: dict[str, Any]) -> None:
        both(a, b, 0, action)

    go(place(a, 1, 0, 90))
    go({"player": 0, "type": xm.DRAW, "deck": "roadside", "draw": False})
    go({"player": 0, "type": "follower", "location": "E"})
    go(place(a, 2, 0, 90))
    go({"player": 1, "type": xm.DRAW, "deck": "roadside", "draw": True})
    go({"player": 1, "type": xm.TARGET, "x": 2, "y": 0, "location": "E"})
    # The claim attacks P0: P0 is asked in both twins.
    assert a.pending.step == xm.STEP_REACT and a.pending.players == (0,)
    assert [x["cancel"] for x in a.legal_actions(0)] == [True, False]
    assert [x["cancel"] for x in b.legal_actions(0)] == [False]
    assert only_answer(a, 0) is None
    assert only_answer(b, 0) == {"player": 0, "type": xm.REACT, "cancel": False}
    go({"player": 0, "type": xm.REACT, "cancel": False})
    go({"player": 1, "type": "follower", "location": None})
    go(place(a, 3, 0, 90))
    go({"player": 2, "type": xm.DRAW, "deck": "roadside", "draw": True})
    go({"player": 2, "type": xm.TARGET, "x": 0, "y": 0, "location": "E"})
    # The lock attacks P0 and P1: one step asks both; they answer in any order.
    assert a.pending.step == xm.STEP_REACT and a.pending.players == (0, 1)
    assert a.pending.active == 2
    go({"player": 1, "type": xm.REACT, "cancel": False})
    assert a.pending.players == (0,)
    go({"player": 0, "type": xm.REACT, "cancel": False})
    assert not any(e["type"] == "xmas-pass" for e in public_view(a).events)
    outcome = [e for e in public_view(a).events if e["type"].startswith("xmas-not-cancelled")]
    assert [e["card"] for e in outcome] == ["claim-occupied-road", "lock-road"]
    play_out_alike(a, b, 0, "prevent-attack")
    assert a.finished and a.scores == b.scores


def test_x4_9_first_cancel_in_seat_order_after_the_attacker_wins() -> None:
    # As above with both attacked players holding prevent-attack (no twin): P1
    # answers first, but P0 comes first after the attacker P2, so P0's card
    # cancels the lock and P1 keeps theirs.
    g = Game(
        ["P0", "P1", "P2"],
        ["christmas"],
        seed=1,
        decks={"tiles": ["U"] * 4, "abbey": [], "roadside": ["claim-occupied-road", "lock-road"]},
    )
    g.apply(place(g, 1, 0, 90))
    g.apply({"player": 0, "type": xm.DRAW, "deck": "roadside", "draw": False})
    g.apply({"player": 0, "type": "follower", "location": "E"})
    g.apply(place(g, 2, 0, 90))
    g.apply({"player": 1, "type": xm.DRAW, "deck": "roadside", "draw": True})
    g.apply({"player": 1, "type": xm.TARGET, "x": 2, "y": 0, "location": "E"})
    g.apply({"player": 0, "type": xm.REACT, "cancel": False})
    g.apply({"player": 1, "type": "follower", "location": None})
    xm.state(g).hands[0].append("prevent-attack")
    xm.state(g).hands[1].append("prevent-attack")
    g.apply(place(g, 3, 0, 90))
    g.apply({"player": 2, "type": xm.DRAW, "deck": "roadside", "draw": True})
    g.apply({"player": 2, "type": xm.TARGET, "x": 0, "y": 0, "location": "E"})
    assert g.pending.players == (0, 1)
    assert g.apply({"player": 1, "type": xm.REACT, "cancel": True}) == []  # nothing public yet
    with pytest.raises(IllegalAction, match="not P1's move"):
        g.apply({"player": 1, "type": xm.REACT, "cancel": False})
    events = g.apply({"player": 0, "type": xm.REACT, "cancel": True})
    assert events[0] == {
        "type": "xmas-cancel",
        "player": 0,
        "card": "lock-road",
        "attacker": 2,
    }
    assert xm.state(g).hands == [[], ["prevent-attack"], []]
    assert public_view(g).extra["christmas"]["locks"] == []
    assert xm.state(g).discard[-2:] == ["prevent-attack", "lock-road"]


def test_x4_9_the_ai_answers_an_attack_with_or_without_the_card() -> None:
    a, b = twins(1, "prevent-attack", ["U"] * 4, players=2, roadside=["mastermind"])
    for g in (a, b):
        g.apply(place(g, 1, 0, 90))
        g.apply({"player": 0, "type": xm.DRAW, "deck": "roadside", "draw": True})
        g.apply({"player": 0, "type": xm.PLAY, "card": "mastermind"})
        assert g.pending.step == xm.STEP_REACT and g.pending.players == (1,)
    # The hands were planted, not dealt by actions: a seat view's determinization
    # (which rebuilds the game from its record) would not see them, so the
    # reference AI's own decision is asked on the game itself.
    assert decide(a, 1, 1) == {"player": 1, "type": xm.REACT, "cancel": True}
    assert decide(b, 1, 1) == {"player": 1, "type": xm.REACT, "cancel": False}


# --- the scoring question is put on public facts ---------------------------------
def loop_twins(card: str, owner: int = 1) -> tuple[Game, Game]:
    """Four V curves close a loop south of D: 0,1 r270 (P0), 1,1 r0 (P1), 0,2
    r180 (P0), 1,2 r90 (P1 completes it); ``owner``'s thief is on it. P1
    holds ``card`` in twin a and OTHER in twin b."""
    a, b = twins(1, card, ["V", "V", "V", "V", "U"], players=2)
    for x, y, r, loc in (
        (0, 1, 270, "E" if owner == 0 else None),
        (1, 1, 0, "S" if owner else None),
    ):
        for g in (a, b):
            g.apply(place(g, x, y, r))
            g.apply({"player": g.pending.players[0], "type": "follower", "location": loc})
    both(a, b, 1, place(a, 0, 2, 180))
    both(a, b, 1, {"player": 0, "type": "follower", "location": None})
    both(a, b, 1, place(a, 1, 2, 90))
    both(a, b, 1, {"player": 1, "type": "follower", "location": None})
    return a, b


def test_x3_2_twins_with_and_without_a_modifier_look_alike() -> None:
    a, b = loop_twins("closed-loop-road")
    # P1 owns the loop being scored: the question is put in both twins.
    for g in (a, b):
        assert g.pending.step == xm.STEP_MODIFIER and g.pending.players == (1,)
    done = {"player": 1, "type": xm.MODIFIER, "card": None}
    play = {**done, "card": "closed-loop-road", "x": 0, "y": 1, "location": "E"}
    assert a.legal_actions(1) == [done, play]
    assert only_answer(a, 1) is None
    assert only_answer(b, 1) == done
    with pytest.raises(IllegalAction, match="cannot be played there"):
        b.apply(play)
    asked = play_out_alike(a, b, 1, "closed-loop-road")
    assert asked[0] == xm.STEP_MODIFIER
    assert a.scores == b.scores == [0, 4]  # the loop, 4 tiles x 1


def test_x3_2_no_question_without_a_card_in_hand_or_a_copy_left() -> None:
    # Hand sizes and the discard pile are public: an empty hand, or both copies
    # of the only modifier that applies discarded, mean nobody can play one.
    for setup in ("empty hand", "discarded"):
        g = Game(
            ["P0", "P1"],
            ["christmas"],
            seed=1,
            decks={"tiles": ["V"] * 4 + ["U"], "abbey": [], "roadside": []},
        )
        if setup == "discarded":
            xm.state(g).hands[1].append(OTHER)
            xm.state(g).discard.extend(["closed-loop-road"] * COPIES)
        for x, y, r, loc in (
            (0, 1, 270, None),
            (1, 1, 0, "S"),
            (0, 2, 180, None),
            (1, 2, 90, None),
        ):
            g.apply(place(g, x, y, r))
            g.apply({"player": g.pending.players[0], "type": "follower", "location": loc})
        assert g.pending.step == "place", setup
        assert [e["points"] for e in g.events if e.get("reason") == "completed"] == [4]


def test_x3_2_only_the_owner_of_a_feature_scored_is_asked() -> None:
    a, b = loop_twins("closed-loop-road", owner=0)  # P1 completes P0's loop
    assert a.pending.step == b.pending.step == "place"


# --- whole games -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seed", "seat", "card", "step"),
    [
        (0, 0, "prevent-attack", xm.STEP_REACT),
        (17, 2, "plain-city-worth-3", xm.STEP_MODIFIER),
    ],
)
def test_whole_twin_games_look_alike(seed: int, seat: int, card: str, step: str) -> None:
    a, b = twins(seat, card, None, players=3, seed=seed)
    asked = play_out_alike(a, b, seat, card)
    assert step in asked  # the question came up for the seat that holds the card
