"""Seat colours that stay apart for everyone, pieces that stand out on any
terrain, and the colour science that measures both (renders.colour_vision)."""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image

from renders import palette as pal
from renders.colour_vision import MACHADO, VISIONS, ciede2000, closest_pair, distance, simulate
from renders.overlays.christmas import tiebreak_icon
from renders.pieces import chip_sprite, follower_sprite
from renders.text import recording

# Issue 33: every two seats at least this far apart (CIEDE2000).
APART = {"normal": 20.0, "protanopia": 10.0, "deuteranopia": 10.0, "tritanopia": 10.0}
STANDS_OUT = 30.0  # an outline ring against the body it rings, and against the ground
# What a piece stands on: a tile's terrain, or a panel (scoreboard, header).
GROUNDS = {
    "field": pal.FIELD,
    "city": pal.CITY,
    "road": pal.ROAD,
    "monastery": pal.MONASTERY_WALL,
    "panel": pal.PANEL,
    "active row": pal.PANEL_ACTIVE,
    "board": pal.BACKGROUND,
}

# Sharma, Wu and Dalal (2005), table 1: Lab pairs and their CIEDE2000 difference.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((84.25, 5.74, 96.0), (84.46, 8.88, 96.49), 1.6743),
    ((84.25, 5.74, 96.0), (84.52, 5.75, 93.09), 0.5887),
]


@pytest.mark.parametrize(("one", "two", "expected"), SHARMA)
def test_ciede2000_matches_the_published_test_data(one, two, expected) -> None:
    assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(two, one) == pytest.approx(expected, abs=1e-4)


def test_dichromat_simulation_keeps_greys_and_merges_what_it_should() -> None:
    # Machado's matrices keep the achromatic axis (rows sum to 1).
    for matrix in MACHADO.values():
        assert all(sum(row) == pytest.approx(1.0, abs=1e-3) for row in matrix)
    for vision in VISIONS:
        for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
            assert simulate(grey, vision) == pytest.approx(grey, abs=1)
    # The classic confusions: red and green for protan and deutan, blue and
    # green for tritan, while normal vision tells them far apart.
    red, green, blue = (200, 60, 40), (90, 110, 40), (60, 120, 170)
    assert distance(red, green) > 30
    assert distance(red, green, "protanopia") < 12
    assert distance(red, green, "deuteranopia") < 12
    assert distance(blue, (60, 130, 110)) > 15 > distance(blue, (60, 130, 110), "tritanopia")


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_seat_colours_stay_apart(vision: str) -> None:
    assert len(pal.PLAYER_COLOURS) == 6  # B-1: up to six players
    closest = closest_pair(pal.PLAYER_COLOURS, vision)
    pairs = [
        (pal.player_letter(i), pal.player_letter(j), round(distance(a, b, vision), 1))
        for (i, a), (j, b) in combinations(enumerate(pal.PLAYER_COLOURS), 2)
        if distance(a, b, vision) < APART[vision]
    ]
    assert closest >= APART[vision], f"{vision}: seats too close: {pairs}"


def test_the_old_palette_fails_where_players_saw_it_fail() -> None:
    # Okabe-Ito's blue and sky blue (seats B and E before issue 33) are 22
    # apart: close to the threshold, as players found at follower size. The
    # test would catch two seats any closer.
    blue, sky = (0, 114, 178), (86, 180, 233)
    assert 20 < distance(blue, sky) < 25
    assert closest_pair(((0, 114, 178), (30, 120, 190)), "normal") < APART["normal"]


@pytest.mark.parametrize("seat", range(6))
def test_every_piece_has_an_outline_that_stands_out_on_any_ground(seat: int) -> None:
    body = pal.player_colour(seat)
    ring, halo = pal.outline_for(body), pal.halo_for(body)
    assert distance(ring, body) >= STANDS_OUT  # the ring shows round the body
    for name, ground in GROUNDS.items():
        best = max(distance(ring, ground), distance(halo, ground))
        assert best >= STANDS_OUT, f"seat {seat} on {name}: outline {best:.1f}"


def _shows(img: Image.Image, colour: tuple[int, int, int]) -> bool:
    """Some opaque pixel of ``img`` has ``colour`` (within resampling noise)."""
    rgba = img.convert("RGBA")
    opaque = (c for _, c in rgba.getcolors(1 << 20) or [] if c[3] == 255)
    return any(max(abs(a - b) for a, b in zip(c[:3], colour, strict=True)) <= 8 for c in opaque)


@pytest.mark.parametrize("seat", range(6))
def test_pieces_are_drawn_with_both_rings_and_their_letter(seat: int) -> None:
    for cached in (follower_sprite, chip_sprite, tiebreak_icon):
        cached.cache_clear()
    body = pal.player_colour(seat)
    with recording() as texts:
        follower = follower_sprite(seat, False, 60)
        lying = follower_sprite(seat, True, 60)
        chip = chip_sprite(seat, 60)
        tiebreak_icon(seat, 60)
    for sprite in (follower, lying, chip):
        for colour in (body, pal.outline_for(body), pal.halo_for(body)):
            assert _shows(sprite, colour)
    letters = [t.text for t in texts if t.mark]
    assert letters == [pal.player_letter(seat)] * 4
