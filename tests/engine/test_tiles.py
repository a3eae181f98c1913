"""B-11 and T-8: the tile catalogue as data."""

from collections import Counter

from engine.directions import EDGES, HALVES, facing_half
from engine.expansions.bets import BOOKMAKER_KINDS
from engine.expansions.christmas.play import draw_decks
from engine.game import Game
from engine.tiles import BASE_KINDS, FACES, KINDS, base_bag


def test_b11_72_tiles_24_kinds():
    assert len(BASE_KINDS) == 24
    assert sum(t.count for t in BASE_KINDS) == 72
    assert len(base_bag()) == 71  # B-2: one D is the start tile
    assert Counter(base_bag())["D"] == 3


def test_b11_ten_pennants_six_monasteries():
    assert sum(t.pennants * t.count for t in BASE_KINDS) == 10
    assert sum(t.count for t in BASE_KINDS if t.monastery) == 6
    with_pennant = sorted(t.kind for t in BASE_KINDS if t.pennants)
    assert with_pennant == ["C", "F", "M", "O", "Q", "S"]


def test_b11_every_half_of_field_and_road_edges_in_exactly_one_field():
    for tile in (*BASE_KINDS, *BOOKMAKER_KINDS):
        halves = [h for s in tile.segments if s.kind == "field" for h in s.halves]
        assert len(halves) == len(set(halves)), tile.kind
        expected = {2 * e + i for e, c in enumerate(tile.edges) if c in "FR" for i in (0, 1)}
        assert set(halves) == expected, tile.kind


def test_b11_edges_agree_with_segments():
    for tile in KINDS.values():
        for e, c in enumerate(tile.edges):
            owners = [s for s in tile.segments if e in s.edges]
            if c in "FI":  # a field edge, or water (R-1: no feature)
                assert owners == [], (tile.kind, EDGES[e])
            else:
                assert len(owners) == 1, (tile.kind, EDGES[e])
                assert owners[0].kind == {"C": "city", "R": "road"}[c]


def _rotations(kind: str) -> set[str]:
    return {FACES[(kind, r)].edges for r in (0, 90, 180, 270)}


def _inside(kind: str, rotation: int) -> frozenset[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    f = FACES[(kind, rotation)]
    return frozenset((s.kind, s.edges, s.halves) for s in f.segments)


def test_b11_i_m_n_share_edges_but_differ_inside():
    assert _rotations("I") == _rotations("M") == _rotations("N")
    # I has two cities, M/N one; M has a pennant, N none.
    assert sum(s.kind == "city" for s in KINDS["I"].segments) == 2
    assert sum(s.kind == "city" for s in KINDS["M"].segments) == 1
    assert KINDS["M"].pennants == 1 and KINDS["N"].pennants == 0
    insides_i = {_inside("I", r) for r in (0, 90, 180, 270)}
    assert all(_inside("M", r) not in insides_i for r in (0, 90, 180, 270))


def test_b11_j_and_k_are_mirror_images_not_rotations():
    assert {_inside("J", r) for r in (0, 90, 180, 270)}.isdisjoint(
        {_inside("K", r) for r in (0, 90, 180, 270)}
    )
    # Mirror J across the N-S axis: E<->W edges; half-edges mirror likewise.
    mirror_edge = {0: 0, 1: 3, 2: 2, 3: 1}
    mirror_half = {0: 1, 1: 0, 2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2}
    mirrored = frozenset(
        (
            s.kind,
            tuple(sorted(mirror_edge[e] for e in s.edges)),
            tuple(sorted(mirror_half[h] for h in s.halves)),
        )
        for s in KINDS["J"].segments
    )
    assert mirrored == _inside("K", 0)


def test_rotation_by_table_turns_north_to_east():
    v90 = FACES[("V", 90)]
    assert KINDS["V"].edges == "FFRR"
    assert v90.edges == "RFFR"  # road S-W turned to W-N
    assert v90.name_to_seg["SSW"] == v90.name_to_seg["NNE"]  # NOTATION example: big field
    assert v90.canonical == ("N", "NNE", "NNW")


def test_facing_half_edges_pair_up():
    for h in range(8):
        assert facing_half(facing_half(h)) == h
    assert HALVES[facing_half(0)] == "SSW" and HALVES[facing_half(2)] == "WNW"


def test_t8_bookmaker_tiles_offices_take_no_follower():
    assert len(BOOKMAKER_KINDS) == 10 and all(t.centre == "office" for t in BOOKMAKER_KINDS)
    for tile in BOOKMAKER_KINDS:
        # T-1: every road ends at the office (one edge per road segment).
        assert all(len(s.edges) == 1 for s in tile.segments if s.kind == "road"), tile.kind
        assert not any(s.kind == "monastery" for s in tile.segments)
    assert KINDS["BK7"].pennants == 1
    # X-2 goes by kind: a crossing gives a roadside card, a bookmaker crossing none.
    game = Game(["A", "B"], ["christmas"])
    assert draw_decks(game, 0, (5, 5), "X") == ["roadside"]
    assert draw_decks(game, 0, (5, 5), "BK9") == []
