"""Colours and player marks.

Player colours are the Okabe-Ito palette (safe for the common colour-vision
deficiencies), chosen away from the field green; every follower also carries
its player's letter, so colour is never the only cue (B-1: up to 6 players).
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Okabe-Ito: vermillion, blue, yellow, reddish purple, sky blue, black.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (240, 228, 66),
    (204, 121, 167),
    (86, 180, 233),
    (0, 0, 0),
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
MARK_INK: RGB = (20, 20, 24)  # Christmas locks and tiebreak badges

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
    r, g, b = colour
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def outline_for(colour: RGB) -> RGB:
    """An outline that separates a piece from any terrain."""
    return (255, 255, 255) if sum(colour) < 120 else (20, 20, 24)
