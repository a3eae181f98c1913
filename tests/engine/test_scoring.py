"""Hand-computed scoring scenarios (B-6..B-10) on scripted draw piles.

The start tile D sits at 0,0 (city N, road W-E, field S). Coordinates: x east,
y south (docs/notation.md).
"""

import pytest

from engine.phases import IllegalAction
from engine.scoring import winners
from tests.engine.helpers import check_invariants, play, scripted


def score_events(game):
    return [e for e in game.events if e["type"] == "score"]


def test_b7_two_tile_city_scores_4_and_returns_the_knight():
    game = play(scripted(["E"]), "E 0,-1 r180 S")
    assert game.finished
    assert game.scores == [4, 0]
    assert game.supply == [7, 7]
    (event,) = score_events(game)
    assert event["feature"] == "city" and event["reason"] == "completed" and event["tiles"] == 2


def test_b7_city_with_pennant_complete_scores_2_per_tile_and_pennant():
    game = play(scripted(["M", "E"]), "M 0,-1 r180 S", "E -1,-1 r90 -")
    assert game.scores == [8, 0]  # 3 tiles, 1 pennant: 2*3 + 2
    assert game.supply[0] == 7


def test_b8_incomplete_city_scores_1_per_tile_and_pennant():
    game = play(scripted(["M"]), "M 0,-1 r180 S")
    assert game.finished
    assert game.scores == [3, 0]  # 2 tiles + 1 pennant
    assert score_events(game)[0]["reason"] == "final"


def test_b7_road_ended_by_monasteries_and_b8_incomplete_monastery():
    game = play(scripted(["A", "A"]), "A 1,0 r90 W", "A -1,0 r270 C")
    # Road -1,0 .. 1,0 completed by seat 1's tile: seat 0 scores 3 tiles.
    # Seat 1's monastery has one neighbour at the end: 1 + 1.
    assert game.scores == [3, 2]
    assert [e["reason"] for e in score_events(game)] == ["completed", "final"]


def test_b7_monastery_completed_scores_9():
    game = play(
        scripted(["B", "U", "U", "B", "B", "B", "E", "E"]),
        "B 0,1 r0 C",
        "U 1,0 r90 -",
        "U -1,0 r90 -",
        "B 1,1 r0 -",
        "B -1,1 r0 -",
        "B 0,2 r0 -",
        "E 1,2 r180 -",
    )
    assert game.scores == [0, 0] and game.supply[0] == 6
    play(game, "E -1,2 r180 -")
    assert game.scores == [9, 0]
    assert game.supply[0] == 7


def test_b7_road_crossing_one_tile_twice_counts_it_once():
    game = scripted(["U", "W", "V", "V", "V"])
    play(game, "U 1,0 r90 -", "W 2,0 r0 E", "V 3,0 r0 -", "V 3,1 r90 -")
    assert game.scores == [0, 0]
    play(game, "V 2,1 r180 -")
    # The loop runs through the junction tile 2,0 on two segments: 4 tiles, not 5.
    (event,) = [e for e in score_events(game) if e["reason"] == "completed"]
    assert event == {**event, "player": 1, "points": 4, "feature": "road", "tiles": 4}


def test_b6_tied_followers_on_joined_road_both_score_full_value():
    game = play(
        scripted(["U", "U", "V", "V"]),
        "U 1,0 r90 E",  # seat 0 on the road through the start tile
        "U 1,1 r90 E",  # seat 1 on a separate road
        "V 2,0 r0 -",
        "V 2,1 r90 -",  # joins the two roads: 5 tiles, one follower each
    )
    assert game.finished
    assert game.scores == [5, 5]
    assert winners(game.scores) == [0, 1]  # B-10 shared win
    assert game.winners() == [0, 1]


def test_b5_cannot_place_on_a_feature_joined_to_an_occupied_one():
    game = play(scripted(["U", "U", "U"]), "U 1,0 r90 E", "U 1,1 r90 E")
    game.apply({"player": 0, "type": "place", "x": 0, "y": 1, "rotation": 90})
    assert "E" not in game.legal_followers()  # joins seat 1's road
    with pytest.raises(IllegalAction, match="already holds a follower"):
        game.apply({"player": 0, "type": "follower", "location": "E"})


def test_b8_farms_touching_several_cities_and_one_city_paying_two_farms():
    game = play(
        scripted(["E", "D", "E"]),
        "E 0,-1 r180 NNW",  # completes city A (no knight); farmer on the top farm
        "D 1,0 r0 ENE",  # farmer on the farm between cities and road
        "E 1,-1 r180 -",  # completes city B
    )
    assert game.finished
    # Top farm touches A and B; the middle farm touches A (via 0,0) and B (via 1,0).
    assert game.scores == [6, 6]
    farms = [e for e in score_events(game) if e["feature"] == "field"]
    assert sorted((e["player"], e["cities"]) for e in farms) == [(0, 2), (1, 2)]


def test_b8_farms_count_only_completed_cities():
    game = play(scripted(["E", "D"]), "E 0,-1 r180 NNW", "D 1,0 r0 ENE")
    # The city at 1,0 is still open: each farm has one completed city (A).
    farms = [e for e in score_events(game) if e["feature"] == "field"]
    assert sorted((e["player"], e["cities"], e["points"]) for e in farms) == [(0, 1, 3), (1, 1, 3)]
    assert game.scores == [3, 3]


def test_b7_farmers_stay_when_their_field_is_next_to_completed_features():
    game = play(scripted(["E", "E"]), "E 0,-1 r180 NNW", "E 1,-1 r180 -")
    assert game.supply[0] == 6  # the farmer was not returned (B-7)
    check_invariants(game)


def test_b4_tile_that_fits_nowhere_is_discarded_and_replaced():
    game = play(scripted(["E", "C", "U"]), "E 0,-1 r180 -")
    # C (all city) cannot go anywhere: every open side needs a field or road.
    assert game.turn is not None and game.turn.tile == "U"
    discards = [e for e in game.events if e["type"] == "discard"]
    assert discards == [
        {"type": "discard", "tile": "C", "reason": "fits nowhere on the board (B-4)"}
    ]
    assert game.pending.active == 1


def test_b8_game_ends_when_the_listed_tiles_run_out():
    game = scripted([])
    assert game.finished and game.pending is None
    assert game.events[-1] == {"type": "end", "scores": [0, 0]}
