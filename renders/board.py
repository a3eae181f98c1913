"""The public board image, drawn from :class:`engine.views.PublicView` only.

The view type holds no hidden contents (hands, gift cards, chip faces), so
nothing secret can reach this image; it shows only public counts.

Layout, top to bottom, sized for a phone (text scaled with the image width,
renders.text): a header with the turn, who plays, and the tile in hand with
the tiles left; the board with coordinate labels (x grows east, y grows
south, NOTATION.md), followers at their segment's spot, the last placed tile
framed, optionally the numbered cells where the tile fits, and the
expansions' marks (renders.overlays); the scoreboard; a legend of the marks
shown.

:func:`paint_cells` draws any window of the board at any tile size; the
previews and the timelapse use it too.
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
from renders.captions import LEGEND_LAST, LEGEND_LEGAL, Captions
from renders.choices import Cell, distinct_cells, number_cells
from renders.overlays import BoardContext, LegendItem, active
from renders.pieces import follower_sprite, piece_sprite, winner_star
from renders.png import png_bytes
from renders.text import draw_text, line_height, scaled, text_width
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


def tile_in_hand(view: PublicView) -> str | None:
    """The tile drawn this turn and not yet placed, if any."""
    if view.turn is None or view.finished or not view.turn.tile:
        return None
    for e in reversed(view.events):
        kind = e.get("type")
        if kind == "place":
            return None
        if kind == "draw":
            break
    return view.turn.tile


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
    sprite = max(12, round(size * 0.44))
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
def badge_sprite(n: int, px: int) -> Image.Image:
    label = str(n)
    rad = max(px * 0.72, text_width(label, px, True) / 2 + px * 0.3)
    side = int(2 * rad) + 4
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c = side / 2
    draw.ellipse(
        (c - rad, c - rad, c + rad, c + rad),
        fill=pal.LEGAL,
        outline=pal.LEGAL_BADGE,
        width=max(2, px // 10),
    )
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
    """Header (turn, who plays, tile in hand, tiles left), board, scoreboard
    and legend. ``legal_cells`` (if given) are marked with the numbers of
    :func:`renders.choices.number_cells`."""
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

    header = _header(view, captions, width)
    strip = _scoreboard(view, captions, width)
    items = [LegendItem(LEGEND_LAST, _last_icon)] if view.last_placed is not None else []
    if numbers:
        items.append(LegendItem(LEGEND_LEGAL, _legal_icon))
    items.extend(ctx.legend)
    legend = _legend(items, captions, width)

    top = header.height + label_h
    height = top + board_h + pad + strip.height + legend.height
    img = Image.new("RGB", (width, height), pal.BACKGROUND)
    img.paste(header, (0, 0))
    left = label_w + (width - label_w - scaled(12, width) - board_w) // 2
    img.paste(cells, (left, top))
    draw = ImageDraw.Draw(img)
    for x in range(x0, x1 + 1):
        cx = left + (x - x0) * size + size / 2
        draw_text(draw, (cx, top - label_h / 2), str(x), label_px, pal.GRID_TEXT, anchor="mm")
    for y in range(y0, y1 + 1):
        cy = top + (y - y0) * size + size / 2
        draw_text(draw, (left - label_px / 2, cy), str(y), label_px, pal.GRID_TEXT, anchor="rm")
    img.paste(strip, (0, top + board_h + pad))
    img.paste(legend, (0, top + board_h + pad + strip.height))
    return img


def _header(view: PublicView, captions: Captions, width: int) -> Image.Image:
    def s(v: float) -> int:
        return scaled(v, width)

    tile = tile_in_hand(view)
    side = s(72) if tile is not None else s(46)
    height = side + 2 * s(10)
    img = Image.new("RGB", (width, height), pal.PANEL)
    d = ImageDraw.Draw(img)
    right = width - s(12)
    small = s(14)
    # Right: the tile in hand, large, with the tiles left under its heading.
    if tile is not None:
        img.paste(tile_image(tile, 0, side), (right - side, s(10)))
        ImageDraw.Draw(img).rectangle(
            (right - side - 2, s(10) - 2, right + 1, s(10) + side + 1),
            outline=pal.HIGHLIGHT,
            width=2,
        )
        right -= side + s(10)
        w1 = draw_text(
            d,
            (right, height / 2 - s(2)),
            captions.tile_to_place,
            small,
            pal.TEXT,
            anchor="rd",
            bold=True,
            max_width=width * 0.3,
        )
    else:
        w1 = 0
    if not view.finished:
        w2 = draw_text(
            d,
            (right, height / 2 + s(2) if tile else height / 2),
            captions.tiles_left(view.tiles_left),
            small,
            pal.TEXT_DIM,
            anchor="ra" if tile else "rm",
            max_width=width * 0.3,
        )
    else:
        w2 = 0
    right -= max(w1, w2) + s(16)
    # Left: the turn (or game over) and who plays (or who won).
    x = s(12)
    if view.finished:
        title = captions.game_over
        seats = list(view.winners)
        line = captions.winners([view.players[w] for w in seats if 0 <= w < len(view.players)])
    else:
        title = captions.turn(view.turn.number) if view.turn is not None else ""
        seats = [p for p in view.turn.waiting if 0 <= p < len(view.players)] if view.turn else []
        line = captions.to_play([view.players[p] for p in seats])
    draw_text(
        d,
        (x, height / 2 - s(3)),
        title,
        s(19),
        pal.TEXT,
        anchor="ld",
        bold=True,
        max_width=right - x,
    )
    icon = s(22)
    for seat in seats[:3]:
        sprite = follower_sprite(seat, False, icon)
        img.paste(sprite, (x, round(height / 2 + s(3))), sprite)
        x += icon + s(2)
    if seats:
        x += s(4)
    draw_text(
        d,
        (x, height / 2 + s(3) + icon / 2),
        line,
        s(16),
        pal.TEXT,
        anchor="lm",
        max_width=right - x,
    )
    return img


def _count_keys(view: PublicView, captions: Captions) -> list[str]:
    known = [k for k in captions.counts if k in view.counts]
    return known + sorted(k for k in view.counts if k not in captions.counts)


def _scoreboard(view: PublicView, captions: Captions, width: int) -> Image.Image:
    def s(v: float) -> int:
        return scaled(v, width)

    n = len(view.players)
    row, head = s(32), s(26)
    img = Image.new("RGB", (width, head + n * row + s(8)), pal.PANEL)
    d = ImageDraw.Draw(img)
    heading, name_px, score_px = s(13), s(16), s(18)
    # Columns from the right: counts, followers in supply, points; the name
    # takes the rest.
    right = width - s(12)
    columns: list[tuple[str, float, float]] = []  # key, right edge, width
    for key in reversed(_count_keys(view, captions)):
        w = max(text_width(captions.count(key), heading), s(30))
        columns.append((key, right, w))
        right -= w + s(14)
    pip = s(18)
    pips_w = max(text_width(captions.followers, heading), pip + s(6) + text_width("00", name_px))
    followers_right = right
    right -= pips_w + s(14)
    points_w = max(text_width(captions.points, heading), s(40))
    points_right = right
    name_x = s(12) + s(14) + s(26)
    name_w = points_right - points_w - s(12) - name_x
    mid = head / 2 + s(2)
    dim = pal.TEXT_DIM
    draw_text(d, (name_x, mid), captions.player, heading, dim, anchor="lm", max_width=name_w)
    draw_text(d, (points_right, mid), captions.points, heading, dim, anchor="rm")
    draw_text(d, (followers_right - pips_w, mid), captions.followers, heading, dim, anchor="lm")
    for key, r, _ in columns:
        draw_text(d, (r, mid), captions.count(key), heading, dim, anchor="rm")
    waiting = set(view.turn.waiting) if view.turn is not None and not view.finished else set()
    winners = set(view.winners) if view.finished else set()
    for seat in range(n):
        y = head + seat * row
        cy = y + row / 2
        if seat in waiting:
            d.rectangle((s(4), y + 1, width - s(5), y + row - 2), fill=pal.PANEL_ACTIVE)
            t = s(6)
            d.polygon([(s(8), cy - t), (s(8) + t * 1.4, cy), (s(8), cy + t)], fill=pal.TEXT)
        if seat in winners:
            winner_star(d, (s(13), cy), s(8))
        icon = follower_sprite(seat, False, s(24))
        img.paste(icon, (s(12) + s(14), round(cy - s(12))), icon)
        draw_text(
            d,
            (name_x, cy),
            view.players[seat],
            name_px,
            pal.TEXT,
            anchor="lm",
            max_width=name_w,
            bold=seat in winners,
        )
        score = view.scores[seat] if seat < len(view.scores) else 0
        draw_text(d, (points_right, cy), str(score), score_px, pal.TEXT, anchor="rm", bold=True)
        # Followers in supply: one piece and the count.
        supply = view.supply[seat] if seat < len(view.supply) else 0
        px = followers_right - pips_w
        sp = follower_sprite(seat, False, pip)
        img.paste(sp, (round(px), round(cy - pip / 2)), sp)
        draw_text(d, (px + pip + s(6), cy), str(supply), name_px, pal.TEXT, anchor="lm")
        for key, r, _ in columns:
            values = view.counts[key]
            value = values[seat] if seat < len(values) else 0
            draw_text(d, (r, cy), str(value), name_px, pal.TEXT, anchor="rm")
    return img


def _last_icon(side: int) -> Image.Image:
    img = Image.new("RGBA", (side, side), (*pal.EMPTY_CELL, 255))
    d = ImageDraw.Draw(img)
    w = max(2, side // 8)
    d.rectangle((0, 0, side - 1, side - 1), outline=pal.MARK_INK, width=w + 1)
    d.rectangle((1, 1, side - 2, side - 2), outline=pal.HIGHLIGHT, width=w)
    return img


def _legal_icon(side: int) -> Image.Image:
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, side - 1, side - 1), fill=pal.LEGAL, outline=pal.LEGAL_BADGE, width=2)
    return img


def _legend(items: Sequence[LegendItem], captions: Captions, width: int) -> Image.Image:
    """Symbols and their meaning, flowing over as many lines as needed."""

    def s(v: float) -> int:
        return scaled(v, width)

    if not items:
        return Image.new("RGB", (width, s(6)), pal.PANEL)
    px, icon, gap = s(13), s(18), s(18)
    line = max(icon, line_height(px)) + s(8)
    placed: list[tuple[int, int, LegendItem, str]] = []
    x, y = s(12), s(6)
    for item in items:
        label = captions.legend_for(item.key)
        w = icon + s(6) + min(text_width(label, px), width - s(24) - icon)
        if x + w > width - s(12) and x > s(12):
            x, y = s(12), y + line
        placed.append((x, y, item, label))
        x += w + gap
    img = Image.new("RGB", (width, y + line + s(4)), pal.PANEL)
    d = ImageDraw.Draw(img)
    for x, y, item, label in placed:
        sym = item.icon(icon)
        img.paste(sym, (x, y + (line - icon) // 2 - s(2)), sym if sym.mode == "RGBA" else None)
        draw_text(
            d,
            (x + icon + s(6), y + line / 2 - s(2)),
            label,
            px,
            pal.TEXT_DIM,
            anchor="lm",
            max_width=width - s(24) - icon,
        )
    return img
