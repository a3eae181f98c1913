"""The end of the game: the score breakdown per player and the winners.

The caller passes the breakdown rows (label, points per seat) in the order
to show: the groups and their words belong to the bot (the base game's
features and each expansion's score group). Columns are the players from
first to last place; winners carry a star and a highlighted column. If the
rows do not add up to a player's final score, a row for the rest is added
(``Captions.other_points``), so the table always sums to the scores shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import PublicView
from renders import palette as pal
from renders.captions import Captions
from renders.pieces import follower_sprite, winner_star
from renders.png import png_bytes
from renders.text import draw_text, fit_names, line_height, scaled, text_width

Row = tuple[str, Sequence[int]]

MIN_WIDTH = 560
LABEL_MAX = 170  # px of the row labels' column at phone scale
COLUMN = 84  # px per player at phone scale


def render_final(view: PublicView, rows: Sequence[Row], captions: Captions) -> bytes:
    """PNG of :func:`final_image`."""
    return png_bytes(final_image(view, rows, captions))


def complete_rows(view: PublicView, rows: Sequence[Row], captions: Captions) -> list[Row]:
    """``rows`` (short ones padded with 0) plus a row for points they miss."""
    n = len(view.players)
    out: list[Row] = [(label, [*list(pts)[:n], *[0] * (n - len(pts))]) for label, pts in rows]
    rest = [
        (view.scores[s] if s < len(view.scores) else 0) - sum(int(r[1][s]) for r in out)
        for s in range(n)
    ]
    if any(rest):
        out.append((captions.other_points, rest))
    return out


def final_image(view: PublicView, rows: Sequence[Row], captions: Captions) -> Image.Image:
    n = len(view.players)
    table = complete_rows(view, rows, captions)
    order = sorted(range(n), key=lambda s: (-(view.scores[s] if s < len(view.scores) else 0), s))
    winners = set(view.winners)
    width = max(MIN_WIDTH, 24 + LABEL_MAX + n * COLUMN)

    def s(v: float) -> int:
        return scaled(v, width)

    pad = s(12)
    label_px, value_px, total_px, name_px = s(14), s(16), s(18), s(14)
    label_w = min(
        max(
            [text_width(label, label_px) for label, _ in table]
            + [text_width(captions.total, total_px, True)]
        )
        + pad,
        s(LABEL_MAX),
    )
    col_w = (width - 2 * pad - label_w) / max(1, n)
    title_h = line_height(s(20)) + line_height(s(16)) + 2 * pad
    icon = s(30)
    head_h = icon + line_height(name_px) + s(10)
    row_h = line_height(value_px) + s(8)
    total_h = line_height(total_px) + s(14)
    height = title_h + head_h + len(table) * row_h + total_h + pad
    img = Image.new("RGB", (width, height), pal.PANEL)
    d = ImageDraw.Draw(img)

    draw_text(
        d, (pad, pad), captions.final_title, s(20), pal.TEXT, bold=True, max_width=width - 2 * pad
    )
    names = [view.players[w] for w in view.winners if 0 <= w < n]
    wy = pad + line_height(s(20)) + s(4)
    winner_star(d, (pad + s(9), wy + line_height(s(16)) / 2), s(9))
    room = width - 2 * pad - s(24)
    line = fit_names(captions.winners, names, s(16), room)
    draw_text(d, (pad + s(24), wy), line, s(16), pal.TEXT, max_width=room)

    top = title_h
    for i, seat in enumerate(order):
        x0 = pad + label_w + i * col_w
        cx = x0 + col_w / 2
        if seat in winners:
            d.rounded_rectangle(
                (x0 + 2, top - s(4), x0 + col_w - 2, height - pad / 2),
                radius=s(8),
                fill=pal.PANEL_ACTIVE,
            )
        sprite = follower_sprite(seat, False, icon)
        img.paste(sprite, (round(cx - icon / 2), top), sprite)
        if seat in winners:
            winner_star(d, (cx + icon / 2 + s(4), top + s(8)), s(8))
        draw_text(
            d,
            (cx, top + icon + s(4)),
            view.players[seat],
            name_px,
            pal.TEXT,
            anchor="ma",
            bold=seat in winners,
            max_width=col_w - s(6),
        )
    y = top + head_h
    for r, (label, pts) in enumerate(table):
        if r % 2 == 1:
            d.rectangle((pad / 2, y, width - pad / 2, y + row_h - 1), fill=pal.PANEL_STRIPE)
        draw_text(
            d,
            (pad, y + row_h / 2),
            label,
            label_px,
            pal.TEXT_DIM,
            anchor="lm",
            max_width=label_w - s(6),
        )
        for i, seat in enumerate(order):
            cx = pad + label_w + i * col_w + col_w / 2
            v = int(pts[seat])
            draw_text(
                d,
                (cx, y + row_h / 2),
                str(v),
                value_px,
                pal.TEXT if v else pal.TEXT_DIM,
                anchor="mm",
            )
        y += row_h
    d.line([(pad, y + s(4)), (width - pad, y + s(4))], fill=pal.TEXT_DIM, width=max(1, s(2)))
    y += s(10)
    draw_text(
        d,
        (pad, y + total_h / 2 - s(4)),
        captions.total,
        total_px,
        pal.TEXT,
        anchor="lm",
        bold=True,
        max_width=label_w - s(6),
    )
    for i, seat in enumerate(order):
        cx = pad + label_w + i * col_w + col_w / 2
        score = view.scores[seat] if seat < len(view.scores) else 0
        draw_text(
            d, (cx, y + total_h / 2 - s(4)), str(score), total_px, pal.TEXT, anchor="mm", bold=True
        )
    return img
