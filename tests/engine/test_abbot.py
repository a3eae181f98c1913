"""The Abbot (docs/rules/abbot.md A-1..A-5): one hand-worked scenario per rule.

Every scenario fixes the land tiles (``decks.tiles``). The start tile D sits
at 0,0: city N, road W-E, field S; y grows to the south. Moves are text moves
(docs/notation.md): ``@C`` / ``@G`` put the abbot on the monastery / garden of the
tile just placed, ``back x,y`` takes it back from that cell.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import Game, IllegalAction, MalformedAction, replay
from engine.expansions import abbot
from engine.moves import parse_move
from engine.tiles import KINDS
from engine.tiles import face as face_of
from engine.views import public_view
from tests.engine.helpers import check_invariants, fingerprint, play

# A garden ringed by 8 tiles: Eg r180 (city south) below D, then its ring.
RING = ["Eg", "U", "U", "B", "B", "E", "B", "B"]
RING_MOVES = (
    "U -1,0 r90 -",
    "U 1,0 r90 -",
    "B -1,1 r0 -",
    "B 1,1 r0 -",
    "E 0,2 r0 -",
    "B -1,2 r0 -",
)


def new(tiles: list[str], expansions: tuple[str, ...] = ("abbot",), players: int = 2) -> Game:
    return Game([f"P{i}" for i in range(players)], list(expansions), seed=1, decks={"tiles": tiles})


def moves(g: Game, *texts: str) -> Game:
    play(g, *texts)
    check_invariants(g)
    return g


def refused(
    g: Game, action: dict[str, Any], words: str, error: type = IllegalAction
) -> IllegalAction:
    before = fingerprint(g)
    with pytest.raises(error, match=words) as caught:
        g.apply(action)
    assert fingerprint(g) == before
    return caught.value


def place(g: Game, text: str) -> None:
    """Only the placing half of a text move."""
    assert g.pending is not None
    g.apply(parse_move(text).actions(g.pending.active)[0])


def abbot_at(g: Game, seat: int) -> tuple[int, int] | None:
    found = abbot.abbot_on_board(g, seat)
    return None if found is None else found[1].pos


def scores(g: Game, reason: str) -> list[tuple[int, int, str]]:
    return [
        (e["player"], e["points"], e["feature"])
        for e in g.events
        if e["type"] == "score" and e["reason"] == reason
    ]


# --- A-1 the piece ----------------------------------------------------------------------
def test_a1_one_abbot_each_counted_apart_from_the_followers() -> None:
    g = new(["B", "U"])
    assert public_view(g).counts["abbot"] == (1, 1) and g.supply == [7, 7]
    moves(g, "B 0,1 r0 @C")
    view = public_view(g)
    assert view.counts["abbot"] == (0, 1) and view.supply == (7, 7)
    (monk,) = view.followers
    assert (monk.player, monk.x, monk.y, monk.location, monk.piece) == (0, 0, 1, "C", "abbot")
    assert "piece='abbot'" in repr(monk)


def test_a1_a_player_with_no_follower_left_may_still_place_the_abbot() -> None:
    g = new(["B", "U"])
    g.supply[0] = 0  # seat 0's seven followers are elsewhere (not the point here)
    place(g, "B 0,1 r0")
    assert g.legal_followers() == []
    assert g.legal_actions(0) == [
        {"player": 0, "type": "follower", "location": None},
        {"player": 0, "type": "follower", "location": "C", "abbot": True},
    ]
    g.apply({"player": 0, "type": "follower", "location": "C", "abbot": True})
    assert abbot_at(g, 0) == (0, 1) and g.supply[0] == 0


# --- A-2 gardens ------------------------------------------------------------------------
def test_a2_eight_garden_twins_swap_one_copy_each() -> None:
    twins = {t.kind: t for t in abbot.GARDEN_KINDS}
    assert sorted(twins) == sorted(f"{k}g" for k in "EHIMNRUV")
    for kind, twin in twins.items():
        base = KINDS[kind[:-1]]
        assert twin.twin_of == base.kind and twin.count == 1 and twin.edges == base.edges
        assert twin.segments == (*base.segments, *(s for s in twin.segments if s.kind == "garden"))
        assert [s.kind for s in twin.segments].count("garden") == 1
    assert KINDS["Mg"].pennants == 1  # a twin keeps its pennant
    g = Game(["A", "B"], ["abbot"], seed=3)
    tiles = Counter([*g.bag, g.turn.tile, "D"])  # the land tiles and the start tile
    assert sum(tiles.values()) == 72
    assert tiles["E"] == 4 and tiles["Eg"] == 1 and tiles["V"] == 8 and tiles["Vg"] == 1
    assert Counter(KINDS[k].plays_as for k in tiles.elements()) == Counter(
        {t.kind: t.count for t in KINDS.values() if t.expansion is None}
    )
    plain = Game(["A", "B"], seed=3)  # without the Abbot the base set is unchanged
    assert not any(k.endswith("g") for k in plain.bag)


def test_a2_a_garden_completed_scores_9_like_a_monastery() -> None:
    g = moves(new(RING), "Eg 0,1 r180 @G", *RING_MOVES)
    assert g.scores == [0, 0] and abbot_at(g, 0) == (0, 1)
    moves(g, "B 1,2 r0 -")  # the eighth cell around the garden (B-7)
    assert scores(g, "completed") == [(0, 9, "garden")]
    assert abbot_at(g, 0) is None and public_view(g).counts["abbot"] == (1, 1)


def test_a2_a_garden_splits_no_field() -> None:
    g = moves(new(["Vg"]), "Vg 0,1 r0 -")
    face = g.board.tiles[(0, 1)].face
    fields = [s for s in face.segments if s.kind == "field"]
    assert fields == [s for s in face_of("V", 0).segments if s.kind == "field"]  # as V r0
    assert face.canonical[-1] == "G"


def test_a2_without_the_abbot_rv11_plays_as_rv10() -> None:
    g = Game(["A", "B"], ["river"], seed=1, decks={"river": ["RV11", "RV2"], "tiles": []})
    place(g, "RV11 1,0 r0")
    assert "G" in g.board.tiles[(1, 0)].face.canonical  # the garden is printed on it
    assert g.legal_followers() == ["NNW", "SSW"]  # its two fields, never the garden
    assert not any(a.get("abbot") for a in g.legal_actions(0))
    refused(g, {"player": 0, "type": "follower", "location": "G"}, r"cannot stand on a garden")
    refused(
        g,
        {"player": 0, "type": "follower", "location": "G", "abbot": True},
        "there is no abbot in this game",
    )


# --- A-3 placing the abbot -----------------------------------------------------------------
def test_a3_the_abbot_goes_on_the_monastery_or_garden_of_the_tile_just_placed() -> None:
    g = new(["Eg", "A", "B"])
    place(g, "Eg 0,1 r180")
    offered = [a for a in g.legal_actions(0) if a.get("abbot")]
    assert offered == [{"player": 0, "type": "follower", "location": "G", "abbot": True}]
    assert "G" not in g.legal_followers()  # only an abbot stands on a garden
    refused(g, {"player": 0, "type": "follower", "location": "G"}, r"cannot stand on a garden")
    not_there = refused(
        g,
        {"player": 0, "type": "follower", "location": "S", "abbot": True},
        r"the abbot goes only on a monastery or a garden, not a city \(A-3\)",
    )
    assert not_there.code == "spot_not_for_abbot"  # worded by the bot from its code
    nowhere = refused(
        g, {"player": 0, "type": "follower", "location": "X", "abbot": True}, "not a location"
    )
    assert (nowhere.code, nowhere.values) == ("no_such_spot", {"x": 0, "y": 1})
    refused(
        g,
        {"player": 0, "type": "follower", "location": "G", "abbot": 1},
        "'abbot' must be true",
        MalformedAction,
    )
    events = g.apply({"player": 0, "type": "follower", "location": "G", "abbot": True})
    assert events[0] == {
        "type": "follower",
        "player": 0,
        "x": 0,
        "y": 1,
        "location": "G",
        "feature": "garden",
        "piece": "abbot",
    }
    # P1's monastery: a monk or P1's abbot; P0's abbot is on the board already.
    place(g, "A 1,1 r270")
    assert [a["location"] for a in g.legal_actions(1) if a.get("abbot")] == ["C"]
    g.apply({"player": 1, "type": "follower", "location": None})
    place(g, "B -1,1 r0")
    assert not [a for a in g.legal_actions(0) if a.get("abbot")]
    on_board = refused(
        g,
        {"player": 0, "type": "follower", "location": "C", "abbot": True},
        r"your abbot is on the board at 0,1, not in your supply \(A-1, A-4\)",
    )
    assert (on_board.code, on_board.values) == ("abbot_on_board", {"x": 0, "y": 1})


def test_a3_the_record_keeps_the_abbot_and_replays() -> None:
    g = moves(new(["B", "U", "V"]), "B 0,1 r0 @C", "U 1,0 r90 -")
    record = g.record()
    assert record["actions"][1] == {"player": 0, "type": "follower", "location": "C", "abbot": True}
    assert fingerprint(replay(record)) == fingerprint(g)


# --- A-4 taking the abbot back ----------------------------------------------------------------
def test_a4_taking_the_abbot_back_scores_the_monastery_now_for_its_owner_alone() -> None:
    g = moves(new(["B", "U", "U", "V"]), "B 0,1 r0 @C")
    g.add_follower(1, (0, 1), 0)  # P1 shares the monastery (as by a synod, G-4)
    moves(g, "U -1,0 r90 -")
    place(g, "U 1,0 r90")
    assert abbot.back_points(g, 0) == 4 and abbot.back_points(g, 1) is None
    g.apply({"player": 0, "type": abbot.BACK, "x": 0, "y": 1})
    # 1 + 3 tiles around it (D and both U): 4 points for P0 alone (B-8).
    assert scores(g, "abbot-back") == [(0, 4, "monastery")]
    assert [e for e in g.events if e["type"] == abbot.BACK] == [
        {
            "type": "abbot-back",
            "player": 0,
            "x": 0,
            "y": 1,
            "location": "C",
            "feature": "monastery",
            "points": 4,
        }
    ]
    monastery = g.board.feature_at((0, 1), 0)
    assert [(f.player, f.piece) for f in monastery.followers] == [(1, None)]  # P1 stays
    assert abbot_at(g, 0) is None and g.supply == [7, 6]
    assert g.pending is not None and g.pending.active == 1  # the whole of step 2


def test_a4_back_only_for_ones_own_abbot_where_it_stands() -> None:
    g = moves(new(["B", "U", "U", "V"]), "B 0,1 r0 @C")
    place(g, "U -1,0 r90")
    assert not [a for a in g.legal_actions(1) if a["type"] == abbot.BACK]  # P1 has none out
    refused(g, {"player": 1, "type": abbot.BACK, "x": 0, "y": 1}, r"in your supply.*\(A-4\)")
    g.apply({"player": 1, "type": "follower", "location": None})
    place(g, "U 1,0 r90")
    assert [a for a in g.legal_actions(0) if a["type"] == abbot.BACK] == [
        {"player": 0, "type": abbot.BACK, "x": 0, "y": 1}
    ]
    refused(g, {"player": 0, "type": abbot.BACK, "x": 1, "y": 1}, r"stands at 0,1, not at 1,1")
    refused(g, {"player": 0, "type": abbot.BACK, "x": 0}, "needs 'y'", MalformedAction)


def test_a4_an_abbot_on_a_locked_feature_stays() -> None:
    g = moves(new(["B", "U", "U"]), "B 0,1 r0 @C", "U -1,0 r90 -")
    place(g, "U 1,0 r90")
    g.board.feature_at((0, 1), 0).marks["locked"] = True  # as by a Christmas lock
    assert not [a for a in g.legal_actions(0) if a["type"] == abbot.BACK]
    refused(g, {"player": 0, "type": abbot.BACK, "x": 0, "y": 1}, r"locked.*\(A-4, C-1\)")


# --- A-5 end ------------------------------------------------------------------------------
def test_a5_an_abbot_left_on_the_board_scores_its_feature_unfinished() -> None:
    g = moves(new(["B", "Eg", "U"]), "B 0,1 r0 @C", "Eg 1,1 r180 @G", "U 1,0 r90 -")
    assert g.finished
    # P0's monastery: 1 + D, Eg, U around it = 4; P1's garden: 1 + D, B, U = 4 (B-8).
    assert sorted(scores(g, "final")) == [(0, 4, "monastery"), (1, 4, "garden")]
    assert public_view(g).counts["abbot"] == (1, 1)
