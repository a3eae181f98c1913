"""The turn's image: the board as a player reads it on a phone, at any turn.

Discord shows an image about 550 px wide on a phone (renders.text.PHONE_WIDTH).
This one is drawn :data:`WIDTH` px wide (twice that: sharp on a phone's
screen) and never taller than :data:`MAX_ASPECT` times its width, so that
the tile to place, the board and the scores are on screen together. Top to
bottom:

* the header: the turn, who plays, the tile to place and the tiles left;
* the board, large (tiles >= :data:`MIN_TILE` phone pixels, so that each
  follower's letter reads): the whole board while it fits, then the part
  around the last tile placed that holds the most numbered cells (where the
  tile in hand fits), with its column and row numbers;
* a band: once only a part is shown, the overview of the whole board
  (renders.overview: the part framed, every numbered cell marked, those
  outside the part with their numbers), and the scoreboard beside it;
* the legend.

:func:`turn_layout` computes all of it from the view and the words before
anything is drawn, so the sizes a phone shows can be checked for every turn
of a game (tests/renders/test_turn.py). The whole board at any size is
renders.board's (``/board``, and with the final score).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.views import PublicView
from renders import palette as pal
from renders import panels
from renders.board import Bounds, board_bounds, coordinates, paint_cells
from renders.captions import LEGEND_LAST, LEGEND_LEGAL, LEGEND_REGION, Captions
from renders.choices import Cell, number_cells
from renders.overlays import active
from renders.overview import overview_image
from renders.pieces import follower_px, letter_px
from renders.png import png_bytes
from renders.text import PHONE_WIDTH, line_height

WIDTH = 1100
SCALE = WIDTH / PHONE_WIDTH
MAX_ASPECT = 1.4  # height over width: the whole image on a phone's screen
# Phone pixels.
MIN_TILE = 60  # a follower's letter then has a cap height over 9 px
MAX_TILE = 100
PAD = 8
LABEL_PX = 12  # column and row numbers
GUTTER = 30  # the row numbers' column (room for "-100")
OVERVIEW_HEIGHT = 150  # at least
OVERVIEW_WIDTH = (150, 270)  # between; the scoreboard takes what it needs
TILE_STEP = 8  # image pixels: a growing board rarely needs new tile sizes


def s(v: float) -> int:
    return round(v * SCALE)


BOARD_ROOM = WIDTH - s(GUTTER) - s(PAD)  # image pixels across for the board
# The tile side once only a part of the board is shown: as many columns of
# at least MIN_TILE as fit (8), sharing the room (128 px, 64 on a phone).
REGION_TILE = BOARD_ROOM // (BOARD_ROOM // s(MIN_TILE))


@dataclass(frozen=True, slots=True)
class TurnLayout:
    """Where everything goes, in image pixels."""

    width: int
    height: int
    region: Bounds  # the cells drawn large
    tile: int  # their side
    whole: bool  # the region is the whole board (no overview)
    board_at: tuple[int, int]  # top left of the region's cells
    label_px: int
    label_h: int
    # Under the board from ``band_top``: the overview at the left (when a
    # part is shown) and the scoreboard, ``scores_h`` high; the legend under.
    band_top: int
    overview_w: int  # 0 without an overview
    scores_h: int
    legend_h: int
    legend_keys: tuple[str, ...]  # the base entries (the overlays add theirs)

    @property
    def follower(self) -> int:
        """Side of a follower on the large board."""
        return follower_px(self.tile)

    @property
    def letter(self) -> float:
        """Font size of a follower's seat letter on the large board."""
        return letter_px(self.follower)

    def shown(self, px: float) -> float:
        """``px`` of this image as seen on a phone."""
        return px * PHONE_WIDTH / self.width


def focus(view: PublicView) -> Cell:
    """The cell the large board is kept round: the last tile placed."""
    if view.last_placed is not None:
        return view.last_placed
    return (view.tiles[-1].x, view.tiles[-1].y) if view.tiles else (0, 0)


def choose_region(
    bounds: Bounds, view: PublicView, numbers: Sequence[Cell], cols: int, rows: int
) -> Bounds:
    """The ``cols`` x ``rows`` window (smaller where the board is) inside
    ``bounds`` that holds the last tile placed, away from the window's edge
    where the board goes on beyond it (what it joined shows), and the most
    tiles and numbered cells; among equals, the most centred on it."""
    x0, y0, x1, y1 = bounds
    w, h = min(cols, x1 - x0 + 1), min(rows, y1 - y0 + 1)
    fx, fy = focus(view)
    fx, fy = min(max(fx, x0), x1), min(max(fy, y0), y1)  # (a view without tiles)
    cells = [*numbers, *((t.x, t.y) for t in view.tiles)]
    best: tuple[tuple[int, int, float], Bounds] | None = None
    for rx in range(max(x0, fx - w + 1), min(fx, x1 - w + 1) + 1):
        for ry in range(max(y0, fy - h + 1), min(fy, y1 - h + 1) + 1):
            window = (rx, ry, rx + w - 1, ry + h - 1)
            inside = sum(1 for c in cells if rx <= c[0] <= window[2] and ry <= c[1] <= window[3])
            # On the window's edge only where the board goes on beyond it.
            edge = (fx == rx > x0) or (fx == window[2] < x1) or (fy == ry > y0)
            edge = edge or (fy == window[3] < y1)
            off = abs(rx + (w - 1) / 2 - fx) + abs(ry + (h - 1) / 2 - fy)
            key = (0 if edge else 1, inside, -off)
            if best is None or key > best[0]:
                best = (key, window)
    assert best is not None  # the focus lies in ``bounds``: one window at least
    return best[1]


def _legend_keys(view: PublicView, numbers: Sequence[Cell], whole: bool) -> tuple[str, ...]:
    keys = [LEGEND_LAST] if view.last_placed is not None else []
    if numbers:
        keys.append(LEGEND_LEGAL)
    if not whole:
        keys.append(LEGEND_REGION)
    return tuple(keys)


def _legend_room(view: PublicView, captions: Captions, keys: Sequence[str], width: int) -> int:
    """Height of the legend at its fullest: the base entries, and every
    overlay entry the words know of when an overlay has marks to draw."""
    labels = [captions.legend_for(k) for k in keys]
    if active(view):
        base = {LEGEND_LAST, LEGEND_LEGAL, LEGEND_REGION}
        labels += [v for k, v in captions.legend.items() if k not in base]
    return panels.legend_height(labels, width, SCALE)


def turn_layout(
    view: PublicView, captions: Captions, legal_cells: Sequence[Cell] = ()
) -> TurnLayout:
    """The layout of :func:`turn_image` (nothing drawn)."""
    numbers = list(number_cells(legal_cells))
    bounds = board_bounds(view, numbers)
    cols, rows = bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1
    head = panels.header_height(view, SCALE)
    label_px = s(LABEL_PX)
    label_h = line_height(label_px) + s(4)
    room_w = BOARD_ROOM
    max_h = int(MAX_ASPECT * WIDTH)
    scores_h = panels.scoreboard_height(view, SCALE)

    # The whole board, while its tiles stay large enough; the scoreboard and
    # the legend under it, each the image's width.
    keys = _legend_keys(view, numbers, True)
    legend_h = _legend_room(view, captions, keys, WIDTH)
    room_h = max_h - head - label_h - s(PAD) - scores_h - legend_h
    tile = min(s(MAX_TILE), room_w // cols, room_h // rows)
    tile -= tile % TILE_STEP
    whole = tile >= s(MIN_TILE)
    overview_w, region = 0, bounds
    if not whole:
        # A part of it; the overview at the left of the scoreboard.
        keys = _legend_keys(view, numbers, False)
        lo, hi = s(OVERVIEW_WIDTH[0]), s(OVERVIEW_WIDTH[1])
        overview_w = min(hi, max(lo, WIDTH - panels.scoreboard_width(view, captions, SCALE)))
        legend_h = _legend_room(view, captions, keys, WIDTH)
        scores_h = max(scores_h, s(OVERVIEW_HEIGHT))
        tile = REGION_TILE
        room_h = max_h - head - label_h - s(PAD) - scores_h - legend_h
        region = choose_region(bounds, view, numbers, room_w // tile, room_h // tile)
    board_w = (region[2] - region[0] + 1) * tile
    board_h = (region[3] - region[1] + 1) * tile
    board_at = (s(GUTTER) + (room_w - board_w) // 2, head + label_h)
    band_top = board_at[1] + board_h + s(PAD)
    return TurnLayout(
        width=WIDTH,
        height=band_top + scores_h + legend_h,
        region=region,
        tile=tile,
        whole=whole,
        board_at=board_at,
        label_px=label_px,
        label_h=label_h,
        band_top=band_top,
        overview_w=overview_w,
        scores_h=scores_h,
        legend_h=legend_h,
        legend_keys=keys,
    )


def render_turn(
    view: PublicView, captions: Captions, *, legal_cells: Sequence[Cell] | None = None
) -> bytes:
    """PNG of :func:`turn_image`."""
    return png_bytes(turn_image(view, captions, legal_cells=legal_cells))


def turn_image(
    view: PublicView, captions: Captions, *, legal_cells: Sequence[Cell] | None = None
) -> Image.Image:
    """The turn's image (module docstring); ``legal_cells`` (if given) are
    numbered as :func:`renders.choices.number_cells` numbers them."""
    lay = turn_layout(view, captions, legal_cells or ())
    numbers = number_cells(legal_cells or ())
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    img.paste(panels.header(view, captions, lay.width, SCALE), (0, 0))
    x0, y0, x1, y1 = lay.region
    shown = {c: n for c, n in numbers.items() if x0 <= c[0] <= x1 and y0 <= c[1] <= y1}
    cells, ctx = paint_cells(view, lay.region, lay.tile, numbers=shown)
    img.paste(cells, lay.board_at)
    coordinates(ImageDraw.Draw(img), lay.region, lay.tile, lay.board_at, lay.label_px, lay.label_h)
    top, band_h = lay.band_top, lay.scores_h
    img.paste(pal.PANEL, (0, top, lay.width, top + band_h))
    if lay.overview_w:
        bounds = board_bounds(view, list(numbers))
        box = (lay.overview_w - s(PAD), band_h - s(PAD))
        small = overview_image(view, bounds, lay.region, numbers, box, SCALE)
        img.paste(small, (s(PAD), top + s(PAD) // 2))
    scores = panels.scoreboard(view, captions, lay.width - lay.overview_w, SCALE)
    img.paste(scores, (lay.overview_w, top + (band_h - scores.height) // 2))
    items = [*panels.base_items(lay.legend_keys), *ctx.legend]
    key = panels.legend(items, captions, lay.width, SCALE, lay.legend_h)
    img.paste(key, (0, top + band_h))
    return img
