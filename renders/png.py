"""PNG encoding shared by every image.

Drawings use few colours, so images are mapped onto one fixed 256-colour
palette before encoding: a paletted PNG is a third of the RGB one and encodes
several times faster, and mapping onto a known palette costs a few
milliseconds where computing a palette per image costs tens (see
benchmarks/render.py). The palette is built once from a swatch of everything
the renders draw: every tile kind, every seat's pieces, chips, the text and
card colours on their backgrounds.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from engine.tiles import KINDS
from renders import palette as pal
from renders.pieces import chip_sprite, follower_sprite
from renders.text import draw_text
from renders.tiles import tile_image

COMPRESS_LEVEL = 3
SWATCH_TILE = 64


@cache
def _swatch() -> Image.Image:
    kinds = list(KINDS)
    cols = 10
    rows = (len(kinds) + cols - 1) // cols
    t = SWATCH_TILE
    img = Image.new("RGB", (cols * t, rows * t + 6 * t), pal.BACKGROUND)
    for i, kind in enumerate(kinds):
        img.paste(tile_image(kind, 0, t), ((i % cols) * t, (i // cols) * t))
    draw = ImageDraw.Draw(img)
    y = rows * t
    grounds = [pal.FIELD, pal.CITY, pal.ROAD, pal.BACKGROUND, pal.PANEL, pal.EMPTY_CELL]
    for row, ground in enumerate(grounds):
        draw.rectangle((0, y + row * t, cols * t, y + (row + 1) * t), fill=ground)
        for seat in range(len(pal.PLAYER_COLOURS)):
            for lying in (False, True):
                s = follower_sprite(seat, lying, 28)
                img.paste(s, (seat * 60 + (30 if lying else 0), y + row * t), s)
            c = chip_sprite(seat, 28, "4")
            img.paste(c, (seat * 60 + 10, y + row * t + 32), c)
    # Text and card colours on the grounds they appear on.
    inks = [pal.TEXT, pal.TEXT_DIM, pal.GRID_TEXT, pal.CARD_TEXT, pal.LEGAL_BADGE]
    cards = [
        pal.CARD_FACE,
        pal.GIFT_COLOUR,
        *pal.CLASS_COLOURS.values(),
        pal.PANEL_ACTIVE,
        pal.LEGAL,
        pal.REGION,
    ]
    for i, ground in enumerate(cards):
        x = 370 + (i % 2) * 135
        yy = y + (i // 2) * 40
        draw.rectangle((x, yy, x + 130, yy + 38), fill=ground)
        for j, ink in enumerate(inks[:3]):
            draw_text(draw, (x + 2, yy + 2 + j * 12), "Ag 10", 12, ink)
        draw_text(draw, (x + 60, yy + 10), "Tg", 16, pal.ink_on(ground), bold=True)
    return img


@cache
def _palette() -> Image.Image:
    return _swatch().quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def quantized(image: Image.Image) -> Image.Image:
    """``image`` mapped onto the fixed palette (no dithering)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=_palette(), dither=Image.Dither.NONE)


def png_bytes(image: Image.Image) -> bytes:
    paletted = quantized(image)
    buf = io.BytesIO()
    paletted.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
