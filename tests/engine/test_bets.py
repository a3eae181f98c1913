"""The Bets (docs/rules/bets.md T-1..T-8): tiles, chips, staking, secrecy, settlement.

Scenarios use fixed decks (start tile D at 0,0: city N, road W-E, field S) and
two players unless said otherwise; every layout is described next to its moves.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalAction, replay
from engine.ai import play_out
from engine.expansions import bets
from engine.expansions.bet_chips import CHIP_SET, CHIPS_PER_PLAYER, FACES, payout
from engine.expansions.bets import BOOKMAKER_KINDS, is_bookmaker
from engine.expansions.bets import ai as bets_ai
from engine.scoring import score_now
from engine.tiles import HALVES, KINDS, base_bag, expansion_tiles
from engine.views import private_view, public_view
from tests.engine.helpers import check_invariants, fingerprint, play, scripted
from tests.profiles import examples


def bets_game(tiles: list[str], players: int = 2) -> Game:
    return scripted(tiles, players, expansions=["bets"])


def stake(game: Game, player: int, chip: str | None) -> None:
    if chip is None:
        game.apply({"player": player, "type": "stake_pass"})
    else:
        game.apply({"player": player, "type": "stake", "chip": chip})


def settled(game: Game) -> list[dict[str, Any]]:
    return [e for e in game.events if e["type"] == "bet_settled"]


def bet_points(game: Game, player: int) -> int:
    return sum(e["points"] for e in settled(game) if e["player"] == player)


# --- T-1 / T-8: the bookmaker tiles ------------------------------------------------
# T-8 transcribed independently of engine/tiles.py: edges, cities (edges, pennants),
# roads, fields (half-edges -> city edges touched).
T8: dict[str, tuple[str, list[tuple[str, int]], list[str], dict[str, str]]] = {
    "BK1": ("CFRF", [("N", 0)], ["S"], {"WNW ENE": "N", "WSW SSW": "", "ESE SSE": ""}),
    "BK2": ("CRRF", [("N", 0)], ["E", "S"], {"WNW ENE": "N", "WSW SSW": "", "ESE SSE": ""}),
    "BK3": ("CFRR", [("N", 0)], ["S", "W"], {"WNW ENE": "N", "ESE SSE": "", "SSW WSW": ""}),
    "BK4": ("CRFR", [("N", 0)], ["E", "W"], {"WNW ENE": "N", "WSW SSW": "", "ESE SSE": ""}),
    "BK5": ("FRFR", [], ["E", "W"], {"WNW NNW NNE ENE": "", "ESE SSE SSW WSW": ""}),
    "BK6": ("FCFR", [("E", 0)], ["W"], {"NNW NNE": "E", "WNW": "", "WSW SSW SSE": "E"}),
    "BK7": ("CCRF", [("N E", 1)], ["S"], {"SSW WSW WNW": "N", "SSE": "N"}),
    "BK8": ("CFCR", [("N", 0), ("S", 0)], ["W"], {"WNW": "N", "WSW": "S", "ENE ESE": "N S"}),
    "BK9": (
        "RRRR",
        [],
        ["N", "E", "S", "W"],
        {"WNW NNW": "", "NNE ENE": "", "ESE SSE": "", "SSW WSW": ""},
    ),
    "BK10": ("CRRR", [("N", 0)], ["E", "S", "W"], {"WNW ENE": "N", "ESE SSE": "", "SSW WSW": ""}),
}
EDGE = {"N": 0, "E": 1, "S": 2, "W": 3}


@pytest.mark.parametrize("kind", sorted(T8))
def test_t8_bookmaker_tile_matches_rules_table(kind):
    edges, cities, roads, fields = T8[kind]
    tile = KINDS[kind]
    assert (tile.count, tile.edges, tile.expansion) == (1, edges, "bets")
    assert is_bookmaker(kind) and tile.centre == "office"
    got_cities = sorted(
        (tuple(sorted(s.edges)), s.pennants) for s in tile.segments if s.kind == "city"
    )
    want_cities = sorted((tuple(sorted(EDGE[e] for e in c.split())), p) for c, p in cities)
    assert got_cities == want_cities
    # T-1: the office ends every road: each road segment touches exactly one edge.
    got_roads = sorted(s.edges for s in tile.segments if s.kind == "road")
    assert got_roads == sorted((EDGE[r],) for r in roads)
    # A field touches whole cities: compare the cities (as edge sets) it touches.
    city_edges = {i: s.edges for i, s in enumerate(tile.segments) if s.kind == "city"}
    got_fields = {
        frozenset(HALVES[h] for h in s.halves): frozenset(city_edges[c] for c in s.adj)
        for s in tile.segments
        if s.kind == "field"
    }
    city_of_edge = {e: edges for edges in city_edges.values() for e in edges}
    want_fields = {
        frozenset(h.split()): frozenset(city_of_edge[EDGE[e]] for e in adj.split())
        for h, adj in fields.items()
    }
    assert got_fields == want_fields
    assert not tile.monastery  # T-1: the office is not a follower spot


def test_t1_ten_bookmaker_tiles_make_82_with_the_base_game():
    assert sorted(expansion_tiles("bets")) == sorted(t.kind for t in BOOKMAKER_KINDS)
    assert len(expansion_tiles("bets")) == 10
    game = Game(["A", "B"], ["bets"], seed=5)
    drawn = [game.turn.tile]  # the first turn's tile is already drawn
    assert len(game.bag) + len(drawn) + 1 == 82  # + the start tile
    bag = Counter(game.bag + drawn)
    assert bag - Counter(base_bag()) == Counter(expansion_tiles("bets"))
    assert len(Game(["A", "B"], seed=5).bag) + 2 == 72


def test_t1_office_is_not_a_follower_spot():
    game = bets_game(["BK9", "U"])
    game.apply({"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 0})
    locations = game.legal_followers()
    assert locations is not None and "C" not in locations
    with pytest.raises(IllegalAction, match="'C' is not a location"):
        game.apply({"player": 0, "type": "follower", "location": "C"})


# --- T-7: the chip set ---------------------------------------------------------------
def test_t7_chip_set_is_one_table_of_six_faces():
    assert FACES == ("2|3", "3|4", "4", "5|6", "6|7+", "5|8+")
    assert CHIPS_PER_PLAYER == len(CHIP_SET) == 6
    game = bets_game(["U"], players=6)
    assert bets.state(game).supply == [list(FACES)] * 6  # 36 chips


# Expected payout per tile count 1..12, written out by hand from T-7.
PAYOUTS = {
    "2|3": [0, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    "3|4": [0, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0],
    "4": [0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0],
    "5|6": [0, 0, 0, 0, 5, 6, 0, 0, 0, 0, 0, 0],
    "6|7+": [0, 0, 0, 0, 0, 6, 7, 7, 7, 7, 7, 7],
    "5|8+": [0, 0, 0, 0, 5, 0, 0, 8, 8, 8, 8, 8],
}


@pytest.mark.parametrize("face", FACES)
def test_t7_each_face_pays_exactly_its_numbers(face):
    assert [payout(face, n) for n in range(1, 13)] == PAYOUTS[face]


# --- T-1 / T-4: a road ended at an office ----------------------------------------------
# BK5 r0 at 1,0 (roads W and E end at the office); A r270 at -1,0 ends D's road at its
# monastery: the west road A-D-BK5 is complete with 3 tiles while BK5's east road is open.
def _road_of_three(chip0: str | None, chip1: str | None, extra: tuple[str, ...] = ()) -> Game:
    game = bets_game(["BK5", "A", *extra])
    play(game, "BK5 1,0 r0 W")
    assert game.pending.step == bets.STEP_STAKE and game.pending.players == (0, 1)
    stake(game, 1, chip1)  # any order (T-2)
    stake(game, 0, chip0)
    play(game, "A -1,0 r270 -")
    return game


@pytest.mark.parametrize("face", FACES)
def test_t4_road_ended_at_office_settles_each_face(face):
    game = _road_of_three(face, None)
    road = [e for e in game.events if e["type"] == "score" and e.get("feature") == "road"]
    assert road[0]["player"] == 0 and road[0]["points"] == 3 and road[0]["tiles"] == 3
    [flip] = settled(game)
    assert flip["chip"] == face and flip["tiles"] == 3 and flip["feature"] == "road"
    assert flip["points"] == PAYOUTS[face][2]  # only 2|3 and 3|4 pay, 3 points each
    # East road of BK5 stays open (the office ended the west one).
    assert not game.board.feature_at(
        (1, 0), game.board.tiles[(1, 0)].face.name_to_seg["E"]
    ).completed


def test_t4_settlement_follows_normal_scoring_and_returns_chips():
    game = _road_of_three("2|3", "3|4", extra=("U",))
    kinds = [e["type"] for e in game.events]
    assert kinds.index("bet_settled") > max(
        i for i, e in enumerate(game.events) if e["type"] == "score" and e["reason"] != "bet"
    )
    assert [bet_points(game, p) for p in (0, 1)] == [3, 3]
    assert game.scores == [3 + 3, 3]
    bet_scores = [e for e in game.events if e["type"] == "score" and e["reason"] == "bet"]
    # Flipped in stack order: seat 1 answered first (T-2 any order).
    assert [(e["player"], e["chip"], e["points"]) for e in bet_scores] == [
        (1, "3|4", 3),
        (0, "2|3", 3),
    ]
    assert bets.state(game).supply == [list(FACES), list(FACES)]
    assert public_view(game).extra["bets"]["offices"] == [{"x": 1, "y": 0, "chips": []}]


def test_t4_exact_four_pays_eight():
    # U r90 at -1,0 and A r270 at -2,0: road A-U-D-BK5 of 4 tiles.
    game = bets_game(["BK5", "U", "A"])
    play(game, "BK5 1,0 r0 -")
    stake(game, 0, "4")
    stake(game, 1, "3|4")
    play(game, "U -1,0 r90 -", "A -2,0 r270 -")
    assert [(e["chip"], e["tiles"], e["points"]) for e in settled(game)] == [
        ("4", 4, 8),
        ("3|4", 4, 4),
    ]
    assert game.scores == [8, 4]


def test_t4_seven_plus_on_nine_tiles_pays_seven():
    # Six straight roads west of D, capped by A: BK5 + D + 6 U + A = 9 tiles.
    game = bets_game(["BK5", *["U"] * 6, "A"])
    play(game, "BK5 1,0 r0 -")
    stake(game, 0, "6|7+")
    stake(game, 1, "5|8+")
    play(game, *(f"U {-x},0 r90 -" for x in range(1, 7)), "A -7,0 r270 -")
    assert [(e["chip"], e["tiles"], e["points"]) for e in settled(game)] == [
        ("6|7+", 9, 7),
        ("5|8+", 9, 8),
    ]


def test_t4_chips_return_to_supply_and_are_reused():
    # After the 3-tile road settles, BK9 r0 at 2,0 continues BK5's east road.
    game = _road_of_three("2|3", "5|6", extra=("BK9", "U"))
    assert bets.state(game).supply[0] == list(FACES)
    play(game, "BK9 2,0 r0 -")
    assert game.pending.step == bets.STEP_STAKE
    stake(game, 0, "2|3")  # the same chip again
    stake(game, 1, None)
    assert public_view(game).extra["bets"]["offices"] == [
        {"x": 1, "y": 0, "chips": []},
        {"x": 2, "y": 0, "chips": [0]},
    ]


# --- T-4.1: card scorings leave the chips ----------------------------------------------
def test_t4_1_scoring_with_another_reason_leaves_chips():
    game = bets_game(["BK5", "U", "U"])
    play(game, "BK5 1,0 r0 W")
    stake(game, 0, "2|3")
    stake(game, 1, "3|4")
    placed = game.board.tiles[(1, 0)]
    root = game.board.find(placed.nodes[placed.face.name_to_seg["W"]])
    score_now(game, root, "road-sweeper", False)  # what G-5 does to an unfinished road
    assert settled(game) == []
    assert [s.player for s in bets.state(game).stacks[(1, 0)]] == [0, 1]


# --- B-9 / T-1: fields separated by an office ---------------------------------------
# X at 1,0 r0 is BK4 (city N, roads E and W end at the office, a path splits the south
# field) or plain D with the same edges. D r180 at 2,0 and E at 2,1 complete a city
# touching only the south-east field of X. The farmer on X's WSW field scores it only
# when X is D (one south field); BK4's office separates the fields.
@pytest.mark.parametrize(("kind", "farm_points"), [("D", 3), ("BK4", 0)])
def test_t1_office_separates_fields(kind, farm_points):
    game = bets_game([kind, "D", "E"])
    play(game, f"{kind} 1,0 r0 WSW")
    if kind == "BK4":
        stake(game, 0, None)
        stake(game, 1, None)
    play(game, "D 2,0 r180 -", "E 2,1 r0 -")
    assert game.finished
    farms = [e for e in game.events if e["type"] == "score" and e.get("feature") == "field"]
    assert sum(e["points"] for e in farms) == farm_points
    assert game.scores[0] == farm_points


# --- T-4: road and city of one office completed in the same turn ------------------------
# BK2 r90 at 1,0: city E, roads S and W (W joins D's road). N r180 at 2,0 and N r270 at
# 2,1 carry the city round; L r90 at 1,1 closes both the city (4 tiles) and the south
# road (BK2 + L = 2 tiles). Seat 0 staked "4", seat 1 "2|3".
def _road_and_city() -> Game:
    game = bets_game(["BK2", "N", "N", "L"])
    play(game, "BK2 1,0 r90 -")
    stake(game, 0, "4")
    stake(game, 1, "2|3")
    play(game, "N 2,0 r180 -", "N 2,1 r270 -", "L 1,1 r90 E")
    return game


def test_t4_shared_chips_wait_for_the_active_players_choice():
    game = _road_and_city()
    d = game.pending
    assert d.step == bets.STEP_SETTLE and d.players == (1,) and d.active == 1
    [question] = d.info["questions"]
    assert (question["x"], question["y"], question["chips"]) == (1, 0, 2)
    assert sorted((f["location"], f["feature"], f["tiles"]) for f in question["features"]) == [
        ("E", "city", 4),
        ("S", "road", 2),
    ]
    assert settled(game) == []  # nothing flipped before the choice
    assert "'chip'" not in repr(d.info) and "|" not in repr(d.info)
    assert game.scores == [0, 8]  # the normal scoring came first (p1's city)
    before = fingerprint(game)
    for bad, reason in [
        ({"player": 0, "type": "settle_feature", "x": 1, "y": 0, "location": "E"}, "not P0's"),
        ({"player": 1, "type": "settle_feature", "x": 1, "y": 0, "location": "W"}, "cannot settle"),
        ({"player": 1, "type": "settle_feature", "x": 1, "y": 0, "location": "NNW"}, "not a road"),
        ({"player": 1, "type": "settle_feature", "x": 2, "y": 0, "location": "S"}, "no choice"),
        ({"player": 1, "type": "settle_feature", "x": "1", "y": 0, "location": "S"}, "integer"),
        ({"player": 1, "type": "stake", "chip": "4"}, "not possible in step 'bets_settle'"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(bad)
        assert fingerprint(game) == before


@pytest.mark.parametrize(
    ("location", "points"), [("E", [8, 0]), ("S", [0, 2])], ids=["city", "road"]
)
def test_t4_active_player_picks_the_feature(location, points):
    game = _road_and_city()
    game.apply({"player": 1, "type": "settle_feature", "x": 1, "y": 0, "location": location})
    flips = settled(game)
    assert [(e["player"], e["location"], e["points"]) for e in flips] == [
        (0, location, points[0]),
        (1, location, points[1]),
    ]
    assert [bet_points(game, p) for p in (0, 1)] == points
    assert game.finished and bets.state(game).supply == [list(FACES), list(FACES)]


# --- T-2: when step 4 is skipped, and rejected stakes ---------------------------------
def test_t2_last_tile_bookmaker_takes_no_bets():
    game = bets_game(["U", "BK5"])
    play(game, "U 1,0 r90 -", "BK5 2,0 r0 -")
    assert game.finished
    assert not any(e["type"] in ("stake", "stake_pass") for e in game.events)
    [skip] = [e for e in game.events if e["type"] == "bets_skipped"]
    assert "last tile" in skip["reason"]


def test_t2_no_bets_when_all_roads_and_cities_of_the_tile_are_complete():
    # A caps D's west road; E closes D's city; B, B and A r90 at 2,0 prepare a dead end
    # east of 1,0, so BK5 r0 at 1,0 completes both its roads when placed.
    game = bets_game(["A", "E", "B", "B", "A", "BK5", "U"])
    play(game, "A -1,0 r270 -", "E 0,-1 r180 -", "B 1,-1 r0 -", "B 2,-1 r0 -")
    play(game, "A 2,0 r90 -", "BK5 1,0 r0 -")
    assert game.pending.step == "place" and game.pending.players == (0,)
    [skip] = [e for e in game.events if e["type"] == "bets_skipped"]
    assert "complete" in skip["reason"]


def test_t2_stakes_in_any_order_and_rejections_change_nothing():
    game = _road_of_three("2|3", None, extra=("BK9", "U", "U"))
    play(game, "BK9 2,0 r0 -")
    assert game.pending.players == (0, 1)
    stake(game, 1, "5|6")
    assert game.pending.players == (0,)
    before = fingerprint(game)
    for bad, reason in [
        ({"player": 1, "type": "stake", "chip": "4"}, "not P1's move"),
        ({"player": 0, "type": "stake", "chip": "9"}, "must be one of the chip faces"),
        ({"player": 0, "type": "stake"}, "needs 'chip'"),
        ({"player": 0, "type": "place", "x": 3, "y": 0, "rotation": 0}, "not possible"),
        ({"player": 0, "type": "settle_feature", "x": 2, "y": 0, "location": "N"}, "not possible"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(bad)
        assert fingerprint(game) == before
    stake(game, 0, "6|7+")
    assert game.pending.step == "place"
    # A chip already on the board cannot be staked again: BK9 r0 at 1,0 holds seat
    # 0's "5|6" when BK5 r0 at 0,1 (touching only D's field) asks for stakes.
    game2 = bets_game(["BK9", "BK5", "U"])
    play(game2, "BK9 1,0 r0 -")
    stake(game2, 0, "5|6")
    stake(game2, 1, None)
    play(game2, "BK5 0,1 r0 -")
    before = fingerprint(game2)
    with pytest.raises(IllegalAction, match="not in your supply") as err:
        game2.apply({"player": 0, "type": "stake", "chip": "5|6"})
    assert "5|6" not in str(err.value)  # T-3: the error does not tell where it is
    assert fingerprint(game2) == before


def test_t2_player_without_chips_is_not_asked():
    # A spine of five U r90 east of D keeps the road open at -1,0; six bookmaker tiles
    # hang off it on field edges without touching each other, so no road or city of
    # theirs completes and seat 0's six chips all stay staked. BK9 r0 at 6,0 ends the
    # spine (its road W joins the still-open spine road).
    game = bets_game(["U"] * 5 + ["BK5", "BK4", "BK6", "BK1", "BK2", "BK8", "BK9", "U"])
    play(game, *(f"U {x},0 r90 -" for x in range(1, 6)))
    offices = [
        "BK5 1,1 r0 -",
        "BK4 1,-1 r0 -",
        "BK6 3,1 r0 -",
        "BK1 3,-1 r270 -",
        "BK2 5,1 r90 -",
        "BK8 5,-1 r90 -",
    ]
    for face, move in zip(FACES, offices, strict=True):
        play(game, move)
        assert game.pending.step == bets.STEP_STAKE, move
        stake(game, 0, face)
        stake(game, 1, None)
    assert bets.state(game).supply[0] == [] and settled(game) == []
    assert public_view(game).counts["chips"] == (0, 6)
    play(game, "BK9 6,0 r0 -")
    assert game.pending.step == bets.STEP_STAKE and game.pending.players == (1,)


# --- T-3: secrecy ---------------------------------------------------------------------
def _staked_with(face: str) -> Game:
    game = bets_game(["BK5", "U", "U"])
    play(game, "BK5 1,0 r0 -")
    stake(game, 0, face)
    stake(game, 1, "5|6")
    play(game, "U 2,0 r90 -")
    return game


def test_t3_staked_faces_are_hidden_from_everyone_including_the_owner():
    a, b = _staked_with("4"), _staked_with("2|3")
    assert public_view(a) == public_view(b)
    assert private_view(a, 1) == private_view(b, 1)
    pa, pb = private_view(a, 0), private_view(b, 0)
    assert pa.events == pb.events == ()
    assert pa.hidden["chips"] == [f for f in FACES if f != "4"]  # own supply only
    assert pb.hidden["chips"] == [f for f in FACES if f != "2|3"]
    assert public_view(a).extra["bets"] == {"offices": [{"x": 1, "y": 0, "chips": [0, 1]}]}
    assert public_view(a).counts["chips"] == (5, 5)
    for e in public_view(a).events:
        assert "chip" not in e, e


# --- T-5: final settlement --------------------------------------------------------------
def test_t5_final_settlement_each_owner_chooses_for_own_chip():
    # BK2 r90 at 1,0 (city E, roads S and W), U at 1,1 extends the south road to 2
    # tiles; the west road D-BK2 has 2 tiles, the city 1. Game ends after the U.
    game = bets_game(["BK2", "U"])
    play(game, "BK2 1,0 r90 -")
    stake(game, 0, "2|3")
    stake(game, 1, "3|4")
    play(game, "U 1,1 r0 -")
    d = game.pending
    assert d.step == bets.STEP_FINAL and d.players == (0, 1)
    assert settled(game) == []
    features = sorted(
        (f["location"], f["feature"], f["tiles"]) for f in d.info["questions"][0]["features"]
    )
    assert features == [("E", "city", 1), ("S", "road", 2), ("W", "road", 2)]
    before = fingerprint(game)
    with pytest.raises(IllegalAction, match="not a road or city location"):
        game.apply({"player": 1, "type": "settle_feature", "x": 1, "y": 0, "location": "NNW"})
    assert fingerprint(game) == before
    game.apply({"player": 1, "type": "settle_feature", "x": 1, "y": 0, "location": "E"})
    assert game.pending.players == (0,)
    with pytest.raises(IllegalAction, match="not P1's move"):
        game.apply({"player": 1, "type": "settle_feature", "x": 1, "y": 0, "location": "S"})
    game.apply({"player": 0, "type": "settle_feature", "x": 1, "y": 0, "location": "W"})
    assert game.finished
    assert [
        (e["player"], e["chip"], e["feature"], e["tiles"], e["points"], e["scoring"])
        for e in settled(game)
    ] == [
        (0, "2|3", "road", 2, 2, "final"),
        (1, "3|4", "city", 1, 0, "final"),
    ]
    assert game.scores == [2, 0]
    # Final settlement comes before final scoring (no followers here, so no B-8 events).
    assert game.events[-1]["type"] == "end"


def test_t5_single_unfinished_feature_settles_without_a_question():
    # BK1 r180 at 0,-1: its city joins D's and is complete at once; its road N goes on
    # through U at 0,-2 (2 tiles) and is the only feature the chips can settle against.
    game = bets_game(["BK1", "U"])
    play(game, "BK1 0,-1 r180 -")
    stake(game, 0, "2|3")
    stake(game, 1, "4")
    play(game, "U 0,-2 r0 -")
    assert game.finished
    assert [(e["chip"], e["feature"], e["tiles"], e["points"]) for e in settled(game)] == [
        ("2|3", "road", 2, 2),
        ("4", "road", 2, 0),
    ]


# --- AI and random full games -------------------------------------------------------------
def test_ai_policy_answers_every_bets_decision_and_finishes():
    game = play_out(Game(["A", "B", "C"], ["bets"], seed=1), {0: 1, 1: 2, 2: 3})
    assert game.finished
    assert any(a["type"] == "stake" for a in game.actions)
    assert bets.state(game).supply == [list(FACES)] * 3


def test_ai_policy_stakes_the_chip_matching_the_likely_size():
    # BK5 r0 at 1,0 with its west road (BK5-D) open at -1,0: a 2-tile road needing
    # at least one more tile; "3|4" covers the likely 3-4 tiles best.
    game = bets_game(["BK5", *["U"] * 30])
    play(game, "BK5 1,0 r0 -")
    advice = bets_ai.ai_policy(game, 0, game.pending, game.legal_actions(0))
    assert advice == {"player": 0, "type": "stake", "chip": "3|4"}


def _check_chips(game: Game) -> None:
    st = bets.state(game)
    for p in range(len(game.players)):
        mine = list(st.supply[p]) + [s.face for _, s in bets.staked(game) if s.player == p]
        assert sorted(mine) == sorted(FACES), (p, mine)  # 6 chips conserved
    view = public_view(game)
    for e in view.events:
        if e["type"] != "bet_settled" and e.get("reason") != bets.BET_REASON:
            assert "chip" not in e, e  # faces only once flipped (T-3)
    assert "chip" not in repr(view.turn) and "|" not in repr(
        game.pending.info if game.pending else {}
    )
    for p in range(len(game.players)):
        assert private_view(game, p).hidden["chips"] == st.supply[p]


@settings(max_examples=examples(4))
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_random_games_with_bets_conserve_chips_and_replay(seed, players):
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], ["bets"], seed=seed)
    while game.pending is not None:
        player = rng.choice(game.pending.players)  # answers in any order (T-2)
        legal = game.legal_actions(player)
        assert legal
        game.apply(rng.choice(legal))
        check_invariants(game)
        _check_chips(game)
    assert game.finished
    assert len(game.board.tiles) + sum(e["type"] == "discard" for e in game.events) == 82
    assert bets.state(game).supply == [list(FACES)] * players  # all settled (T-5)
    assert fingerprint(replay(game.record())) == fingerprint(game)
