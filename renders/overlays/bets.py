"""The Bets drawn: the betting office at the centre of a bookmaker tile (T-1),
and on the board the chips staked on each office, face down (T-3), so only
whose chips lie there shows (each chip in its owner's colour and letter)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renders import palette as pal
from renders.art import register_tile_art
from renders.geometry import Layout, centre_radius
from renders.overlays.base import BoardContext, LegendItem, register
from renders.pieces import chip_sprite

KEY = "bets"
LEGEND_CHIPS = "chips"
OFFICE = "office"  # the engine's name of the building (engine.expansions.bets.tiles)


def paint_office(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    """The betting office (T-1): a booth with a coin sign."""
    if lay.centre != OFFICE:
        return
    c = px / 2
    r = centre_radius(OFFICE) * px
    line = max(2, round(0.015 * px))
    draw.rounded_rectangle(
        (c - r, c - r, c + r, c + r),
        radius=0.25 * r,
        fill=pal.OFFICE_WALL,
        outline=(30, 24, 44),
        width=line,
    )
    k = 0.6 * r
    draw.ellipse(
        (c - k, c - k, c + k, c + k), fill=pal.OFFICE_COIN, outline=(120, 90, 10), width=line
    )
    k2 = 0.3 * r
    draw.ellipse((c - k2, c - k2, c + k2, c + k2), outline=(120, 90, 10), width=line)


def _offices(data: Any) -> list[tuple[int, int, list[int]]]:
    offices = data.get("offices", []) if isinstance(data, dict) else []
    out = []
    for office in offices:
        try:
            x, y = int(office["x"]), int(office["y"])
            seats = [int(s) for s in office.get("chips", [])]
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if seats:
            out.append((x, y, seats))
    return out


class BetsOverlay:
    key = KEY

    def draw(self, ctx: BoardContext, data: Any) -> None:
        size = ctx.size
        chip = max(10, round(size * 0.2))
        for x, y, seats in _offices(data):
            if (x, y) not in ctx.kinds:
                continue
            b = ctx.cell_box(x, y)
            step = min(chip * 0.8, (size - chip) / max(1, len(seats) - 1))
            total = (len(seats) - 1) * step + chip
            start = b[0] + size / 2 - total / 2
            top = b[1] + size * 0.64
            for i, seat in enumerate(seats):
                s = chip_sprite(seat, chip)
                ctx.img.paste(s, (round(start + i * step), round(top)), s)
            ctx.note(LegendItem(LEGEND_CHIPS, _chip_icon))


def _chip_icon(side: int) -> Image.Image:
    return chip_sprite(0, side)


register(BetsOverlay())
register_tile_art(over=paint_office)
