"""The whole public board, drawn from :class:`engine.views.PublicView` only.

The view type holds no hidden contents (hands, cards, the faces of staked
pieces), so nothing secret can reach this image; it shows only public counts.

Layout, top to bottom (renders.panels; text scaled with the image width,
renders.text): the header with the turn, who plays, and the tile in hand with
the tiles left; every tile of the board with coordinate labels (x grows
east, y grows south, docs/notation.md), followers at their segment's spot, the
last placed tile framed, optionally the numbered cells where the tile fits,
and the expansions' marks (renders.overlays); the scoreboard; a legend of
the marks shown. This is ``/board`` and the board sent with the final
score; each turn's own image, readable on a phone at any size of board, is
renders.turn's.

:func:`paint_cells` draws any window of the board at any tile size; the turn
image, the previews and the timelapse use it too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.tiles import face
from engine.views import FollowerView, PublicView, TileView
from renders import palette as pal
from renders import panels
from renders.captions import LEGEND_LAST, LEGEND_LEGAL, Captions
from renders.choices import Cell, distinct_cells, number_cells
from renders.overlays import BoardContext, active
from renders.panels import tile_in_hand
from renders.pieces import follower_px, piece_sprite
from renders.png import png_bytes
from renders.text import PHONE_WIDTH, draw_text, line_height, scaled, text_width
from renders.tiles import anchor, tile_image

__all__ = [
    "Bounds",
    "board_image",
    "distinct_cells",
    "number_cells",
    "paint_cells",
    "render_board",
    "tile_in_hand",
    "tile_size",
]

Bounds = tuple[int, int, int, int]  # x0, y0, x1, y1 (inclusive)

# Tile side in pixels: as large as MAX_TILE, shrunk so that the board's longer
# side stays near BOARD_SPAN pixels (readable, and small enough to upload).
MAX_TILE = 96
MIN_TILE = 28
BOARD_SPAN = 1040
MIN_WIDTH = 560  # header and scoreboard at phone size
TILE_STEP = 4  # sizes in steps, so a growing board rarely needs new tile drawings


def tile_size(cols: int, rows: int) -> int:
    raw = BOARD_SPAN // max(cols, rows, 1)
    if raw > 10 * TILE_STEP:
        raw -= raw % TILE_STEP
    return max(MIN_TILE, min(MAX_TILE, raw))


def board_bounds(view: PublicView, cells: Sequence[Cell] = ()) -> Bounds:
    pts = [(t.x, t.y) for t in view.tiles] + list(cells) or [(0, 0)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


# --- the cells ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Window:
    bounds: Bounds
    size: int

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        px, py = (x - self.bounds[0]) * self.size, (y - self.bounds[1]) * self.size
        return px, py, px + self.size - 1, py + self.size - 1

    @property
    def pixels(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0 + 1) * self.size, (y1 - y0 + 1) * self.size

    def inside(self, x: int, y: int) -> bool:
        x0, y0, x1, y1 = self.bounds
        return x0 <= x <= x1 and y0 <= y <= y1


def paint_cells(
    view: PublicView,
    bounds: Bounds,
    size: int,
    *,
    extra: Sequence[TileView] = (),
    numbers: dict[Cell, int] | None = None,
    frame_last: bool = True,
    overlays: bool = True,
) -> tuple[Image.Image, BoardContext]:
    """The cells of ``bounds`` at ``size`` px per tile: tiles (plus ``extra``
    tiles, e.g. a previewed placement), overlays, followers, the last-placed
    frame and numbered legal cells. Things outside the window are clipped."""
    win = Window(bounds, size)
    img = Image.new("RGB", win.pixels, pal.EMPTY_CELL)
    draw = ImageDraw.Draw(img)
    w, h = win.pixels
    for gx in range(0, w + 1, size):
        draw.line([(gx - 1, 0), (gx - 1, h)], fill=pal.BACKGROUND, width=2)
    for gy in range(0, h + 1, size):
        draw.line([(0, gy - 1), (w, gy - 1)], fill=pal.BACKGROUND, width=2)
    tiles = [t for t in (*view.tiles, *extra) if win.inside(t.x, t.y)]
    for t in tiles:
        img.paste(tile_image(t.kind, t.rotation, size), win.box(t.x, t.y)[:2])
    kinds = {(t.x, t.y): (t.kind, t.rotation) for t in (*view.tiles, *extra)}
    ctx = BoardContext(img, draw, view, size, win.box, kinds)
    if overlays:
        for overlay, data in active(view):
            overlay.draw(ctx, data)
    _followers(ctx, view.followers)
    if frame_last and view.last_placed is not None and win.inside(*view.last_placed):
        b = win.box(*view.last_placed)
        lw = max(2, size // 24)
        draw.rectangle(b, outline=pal.MARK_INK, width=lw + 2)
        draw.rectangle((b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1), outline=pal.HIGHLIGHT, width=lw)
    if numbers:
        _legal_cells(img, {c: n for c, n in numbers.items() if win.inside(*c)}, win)
    return img, ctx


def _followers(ctx: BoardContext, followers: Sequence[FollowerView]) -> None:
    """Each follower on its segment's spot; several on one spot sit side by side."""
    groups: dict[tuple[int, int, int], list[FollowerView]] = defaultdict(list)
    for f in followers:
        if (f.x, f.y) not in ctx.kinds:
            continue
        kind, rot = ctx.kinds[(f.x, f.y)]
        seg = face(kind, rot).name_to_seg.get(f.location)
        if seg is not None:
            groups[(f.x, f.y, seg)].append(f)
    size = ctx.size
    sprite = follower_px(size)
    for (x, y, seg), fs in groups.items():
        kind, rot = ctx.kinds[(x, y)]
        ax, ay = anchor(kind, rot, seg)
        b = ctx.cell_box(x, y)
        step = sprite * 0.75
        for i, f in enumerate(fs):
            dx = (i - (len(fs) - 1) / 2) * step
            cx = min(max(b[0] + ax * size + dx, b[0] + sprite / 2), b[2] - sprite / 2)
            cy = min(max(b[1] + ay * size, b[1] + sprite / 2), b[3] - sprite / 2)
            s = piece_sprite(f.piece, f.player, f.lying, sprite)
            ctx.img.paste(s, (round(cx - sprite / 2), round(cy - sprite / 2)), s)


def legal_badge_px(size: int) -> int:
    return max(13, min(30, size // 3))


@lru_cache(maxsize=32)
def _dashed_frame(size: int) -> Image.Image:
    """The dashed outline of a legal cell (drawn once per tile size)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    dash = max(4, size // 8)
    inset = max(2, size // 16)
    lft, t, r, btm = inset, inset, size - 1 - inset, size - 1 - inset
    for a in range(lft, r, dash * 2):
        draw.line([(a, t), (min(a + dash, r), t)], fill=pal.LEGAL, width=2)
        draw.line([(a, btm), (min(a + dash, r), btm)], fill=pal.LEGAL, width=2)
    for a in range(t, btm, dash * 2):
        draw.line([(lft, a), (lft, min(a + dash, btm))], fill=pal.LEGAL, width=2)
        draw.line([(r, a), (r, min(a + dash, btm))], fill=pal.LEGAL, width=2)
    return img


def _legal_cells(img: Image.Image, numbers: dict[Cell, int], win: Window) -> None:
    frame = _dashed_frame(win.size)
    for (x, y), n in numbers.items():
        b = win.box(x, y)
        img.paste(frame, b[:2], frame)
        number_badge(img, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), n, legal_badge_px(win.size))


def number_badge(img: Image.Image, at: tuple[float, float], n: int, px: int) -> None:
    """A white disc with a dark number centred on ``at``: the choice numbers
    that the bot's buttons and selects repeat."""
    sprite = badge_sprite(n, px)
    img.paste(sprite, (round(at[0] - sprite.width / 2), round(at[1] - sprite.height / 2)), sprite)


@lru_cache(maxsize=256)
def badge_sprite(n: int | str, px: int, square: bool = False) -> Image.Image:
    """A choice number on a white disc, or with ``square`` any short label
    (a letter) on a rounded square in the mark colour: a choice that is not
    one of the numbers (renders.preview.Mark)."""
    label = str(n)
    rad = max(px * 0.72, text_width(label, px, True) / 2 + px * 0.3)
    side = int(2 * rad) + 4
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c = side / 2
    box, outline, width = (c - rad, c - rad, c + rad, c + rad), pal.LEGAL_BADGE, max(2, px // 10)
    if square:
        draw.rounded_rectangle(
            box, radius=max(3, px // 4), fill=pal.MARKED, outline=outline, width=width
        )
    else:
        draw.ellipse(box, fill=pal.LEGAL, outline=outline, width=width)
    draw_text(draw, (c, c), label, px, pal.LEGAL_BADGE, anchor="mm", bold=True)
    return img


# --- the whole image ----------------------------------------------------------------
def render_board(
    view: PublicView, captions: Captions, *, legal_cells: Sequence[Cell] | None = None
) -> bytes:
    """PNG of :func:`board_image`."""
    return png_bytes(board_image(view, captions, legal_cells=legal_cells))


def board_image(
    view: PublicView, captions: Captions, *, legal_cells: Sequence[Cell] | None = None
) -> Image.Image:
    """The whole board (``/board``, and with the final score): header (turn,
    who plays, tile in hand, tiles left), every tile, scoreboard and legend.
    ``legal_cells`` (if given) are marked with the numbers of
    :func:`renders.choices.number_cells`. The turn's own image, readable on a
    phone at any size of board, is renders.turn's."""
    numbers = number_cells(legal_cells or ())
    bounds = board_bounds(view, list(numbers))
    x0, y0, x1, y1 = bounds
    size = tile_size(x1 - x0 + 1, y1 - y0 + 1)
    cells, ctx = paint_cells(view, bounds, size, numbers=numbers)
    board_w, board_h = cells.size

    width = MIN_WIDTH
    for _ in range(2):  # the labels' size depends on the width and back
        label_px = scaled(13, width)
        label_w = max(text_width(str(v), label_px) for v in (x0, x1, y0, y1)) + label_px
        width = max(MIN_WIDTH, label_w + board_w + scaled(12, width))
    label_h = line_height(label_px) + scaled(4, width)
    pad = scaled(8, width)
    scale = max(1.0, width / PHONE_WIDTH)

    top_part = panels.header(view, captions, width, scale)
    strip = panels.scoreboard(view, captions, width, scale)
    keys = [LEGEND_LAST] if view.last_placed is not None else []
    if numbers:
        keys.append(LEGEND_LEGAL)
    legend = panels.legend([*panels.base_items(keys), *ctx.legend], captions, width, scale)

    top = top_part.height + label_h
    height = top + board_h + pad + strip.height + legend.height
    img = Image.new("RGB", (width, height), pal.BACKGROUND)
    img.paste(top_part, (0, 0))
    left = label_w + (width - label_w - scaled(12, width) - board_w) // 2
    img.paste(cells, (left, top))
    coordinates(ImageDraw.Draw(img), bounds, size, (left, top), label_px, label_h)
    img.paste(strip, (0, top + board_h + pad))
    img.paste(legend, (0, top + board_h + pad + strip.height))
    return img


def coordinates(
    draw: ImageDraw.ImageDraw,
    bounds: Bounds,
    size: int,
    at: tuple[int, int],
    px: int,
    label_h: int,
) -> None:
    """Column numbers above and row numbers left of cells drawn at ``at``."""
    x0, y0, x1, y1 = bounds
    left, top = at
    for x in range(x0, x1 + 1):
        cx = left + (x - x0) * size + size / 2
        draw_text(draw, (cx, top - label_h / 2), str(x), px, pal.GRID_TEXT, anchor="mm")
    for y in range(y0, y1 + 1):
        cy = top + (y - y0) * size + size / 2
        draw_text(draw, (left - px / 2, cy), str(y), px, pal.GRID_TEXT, anchor="rm")
