"""Christmas Present on the board: a padlock on locked features (X-5.2) and a
diamond with the player's letter for each tiebreak mark (X-5.3), at the
feature's reference segment."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renders import palette as pal
from renders.overlays.base import BoardContext, LegendItem, register
from renders.pieces import seat_letter

KEY = "christmas"
LEGEND_LOCK = "lock"
LEGEND_TIEBREAK = "tiebreak"
SUPERSAMPLE = 4


@lru_cache(maxsize=64)
def lock_icon(size: int) -> Image.Image:
    """A padlock, dark with a light rim so it shows on any terrain."""
    px = size * SUPERSAMPLE
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rim = max(2, px // 14)
    shackle = (px * 0.28, px * 0.06, px * 0.72, px * 0.62)
    d.arc(shackle, 180, 360, fill=pal.HIGHLIGHT, width=rim * 3)
    d.arc(shackle, 180, 360, fill=pal.MARK_INK, width=rim)
    d.line(
        [(shackle[0] + rim, px * 0.28), (shackle[0] + rim, px * 0.45)], fill=pal.MARK_INK, width=rim
    )
    d.line(
        [(shackle[2] - rim, px * 0.28), (shackle[2] - rim, px * 0.45)], fill=pal.MARK_INK, width=rim
    )
    d.rounded_rectangle(
        (px * 0.14, px * 0.42, px * 0.86, px * 0.96),
        radius=px * 0.08,
        fill=pal.MARK_INK,
        outline=pal.HIGHLIGHT,
        width=rim,
    )
    d.ellipse((px * 0.44, px * 0.56, px * 0.56, px * 0.68), fill=pal.HIGHLIGHT)
    d.line([(px * 0.5, px * 0.64), (px * 0.5, px * 0.82)], fill=pal.HIGHLIGHT, width=rim)
    return img.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def tiebreak_icon(seat: int, size: int) -> Image.Image:
    """A diamond in the seat's colour carrying its letter."""
    px = size * SUPERSAMPLE
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = pal.player_colour(seat)
    m = px / 2
    d.polygon(
        [(m, 1), (px - 2, m), (m, px - 2), (1, m)],
        fill=colour,
        outline=pal.outline_for(colour),
        width=max(2, px // 12),
    )
    seat_letter(d, (m, m), seat, round(px * 0.42), SUPERSAMPLE)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _marks(data: Any, key: str) -> list[Any]:
    items = data.get(key, []) if isinstance(data, dict) else []
    return [m for m in items if isinstance(m, dict)] if isinstance(items, list) else []


class ChristmasOverlay:
    key = KEY

    def draw(self, ctx: BoardContext, data: Any) -> None:
        size = ctx.size
        icon = max(12, round(size * 0.3))
        for lock in _marks(data, "locks"):
            at = ctx.spot(lock)
            if at is None:
                continue
            s = lock_icon(icon)
            x = min(at[0] + size * 0.12, ctx.cell_box(int(lock["x"]), int(lock["y"]))[2] - icon)
            ctx.img.paste(s, (round(x), round(at[1] - size * 0.12 - icon)), s)
            ctx.note(LegendItem(LEGEND_LOCK, lock_icon))
        for mark in _marks(data, "tiebreaks"):
            at = ctx.spot(mark)
            if at is None:
                continue
            try:
                seats = [int(p) for p in mark.get("players", [])]
            except (TypeError, ValueError):
                continue
            for i, seat in enumerate(seats):
                s = tiebreak_icon(seat, icon)
                x = at[0] - size * 0.3 + i * icon * 0.8
                ctx.img.paste(s, (round(x), round(at[1] + size * 0.1)), s)
                ctx.note(LegendItem(LEGEND_TIEBREAK, _tiebreak_legend))


def _tiebreak_legend(side: int) -> Image.Image:
    return tiebreak_icon(0, side)


register(ChristmasOverlay())
