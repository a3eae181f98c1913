"""The Abbot drawn: the garden on its tiles (A-2), a round bed of flowers in
a hedge, and the abbot (A-1), a piece of its own shape — a hooded monk in a
long robe holding a crook — in its seat's colour with the seat's letter."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renders import palette as pal
from renders.art import register_piece, register_tile_art
from renders.geometry import GARDEN_RADIUS, Layout
from renders.pieces import SUPERSAMPLE, seat_letter

PIECE = "abbot"  # the engine's name of the piece

GARDEN_BED = (96, 70, 44)
FLOWERS = ((240, 240, 240), (250, 204, 40), (204, 121, 167))


def paint_garden(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    if lay.garden is None:
        return
    x, y = lay.garden[0] * px, lay.garden[1] * px
    r = GARDEN_RADIUS * px
    draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.HEDGE)
    bed = 0.72 * r
    draw.ellipse((x - bed, y - bed, x + bed, y + bed), fill=GARDEN_BED)
    k = 0.16 * r
    for i in range(6):
        a = i * math.pi / 3
        fx, fy = x + 0.42 * r * math.cos(a), y + 0.42 * r * math.sin(a)
        draw.ellipse((fx - k, fy - k, fx + k, fy + k), fill=FLOWERS[i % len(FLOWERS)])
    draw.ellipse((x - k, y - k, x + k, y + k), fill=FLOWERS[1])


# The abbot in a unit box: a long robe widening to the ground under a pointed
# hood, and a crook at its side; unlike the meeple, no legs or arms.
_ROBE = ((0.30, 0.36), (0.68, 0.36), (0.74, 0.50), (0.82, 0.97), (0.12, 0.97), (0.22, 0.50))
_HOOD = ((0.48, 0.25), 0.17)  # centre, radius; the point rises above it
_HOOD_TIP = ((0.36, 0.16), (0.60, 0.16), (0.50, 0.0))
_CROOK = ((0.90, 0.97), (0.90, 0.24))
_HOOK = 0.1  # radius of the crook's curl, at the top of the staff
_FACE = ((0.48, 0.27), 0.075)
_LETTER_AT = (0.47, 0.68)


def _silhouette(px: int, pad: int, grow: int) -> Image.Image:
    inner = px - 2 * pad

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (pad + p[0] * inner, pad + p[1] * inner)

    shape = Image.new("L", (px, px), 0)
    d = ImageDraw.Draw(shape)
    for part in (_ROBE, _HOOD_TIP):
        pts = [at(p) for p in part]
        d.polygon(pts, fill=255)
        if grow:
            d.line([*pts, pts[0]], fill=255, width=2 * grow, joint="curve")
    (hx, hy), hr = _HOOD
    cx, cy = at((hx, hy))
    r = hr * inner + grow
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    width = max(2, round(0.075 * inner)) + 2 * grow
    d.line([at(p) for p in _CROOK], fill=255, width=width)
    tx, ty = at(_CROOK[1])  # the curl at its top, bending back towards the abbot
    k = _HOOK * inner
    d.arc((tx - 2 * k, ty - k, tx, ty + k), 180, 360, fill=255, width=width)
    return shape


@lru_cache(maxsize=128)
def abbot_sprite(seat: int, lying: bool, size: int) -> Image.Image:
    """RGBA abbot ``size`` pixels across in the seat's colour with its letter;
    lying (on a locked feature, X-5.2) turned on its side like a follower.
    Callers must not modify it."""
    px = size * SUPERSAMPLE
    pad = max(2, round(0.08 * px))
    inner = px - 2 * pad
    shape = _silhouette(px, pad, 0)
    edge = _silhouette(px, pad, pad // 2)  # the rim, as the meeple's
    colour = pal.player_colour(seat)
    out = Image.new("RGBA", (px, px), (*pal.outline_for(colour), 0))
    out.putalpha(edge)
    out.paste(Image.new("RGBA", (px, px), (*colour, 255)), (0, 0), shape)
    (fx, fy), fr = _FACE
    cx, cy, r = pad + fx * inner, pad + fy * inner, fr * inner
    ImageDraw.Draw(out).ellipse((cx - r, cy - r, cx + r, cy + r), fill=pal.outline_for(colour))
    letter_at = (pad + _LETTER_AT[0] * inner, pad + _LETTER_AT[1] * inner)
    if lying:
        out = out.transpose(Image.Transpose.ROTATE_90)
        letter_at = (letter_at[1], px - letter_at[0])
    seat_letter(ImageDraw.Draw(out), letter_at, seat, max(6, round(0.36 * px)))
    return out.resize((size, size), Image.Resampling.LANCZOS)


register_tile_art(over=paint_garden)
register_piece(PIECE, abbot_sprite)
