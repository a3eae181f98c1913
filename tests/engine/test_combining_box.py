"""The River and the Abbot with the other expansions (docs/rules/combining.md C-4..C-6).

Every scenario fixes all decks and builds its position move by move; what
is expected is worked out by hand in the comments. The start tile D sits at
0,0 (city N, road W-E, field S) without the River, the spring RV1 (water
east) with it; y grows to the south. A card is put straight into a hand
(``give_gift``, ``give_card``) where how it was drawn is not the point.
"""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.expansions import abbot, gifts
from engine.expansions import christmas as xm
from engine.expansions.christmas.cards import BY_ID
from engine.expansions.gifts.cards import CARDS
from engine.moves import parse_move
from tests.engine.helpers import check_invariants
from tests.engine.test_combining import act, give_card, give_gift, new, offer, refused, step


# --- helpers (the others: tests/engine/test_combining.py) -----------------------------
def place(g: Game, text: str) -> None:
    """The placing half of a text move."""
    assert step(g) == "place", g.pending
    g.apply(parse_move(text).actions(g.pending.active)[0])


def second(g: Game, text: str) -> None:
    """Step 2 of a text move (follower, abbot or back)."""
    assert step(g) == "follower", g.pending
    g.apply(parse_move(text).actions(g.pending.active)[1])
    check_invariants(g)


def turn(g: Game, text: str, *draws: bool) -> None:
    place(g, text)
    for yes in draws:
        offer(g, yes)
    second(g, text)


def targets(g: Game, player: int, gift: str) -> list[dict[str, Any]]:
    return CARDS[gift].targets(g, player)


def options(g: Game, player: int, card: str) -> list[dict[str, Any]]:
    return [o.public for o in BY_ID[card].options(g, player) or []]


def paid(g: Game, reason: str) -> list[tuple[int, int]]:
    return [(e["player"], e["points"]) for e in g.events if e.get("reason") == reason]


# --- C-4 cards never choose the abbot ---------------------------------------------------
def test_c4_gifts_never_choose_the_abbot_but_count_it() -> None:
    g = new(["gifts", "abbot"], ["B", "B", "U", "U"], gifts=[])
    turn(g, "B 0,1 r0 @C")  # P0's abbot on the monastery
    turn(g, "B 1,1 r0 C")  # P1's monk on the next one
    give_gift(g, 0, gifts.CASH_OUT, gifts.CHANGE_POSITION)
    # P0's abbot is their only piece on the board: nothing to cash out or turn (G-10).
    assert targets(g, 0, gifts.CASH_OUT) == [] and targets(g, 0, gifts.CHANGE_POSITION) == []
    refused(
        g,
        {"player": 0, "type": gifts.OPEN, "card": gifts.CASH_OUT, "x": 0, "y": 1, "location": "C"},
        r"that is your abbot: Cash out never chooses it \(G-7, C-4\)",
    )
    # A follower of P0's joins the abbot (as by a synod): cash out takes that one,
    # 2 points per follower there, the abbot included (G-7): 4; the abbot stays.
    g.add_follower(0, (0, 1), 0)
    assert targets(g, 0, gifts.CASH_OUT) == [{"x": 0, "y": 1, "location": "C"}]
    act(g, gifts.OPEN, card=gifts.CASH_OUT, x=0, y=1, location="C")
    assert paid(g, gifts.CASH_OUT) == [(0, 4)]
    monastery = g.board.feature_at((0, 1), 0)
    assert [(f.player, f.piece) for f in monastery.followers] == [(0, "abbot")]
    assert g.supply[0] == 7


def test_c4_synod_places_a_follower_never_the_abbot() -> None:
    g = new(["gifts", "abbot"], ["B", "U", "U"], gifts=[])
    turn(g, "B 0,1 r0 C")
    give_gift(g, 1, gifts.SYNOD)
    g.supply[1] = 0  # P1's followers are all elsewhere (not the point); the abbot is home
    assert abbot.abbots_home(g) == (1, 1)
    assert targets(g, 1, gifts.SYNOD) == []  # G-4 takes a follower from supply (G-10)


def test_c4_christmas_cards_never_choose_the_abbot_but_count_it() -> None:
    g = new(["christmas", "abbot"], ["B", "B", "E"], abbey=[], roadside=[])
    give_card(g, 0, "supply-bonus")
    turn(g, "B 0,1 r0 @C")  # P0's abbot
    # P1's monastery beside it: P0's abbot is a follower of another player
    # there, so P1 could draw an abbey card (X-2, C-4; the deck is empty here).
    place(g, "B 1,1 r0")
    assert xm.play.draw_decks(g, 1, (1, 1), "B") == ["abbey"]
    second(g, "B 1,1 r0 C")
    # Return a follower and the swaps never take the abbot.
    assert options(g, 0, "return-follower") == []
    assert options(g, 0, "swap-monastery") == [] and options(g, 1, "swap-monastery") == []
    turn(g, "E 0,-1 r180 -")  # P0 closes D's city; the last tile
    assert g.finished
    # Supply bonus (X-4.12) counts followers only: P0's 7, not the abbot (A-1).
    assert paid(g, "christmas:supply-bonus") == [(0, 14)]
    # Each monastery has D and the other around it: 3 each (B-8, A-5).
    assert paid(g, "final") == [(0, 3), (1, 3)]


def test_c4_a_card_scoring_early_sends_the_abbot_home() -> None:
    # : P1 scores their own monastery, where their abbot stands.
    g = new(["christmas", "abbot"], ["B", "B", "E", "E"], abbey=["score-monastery"], roadside=[])
    turn(g, "B 0,1 r0 C")  # P0's monk
    turn(g, "B -1,1 r0 @C", False)  # P1's abbot, in P0's ring: the abbey card declined
    turn(g, "E 0,-1 r180 -")
    place(g, "E 1,1 r0")  # P1 beside P0's monk again: draws score-monastery
    offer(g, True)
    assert g.pending.info["options"] == [{"x": -1, "y": 1, "location": "C"}]
    act(g, xm.TARGET, x=-1, y=1, location="C")
    # Around -1,1: D at 0,0 and B at 0,1: 2 points; the abbot goes home.
    assert paid(g, "christmas:score-monastery") == [(1, 2)]
    assert abbot.abbots_home(g) == (1, 1)


# --- C-5 a garden is not a monastery ----------------------------------------------------
def test_c5_a_garden_is_no_monastery_for_any_card_or_for_abbey_draws() -> None:
    g = new(["gifts", "christmas", "abbot"], ["Eg", "E"], gifts=[], abbey=["score-3"], roadside=[])
    turn(g, "Eg 0,1 r180 @G")  # P0's abbot on a garden
    place(g, "E 1,1 r180")  # P1 in the garden's ring: no abbey card (X-2, C-5)
    assert step(g) == "follower"
    assert xm.play.draw_decks(g, 1, (1, 1), "E") == []
    assert targets(g, 1, gifts.SYNOD) == []  # G-4: no monastery on the board
    for card in ("claim-occupied-monastery", "lock-monastery", "tiebreak-monastery"):
        assert options(g, 1, card) == [], card
    assert options(g, 0, "score-monastery") == []  # though P0 owns the garden


def test_a3_g6_change_position_never_stands_a_follower_on_a_garden() -> None:
    # Found by the all-expansions run (seed 164330): a farmer on a garden twin's field
    # was stood up onto the garden, where only an abbot may stand.
    g = new(["gifts", "abbot"], ["Eg", "E", "E"], gifts=[])
    turn(g, "Eg 0,1 r180 NNW")  # P0's farmer, on the field that holds the garden
    turn(g, "E 0,-1 r180 -")
    give_gift(g, 0, gifts.CHANGE_POSITION)
    # Up onto the open city S, never onto the garden G.
    assert [t["to"] for t in targets(g, 0, gifts.CHANGE_POSITION)] == ["S"]
    refused(
        g,
        {
            "player": 0,
            "type": gifts.OPEN,
            "card": gifts.CHANGE_POSITION,
            "x": 0,
            "y": 1,
            "location": "NNW",
            "to": "G",
        },
        r"only an abbot stands on a garden \(A-3, G-6\)",
    )


# --- C-6 the river and tile cards ----------------------------------------------------------
def test_c6_no_second_tile_while_the_river_is_drawn_and_the_mastermind_after_it() -> None:
    g = new(
        ["gifts", "christmas", "river"],
        ["U", "U", "V"],
        river=["RV7", "RV2"],
        gifts=[],
        abbey=[],
        roadside=[],
    )
    give_gift(g, 0, gifts.TAKE_TWO)
    give_card(g, 0, "draw-two", "mastermind")
    give_card(g, 1, "draw-two", "mastermind")
    # Turn 1, P0, RV7 from the river pile: nothing draws a second tile or
    # fixes the next one, a river tile (C-6; G-10: the gift cannot be opened).
    assert g.turn.opening == "river"
    assert {a["type"] for a in g.legal_actions(0)} == {"place"}
    refused(g, {"player": 0, "type": gifts.OPEN, "card": gifts.TAKE_TWO}, r"river pile.*\(C-6")
    refused(g, {"player": 0, "type": xm.PLAY, "card": "draw-two"}, r"river pile.*\(C-6\)")
    refused(g, {"player": 0, "type": xm.PLAY, "card": "mastermind"}, r"river pile.*\(C-6\)")
    turn(g, "RV7 1,0 r0 -")
    # Turn 2, P1, the lake: still no second tile, but the next tile is a land
    # tile, so the mastermind may fix its cell.
    assert g.turn.tile == "RV2" and g.opening() is None
    assert [a["card"] for a in g.legal_actions(1) if a["type"] == xm.PLAY] == ["mastermind"]
    act(g, xm.PLAY, card="mastermind")
    while step(g) == xm.STEP_REACT:
        act(g, xm.REACT, cancel=False)
    turn(g, "RV2 2,0 r0 -")
    # Turn 3, P0, the first land tile U: P1 picks its cell.
    assert step(g) == xm.STEP_MASTERMIND
    act(g, xm.TARGET, x=0, y=-1)
    assert {(x, y) for x, y, _ in g.legal_placements()} == {(0, -1)}
    # A land turn: the gift and draw two are usable again.
    assert {a["type"] for a in g.legal_actions(0)} >= {gifts.OPEN, xm.PLAY}
