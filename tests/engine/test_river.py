"""The River (docs/rules/river.md R-1..R-6): one hand-worked scenario per rule.

Every scenario fixes the river pile (``decks.river``) and the land tiles
(``decks.tiles``). The spring RV1 sits at 0,0 with its water to the east, so
the river's open end starts on the cell 1,0; y grows to the south. A curve's
turn is seen along the flow, away from the spring (R-4).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import Game, IllegalAction, RecordError, replay
from engine.expansions import river
from engine.expansions.river.tiles import pile_tiles
from engine.tiles import KINDS
from engine.views import public_view
from tests.engine.helpers import check_invariants, fingerprint


# --- helpers -------------------------------------------------------------------
def new(pile: list[str], tiles: list[str] = (), expansions: tuple[str, ...] = ("river",)) -> Game:
    decks = {"river": list(pile), "tiles": list(tiles)}
    return Game(["P0", "P1"], list(expansions), seed=1, decks=decks)


def act(g: Game, kind: str, **fields: Any) -> list[dict[str, Any]]:
    assert g.pending is not None
    return g.apply({"player": g.pending.players[0], "type": kind, **fields})


def turn(g: Game, x: int, y: int, r: int, loc: str | None = None) -> None:
    act(g, "place", x=x, y=y, rotation=r)
    act(g, "follower", location=loc)
    check_invariants(g)


def refused(g: Game, action: dict[str, Any], words: str) -> IllegalAction:
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match=words) as caught:
        g.apply(action)
    assert fingerprint(g) == before
    return caught.value


def place(g: Game, x: int, y: int, r: int) -> dict[str, Any]:
    assert g.pending is not None
    return {"player": g.pending.active, "type": "place", "x": x, "y": y, "rotation": r}


def field_at(g: Game, x: int, y: int, location: str) -> int:
    placed = g.board.tiles[(x, y)]
    return g.board.find(placed.nodes[placed.face.name_to_seg[location]])


# --- R-1 tiles and edges ------------------------------------------------------------
def test_r1_twelve_river_tiles_of_eleven_kinds() -> None:
    kinds = river.RIVER_KINDS
    assert len(kinds) == 11 and sum(t.count for t in kinds) == 12
    assert [t.kind for t in kinds] == [f"RV{i}" for i in range(1, 12)]
    curves = [t.kind for t in kinds if t.edges.count("I") == 2 and "II" in t.edges + t.edges[0]]
    assert curves == ["RV8", "RV9", "RV10", "RV11"]
    assert sum(t.count for t in kinds if t.monastery) == 1
    assert [t.kind for t in kinds if t.garden] == ["RV11"]
    assert sum(t.pennants for t in kinds) == 0
    for t in kinds:  # the water is no feature: no segment touches a water edge
        water = {e for e, c in enumerate(t.edges) if c == "I"}
        assert all(not water & set(s.edges) for s in t.segments), t.kind
        halves = sorted(h for s in t.segments if s.kind == "field" for h in s.halves)
        assert halves == sorted(
            {2 * e + i for e, c in enumerate(t.edges) if c in "FRI" for i in (0, 1)}
        )


def test_r1_water_meets_only_water() -> None:
    g = new(["RV7", "RV2"])
    # RV7 r90 turns its water north-south: its west edge (field) meets the water.
    refused(
        g, place(g, 1, 0, 90), r"RV7 does not fit at 1,0 r90: its W edge \(field\) meets a water"
    )
    assert g.legal_placements() == [(1, 0, 0), (1, 0, 180)]


def test_r1_river_separates_fields_but_the_spring_joins_them() -> None:
    g = new(["RV4", "RV7", "RV2"])
    turn(g, 1, 0, 0)  # RV4: city N, road S crossing the water to it
    turn(g, 2, 0, 0)  # RV7: water W-E
    # North and south of RV7 are two fields: the water parts them, and RV4's
    # road parts the spring's side from RV4's east banks.
    north, south = field_at(g, 2, 0, "NNW"), field_at(g, 2, 0, "SSW")
    assert north != south
    assert north == field_at(g, 1, 0, "ENE") and south == field_at(g, 1, 0, "SSE")
    spring = field_at(g, 0, 0, "NNW")  # one field all round the spring
    assert spring == field_at(g, 1, 0, "WNW") == field_at(g, 1, 0, "SSW") != north


def test_r1_spring_field_joins_both_banks() -> None:
    g = new(["RV7", "RV2"])
    turn(g, 1, 0, 0)
    assert field_at(g, 1, 0, "NNW") == field_at(g, 1, 0, "SSW") == field_at(g, 0, 0, "ENE")


# --- R-2 setup -------------------------------------------------------------------
def test_r2_spring_starts_and_the_lake_closes_the_river_pile() -> None:
    g = Game(["A", "B"], ["river"], seed=7)
    assert g.events[0] == {"type": "start", "tile": "RV1", "x": 0, "y": 0, "rotation": 0}
    st = river.state(g)
    drawn = g.turn.tile
    pile = [drawn, *st.pile]
    assert len(pile) == 11 and pile[-1] == "RV2" and g.turn.opening == "river"
    assert Counter(pile) == Counter([*pile_tiles(), "RV2"])
    land = Counter(g.bag)
    assert sum(land.values()) == 72 and land["D"] == 4  # all four D are land tiles
    assert not any(KINDS[k].expansion == "river" for k in land)
    assert public_view(g).tiles_left == 72 + 10  # both piles, the tile in hand drawn
    # Another seed shuffles the river differently; the lake is always last.
    other = Game(["A", "B"], ["river"], seed=8)
    assert [other.turn.tile, *river.state(other).pile] != pile
    assert river.state(other).pile[-1] == "RV2"


def test_r2_the_record_fixes_the_river_pile() -> None:
    g = new(["RV9", "RV2"], ["U"])
    assert g.turn.tile == "RV9" and river.state(g).pile == ["RV2"]
    assert g.record()["decks"]["river"] == ["RV9", "RV2"]
    for pile, words in (
        (["RV1"], "not a tile of the river pile"),
        (["RV2", "RV7"], "the lake is the last tile"),
        (["RV7", "RV7", "RV7"], "more 'RV7' tiles"),
        (["U"], "not a tile of the river pile"),
    ):
        with pytest.raises(RecordError, match=words):
            replay({"players": ["A", "B"], "expansions": ["river"], "decks": {"river": pile}})


# --- R-3 placing river tiles ---------------------------------------------------------
def test_r3_a_river_tile_continues_the_river_at_its_open_end() -> None:
    g = new(["RV7", "RV2"], ["U"])
    assert {(x, y) for x, y, _ in g.legal_placements()} == {(1, 0)}
    assert public_view(g).extra["river"] == {"pile": 1, "open": [1, 0]}
    # RV7 fits north of the spring (field to field, B-4) but leaves the river.
    assert g.board.fits("RV7", (0, -1)) == (0, 180)
    error = refused(g, place(g, 0, -1, 0), r"continue the river from its open end, at 1,0 \(R-3\)")
    # The bot words it from its code, naming the open end's cell.
    assert (error.code, error.values) == ("river_open_end", {"x": 1, "y": 0})
    turn(g, 1, 0, 180)
    assert public_view(g).extra["river"] == {"pile": 0, "open": [2, 0]}
    assert g.legal_placements() == [(2, 0, 0)]  # the lake: its water must meet the river


def test_r3_features_on_river_tiles_score_as_usual() -> None:
    g = new(["RV3", "RV2"], ["E", "U"])
    turn(g, 1, 0, 0, "N")  # P0: a knight on RV3's north city
    turn(g, 2, 0, 0)  # P1: the lake
    assert river.state(g).end is None and public_view(g).extra["river"]["open"] is None
    assert g.turn.opening is None  # the land tiles now
    turn(g, 1, -1, 180)  # P0: E closes the city: 2 tiles, 4 points (B-7)
    assert g.scores == [4, 0] and g.supply == [7, 7]


# --- R-4 no U-turn -------------------------------------------------------------------
def test_r4_a_curve_may_not_turn_like_the_curve_before_it() -> None:
    g = new(["RV10", "RV8", "RV2"])
    # RV10 r0 (water W and S) takes the flow heading east and turns it right, south.
    assert g.legal_placements() == [(1, 0, 0), (1, 0, 90)]  # right, or left (r90)
    turn(g, 1, 0, 0)
    # RV8 below it: r180 would turn right again (west), r270 turns left (east).
    assert g.board.fits("RV8", (1, 1)) == (180, 270)
    assert g.legal_placements() == [(1, 1, 270)]
    error = refused(g, place(g, 1, 1, 180), r"turned right on the last tile: .* \(R-4\)")
    assert error.code == "river_turned_right"
    turn(g, 1, 1, 270)
    assert river.open_cell(g) == (2, 1)


def test_r4_a_straight_tile_between_two_curves_allows_any_turn() -> None:
    g = new(["RV10", "RV7", "RV11", "RV2"])
    turn(g, 1, 0, 0)  # turns right: south
    turn(g, 1, 1, 90)  # straight on
    assert g.legal_placements() == [(1, 2, 90), (1, 2, 180)]  # right (west) or left (east)
    turn(g, 1, 2, 90)


# --- R-5 a river tile that fits nowhere -------------------------------------------------
# The river winds round and ends beside RV8 at 2,0, whose city edge (south)
# faces the cell beyond the open end: the lake's field edge cannot meet it.
WINDING = [
    ("RV3", 1, 0, 0),
    ("RV8", 2, 0, 180),
    ("RV10", 2, -1, 270),
    ("RV7", 3, -1, 0),
    ("RV7", 4, -1, 0),
    ("RV11", 5, -1, 0),
    ("RV4", 5, 0, 90),
    ("RV9", 5, 1, 90),
    ("RV5", 4, 1, 0),
    ("RV6", 3, 1, 90),
]


def test_r5_the_lake_that_fits_nowhere_is_removed_and_the_river_ends() -> None:
    g = new([k for k, *_ in WINDING] + ["RV2"], ["U", "V"])
    for _, x, y, r in WINDING:
        turn(g, x, y, r)
    assert river.open_cell(g) == (2, 1)
    assert g.board.tiles[(2, 0)].face.edges[2] == "C"  # its south edge: city
    # The lake was drawn, could not go on 2,1, and left the game; P0 (the
    # eleventh turn) drew the first land tile in the same turn.
    assert g.events[-2:] == [
        {"type": "discard", "tile": "RV2", "reason": "fits nowhere on the river (R-5)"},
        {"type": "draw", "player": 0, "tile": "U"},
    ]
    assert g.turn.tile == "U" and g.turn.opening is None and g.turn.number == 11
    # The cell beyond the open end needs water: no land tile can ever fill it.
    assert all(not g.board.fits(k, (2, 1)) for k in KINDS if "I" not in KINDS[k].edges)
    assert (2, 1) not in {(x, y) for x, y, _ in g.legal_placements()}


def test_r5_a_river_tile_that_fits_nowhere_is_removed_and_the_next_one_drawn() -> None:
    # The river winds back to the cell north of the spring. A straight tile
    # there would lead its water into the spring's field edge (B-4): RV5 is
    # removed and the same player draws RV10, which turns right, west (R-4:
    # RV8 turned left).
    g = new(["RV7", "RV11", "RV6", "RV9", "RV3", "RV8", "RV5", "RV10", "RV4", "RV7", "RV2"])
    for x, y, r in ((1, 0, 180), (2, 0, 90), (2, -1, 0), (2, -2, 0), (1, -2, 180), (0, -2, 0)):
        turn(g, x, y, r)
    assert river.open_cell(g) == (0, -1) and river.state(g).turned == river.rules.LEFT
    assert g.events[-2:] == [
        {"type": "discard", "tile": "RV5", "reason": "fits nowhere on the river (R-5)"},
        {"type": "draw", "player": 0, "tile": "RV10"},
    ]
    assert g.turn.number == 7 and g.turn.opening == "river"
    assert g.legal_placements() == [(0, -1, 90)]
    assert river.state(g).pile == ["RV4", "RV7", "RV2"]


# --- R-6 end --------------------------------------------------------------------------
def test_r6_the_game_ends_after_the_last_land_tile() -> None:
    g = new(["RV7", "RV2"], ["U", "U"])
    assert public_view(g).tiles_left == 3  # the lake and two land tiles
    turn(g, 1, 0, 0)
    turn(g, 2, 0, 0)  # the lake: the river phase is over
    assert g.turn.tile == "U" and g.turn.opening is None and g.opening() is None
    assert public_view(g).tiles_left == 1
    turn(g, 0, -1, 90)
    turn(g, -1, -1, 90)
    assert g.finished and g.pending is None and len(g.board.tiles) == 5
