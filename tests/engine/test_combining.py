"""Where the expansions meet (docs/rules/combining.md, C-1..C-3).

Every scenario fixes all decks and builds its position move by move; the scores
expected are worked out by hand in the comments. The start tile D sits at 0,0:
city N, road W-E, field S; y grows to the south. A card is put straight into a
hand (``give_gift``, ``give_card``) where how it was drawn is not the point.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.expansions import bets, gifts
from engine.expansions import christmas as xm
from engine.expansions.christmas.cards import BY_ID
from engine.expansions.gifts.cards import CARDS
from engine.views import public_view
from tests.engine.helpers import fingerprint


# --- helpers ---------------------------------------------------------------------
def new(expansions: list[str], tiles: list[str], **decks: list[str]) -> Game:
    return Game(["P0", "P1"], expansions, seed=1, decks={"tiles": tiles, **decks})


def act(g: Game, kind: str, **fields: Any) -> list[dict[str, Any]]:
    """The action of the first seat the game waits for."""
    assert g.pending is not None
    return g.apply({"player": g.pending.players[0], "type": kind, **fields})


def step(g: Game) -> str:
    assert g.pending is not None
    return g.pending.step


def place(g: Game, x: int, y: int, r: int) -> None:
    assert step(g) == "place", g.pending
    act(g, "place", x=x, y=y, rotation=r)


def answer_attacks(g: Game) -> None:
    """Every attacked player lets the attack pass (X-4.9)."""
    while step(g) == xm.STEP_REACT:
        act(g, xm.REACT, cancel=False)


def follower(g: Game, loc: str | None = None) -> None:
    answer_attacks(g)
    assert step(g) == "follower", g.pending
    act(g, "follower", location=loc)


def offer(g: Game, yes: bool) -> None:
    assert step(g) == xm.STEP_DRAW, g.pending
    act(g, xm.DRAW, deck=g.pending.info["deck"], draw=yes)


def give_gift(g: Game, player: int, *cards: str) -> None:
    gifts.state(g).hands[player].extend(cards)


def give_card(g: Game, player: int, *cards: str) -> None:
    xm.state(g).hands[player].extend(cards)


def refused(g: Game, action: dict[str, Any], words: str) -> None:
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match=words):
        g.apply(action)
    assert fingerprint(g) == before


def openings(g: Game, player: int) -> list[dict[str, Any]]:
    return [a for a in g.legal_actions(player) if a["type"] == gifts.OPEN]


def paid(g: Game, reason: str) -> list[tuple[int, int]]:
    return [(e["player"], e["points"]) for e in g.events if e.get("reason") == reason]


def on_board(g: Game) -> list[tuple[int, tuple[int, int], str, bool]]:
    return sorted((f.player, f.pos, g.location(f), f.lying) for _, f in g.board.followers())


# --- C-1: a locked feature is out of reach of every card ------------------------------
def locked_road_game() -> Game:
    """P0's thief on the road D-U; P1 locks it (X-5.2) and leaves a farmer at 2,0.

    Turn 1, P0: U at 1,0 r90 (road W-E), thief on it; declines the roadside card.
    Turn 2, P1: W at 2,0 r0 (junction: roads E, S, W) ends the road on the east;
    draws lock-road and locks P0's road (the only road with a follower); puts a
    farmer on the north field of 2,0 (NNW).
    """
    g = new(["gifts", "christmas"], ["U", "W", "W", "U", "U"], gifts=[], roadside=["lock-road"])
    place(g, 1, 0, 90)
    offer(g, False)
    follower(g, "E")
    place(g, 2, 0, 0)
    offer(g, True)
    assert g.pending.info["options"] == [{"x": 0, "y": 0, "location": "E"}]
    act(g, xm.TARGET, x=0, y=0, location="E")
    follower(g, "NNW")
    assert on_board(g) == [(0, (1, 0), "E", True), (1, (2, 0), "NNW", False)]
    return g


def test_c1_g5_g6_g7_gifts_cannot_reach_an_unfinished_locked_road() -> None:
    g = locked_road_game()
    give_gift(g, 0, gifts.CASH_OUT, gifts.ROAD_SWEEPER, gifts.CHANGE_POSITION)
    # Turn 3, P0, before placing. Road sweeper (G-5) may sweep only the two
    # one-tile roads of the junction at 2,0 (E and S), not the locked road; Cash
    # out (G-7) and Change position (G-6) have no target: P0's only follower is
    # on the locked road (G-10: they cannot be opened).
    assert openings(g, 0) == [
        {
            "player": 0,
            "type": gifts.OPEN,
            "card": gifts.ROAD_SWEEPER,
            "x": 2,
            "y": 0,
            "location": loc,
        }
        for loc in ("E", "S")
    ]
    refused(
        g,
        {"player": 0, "type": gifts.OPEN, "card": gifts.CASH_OUT, "x": 1, "y": 0, "location": "E"},
        r"locked.*G-7, C-1",
    )
    refused(
        g,
        {
            "player": 0,
            "type": gifts.OPEN,
            "card": gifts.ROAD_SWEEPER,
            "x": 0,
            "y": 0,
            "location": "E",
        },
        r"locked.*G-5, C-1",
    )
    refused(
        g,
        {
            "player": 0,
            "type": gifts.OPEN,
            "card": gifts.CHANGE_POSITION,
            "x": 1,
            "y": 0,
            "location": "E",
            "to": "NNW",
        },
        r"locked.*G-6, C-1",
    )
    # G-6 the other way: P1's farmer at 2,0 may stand up on the junction's E or S
    # road, not on its W road, which is part of the locked road.
    assert CARDS[gifts.CHANGE_POSITION].targets(g, 1) == [
        {"x": 2, "y": 0, "location": "NNW", "to": "E"},
        {"x": 2, "y": 0, "location": "NNW", "to": "S"},
    ]
    refused(
        g,
        {
            "player": 0,
            "type": gifts.OPEN,
            "card": gifts.CHANGE_POSITION,
            "x": 2,
            "y": 0,
            "location": "NNW",
            "to": "W",
        },
        "no follower",  # P0 has none there: checked before the lock
    )


def test_c1_g7_x4_2_x4_11_x5_4_leave_the_followers_of_a_completed_locked_road_alone() -> None:
    g = locked_road_game()
    # Turn 3, P0: W at -1,0 r0 ends the road on the west: W-D-U-W, 4 tiles,
    # complete. Locked: its 4 points wait for the game end, the thief stays.
    place(g, -1, 0, 0)
    follower(g)
    assert g.scores == [0, 0]
    assert public_view(g).extra["christmas"]["deferred"] == [
        {"feature": "road", "x": -1, "y": 0, "tiles": 4, "points": {"0": 4}}
    ]
    assert on_board(g)[0] == (0, (1, 0), "E", True)
    # Turn 4, P1: U at 1,1 r90 (a one-tile road W-E), thief on it.
    place(g, 1, 1, 90)
    follower(g, "E")
    # Turn 5, P0 holds Cash out: before this ruling it paid 2 points and gave the
    # thief back although the road's 4 points were still paid at the end.
    give_gift(g, 0, gifts.CASH_OUT)
    assert openings(g, 0) == []  # G-10: its only target is locked
    refused(
        g,
        {"player": 0, "type": gifts.OPEN, "card": gifts.CASH_OUT, "x": 1, "y": 0, "location": "E"},
        r"locked.*G-7, C-1",
    )
    # The Christmas cards of C-1 leave it alone too: P0 owns only the locked
    # road, so Road bonus has no target, nor Return follower,
    # nor a road swap (X-5.4) for either player; P1 may score P1's own road.
    assert BY_ID["score-road"].options(g, 0) == []
    assert [o.public for o in BY_ID["score-road"].options(g, 1) or []] == [
        {"x": 1, "y": 1, "location": "E"}
    ]
    assert BY_ID["return-follower"].options(g, 0) == []
    assert BY_ID["swap-road"].options(g, 0) == []
    assert BY_ID["swap-road"].options(g, 1) == []
    place(g, 1, -1, 90)  # U north of 1,0: no road joins any follower's
    follower(g)
    assert g.finished
    # By hand. P0: the locked road, 4 tiles x 1 = 4, paid at the end, and
    # one unopened gift, 2 (G-9): 6. P1: road at 1,1, unfinished, 1 tile = 1
    # (B-8); the farmer's field touches no completed city: 0. Total 1.
    assert paid(g, "christmas:lock") == [(0, 4)]
    assert paid(g, gifts.CASH_OUT) == []
    assert g.scores == [6, 1]


# --- C-2: bets on a locked feature settle when it completes ------------------------------
def test_c2_t4_x5_2_bets_on_a_locked_road_settle_at_completion_points_wait() -> None:
    g = new(["bets", "christmas"], ["BK5", "U", "W", "U"], roadside=["lock-road"])
    # Turn 1, P0: BK5 at 1,0 r0; its W road ends at the office and joins D's road
    # (D-BK5, open at D's west end). Thief on it. Step 4 (T-2): P0 stakes 2|3,
    # P1 stakes 4.
    place(g, 1, 0, 0)
    follower(g, "W")
    assert step(g) == bets.STEP_STAKE
    g.apply({"player": 0, "type": "stake", "chip": "2|3"})
    g.apply({"player": 1, "type": "stake", "chip": "4"})
    # Turn 2, P1: U at 1,1 r90; draws lock-road and locks P0's road.
    place(g, 1, 1, 90)
    offer(g, True)
    act(g, xm.TARGET, x=0, y=0, location="E")
    follower(g)
    # Turn 3, P0: W at -1,0 r0 closes the road: W-D-BK5, 3 tiles, complete.
    place(g, -1, 0, 0)
    follower(g)
    # By hand. The road's own points (3 tiles x 1 = 3) wait for the game end
    # the chips settle now (C-2, T-4): 2|3 matches 3 tiles and pays 3,
    # 4 does not match and pays 0; both chips go back to their owners.
    assert paid(g, "bet") == [(0, 3)]
    assert paid(g, "completed") == []
    assert g.scores == [3, 0]
    assert public_view(g).extra["christmas"]["deferred"] == [
        {"feature": "road", "x": -1, "y": 0, "tiles": 3, "points": {"0": 3}}
    ]
    assert public_view(g).extra["bets"]["offices"] == [{"x": 1, "y": 0, "chips": []}]
    assert [len(s) for s in bets.state(g).supply] == [6, 6]
    assert on_board(g) == [(0, (1, 0), "W", True)]  # the thief stays until the end
    # Turn 4, P1: U at 2,1 r90 extends the road of 1,1; game end. P0 is paid the
    # road's 3 now: 3 + 3 = 6. P1: 0.
    place(g, 2, 1, 90)
    follower(g)
    assert g.finished
    assert paid(g, "christmas:lock") == [(0, 3)]
    assert paid(g, "bet") == [(0, 3)]  # settled once, not again at T-5
    assert g.scores == [6, 0]


# --- C-3: take two and draw two under a mastermind ------------------------------------
def mastermind_on_p1(tiles: list[str]) -> Game:
    """Turn 1, P0: W at -1,0 r0 (its E road joins D's road), draws mastermind and
    plays it on P1, thief on the road. Turn 2: P1 draws the second tile and P0
    fixes its cell at 1,0, east of D (X-5.5). P1 holds Take two and Draw two."""
    g = new(["gifts", "christmas"], tiles, gifts=[], roadside=["mastermind"])
    place(g, -1, 0, 0)
    offer(g, True)
    act(g, xm.PLAY, card="mastermind")
    follower(g, "E")
    assert step(g) == xm.STEP_MASTERMIND and g.pending.players == (0,)
    act(g, xm.TARGET, x=1, y=0)
    assert step(g) == "place" and g.pending.players == (1,)
    give_gift(g, 1, gifts.TAKE_TWO)
    give_card(g, 1, "draw-two")
    assert {a["type"] for a in g.legal_actions(1)} == {"place", gifts.OPEN, xm.PLAY}
    return g


def test_c3_x4_7_then_g8_under_a_mastermind_keep_only_a_tile_for_the_fixed_cell() -> None:
    g = mastermind_on_p1(["W", "U", "C", "W", "U"])
    # Draw two, allowed under a mastermind (C-3): the second tile is C,
    # which cannot go on 1,0 (its W edge must be a road), so only U may be kept.
    act(g, xm.PLAY, card="draw-two")
    assert g.pending.info["tiles"] == ["U", "C"]
    assert g.legal_actions(1) == [{"player": 1, "type": xm.TARGET, "tile": "U"}]
    refused(g, {"player": 1, "type": xm.TARGET, "tile": "C"}, "not a legal tile")
    act(g, xm.TARGET, tile="U")  # C leaves the game
    # Then Take two (G-8) in the same turn: the second tile is W, which fits 1,0
    # too; P1 keeps W and U goes back into the pile.
    act(g, gifts.OPEN, card=gifts.TAKE_TWO)
    assert [a["tile"] for a in g.legal_actions(1)] == ["U", "W"]
    act(g, gifts.CHOOSE, tile="W")
    assert {(x, y) for x, y, _ in g.legal_placements()} == {(1, 0)}  # the cell stays fixed
    # W at 1,0 r0 closes the road W-D-W: 3 tiles, P0's thief: 3 points (B-7).
    # P1 extended P0's road: a gift (G-2); the deck is empty, so the discard
    # pile (the Take two just opened) becomes the deck and P1 draws it.
    place(g, 1, 0, 0)
    follower(g, "E")
    assert paid(g, "completed") == [(0, 3)]
    assert gifts.state(g).hands[1] == [gifts.TAKE_TWO]
    # Turn 3, P0: U at -1,1 r0 under the junction; turn 4, P1: U at 2,0 r90
    # extends P1's road; game end. By hand: P0 3. P1: road 1,0-2,0 unfinished,
    # 2 tiles = 2 (B-8), one unopened gift = 2 (G-9): 4.
    place(g, -1, 1, 0)
    follower(g)
    place(g, 2, 0, 90)
    follower(g)
    assert g.finished
    assert g.scores == [3, 4]


def test_c3_g8_then_x4_7_under_a_mastermind_keep_only_a_tile_for_the_fixed_cell() -> None:
    g = mastermind_on_p1(["W", "U", "C", "C"])
    # Take two first: C cannot go on 1,0, so U is kept and C goes back (G-8).
    act(g, gifts.OPEN, card=gifts.TAKE_TWO)
    assert g.legal_actions(1) == [{"player": 1, "type": gifts.CHOOSE, "tile": "U"}]
    refused(g, {"player": 1, "type": gifts.CHOOSE, "tile": "C"}, r"cannot be placed this turn")
    act(g, gifts.CHOOSE, tile="U")
    # Then Draw two: the other C; again only U may be kept, C leaves the game.
    act(g, xm.PLAY, card="draw-two")
    assert g.legal_actions(1) == [{"player": 1, "type": xm.TARGET, "tile": "U"}]
    act(g, xm.TARGET, tile="U")
    assert g.bag == ["C"]
    place(g, 1, 0, 90)  # the road W-D-U, open to the east; a gift for P1 (G-2)
    follower(g)
    # Turn 3, P0: the last tile, C at 0,-1 on D's city. By hand: P0's road, 3
    # tiles unfinished = 3 (B-8); P1: one unopened gift = 2 (G-9).
    place(g, 0, -1, 0)
    follower(g)
    assert g.finished
    assert g.scores == [3, 2]
