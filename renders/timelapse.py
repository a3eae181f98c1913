"""The whole game as an animated GIF, posted with the final result.

:func:`timelapse` takes the public views of the game (one per frame, e.g.
after each tile placed: :func:`views_from_record` replays a record to get
them) and draws each on one fixed window, the final board's extent, so the
camera never moves; a strip under the board shows the turn and each
player's score. GIF, because Discord plays it inline on every client;
frames share one fixed palette (renders.png) and Pillow stores only the
part of each frame that changed, so a full game stays around a megabyte.

Building takes a second or two for an 82-tile game: run it off the event
loop (asyncio.to_thread), it holds no lock and touches no shared state.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.record import new_from_setup
from engine.views import PublicView, public_view
from renders import palette as pal
from renders.board import Bounds, paint_cells
from renders.captions import Captions
from renders.pieces import follower_sprite, winner_star
from renders.png import quantized
from renders.text import draw_text, line_height, scaled

MAX_SIDE = 640  # px of the board window's longer side
MAX_TILE = 64
MIN_WIDTH = 400
FRAME_MS = 160
HOLD_MS = 4000  # the last frame
MAX_FRAMES = 400  # longer games skip frames evenly (the last one is always kept)


def views_from_record(record: dict[str, Any]) -> list[PublicView]:
    """Public views of a game record: the start, then one after each tile
    placed (its follower step included), then the end. Raises
    engine.record.RecordError / IllegalAction as replay does."""
    game = new_from_setup(record)
    views = [public_view(game)]
    actions = list(record.get("actions", []))
    for i, action in enumerate(actions):
        game.apply(action)
        nxt = actions[i + 1] if i + 1 < len(actions) else None
        # A frame once the tile's placement (and its follower) is settled.
        if nxt is None or nxt.get("type") == "place":
            views.append(public_view(game))
    return views


def _bounds(views: Sequence[PublicView]) -> Bounds:
    pts = [(t.x, t.y) for v in views for t in v.tiles] or [(0, 0)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _strip(view: PublicView, captions: Captions, width: int) -> Image.Image:
    def s(v: float) -> int:
        return scaled(v, width)

    px = s(15)
    h = line_height(px) + s(14)
    img = Image.new("RGB", (width, h), pal.PANEL)
    d = ImageDraw.Draw(img)
    label = (
        captions.game_over
        if view.finished
        else captions.turn(view.turn.number if view.turn is not None else 0)
    )
    x = s(10)
    x += draw_text(
        d, (x, h / 2), label, px, pal.TEXT, anchor="lm", bold=True, max_width=width * 0.3
    ) + s(14)
    icon = s(18)
    for seat in range(len(view.players)):
        sprite = follower_sprite(seat, False, icon)
        img.paste(sprite, (x, round(h / 2 - icon / 2)), sprite)
        score = view.scores[seat] if seat < len(view.scores) else 0
        x += icon + s(3)
        x += draw_text(d, (x, h / 2), str(score), px, pal.TEXT, anchor="lm", bold=True) + s(4)
        if view.finished and seat in view.winners:
            winner_star(d, (x + s(7), h / 2), s(7))
            x += s(14)
        x += s(8)
    return img


def frames(views: Sequence[PublicView], captions: Captions) -> list[Image.Image]:
    """The RGB frames, all the same size."""
    if not views:
        raise ValueError("a timelapse needs at least one view")
    if len(views) > MAX_FRAMES:
        step = len(views) / (MAX_FRAMES - 1)
        views = [views[round(i * step)] for i in range(MAX_FRAMES - 1)] + [views[-1]]
    bounds = _bounds(views)
    cols, rows = bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1
    size = max(8, min(MAX_TILE, MAX_SIDE // max(cols, rows)))
    board_w, board_h = cols * size, rows * size
    width = max(MIN_WIDTH, board_w + 16)
    out = []
    for view in views:
        cells, _ = paint_cells(view, bounds, size)
        strip = _strip(view, captions, width)
        frame = Image.new("RGB", (width, board_h + 16 + strip.height), pal.BACKGROUND)
        frame.paste(cells, ((width - board_w) // 2, 8))
        frame.paste(strip, (0, board_h + 16))
        out.append(frame)
    return out


def timelapse(views: Sequence[PublicView], captions: Captions) -> bytes:
    """Animated GIF of ``views`` in order (looping; the last frame held)."""
    images = [quantized(f) for f in frames(views, captions)]
    durations = [FRAME_MS] * (len(images) - 1) + [HOLD_MS]
    buf = io.BytesIO()
    images[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return buf.getvalue()
