"""The public board image, drawn from :class:`engine.views.PublicView` only.

The view type holds no hidden contents (hands, gift cards, chip faces), so
nothing secret can reach this image; it shows only public counts.

Layout: coordinate labels (columns x, rows y; x grows east, y grows south,
NOTATION.md), the placed tiles cropped to the used area, followers at their
segment's spot, the last placed tile framed, optionally the numbered cells
where the current tile fits, and a scoreboard strip underneath.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.tiles import face
from engine.views import FollowerView, PublicView
from renders import palette as pal
from renders.pieces import chip_sprite, follower_sprite
from renders.png import png_bytes
from renders.text import fit, font, text_width
from renders.tiles import anchor, tile_image

Cell = tuple[int, int]

# Tile side in pixels: as large as MAX_TILE, shrunk so that the board's longer
# side stays near BOARD_SPAN pixels (readable, and small enough to upload).
MAX_TILE = 96
MIN_TILE = 28
BOARD_SPAN = 1200
MIN_WIDTH = 600  # room for the scoreboard
MARGIN = 8

# Public counts (views: PUBLIC_VIEW hook) as they are labelled on the strip.
COUNT_LABELS: dict[str, str] = {"gifts": "Gifts", "hand": "Cards", "chips": "Chips"}


def distinct_cells(placements: Iterable[Sequence[int]]) -> list[Cell]:
    """The cells of ``(x, y, rotation)`` placements, each once, in reading
    order (rows north to south, then west to east)."""
    return sorted({(p[0], p[1]) for p in placements}, key=lambda c: (c[1], c[0]))


def number_cells(legal_cells: Sequence[Cell]) -> dict[Cell, int]:
    """The short number (1..n) each legal cell carries on the board, in the
    given order; a repeated cell keeps its first number. The bot's select
    options must use this same numbering."""
    out: dict[Cell, int] = {}
    for cell in legal_cells:
        key = (int(cell[0]), int(cell[1]))
        if key not in out:
            out[key] = len(out) + 1
    return out


def tile_size(cols: int, rows: int) -> int:
    return max(MIN_TILE, min(MAX_TILE, BOARD_SPAN // max(cols, rows, 1)))


def render_board(view: PublicView, *, legal_cells: Sequence[Cell] | None = None) -> bytes:
    """PNG of the board and scoreboard; ``legal_cells`` (if given) are marked
    with the numbers of :func:`number_cells`."""
    return png_bytes(board_image(view, legal_cells=legal_cells))


def board_image(view: PublicView, *, legal_cells: Sequence[Cell] | None = None) -> Image.Image:
    numbers = number_cells(legal_cells or ())
    cells = [(t.x, t.y) for t in view.tiles] + list(numbers)
    if not cells:
        cells = [(0, 0)]
    x0, x1 = min(c[0] for c in cells), max(c[0] for c in cells)
    y0, y1 = min(c[1] for c in cells), max(c[1] for c in cells)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    size = tile_size(cols, rows)
    label_px = max(11, min(16, size // 4))
    label_font = font(label_px)
    label_w = max(text_width(str(y), label_font) for y in (y0, y1)) + 12
    label_h = label_px + 10
    board_w, board_h = cols * size, rows * size
    width = max(MIN_WIDTH, label_w + board_w + MARGIN)
    left = label_w + (width - label_w - MARGIN - board_w) // 2
    top = label_h

    strip = _scoreboard(view, width)
    height = top + board_h + MARGIN + strip.height
    img = Image.new("RGB", (width, height), pal.BACKGROUND)
    draw = ImageDraw.Draw(img)

    def cell_box(x: int, y: int) -> tuple[int, int, int, int]:
        px, py = left + (x - x0) * size, top + (y - y0) * size
        return px, py, px + size - 1, py + size - 1

    # Coordinate labels (NOTATION.md): columns by x, rows by y.
    for x in range(x0, x1 + 1):
        bx = cell_box(x, y0)
        draw.text(
            ((bx[0] + bx[2]) / 2, top / 2), str(x), font=label_font, fill=pal.GRID_TEXT, anchor="mm"
        )
    for y in range(y0, y1 + 1):
        by = cell_box(x0, y)
        draw.text(
            (left - 6, (by[1] + by[3]) / 2),
            str(y),
            font=label_font,
            fill=pal.GRID_TEXT,
            anchor="rm",
        )
    # Empty cells: one fill and grid lines in the background colour.
    draw.rectangle((left, top, left + board_w - 1, top + board_h - 1), fill=pal.EMPTY_CELL)
    for x in range(cols + 1):
        gx = left + x * size
        draw.line([(gx - 1, top), (gx - 1, top + board_h)], fill=pal.BACKGROUND, width=2)
    for y in range(rows + 1):
        gy = top + y * size
        draw.line([(left, gy - 1), (left + board_w, gy - 1)], fill=pal.BACKGROUND, width=2)

    for t in view.tiles:
        img.paste(tile_image(t.kind, t.rotation, size), cell_box(t.x, t.y)[:2])

    _offices(img, view, size, cell_box)
    _followers(img, view, size, cell_box)
    _christmas_marks(draw, view, size, cell_box)

    if view.last_placed is not None:
        b = cell_box(*view.last_placed)
        w = max(2, size // 24)
        draw.rectangle(b, outline=(0, 0, 0), width=w + 2)
        draw.rectangle((b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1), outline=pal.HIGHLIGHT, width=w)

    _legal_cells(draw, numbers, size, cell_box)
    img.paste(strip, (0, top + board_h + MARGIN))
    return img


def _followers(img: Image.Image, view: PublicView, size: int, cell_box: Any) -> None:
    """Each follower on its segment's spot; several on one spot sit side by side."""
    kinds = {(t.x, t.y): (t.kind, t.rotation) for t in view.tiles}
    groups: dict[tuple[int, int, int], list[FollowerView]] = defaultdict(list)
    for f in view.followers:
        if (f.x, f.y) not in kinds:
            continue
        kind, rot = kinds[(f.x, f.y)]
        seg = face(kind, rot).name_to_seg.get(f.location)
        if seg is not None:
            groups[(f.x, f.y, seg)].append(f)
    sprite = max(12, round(size * 0.44))
    for (x, y, seg), fs in groups.items():
        kind, rot = kinds[(x, y)]
        ax, ay = anchor(kind, rot, seg)
        b = cell_box(x, y)
        step = sprite * 0.75
        for i, f in enumerate(fs):
            dx = (i - (len(fs) - 1) / 2) * step
            cx = b[0] + ax * size + dx
            cy = b[1] + ay * size
            cx = min(max(cx, b[0] + sprite / 2), b[2] - sprite / 2)
            cy = min(max(cy, b[1] + sprite / 2), b[3] - sprite / 2)
            s = follower_sprite(f.player, f.lying, sprite)
            img.paste(s, (round(cx - sprite / 2), round(cy - sprite / 2)), s)


def _offices(img: Image.Image, view: PublicView, size: int, cell_box: Any) -> None:
    """Chips staked on betting offices, face down: only their owners show (T-3)."""
    bets = view.extra.get("bets")
    offices = bets.get("offices", []) if isinstance(bets, dict) else []
    chip = max(8, round(size * 0.16))
    for office in offices:
        try:
            x, y, seats = int(office["x"]), int(office["y"]), list(office.get("chips", []))
        except (KeyError, TypeError, ValueError):
            continue
        if not seats:
            continue
        b = cell_box(x, y)
        total = len(seats) * chip * 0.75 + chip * 0.25
        start = b[0] + size / 2 - total / 2
        cy = b[1] + size * 0.66
        for i, seat in enumerate(seats):
            s = chip_sprite(int(seat), chip)
            img.paste(s, (round(start + i * chip * 0.75), round(cy)), s)


def _christmas_marks(draw: ImageDraw.ImageDraw, view: PublicView, size: int, cell_box: Any) -> None:
    """Public Christmas Present marks: a padlock on locked features (X-5.2) and
    a "+1" badge in the marking player's colour for tiebreak marks (X-5.3),
    drawn at the feature's reference segment."""
    xmas = view.extra.get("christmas")
    if not isinstance(xmas, dict):
        return
    kinds = {(t.x, t.y): (t.kind, t.rotation) for t in view.tiles}

    def spot(ref: Any) -> tuple[float, float] | None:
        try:
            x, y, loc = int(ref["x"]), int(ref["y"]), str(ref["location"])
        except (KeyError, TypeError, ValueError):
            return None
        if (x, y) not in kinds:
            return None
        kind, rot = kinds[(x, y)]
        seg = face(kind, rot).name_to_seg.get(loc)
        if seg is None:
            return None
        ax, ay = anchor(kind, rot, seg)
        b = cell_box(x, y)
        return b[0] + ax * size, b[1] + ay * size

    r = max(5, size // 9)
    for lock in xmas.get("locks", []):
        at = spot(lock)
        if at is None:
            continue
        cx, cy = at[0] + size * 0.22, at[1] - size * 0.22
        draw.arc(
            (cx - r * 0.6, cy - r * 1.3, cx + r * 0.6, cy), 180, 360, fill=pal.MARK_INK, width=2
        )
        draw.rectangle((cx - r, cy - r * 0.6, cx + r, cy + r * 0.8), fill=pal.MARK_INK)
    badge = font(max(8, r + 2))
    for mark in xmas.get("tiebreaks", []):
        at = spot(mark)
        if at is None:
            continue
        for i, seat in enumerate(mark.get("players", [])):
            cx = at[0] - size * 0.22 + i * r * 2.2
            cy = at[1] + size * 0.22
            colour = pal.player_colour(int(seat))
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=pal.MARK_INK)
            draw.text((cx, cy), "+1", font=badge, fill=pal.ink_on(colour), anchor="mm")


def _legal_cells(
    draw: ImageDraw.ImageDraw, numbers: dict[Cell, int], size: int, cell_box: Any
) -> None:
    badge_font = font(max(10, min(22, size // 3)))
    dash = max(4, size // 8)
    for (x, y), n in numbers.items():
        b = cell_box(x, y)
        inset = max(2, size // 16)
        lft, t, r, btm = b[0] + inset, b[1] + inset, b[2] - inset, b[3] - inset
        for a in range(lft, r, dash * 2):
            draw.line([(a, t), (min(a + dash, r), t)], fill=pal.LEGAL, width=2)
            draw.line([(a, btm), (min(a + dash, r), btm)], fill=pal.LEGAL, width=2)
        for a in range(t, btm, dash * 2):
            draw.line([(lft, a), (lft, min(a + dash, btm))], fill=pal.LEGAL, width=2)
            draw.line([(r, a), (r, min(a + dash, btm))], fill=pal.LEGAL, width=2)
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        rad = max(9, size // 4.5)
        draw.ellipse(
            (cx - rad, cy - rad, cx + rad, cy + rad),
            fill=pal.LEGAL,
            outline=pal.LEGAL_BADGE,
            width=2,
        )
        draw.text((cx, cy), str(n), font=badge_font, fill=pal.LEGAL_BADGE, anchor="mm")


# --- scoreboard ---------------------------------------------------------------
ROW = 30
HEADER = 30


def _status(view: PublicView) -> str:
    if view.finished:
        names = ", ".join(view.players[w] for w in view.winners)
        return f"Game over - {'winners' if len(view.winners) > 1 else 'winner'}: {names}"
    parts = []
    if view.turn is not None:
        parts.append(f"Turn {view.turn.number}")
        waiting = [view.players[p] for p in view.turn.waiting if 0 <= p < len(view.players)]
        if waiting:
            parts.append(f"{', '.join(waiting)} to play ({view.turn.step})")
        if view.turn.tile:
            parts.append(f"tile {view.turn.tile}")
    parts.append(f"{view.tiles_left} tiles left")
    return " - ".join(parts)


def _scoreboard(view: PublicView, width: int) -> Image.Image:
    n = len(view.players)
    img = Image.new("RGB", (width, HEADER + n * ROW + 8), pal.PANEL)
    draw = ImageDraw.Draw(img)
    f = font(15)
    small = font(13)
    draw.text(
        (12, HEADER // 2), fit(_status(view), f, width - 24), font=f, fill=pal.TEXT, anchor="lm"
    )
    active = set(view.turn.waiting) if view.turn is not None and not view.finished else set()
    winners = set(view.winners)
    count_keys = [k for k in view.counts if k in COUNT_LABELS] + sorted(
        k for k in view.counts if k not in COUNT_LABELS
    )
    labels = [
        name + ("  (winner)" if seat in winners else "") for seat, name in enumerate(view.players)
    ]
    name_w = min(max(text_width(lb, f) for lb in labels) + 10, max(120, width - 520))
    for seat in range(n):
        y = HEADER + seat * ROW
        if seat in active:
            draw.rectangle((4, y + 1, width - 5, y + ROW - 2), fill=pal.PANEL_ACTIVE)
        icon = follower_sprite(seat, False, ROW - 6)
        img.paste(icon, (10, y + 3), icon)
        mid = y + ROW // 2
        draw.text((ROW + 14, mid), fit(labels[seat], f, name_w), font=f, fill=pal.TEXT, anchor="lm")
        sx = ROW + 14 + name_w + 40
        score = view.scores[seat] if seat < len(view.scores) else 0
        draw.text((sx, mid), str(score), font=font(17), fill=pal.TEXT, anchor="rm")
        # Followers in supply, as small pieces.
        supply = view.supply[seat] if seat < len(view.supply) else 0
        px = sx + 14
        pip = 13
        for i in range(supply):
            s = follower_sprite(seat, False, pip)
            img.paste(s, (px + i * (pip - 3), mid - pip // 2), s)
        cx = px + 7 * (pip - 3) + 16
        for key in count_keys:
            values = view.counts[key]
            value = values[seat] if seat < len(values) else 0
            text = f"{COUNT_LABELS.get(key, key.title())} {value}"
            draw.text((cx, mid), text, font=small, fill=pal.TEXT_DIM, anchor="lm")
            cx += text_width(text, small) + 14
    return img
