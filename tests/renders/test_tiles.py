"""Procedural tiles (renders.geometry, renders.tiles) against the tile tables (B-11,
T-8, R-1, A-2)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from engine.directions import ROTATIONS
from engine.tiles import KINDS, face
from renders.geometry import MASK, layout, rasterise
from renders.tiles import tile_image

ALL_FACES = [(k, r) for k in KINDS for r in ROTATIONS]


@pytest.mark.parametrize(("kind", "rotation"), ALL_FACES)
def test_drawn_regions_split_fields_as_the_table_b11_t8(kind: str, rotation: int) -> None:
    # Every segment is drawn, and flood-filling the drawing from each field's
    # half-edges finds exactly the table's fields (B-9: roads, cities, offices
    # and hedges bound them).
    assert layout(kind, rotation).problems == ()


@pytest.mark.parametrize(("kind", "rotation"), ALL_FACES)
def test_follower_spot_lies_on_its_own_segment(kind: str, rotation: int) -> None:
    f = face(kind, rotation)
    mask, _ = rasterise(f, KINDS[kind].centre)
    for seg, (x, y) in enumerate(layout(kind, rotation).anchors):
        px = min(MASK - 1, int(x * MASK))
        py = min(MASK - 1, int(y * MASK))
        assert mask.getpixel((px, py)) == seg + 1, f"{kind} r{rotation} segment {seg}"


def test_every_kind_has_an_image_of_the_requested_size() -> None:
    for kind in KINDS:
        for rotation in ROTATIONS:
            img = tile_image(kind, rotation, 64)
            assert img.size == (64, 64)
            assert img.mode == "RGB"


def _same(a: str, ra: int, b: str, rb: int) -> bool:
    return ImageChops.difference(tile_image(a, ra, 96), tile_image(b, rb, 96)).getbbox() is None


def test_i_m_n_share_edges_but_look_different_b11() -> None:
    # I turned by 90 has M's and N's edges (CCFF); no turn of one looks like another.
    assert face("I", 90).edges == face("M", 0).edges == face("N", 0).edges
    for a, b in (("I", "M"), ("I", "N"), ("M", "N")):
        for r in ROTATIONS:
            assert not _same(a, r, b, 0), f"{a} r{r} and {b} drawn alike"


def test_j_and_k_are_mirror_images_not_rotations_b11() -> None:
    for r in ROTATIONS:
        assert not _same("J", 0, "K", r)


def test_pennant_changes_the_drawing_b7() -> None:
    for with_pennant, plain in (("F", "G"), ("M", "N"), ("O", "P"), ("Q", "R"), ("S", "T")):
        assert not _same(with_pennant, 0, plain, 0)


def test_rotations_turn_the_drawing_clockwise() -> None:
    # D has its city on the north edge; at r90 the city is on the east edge.
    img0 = tile_image("D", 0, 96)
    img90 = tile_image("D", 90, 96)
    north0 = img0.getpixel((48, 4))
    east90 = img90.getpixel((91, 48))
    west90 = img90.getpixel((4, 48))
    assert north0 == east90
    assert west90 != north0


def test_junction_office_and_monastery_are_drawn_at_the_centre() -> None:
    assert layout("A", 0).centre == "monastery"
    assert layout("X", 0).centre == "junction"
    assert layout("L", 0).centre == "junction"
    assert layout("U", 0).centre is None
    assert layout("S", 0).centre is None  # the road ends at the city wall
    for kind in KINDS:  # an expansion's building: the betting office, the spring, the lake
        if KINDS[kind].centre is not None:
            assert layout(kind, 0).centre == KINDS[kind].centre
    assert {KINDS[k].centre for k in KINDS} == {None, "office", "spring", "lake"}


def test_bookmaker_hedges_appear_only_where_the_table_needs_them_t8() -> None:
    for kind in KINDS:
        hedges = layout(kind, 0).hedges
        if not (KINDS[kind].centre is not None):
            assert hedges == (), kind
    assert layout("BK4", 0).hedges  # the path from the office to the south (T-8)


# --- The River and The Abbot (R-1, A-2) ------------------------------------------------


def _bluish(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return b > 170 and b > r + 60 and b > g + 20


@pytest.mark.parametrize("kind", [k for k in KINDS if "I" in KINDS[k].edges])
def test_water_is_drawn_on_every_river_tile_r1(kind: str) -> None:
    for rotation in ROTATIONS:
        f = face(kind, rotation)
        img = tile_image(kind, rotation, 96)
        for e, (x, y) in enumerate(((48, 2), (93, 48), (48, 93), (2, 48))):
            # the middle of each side: water exactly where the edge is water
            assert _bluish(img.getpixel((x, y))) == (f.edges[e] == "I"), (kind, rotation, e)


def test_a_bridge_where_a_road_crosses_the_water_r1() -> None:
    crossing = {k for k in KINDS if layout(k, 0).bridges}
    assert crossing == {"RV4", "RV5", "RV6"}
    img = tile_image("RV6", 0, 96)  # road W-E over water N-S: the deck at the centre
    assert not _bluish(img.getpixel((48, 48))) and _bluish(img.getpixel((48, 10)))


def test_rv4_road_runs_over_its_bridge_to_the_city_gate() -> None:
    # The road S ends at the city, so the fields north of the water stay apart.
    (road,) = layout("RV4", 0).roads
    assert road.points[0] == (0.5, 1.0) and road.points[-1][1] < 0.3


@pytest.mark.parametrize("kind", [k for k in KINDS if KINDS[k].garden])
def test_a_garden_lies_in_the_largest_field_a2(kind: str) -> None:
    for rotation in ROTATIONS:
        lay = layout(kind, rotation)
        f = face(kind, rotation)
        garden = next(i for i, s in enumerate(f.segments) if s.kind == "garden")
        mask, _ = rasterise(f, KINDS[kind].centre)
        labels = mask.tobytes()
        fields = [i for i, s in enumerate(f.segments) if s.kind == "field"]
        # The garden is drawn where its piece stands, inside one field...
        assert lay.garden == lay.anchors[garden]
        gx, gy = (round(c * MASK) for c in lay.garden)
        assert mask.getpixel((gx, gy)) == garden + 1
        step, edge = round(0.13 * MASK), MASK - 1
        ring = {
            mask.getpixel((min(edge, max(0, gx + dx)), min(edge, max(0, gy + dy))))
            for dx in (-step, 0, step)
            for dy in (-step, 0, step)
        }
        (home,) = ring & {i + 1 for i in fields}
        # ... the largest one, the garden counted in it.
        size = labels.count(home) + labels.count(garden + 1)
        assert all(size >= labels.count(i + 1) for i in fields), (kind, rotation)
    assert not _same(kind, 0, KINDS[kind].plays_as, 0)  # the garden shows
