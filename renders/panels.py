"""The panels round a board: the header, the scoreboard and the legend.

Shared by the whole board (renders.board) and the turn image (renders.turn).
Every size is given in pixels as seen on a phone and multiplied by
``scale``, the image's width over :data:`renders.text.PHONE_WIDTH` (never
less than 1), so the same panel reads the same on any image. Each panel has
a function that says how tall it will be, for layouts computed before
anything is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import PublicView
from renders import palette as pal
from renders.captions import LEGEND_LAST, LEGEND_LEGAL, LEGEND_REGION, Captions
from renders.overlays import LegendItem
from renders.pieces import follower_sprite, winner_star
from renders.text import draw_text, fit_names, line_height, text_width
from renders.tiles import tile_image


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


# --- header -------------------------------------------------------------------------
HEADER_TILE = 64  # the tile in hand, phone pixels
HEADER_PAD = 8


def header_height(view: PublicView, scale: float) -> int:
    side = HEADER_TILE if tile_in_hand(view) is not None else 44
    return round((side + 2 * HEADER_PAD) * scale)


def header(view: PublicView, captions: Captions, width: int, scale: float) -> Image.Image:
    """The turn (or game over) and who plays (or won) at the left; the tile in
    hand, large, at the right with the tiles left under its heading."""

    def s(v: float) -> int:
        return round(v * scale)

    tile = tile_in_hand(view)
    height = header_height(view, scale)
    img = Image.new("RGB", (width, height), pal.PANEL)
    d = ImageDraw.Draw(img)
    right = width - s(10)
    small = s(14)
    w1 = w2 = 0
    if tile is not None:
        side = s(HEADER_TILE)
        top = s(HEADER_PAD)
        img.paste(tile_image(tile, 0, side), (right - side, top))
        d.rectangle(
            (right - side - 2, top - 2, right + 1, top + side + 1), outline=pal.HIGHLIGHT, width=2
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
    right -= max(w1, w2) + s(14)
    x = s(12)
    if view.finished:
        title = captions.game_over
        seats = [w for w in view.winners if 0 <= w < len(view.players)]
        sentence = captions.winners
    else:
        title = captions.turn(view.turn.number) if view.turn is not None else ""
        seats = [p for p in view.turn.waiting if 0 <= p < len(view.players)] if view.turn else []
        sentence = captions.to_play
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
    line = fit_names(sentence, [view.players[p] for p in seats], s(16), right - x)
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


# --- scoreboard ---------------------------------------------------------------------
NAME_ROOM = (60, 140)  # phone pixels the names take, between


def _count_keys(view: PublicView, captions: Captions) -> list[str]:
    known = [k for k in captions.counts if k in view.counts]
    return known + sorted(k for k in view.counts if k not in captions.counts)


def _rows(view: PublicView) -> tuple[int, int]:
    """(heading, row) heights in phone pixels: rows close up for many players."""
    return 22, 30 if len(view.players) <= 4 else 26


def scoreboard_height(view: PublicView, scale: float) -> int:
    head, row = _rows(view)
    return round((head + len(view.players) * row + 6) * scale)


def _columns(
    view: PublicView, captions: Captions, scale: float
) -> tuple[list[tuple[str, int]], int, int]:
    """The count columns (key, width), the followers' and the points' widths."""
    heading, name_px = round(13 * scale), round(15 * scale)
    counts = [
        (k, max(text_width(captions.count(k), heading), round(24 * scale)))
        for k in _count_keys(view, captions)
    ]
    pip = round(16 * scale)
    followers = max(
        text_width(captions.followers, heading), pip + round(4 * scale) + text_width("00", name_px)
    )
    points = max(text_width(captions.points, heading), round(34 * scale))
    return counts, followers, points


def scoreboard_width(view: PublicView, captions: Captions, scale: float) -> int:
    """The width the scoreboard asks for: its columns and the names (cut
    with an ellipsis past the widest of :data:`NAME_ROOM`)."""
    counts, followers, points = _columns(view, captions, scale)
    gap = round(10 * scale)
    fixed = sum(w for _, w in counts) + followers + points + gap * (len(counts) + 2)
    names = max([text_width(n, round(15 * scale), True) for n in view.players] or [0])
    lo, hi = (round(v * scale) for v in NAME_ROOM)
    return fixed + round((12 + 14 + 22 + 6 + 8) * scale) + min(hi, max(lo, names))


def scoreboard(view: PublicView, captions: Captions, width: int, scale: float) -> Image.Image:
    """One row per seat: turn marker, piece, name, points, followers in
    supply, then each public count the expansions report (PublicView.counts)."""

    def s(v: float) -> int:
        return round(v * scale)

    n = len(view.players)
    head_d, row_d = _rows(view)
    head, row = s(head_d), s(row_d)
    img = Image.new("RGB", (width, scoreboard_height(view, scale)), pal.PANEL)
    d = ImageDraw.Draw(img)
    heading, name_px, score_px = s(13), s(15), s(17)
    counts, pips_w, points_w = _columns(view, captions, scale)
    gap = s(10)
    right = width - s(10)
    columns: list[tuple[str, float]] = []  # key, right edge
    for key, w in reversed(counts):
        columns.append((key, right))
        right -= w + gap
    followers_left = right - pips_w
    right = followers_left - gap
    points_right = right
    icon = s(22)
    name_x = s(12) + s(14) + icon + s(6)
    name_w = points_right - points_w - s(8) - name_x
    mid = head / 2 + s(2)
    dim = pal.TEXT_DIM
    draw_text(d, (name_x, mid), captions.player, heading, dim, anchor="lm", max_width=name_w)
    draw_text(d, (points_right, mid), captions.points, heading, dim, anchor="rm")
    draw_text(d, (followers_left, mid), captions.followers, heading, dim, anchor="lm")
    for key, r in columns:
        draw_text(d, (r, mid), captions.count(key), heading, dim, anchor="rm")
    waiting = set(view.turn.waiting) if view.turn is not None and not view.finished else set()
    winners = set(view.winners) if view.finished else set()
    pip = s(16)
    for seat in range(n):
        y = head + seat * row
        cy = y + row / 2
        if seat in waiting:
            d.rectangle((s(4), y + 1, width - s(5), y + row - 2), fill=pal.PANEL_ACTIVE)
            t = s(6)
            d.polygon([(s(8), cy - t), (s(8) + t * 1.4, cy), (s(8), cy + t)], fill=pal.TEXT)
        if seat in winners:
            winner_star(d, (s(13), cy), s(8))
        sprite = follower_sprite(seat, False, icon)
        img.paste(sprite, (s(12) + s(14), round(cy - icon / 2)), sprite)
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
        sp = follower_sprite(seat, False, pip)
        img.paste(sp, (round(followers_left), round(cy - pip / 2)), sp)
        draw_text(d, (followers_left + pip + s(4), cy), str(supply), name_px, pal.TEXT, anchor="lm")
        for key, r in columns:
            values = view.counts[key]
            value = values[seat] if seat < len(values) else 0
            draw_text(d, (r, cy), str(value), name_px, pal.TEXT, anchor="rm")
    return img


# --- legend -------------------------------------------------------------------------
def last_icon(side: int) -> Image.Image:
    img = Image.new("RGBA", (side, side), (*pal.EMPTY_CELL, 255))
    d = ImageDraw.Draw(img)
    w = max(2, side // 8)
    d.rectangle((0, 0, side - 1, side - 1), outline=pal.MARK_INK, width=w + 1)
    d.rectangle((1, 1, side - 2, side - 2), outline=pal.HIGHLIGHT, width=w)
    return img


def legal_icon(side: int) -> Image.Image:
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, side - 1, side - 1), fill=pal.LEGAL, outline=pal.LEGAL_BADGE, width=2)
    return img


def region_icon(side: int) -> Image.Image:
    """The frame the overview draws round the part of the board shown large."""
    img = Image.new("RGBA", (side, side), (*pal.BACKGROUND, 255))
    d = ImageDraw.Draw(img)
    w = max(2, side // 7)
    d.rectangle((0, 0, side - 1, side - 1), outline=pal.REGION, width=w)
    return img


BASE_ICONS = {LEGEND_LAST: last_icon, LEGEND_LEGAL: legal_icon, LEGEND_REGION: region_icon}


def base_items(keys: Sequence[str]) -> list[LegendItem]:
    return [LegendItem(k, BASE_ICONS[k]) for k in keys]


def _legend_places(
    labels: Sequence[str], width: int, scale: float
) -> tuple[list[tuple[int, int]], int, int]:
    """Where each entry goes (x, y), the line height and the total height."""

    def s(v: float) -> int:
        return round(v * scale)

    px, icon, gap = s(13), s(18), s(18)
    line = max(icon, line_height(px)) + s(8)
    if not labels:
        return [], line, s(6)
    places: list[tuple[int, int]] = []
    x, y = s(12), s(6)
    for label in labels:
        w = icon + s(6) + min(text_width(label, px), width - s(24) - icon)
        if x + w > width - s(12) and x > s(12):
            x, y = s(12), y + line
        places.append((x, y))
        x += w + gap
    return places, line, y + line + s(4)


def legend_height(labels: Sequence[str], width: int, scale: float) -> int:
    return _legend_places(labels, width, scale)[2]


def legend(
    items: Sequence[LegendItem],
    captions: Captions,
    width: int,
    scale: float,
    height: int | None = None,
) -> Image.Image:
    """Symbols and their meaning, flowing over as many lines as needed
    (``height``: a taller box reserved for it, the entries centred in it)."""

    def s(v: float) -> int:
        return round(v * scale)

    labels = [captions.legend_for(i.key) for i in items]
    places, line, needed = _legend_places(labels, width, scale)
    img = Image.new("RGB", (width, max(needed, height or 0)), pal.PANEL)
    d = ImageDraw.Draw(img)
    px, icon = s(13), s(18)
    top = (img.height - needed) // 2
    for (x, y), item, label in zip(places, items, labels, strict=True):
        y += top
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
