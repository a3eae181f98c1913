"""Christmas Present (docs/rules/christmas.md X): one scenario per card design, the edge cases
named in X, and random full games keeping every invariant.

Scenarios fix every deck (tiles, abbey, roadside) so each can be checked by
hand. The start tile D sits at 0,0: city N, road W-E, field S. A few tests put
a card straight into a hand (``give``) where how it was drawn is not the point.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalAction, replay
from engine.expansions import christmas as xm
from engine.expansions.christmas.cards import BY_ID, DESIGNS, deck_cards
from engine.views import private_view, public_view
from tests.engine.helpers import check_invariants, fingerprint
from tests.profiles import examples


# --- helpers -------------------------------------------------------------------
def new(tiles: list[str], abbey=(), roadside=(), players: int = 2) -> Game:
    decks = {"tiles": tiles, "abbey": list(abbey), "roadside": list(roadside)}
    return Game([f"P{i}" for i in range(players)], ["christmas"], seed=1, decks=decks)


def act(g: Game, kind: str, **fields: Any) -> list[dict[str, Any]]:
    assert g.pending is not None
    return g.apply({"player": g.pending.players[0], "type": kind, **fields})


def let_attacks_pass(g: Game) -> None:
    """Every player an attack asks lets it pass (X-4.9), in the order asked."""
    while g.pending is not None and g.pending.step == xm.STEP_REACT:
        act(g, xm.REACT, cancel=False)


def place(g: Game, x: int, y: int, r: int) -> None:
    let_attacks_pass(g)
    assert g.pending is not None and g.pending.step == "place", g.pending
    act(g, "place", x=x, y=y, rotation=r)


def follower(g: Game, loc: str | None = None) -> None:
    let_attacks_pass(g)
    assert g.pending is not None and g.pending.step == "follower", g.pending
    act(g, "follower", location=loc)


def draw(g: Game, yes: bool = True) -> None:
    let_attacks_pass(g)
    assert g.pending is not None and g.pending.step == xm.STEP_DRAW, g.pending
    act(g, xm.DRAW, deck=g.pending.info["deck"], draw=yes)


def target(g: Game, let_pass: bool = True, **fields: Any) -> None:
    """Answer the target question; then attacked players let it pass unless
    ``let_pass`` is false (X-4.9)."""
    assert g.pending is not None and g.pending.step in (xm.STEP_TARGET, xm.STEP_MASTERMIND)
    act(g, xm.TARGET, **fields)
    if let_pass:
        let_attacks_pass(g)


def turn(g: Game, x: int, y: int, r: int, loc: str | None = None, *draws: bool) -> None:
    """Place, answer the draw offers in order, place a follower (or not)."""
    place(g, x, y, r)
    for yes in draws:
        draw(g, yes)
    follower(g, loc)


def give(g: Game, player: int, *cards: str) -> None:
    xm.state(g).hands[player].extend(cards)


def hand(g: Game, player: int) -> list[str]:
    return list(xm.state(g).hands[player])


def points(g: Game, reason: str) -> list[tuple[int, int]]:
    return [(e["player"], e["points"]) for e in g.events if e.get("reason") == reason]


def followers(g: Game) -> list[tuple[int, tuple[int, int], str, bool]]:
    return sorted((f.player, f.pos, g.location(f), f.lying) for _, f in g.board.followers())


def rejected(g: Game, action: dict[str, Any], words: str) -> None:
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match=words):
        g.apply(action)
    assert fingerprint(g) == before


# --- table and setup (X-1) ------------------------------------------------------------
def test_x1_card_table_has_32_designs_64_cards() -> None:
    assert len(DESIGNS) == 32
    assert len(deck_cards("abbey")) == len(deck_cards("roadside")) == 32
    assert sum(1 for d in DESIGNS if d.deck == "abbey") == 16
    attacks = {d.id for d in DESIGNS if d.attack}
    assert all(BY_ID[c].deck == "roadside" for c in attacks)
    assert {"farm-tiebreak"} == {d.id for d in DESIGNS if d.deck == "roadside" and not d.attack}


def test_x1_decks_shuffled_from_seed_and_fixed_by_record() -> None:
    a = Game(["A", "B"], ["christmas"], seed=5)
    b = Game(["A", "B"], ["christmas"], seed=5)
    c = Game(["A", "B"], ["christmas"], seed=6)
    assert xm.state(a).decks == xm.state(b).decks
    assert xm.state(a).decks != xm.state(c).decks
    assert Counter(xm.state(a).decks["abbey"]) == Counter(deck_cards("abbey"))
    assert xm.card_total(a) == 64
    g = new(["U"], abbey=["score-3"], roadside=["mastermind"])
    assert xm.state(g).decks == {"abbey": ["score-3"], "roadside": ["mastermind"]}


def test_x1_bad_fixed_deck_is_rejected() -> None:
    with pytest.raises(ValueError, match="not a card of the abbey deck"):
        new(["U"], abbey=["mastermind"])
    with pytest.raises(ValueError, match="more than 2 copies"):
        new(["U"], roadside=["mastermind"] * 3)


# --- drawing (X-2) ------------------------------------------------------------------
def test_x2_roadside_draw_on_road_only_tile_hidden_from_others() -> None:
    g = new(["U", "E"], roadside=["swap-road"])
    place(g, 1, 0, 90)
    assert g.pending.step == xm.STEP_DRAW and g.pending.info["deck"] == "roadside"
    draw(g)
    assert hand(g, 0) == ["swap-road"]
    pub = public_view(g)
    assert pub.counts["hand"] == (1, 0)
    assert "swap-road" not in repr(pub)
    assert "swap-road" not in repr(private_view(g, 1))
    mine = private_view(g, 0)
    assert mine.hidden["hand"][0]["card"] == "swap-road"
    assert any(e["type"] == "xmas-card" for e in mine.events)
    assert pub.extra["christmas"]["roadside"] == 0


def test_x2_no_draw_from_empty_deck_or_other_tiles() -> None:
    g = new(["U", "E"], roadside=[])
    place(g, 1, 0, 90)
    assert g.pending.step == "follower"  # empty deck, no offer
    follower(g)
    place(g, 0, 1, 180)  # E: has a city, never a roadside draw
    assert g.pending.step == "follower"


def test_x2_decline_keeps_card_on_top() -> None:
    g = new(["U", "U"], roadside=["mastermind", "swap-city"])
    turn(g, 1, 0, 90, None, False)
    assert xm.state(g).decks["roadside"] == ["mastermind", "swap-city"]
    place(g, 2, 0, 90)
    draw(g)
    assert hand(g, 1) == ["mastermind"]


def abbey_game(abbey: list[str], extra: list[str] = (), players: int = 2, **kw: Any) -> Game:
    """P0 puts a monk on B at 0,1; P1's turn 2 tile goes to 1,1 (in the ring)."""
    g = new(["B", "E", *extra], abbey=abbey, players=players, **kw)
    turn(g, 0, 1, 0, "C")
    place(g, 1, 1, 0)  # E beside the monastery: its W edge is field
    return g


def test_x2_abbey_draw_beside_another_players_monastery() -> None:
    g = abbey_game(["return-follower"])
    assert g.pending.step == xm.STEP_DRAW and g.pending.info["deck"] == "abbey"
    draw(g)
    assert hand(g, 1) == ["return-follower"]


def test_x2_no_abbey_draw_beside_own_monastery() -> None:
    g = new(["B", "U", "E"], abbey=["score-3"])
    turn(g, 0, 1, 0, "C")
    place(g, -1, 0, 90)  # P1 in the ring of P0's monk: offered
    draw(g, False)
    follower(g)
    place(g, 1, 1, 0)  # P0 beside their own monastery: no offer
    assert g.pending.step == "follower"


# --- X-4 abbey lightning cards ---------------------------------------------------
def test_x4_1_score_3_resolves_on_draw() -> None:
    g = abbey_game(["score-3"])
    draw(g)
    assert points(g, "christmas:score-3") == [(1, 3)]
    assert xm.state(g).discard == ["score-3"] and hand(g, 1) == []
    assert any(e["type"] == "xmas-reveal" and e["card"] == "score-3" for e in g.events)


def p1_draws_at_turn_4(g: Game) -> None:
    """Continue abbey_game-like setups: P0's turn 3 away from the ring, then P1
    places E at 1,1 beside P0's monastery and draws."""
    turn(g, 0, -1, 180)  # P0: E closes D's city (scored, nobody on it)
    place(g, 1, 1, 0)
    draw(g)


def test_x4_2_score_road_scores_2_per_tile_and_returns_followers() -> None:
    g = new(["B", "U", "E", "E"], abbey=["score-road"])
    turn(g, 0, 1, 0, "C")
    turn(g, -1, 0, 90, "E", False)  # P1: road -1,0..0,0 (declines the abbey card)
    p1_draws_at_turn_4(g)
    assert g.pending.step == xm.STEP_TARGET
    target(g, x=0, y=0, location="E")  # any segment of the road names it
    assert points(g, "christmas:score-road") == [(1, 4)]
    assert g.supply[1] == 7
    feat = g.board.feature_at((0, 0), 1)
    assert not feat.completed and not feat.followers  # still unfinished


def test_x4_3_score_city_2_per_tile_plus_pennants() -> None:
    g = new(["B", "F", "E", "E"], abbey=["score-city"])
    turn(g, 0, 1, 0, "C")
    place(g, 0, -1, 90)  # P1: F (pennant) extends D's city north; not in the ring
    follower(g, "N")
    place(g, -1, 1, 0)  # P0: E beside their own monastery, no draw
    follower(g)
    place(g, 1, 1, 0)
    draw(g)
    target(g, x=0, y=-1, location="N")
    assert points(g, "christmas:score-city") == [(1, 2 * 2 + 1)]
    assert g.supply[1] == 7


def test_x4_4_score_monastery_counts_surrounding_tiles_only() -> None:
    g = new(["B", "B", "E", "E"], abbey=["score-monastery"])
    turn(g, 0, 1, 0, "C")
    turn(g, -1, 1, 0, "C", False)  # P1's own monastery, in P0's ring
    turn(g, 0, -1, 180)
    place(g, 1, 1, 0)
    draw(g)
    opts = g.pending.info["options"]
    assert opts == [{"x": -1, "y": 1, "location": "C"}]  # P0's monastery is not P1's
    target(g, x=-1, y=1, location="C")
    # ring of -1,1: 0,0 (D) and 0,1 (B) = 2
    assert points(g, "christmas:score-monastery") == [(1, 2)]
    assert g.supply[1] == 7


@pytest.mark.parametrize(
    ("card", "x", "y", "loc", "kind"),
    [
        ("claim-field", 0, 0, "ESE", "field"),
        ("claim-road", 0, 0, "E", "road"),
        ("claim-city", 1, 1, "N", "city"),
    ],
)
def test_x4_5_claim_unoccupied_feature_anywhere(card, x, y, loc, kind) -> None:
    g = abbey_game([card])
    draw(g)
    opts = g.pending.info["options"]
    assert all(
        g.board.feature_at(
            (o["x"], o["y"]), g.board.tiles[(o["x"], o["y"])].face.name_to_seg[o["location"]]
        ).kind
        == kind
        for o in opts
    )
    target(g, x=x, y=y, location=loc)
    assert (1, (x, y), loc, False) in followers(g)
    assert g.supply[1] == 6
    if kind == "city":  # the city of the tile just placed is occupied now (B-5)
        assert "N" not in g.legal_followers()


def test_x4_5_claim_on_occupied_feature_is_rejected() -> None:
    g = abbey_game(["claim-field"])
    draw(g)
    # the monastery is not a field; a road location is not this card's feature
    rejected(g, {"player": 1, "type": xm.TARGET, "x": 0, "y": 0, "location": "E"}, "not a legal")
    rejected(g, {"player": 1, "type": xm.TARGET, "x": 9, "y": 9, "location": "E"}, "no tile")


def test_x3_lightning_without_target_is_discarded() -> None:
    g = abbey_game(["score-road"])
    draw(g)  # P1 owns no road
    assert g.pending.step == "follower"
    assert xm.state(g).discard == ["score-road"]
    assert any(e["type"] == "xmas-no-target" for e in g.events)


# --- modifiers (X-3.2) -----------------------------------------------------------------
def loop_game(card_to: int, owner: int) -> Game:
    """Four V curves close a loop south of D: 0,1 r270 (P0), 1,1 r0 (P1),
    0,2 r180 (P0), 1,2 r90 (P1 completes it). ``owner`` puts a thief on it."""
    g = new(["V", "V", "V", "V", "U"])
    give(g, card_to, "closed-loop-road")
    turn(g, 0, 1, 270, "E" if owner == 0 else None)
    turn(g, 1, 1, 0, "S" if owner == 1 else None)
    turn(g, 0, 2, 180)
    place(g, 1, 2, 90)
    follower(g)
    return g


def test_x4_6_closed_loop_road_scores_2_per_tile() -> None:
    g = loop_game(card_to=1, owner=1)
    assert g.pending.step == xm.STEP_MODIFIER and g.pending.players == (1,)
    legal = g.legal_actions(1)
    assert {"player": 1, "type": xm.MODIFIER, "card": None} in legal
    act(g, xm.MODIFIER, card="closed-loop-road", x=1, y=2, location="N")
    assert points(g, "completed") == [(1, 8)]
    assert "closed-loop-road" in xm.state(g).discard
    assert xm.state(g).modifiers == {}  # for this scoring step only


def test_x3_2_no_modifier_step_without_ownership() -> None:
    g = loop_game(card_to=1, owner=0)  # P1 completes P0's loop holding the card
    assert points(g, "completed") == [(0, 4)]
    assert g.pending.step == "place"
    assert hand(g, 1) == ["closed-loop-road"]


def test_x3_2_modifier_declined() -> None:
    g = loop_game(card_to=1, owner=1)
    act(g, xm.MODIFIER, card=None)
    assert points(g, "completed") == [(1, 4)]
    assert hand(g, 1) == ["closed-loop-road"]


def test_x4_6_closed_loop_not_for_a_road_with_ends() -> None:
    g = new(["U", "W", "U"])
    give(g, 0, "closed-loop-road")
    turn(g, 1, 0, 90, "E")
    place(g, 2, 0, 0)  # W: road W ends at a junction
    follower(g)
    assert g.pending.step == "place"
    assert not any(a["type"] == xm.PLAY for a in g.legal_actions(0))


def test_x4_8_pennants_worth_3() -> None:
    # M at 0,-1 r180 (city S+W, pennant) and E at -1,-1 r90 close a 3-tile city.
    g = new(["M", "E", "U"])
    give(g, 1, "pennants-worth-3", "plain-city-worth-3")
    turn(g, 0, -1, 180, "S")
    place(g, -1, -1, 90)
    follower(g)
    assert g.pending.step == "place"  # P1 does not own the city: no modifier step
    g = new(["M", "E", "U"])
    give(g, 0, "pennants-worth-3", "plain-city-worth-3")
    turn(g, 0, -1, 180, "S")
    place(g, -1, -1, 90)
    follower(g)
    assert g.pending.step == "place"  # the city is P0's but P1 completes it: P1's step
    g = new(["M", "U", "E"])
    give(g, 0, "pennants-worth-3", "plain-city-worth-3")
    turn(g, 0, -1, 180, "S")
    turn(g, 1, 0, 90)
    place(g, -1, -1, 90)
    follower(g)
    assert g.pending.step == xm.STEP_MODIFIER
    cards = {a.get("card") for a in g.legal_actions(0)}
    assert cards == {None, "pennants-worth-3"}  # plain-city needs a city without pennants
    rejected(
        g,
        {
            "player": 0,
            "type": xm.MODIFIER,
            "card": "plain-city-worth-3",
            "x": 0,
            "y": 0,
            "location": "N",
        },
        "cannot be played",
    )
    act(g, xm.MODIFIER, card="pennants-worth-3", x=0, y=0, location="N")
    assert points(g, "completed") == [(0, 2 * 3 + 3 * 1)]


def test_x4_10_plain_city_worth_3() -> None:
    g = new(["E", "U"])
    give(g, 0, "plain-city-worth-3")
    place(g, 0, -1, 180)
    follower(g, "S")
    act(g, xm.MODIFIER, card="plain-city-worth-3", x=0, y=-1, location="S")
    assert points(g, "completed") == [(0, 3 * 2)]


# --- other abbey plain cards ---------------------------------------------------------
def test_x4_7_draw_two_keeps_one_tile_removes_the_other() -> None:
    g = new(["U", "E", "V", "U"])
    give(g, 0, "draw-two")
    act(g, xm.PLAY, card="draw-two")
    assert g.pending.step == xm.STEP_TARGET
    assert {a["tile"] for a in g.legal_actions(0)} == {"U", "E"}
    target(g, tile="E")
    assert g.turn.tile == "E" and g.bag == ["V", "U"]
    assert any(
        e.get("reason") == "the tile not chosen (X-4.7)" and e["tile"] == "U" for e in g.events
    )
    place(g, 0, -1, 180)
    follower(g)
    assert g.turn.tile == "V"


def test_x4_7_draw_two_only_before_placing_once() -> None:
    g = new(["U", "E", "V", "U"])
    give(g, 0, "draw-two", "draw-two")
    place(g, 1, 0, 90)
    rejected(g, {"player": 0, "type": xm.PLAY, "card": "draw-two"}, "before placing")


def test_x4_9_prevent_attack_only_as_reaction() -> None:
    g = new(["U", "U"])
    give(g, 0, "prevent-attack")
    rejected(g, {"player": 0, "type": xm.PLAY, "card": "prevent-attack"}, "X-4.9")


def test_x4_11_return_follower() -> None:
    g = new(["U", "U", "U"])
    turn(g, 1, 0, 90, "E")
    turn(g, 2, 0, 90, "ESE")
    give(g, 0, "return-follower")
    act(g, xm.PLAY, card="return-follower")
    assert g.legal_actions(0) == [{"player": 0, "type": xm.TARGET, "x": 1, "y": 0, "location": "E"}]
    rejected(g, {"player": 0, "type": xm.TARGET, "x": 2, "y": 0, "location": "ESE"}, "not a legal")
    target(g, x=1, y=0, location="E")
    assert g.supply[0] == 7 and points(g, "completed") == []


def test_x4_12_supply_bonus_counts_supply_at_game_end() -> None:
    g = new(["U", "U"])
    turn(g, 1, 0, 90, "E")
    give(g, 0, "supply-bonus")
    turn(g, 2, 0, 90)
    assert g.finished
    assert points(g, "christmas:supply-bonus") == [(0, 2 * 6)]
    assert any(e["type"] == "xmas-end-cards" and e["cards"] == ["supply-bonus"] for e in g.events)


def farm_game(roadside: list[str]) -> Game:
    """D's city closed by E at 0,-1 (completed). P1's farmer on the north field
    (U at 1,0); P0 claims the same field with claim-occupied-field at -1,0."""
    g = new(["E", "U", "U"], roadside=roadside)
    turn(g, 0, -1, 180)
    turn(g, 1, 0, 90, "NNW", False)
    place(g, -1, 0, 90)
    draw(g)
    target(g, x=-1, y=0, location="NNW")
    follower(g)
    return g


def farm_points(g: Game) -> dict[int, int]:
    return {
        e["player"]: e["points"]
        for e in g.events
        if e.get("reason") == "final" and e["feature"] == "field"
    }


def test_x5_1_claim_occupied_field_shared_farm_scores_both() -> None:
    g = farm_game(["claim-occupied-field"])
    assert g.finished
    assert farm_points(g) == {0: 3, 1: 3}


def test_x4_13_farm_bonus() -> None:
    g = new(["E", "U", "U"])
    give(g, 1, "farm-bonus")
    turn(g, 0, -1, 180)
    turn(g, 1, 0, 90, "NNW")
    turn(g, -1, 0, 90)
    assert farm_points(g) == {1: 3 + 1}


def test_x4_14_shared_farm_bonus_only_when_shared() -> None:
    g = new(["E", "U", "U"], roadside=["claim-occupied-field"])
    give(g, 0, "shared-farm-bonus")
    give(g, 1, "shared-farm-bonus")
    turn(g, 0, -1, 180)
    turn(g, 1, 0, 90, "NNW", False)
    place(g, -1, 0, 90)
    draw(g)
    target(g, x=-1, y=0, location="NNW")
    follower(g)
    assert farm_points(g) == {0: 4, 1: 4}
    g = new(["E", "U", "U"])
    give(g, 1, "shared-farm-bonus")
    turn(g, 0, -1, 180)
    turn(g, 1, 0, 90, "NNW")
    turn(g, -1, 0, 90)
    assert farm_points(g) == {1: 3}


def test_x5_6_farm_tiebreak_breaks_a_shared_farm() -> None:
    g = new(["E", "U", "U", "U"], roadside=["claim-occupied-field", "farm-tiebreak"])
    give(g, 0, "shared-farm-bonus")  # no longer shared once P1 breaks the tie
    turn(g, 0, -1, 180)
    turn(g, 1, 0, 90, "NNW", False)
    place(g, -1, 0, 90)
    draw(g)
    target(g, x=-1, y=0, location="NNW")
    follower(g)
    place(g, 2, 0, 90)
    draw(g)  # P1 draws farm-tiebreak (an end card: into the hand)
    assert hand(g, 1) == ["farm-tiebreak"]
    follower(g)
    assert g.finished
    assert farm_points(g) == {1: 3}  # P1 alone; P0's shared bonus does not apply


def test_x5_6_two_farm_tiebreaks_cancel() -> None:
    g = new(["E", "U", "U"], roadside=["claim-occupied-field"])
    give(g, 0, "farm-tiebreak", "shared-farm-bonus")
    give(g, 1, "farm-tiebreak")
    turn(g, 0, -1, 180)
    turn(g, 1, 0, 90, "NNW", False)
    place(g, -1, 0, 90)
    draw(g)
    target(g, x=-1, y=0, location="NNW")
    follower(g)
    assert farm_points(g) == {0: 3 + 1, 1: 3}  # still shared: P0's shared bonus applies


# --- X-5 roadside lightning -------------------------------------------------------------
def road_claims(players: int, roadside: list[str]) -> Game:
    """P0's thief on D's road (U at 1,0, declining the first card)."""
    g = new(["U"] * 8, roadside=roadside, players=players)
    turn(g, 1, 0, 90, "E", False)
    return g


def test_x5_1_claim_occupied_road() -> None:
    g = road_claims(2, ["claim-occupied-road"])
    place(g, 2, 0, 90)
    draw(g)
    assert g.legal_actions(1) == [{"player": 1, "type": xm.TARGET, "x": 0, "y": 0, "location": "E"}]
    target(g, x=2, y=0, location="E")
    assert (1, (2, 0), "E", False) in followers(g)
    assert "E" not in g.legal_followers()  # the road on the new tile is occupied now


def test_x5_1_claim_occupied_city_and_monastery() -> None:
    g = new(["F", "U"], roadside=["claim-occupied-city"])
    turn(g, 0, -1, 90, "N")
    place(g, 1, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="N")
    assert (1, (0, 0), "N", False) in followers(g)
    g = new(["B", "V"], roadside=["claim-occupied-monastery"])
    turn(g, 0, 1, 0, "C")
    place(g, 1, 0, 0)  # V r0: roads S-W; in the ring, but the abbey deck is empty
    draw(g)
    target(g, x=0, y=1, location="C")
    assert [f[0] for f in followers(g)] == [0, 1]


def test_x5_2_lock_city_completed_by_other_player_pays_at_game_end() -> None:
    g = new(["F", "U", "U", "E", "U"], roadside=["lock-city"])
    turn(g, 0, -1, 90, "N")  # P0: city D+F, pennant, open at 0,-2
    place(g, 1, 0, 90)
    draw(g)  # P1: lock-city on P0's city
    target(g, x=0, y=-1, location="N")
    follower(g)
    assert followers(g) == [(0, (0, -1), "N", True)]
    turn(g, 2, 0, 90)
    place(g, 0, -2, 180)  # P1 completes the locked city
    follower(g)
    assert g.scores == [0, 0]
    assert followers(g) == [(0, (0, -1), "N", True)]  # stays on the board
    deferred = public_view(g).extra["christmas"]["deferred"]
    assert deferred == [{"feature": "city", "x": 0, "y": -2, "tiles": 3, "points": {"0": 8}}]
    assert g.supply[0] == 6
    turn(g, 3, 0, 90)
    assert g.finished
    assert points(g, "christmas:lock") == [(0, 8)]
    assert g.scores[0] == 8


def test_x5_2_lock_spreads_through_a_join() -> None:
    g = new(["U", "V", "V", "V", "U"], roadside=["lock-road"])
    turn(g, 1, 0, 90, "E", False)  # P0 on D's road
    place(g, 0, 1, 0)  # P1: V road S-W, draws lock-road
    draw(g)
    assert [o["y"] for o in g.pending.info["options"]] == [0]
    target(g, x=0, y=0, location="E")
    follower(g, "S")  # P1 on the other road: not locked
    assert followers(g) == [(0, (1, 0), "E", True), (1, (0, 1), "S", False)]
    turn(g, -1, 0, 270)  # P0: V from D's west end heading south
    place(g, -1, 1, 180)  # P1 joins the two roads
    follower(g)
    assert followers(g) == [(0, (1, 0), "E", True), (1, (0, 1), "S", True)]
    locks = public_view(g).extra["christmas"]["locks"]
    assert len(locks) == 1 and locks[0]["feature"] == "road"


def test_x5_2_lock_monastery_and_follower_added_later_lies() -> None:
    g = new(["B", "U", "U"], roadside=["lock-monastery", "claim-occupied-monastery"], players=3)
    turn(g, 0, 1, 0, "C")
    place(g, 1, 0, 90)
    draw(g)
    target(g, x=0, y=1, location="C")
    follower(g)
    place(g, -1, 0, 90)
    draw(g)
    target(g, x=0, y=1, location="C")
    assert followers(g) == [(0, (0, 1), "C", True), (2, (0, 1), "C", True)]


def test_x5_3_tiebreak_three_tied_two_marks() -> None:
    roadside = ["claim-occupied-road", "claim-occupied-road", "tiebreak-road", "tiebreak-road"]
    g = new(["U"] * 5, roadside=roadside, players=3)
    turn(g, 1, 0, 90, "E", False)  # P0
    place(g, 2, 0, 90)
    draw(g)
    target(g, x=2, y=0, location="E")  # P1 joins
    follower(g)
    place(g, 3, 0, 90)
    draw(g)
    target(g, x=3, y=0, location="E")  # P2 joins: 1-1-1
    follower(g)
    place(g, 4, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="E")  # P0 marks
    follower(g)
    place(g, 5, 0, 90)
    draw(g)
    assert g.pending.info["options"]  # P1 still among the tied (raw counts)
    target(g, x=0, y=0, location="E")  # P1 marks
    follower(g)
    assert g.finished
    road = [(e["player"], e["points"]) for e in g.events if e.get("reason") == "final"]
    assert road == [(0, 6), (1, 6)]  # P2 loses the majority


def test_x5_3_two_marks_cancel() -> None:
    roadside = ["claim-occupied-road", "tiebreak-road", "tiebreak-road"]
    g = new(["U"] * 4, roadside=roadside)
    turn(g, 1, 0, 90, "E", False)
    place(g, 2, 0, 90)
    draw(g)
    target(g, x=2, y=0, location="E")
    follower(g)
    place(g, 3, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="E")  # P0 marks: P0 alone would own it
    follower(g)
    feat = g.board.feature_at((0, 0), 1)
    from engine.scoring import owners

    assert owners(g, feat) == [0]
    place(g, 4, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="E")  # P1 marks: cancel
    follower(g)
    road = [(e["player"], e["points"]) for e in g.events if e.get("reason") == "final"]
    assert road == [(0, 5), (1, 5)]


def test_x5_3_tiebreak_needs_a_tie() -> None:
    g = new(["U", "U"], roadside=["tiebreak-road"])
    turn(g, 1, 0, 90, "E", False)
    place(g, 2, 0, 90)
    draw(g)
    assert g.pending.step == "follower"  # no tie anywhere: discarded
    assert xm.state(g).discard == ["tiebreak-road"]


# --- X-5 roadside plain cards -----------------------------------------------------------
def test_x5_4_swap_road_and_field_and_city_and_monastery() -> None:
    g = new(["U", "V", "U", "U"], roadside=["swap-road"])
    turn(g, 1, 0, 90, "E", False)  # P0 on D's road
    place(g, 0, 1, 0)
    draw(g)  # P1 keeps swap-road
    follower(g, "S")  # P1 on the V road
    turn(g, 2, 0, 90)
    act(g, xm.PLAY, card="swap-road")
    legal = g.legal_actions(1)
    assert legal == [
        {
            "player": 1,
            "type": xm.TARGET,
            "mine": {"x": 0, "y": 1, "location": "S"},
            "theirs": {"x": 1, "y": 0, "location": "E", "player": 0},
        }
    ]
    g.apply(legal[0])
    let_attacks_pass(g)
    assert followers(g) == [(0, (0, 1), "S", False), (1, (1, 0), "E", False)]
    assert xm.state(g).discard == ["swap-road"]
    for card in ("swap-field", "swap-city", "swap-monastery"):
        give(g, 1, card)
        assert g.legal_actions(1) and not any(a.get("card") == card for a in g.legal_actions(1)), (
            card
        )  # no follower of that type: not playable


def test_x5_4_swap_field() -> None:
    g = new(["U", "U", "U"])
    turn(g, 1, 0, 90, "NNW")
    turn(g, 2, 0, 90, "ESE")
    give(g, 0, "swap-field")
    act(g, xm.PLAY, card="swap-field")
    target(
        g,
        mine={"x": 1, "y": 0, "location": "NNW"},
        theirs={"x": 2, "y": 0, "location": "ESE", "player": 1},
    )
    assert followers(g) == [(0, (2, 0), "ESE", False), (1, (1, 0), "NNW", False)]


def test_x5_5_mastermind_cell_then_limited_rotations() -> None:
    g = new(["U", "U", "U"], roadside=["mastermind"])
    place(g, 1, 0, 90)
    draw(g)
    act(g, xm.PLAY, card="mastermind")  # played in the follower step of P0's turn
    let_attacks_pass(g)
    assert xm.state(g).mastermind == (0, 1)
    follower(g)
    # P1 drew U: P0 (out of turn) picks the cell
    assert g.pending.step == xm.STEP_MASTERMIND and g.pending.players == (0,)
    assert g.pending.active == 1
    cells = [(a["x"], a["y"]) for a in g.legal_actions(0)]
    assert (2, 0) in cells and (0, 1) in cells
    rejected(g, {"player": 0, "type": xm.TARGET, "x": 7, "y": 7}, "not a legal")
    rejected(g, {"player": 1, "type": xm.TARGET, "x": 2, "y": 0}, "not P1's move")
    target(g, x=2, y=0)
    # U at 2,0 must continue the road: only r90 and r270
    assert g.legal_placements() == [(2, 0, 90), (2, 0, 270)]
    rejected(g, {"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0}, "must go on 2,0")
    rejected(g, {"player": 1, "type": "place", "x": 2, "y": 0, "rotation": 0}, "does not fit")
    place(g, 2, 0, 270)


def test_x5_5_mastermind_not_twice() -> None:
    g = new(["U", "U"], roadside=["mastermind", "mastermind"])
    place(g, 1, 0, 90)
    draw(g)
    act(g, xm.PLAY, card="mastermind")
    let_attacks_pass(g)
    give(g, 0, "mastermind")
    rejected(g, {"player": 0, "type": xm.PLAY, "card": "mastermind"}, "already waiting")


# --- reactions --------------------------------------------------------------------
def test_x4_9_prevent_attack_cancels_a_claim() -> None:
    g = road_claims(2, ["claim-occupied-road"])
    give(g, 0, "prevent-attack")
    place(g, 2, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="E", let_pass=False)
    d = g.pending
    assert d.step == xm.STEP_REACT and d.players == (0,) and d.active == 1
    assert d.info["card"] == "claim-occupied-road"
    assert "prevent-attack" not in repr(public_view(g))
    rejected(g, {"player": 0, "type": xm.REACT, "cancel": "yes"}, "'cancel' must be")
    act(g, xm.REACT, cancel=True)
    assert followers(g) == [(0, (1, 0), "E", False)]
    assert Counter(xm.state(g).discard) == Counter(["prevent-attack", "claim-occupied-road"])
    assert hand(g, 0) == []
    assert g.pending.step == "follower" and g.pending.players == (1,)


def test_x4_9_let_it_pass() -> None:
    g = road_claims(2, ["claim-occupied-road"])
    give(g, 0, "prevent-attack")
    place(g, 2, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="E", let_pass=False)
    act(g, xm.REACT, cancel=False)
    assert hand(g, 0) == ["prevent-attack"]
    assert [f[0] for f in followers(g)] == [0, 1]


def test_x4_9_every_affected_player_is_asked_holder_or_not() -> None:
    g = new(["U", "U", "U"], roadside=["mastermind"], players=3)
    give(g, 2, "prevent-attack")  # P2 is not the next player: not affected
    place(g, 1, 0, 90)
    draw(g)
    act(g, xm.PLAY, card="mastermind")
    d = g.pending
    assert d.step == xm.STEP_REACT and d.players == (1,) and d.active == 0
    assert g.legal_actions(1) == [{"player": 1, "type": xm.REACT, "cancel": False}]
    assert g.legal_actions(2) == []
    rejected(g, {"player": 1, "type": xm.REACT, "cancel": True}, "may be true only when")
    act(g, xm.REACT, cancel=False)
    assert g.pending.step == "follower"
    assert xm.state(g).mastermind == (0, 1)
    assert [e["type"] for e in g.events[-2:]] == ["xmas-not-cancelled", "xmas-effect"]


def test_x4_9_prevent_swap() -> None:
    g = new(["U", "V", "U", "U"], roadside=["swap-road"])
    turn(g, 1, 0, 90, "E", False)
    place(g, 0, 1, 0)
    draw(g)
    follower(g, "S")
    give(g, 0, "prevent-attack")
    turn(g, 2, 0, 90)
    act(g, xm.PLAY, card="swap-road")
    g.apply(g.legal_actions(1)[0])
    act(g, xm.REACT, cancel=True)
    assert followers(g) == [(0, (1, 0), "E", False), (1, (0, 1), "S", False)]


# --- hand limit -------------------------------------------------------------------
def test_x3_1_hand_overflow_discard_down_to_5() -> None:
    g = new(["U", "U", "U"], roadside=["swap-city"])
    give(g, 0, "draw-two", "return-follower", "farm-bonus", "supply-bonus", "swap-road")
    place(g, 1, 0, 90)
    draw(g)
    follower(g)
    assert g.pending.step == xm.STEP_DISCARD and g.pending.info["discard"] == 1
    rejected(g, {"player": 0, "type": xm.DISCARD, "cards": []}, "exactly 1")
    rejected(g, {"player": 0, "type": xm.DISCARD, "cards": ["mastermind"]}, "not in your hand")
    act(g, xm.DISCARD, cards=["swap-road"])
    assert len(hand(g, 0)) == 5 and xm.state(g).discard == ["swap-road"]
    assert public_view(g).extra["christmas"]["discard"] == ["swap-road"]
    assert g.pending.step == "place" and g.pending.players == (1,)


def test_x3_end_plain_cards_in_hand_are_worthless() -> None:
    g = new(["U"])
    give(g, 0, "return-follower")
    turn(g, 1, 0, 90)
    assert g.finished and g.scores == [0, 0]


# --- bad input ----------------------------------------------------------------------
def test_rejected_actions_leave_state_untouched() -> None:
    g = new(["U", "U"], roadside=["swap-road"])
    place(g, 1, 0, 90)
    rejected(g, {"player": 0, "type": xm.DRAW, "deck": "abbey", "draw": True}, "'deck' must be")
    rejected(g, {"player": 0, "type": xm.DRAW, "deck": "roadside", "draw": 1}, "'draw' must be")
    rejected(g, {"player": 1, "type": xm.DRAW, "deck": "roadside", "draw": True}, "not P1's move")
    draw(g)
    rejected(g, {"player": 0, "type": xm.PLAY, "card": "swap-road"}, "no legal target")
    rejected(g, {"player": 0, "type": xm.PLAY, "card": "nope"}, "unknown card")
    rejected(g, {"player": 0, "type": xm.PLAY, "card": "mastermind"}, "not in your hand")


# --- replay and random full games ---------------------------------------------------------
def test_record_replays_scenario() -> None:
    g = road_claims(2, ["claim-occupied-road"])  # nothing injected: it must replay
    place(g, 2, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="E")
    follower(g)
    again = replay(g.record())
    assert fingerprint(again) == fingerprint(g)


def check_christmas(g: Game, full_decks: bool = True) -> None:
    check_invariants(g)
    if full_decks:
        assert xm.card_total(g) == 64
    pub = public_view(g)
    assert all(e["type"] != "xmas-card" for e in pub.events)  # draws: public without card
    assert pub.counts["hand"] == tuple(map(len, xm.state(g).hands))
    for p in range(len(g.players)):
        view = private_view(g, p)
        assert [c["card"] for c in view.hidden["hand"]] == xm.state(g).hands[p]
        assert all(e.get("private") == p for e in view.events)


GARBAGE: tuple[Any, ...] = ("zz", 99, {"x": 99}, -1.5, [])


def probe_bad_variant(g: Game, action: dict[str, Any], rng: random.Random) -> None:
    """A legal christmas action with one field spoiled is rejected, state unchanged."""
    keys = [k for k in action if k not in ("player", "type")]
    if not keys:
        return
    bad = {**action, rng.choice(keys): rng.choice(GARBAGE)}
    before = fingerprint(g)
    with pytest.raises(IllegalAction):
        g.apply(bad)
    assert fingerprint(g) == before


def random_game(seed: int, players: int, expansions: tuple[str, ...] = ("christmas",)) -> Game:
    rng = random.Random(seed)
    g = Game([f"P{i}" for i in range(players)], expansions, seed=seed)
    while g.pending is not None:
        p = rng.choice(g.pending.players)
        legal = g.legal_actions(p)
        assert legal
        action = rng.choice(legal)
        if action["type"].startswith("xmas-") and rng.random() < 0.3:
            probe_bad_variant(g, action, rng)
        g.apply(action)
        if "christmas" in expansions:
            check_christmas(g)
        else:
            check_invariants(g)
    return g


@settings(max_examples=examples(6))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_random_games_keep_invariants_and_replay(seed: int, players: int) -> None:
    g = random_game(seed, players)
    assert g.finished
    assert xm.state(g).in_play == []
    again = replay(g.record())
    assert fingerprint(again) == fingerprint(g)


@settings(max_examples=examples(2))
@given(seed=st.integers(0, 10**6))
def test_ai_answers_every_christmas_decision_legally(seed: int) -> None:
    from engine.ai import AI

    g = Game(["A", "B", "C"], ["christmas"], seed=seed)
    ais = [AI(p) for p in range(3)]
    while g.pending is not None:
        p = g.pending.players[0]
        choice = ais[p].choose(g, p)
        assert choice in g.legal_actions(p), choice
        g.apply(choice)
    assert g.finished and xm.card_total(g) == 64


# --- remaining designs: tiebreak on cities and monasteries, swaps on them ------------
def test_x5_3_tiebreak_city() -> None:
    g = new(["F", "U", "U"], roadside=["claim-occupied-city", "tiebreak-city"])
    turn(g, 0, -1, 90, "N")  # P0's knight on D+F
    place(g, 1, 0, 90)
    draw(g)
    target(g, x=0, y=0, location="N")  # P1 joins: tie
    follower(g)
    place(g, 2, 0, 90)
    draw(g)
    target(g, x=0, y=-1, location="N")  # P0 marks
    assert public_view(g).extra["christmas"]["tiebreaks"] == [
        {"x": 0, "y": -1, "location": "N", "feature": "city", "players": [0]}
    ]
    follower(g)
    city = [(e["player"], e["points"]) for e in g.events if e.get("reason") == "final"]
    assert city == [(0, 2 + 1)]  # 2 tiles + 1 pennant at game end, P0 alone


def test_x5_3_tiebreak_monastery() -> None:
    g = new(["B", "V", "U"], roadside=["claim-occupied-monastery", "tiebreak-monastery"])
    turn(g, 0, 1, 0, "C")
    place(g, 1, 0, 0)
    draw(g)
    target(g, x=0, y=1, location="C")  # P1's monk joins P0's
    follower(g)
    place(g, -1, 0, 90)
    draw(g)
    target(g, x=0, y=1, location="C")
    follower(g)
    mon = [(e["player"], e["points"]) for e in g.events if e.get("reason") == "final"]
    assert mon == [(0, 1 + 3)]  # ring: D, V at 1,0, U at -1,0


def test_x5_4_swap_city() -> None:
    g = new(["F", "E", "U"])
    turn(g, 0, -1, 90, "N")  # P0 on the 2-tile city with a pennant
    turn(g, 0, 1, 180, "S")  # P1 on a 1-tile city
    give(g, 0, "swap-city")
    act(g, xm.PLAY, card="swap-city")
    target(
        g,
        mine={"x": 0, "y": -1, "location": "N"},
        theirs={"x": 0, "y": 1, "location": "S", "player": 1},
    )
    assert followers(g) == [(0, (0, 1), "S", False), (1, (0, -1), "N", False)]
    assert g.pending.step == "place"


def test_x5_4_swap_monastery() -> None:
    g = new(["B", "B", "U"])
    turn(g, 0, 1, 0, "C")
    turn(g, 1, 1, 0, "C")
    give(g, 0, "swap-monastery")
    act(g, xm.PLAY, card="swap-monastery")
    rejected(
        g,
        {
            "player": 0,
            "type": xm.TARGET,
            "mine": {"x": 1, "y": 1, "location": "C"},
            "theirs": {"x": 0, "y": 1, "location": "C", "player": 1},
        },
        "not a legal",
    )
    target(
        g,
        mine={"x": 0, "y": 1, "location": "C"},
        theirs={"x": 1, "y": 1, "location": "C", "player": 1},
    )
    assert followers(g) == [(0, (1, 1), "C", False), (1, (0, 1), "C", False)]


def test_x5_2_locked_followers_cannot_be_returned_or_swapped() -> None:
    g = new(["F", "U", "E", "U"], roadside=["lock-city"])
    turn(g, 0, -1, 90, "N")
    place(g, 1, 0, 90)
    draw(g)
    target(g, x=0, y=-1, location="N")
    follower(g, "E")
    give(g, 0, "return-follower", "swap-city")
    plays = {a["card"] for a in g.legal_actions(0) if a["type"] == xm.PLAY}
    assert plays == set()
