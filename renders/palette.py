"""Colours and player marks.

Player colours (B-1: up to 6 players) are six nameable colours - red, blue,
yellow, green, pink, black - tuned so that every two stay far apart for
everyone: CIEDE2000 distance >= 39 with normal vision and >= 20 with
protanopia, deuteranopia and tritanopia simulated (renders.colour_vision;
tests/renders/test_palette.py holds the thresholds 20 and 10 of issue 33),
and >= 23 from the field, city and road under a piece. Every piece is
outlined by two rings, one dark and one light (the one touching the body
is the one that contrasts with it), so it stands out on any terrain, and
carries its player's letter, so colour is never the only cue.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Red, blue, yellow, green, pink, black (seats A-F).
PLAYER_COLOURS: tuple[RGB, ...] = (
    (225, 0, 3),
    (50, 60, 229),
    (255, 255, 91),
    (0, 139, 108),
    (255, 140, 220),
    (31, 27, 23),
)
PLAYER_LETTERS = "ABCDEF"

# Terrain.
FIELD: RGB = (142, 178, 92)
HEDGE: RGB = (72, 104, 48)
CITY: RGB = (216, 178, 120)
CITY_ROOF: RGB = (186, 86, 64)
WALL: RGB = (116, 92, 70)
ROAD: RGB = (244, 238, 222)
ROAD_EDGE: RGB = (120, 108, 92)
MONASTERY_WALL: RGB = (238, 226, 200)
MONASTERY_ROOF: RGB = (168, 60, 48)
OFFICE_WALL: RGB = (92, 72, 128)
OFFICE_COIN: RGB = (250, 204, 40)
JUNCTION: RGB = (120, 108, 92)
PENNANT: RGB = (40, 70, 160)
PENNANT_MARK: RGB = (250, 250, 250)
TILE_BORDER: RGB = (70, 84, 52)

# Board and panels.
BACKGROUND: RGB = (43, 45, 52)
EMPTY_CELL: RGB = (52, 55, 63)
GRID_TEXT: RGB = (196, 200, 210)
PANEL: RGB = (33, 35, 41)
PANEL_ACTIVE: RGB = (62, 66, 78)
PANEL_STRIPE: RGB = (40, 42, 49)
TEXT: RGB = (236, 238, 242)
TEXT_DIM: RGB = (160, 164, 176)
HIGHLIGHT: RGB = (255, 255, 255)
LEGAL: RGB = (255, 255, 255)
LEGAL_BADGE: RGB = (20, 20, 24)
REGION: RGB = (255, 214, 0)  # the overview's frame round the part shown large
MARK_INK: RGB = (20, 20, 24)  # Christmas locks and tiebreak badges
MARKED: RGB = (255, 214, 0)  # the follower preview's spots for another piece (Mark)

# Card classes and decks.
CLASS_COLOURS: dict[str, RGB] = {
    "lightning": (230, 159, 0),
    "plain": (0, 114, 178),
    "end": (204, 121, 167),
}
CARD_FACE: RGB = (250, 246, 236)
CARD_TEXT: RGB = (30, 30, 34)
CARD_NOTE: RGB = (96, 96, 104)
GIFT_COLOUR: RGB = (0, 158, 115)
NEUTRAL_CARD: RGB = (110, 114, 126)
# Card band colours by the tone the caller names (renders.hand.Card.tone).
CARD_TONES: dict[str, RGB] = {"gift": GIFT_COLOUR, **CLASS_COLOURS}


def card_tone(tone: str) -> RGB:
    return CARD_TONES.get(tone, NEUTRAL_CARD)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letter(seat: int) -> str:
    return PLAYER_LETTERS[seat % len(PLAYER_LETTERS)]


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    return (0, 0, 0) if _luma(colour) > 140 else (255, 255, 255)


RING_DARK: RGB = (20, 20, 24)
RING_LIGHT: RGB = (250, 250, 250)


def outline_for(colour: RGB) -> RGB:
    """The ring touching a piece of ``colour``: dark round a light or bright
    piece, light round a dark one."""
    return RING_LIGHT if _luma(colour) < 60 else RING_DARK


def halo_for(colour: RGB) -> RGB:
    """The ring outside :func:`outline_for`'s: the other of dark and light,
    so that one of the two stands out on any terrain."""
    return RING_DARK if outline_for(colour) == RING_LIGHT else RING_LIGHT


def _luma(colour: RGB) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b
