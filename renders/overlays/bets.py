"""The Bets on the board: chips staked on each betting office, face down (T-3),
so only whose chips lie there shows (each chip in its owner's colour and
letter)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from renders.overlays.base import BoardContext, LegendItem, register
from renders.pieces import chip_sprite

KEY = "bets"
LEGEND_CHIPS = "chips"


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
