"""Private previews of the active player's choices, numbered like the buttons.

* :func:`placement_preview`: the chosen cell and its neighbours, drawn once
  per rotation offered, each numbered 1..n in the order given (pass the
  distinct rotations of :func:`renders.choices.distinct_rotations`);
* :func:`follower_preview`: the tile just placed, enlarged, with each legal
  follower spot's feature outlined and numbered 1..n in the order given
  (the engine's ``legal_followers()`` order), and a key of what each
  number is (road, city, monastery, field); spots where another piece may go
  now (:class:`Mark`) get a lettered square badge and a key entry of their own.

Both are drawn from the public view (the tiles and followers around), so
nothing hidden shows; they are sent to the active player only because they
are that player's choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from engine.directions import ROTATIONS
from engine.tiles import KINDS, face
from engine.views import PublicView, TileView
from renders import palette as pal
from renders.board import badge_sprite, number_badge, paint_cells
from renders.captions import Captions
from renders.geometry import segment_masks
from renders.png import png_bytes
from renders.text import draw_text, line_height, text_width
from renders.tiles import anchor, tile_image

PAD = 12
ROT_TILE = 76  # px per cell in a placement panel (3 x 3 cells)
FOLLOW_TILE = 250  # px of the enlarged tile
FOLLOW_MARGIN = 0.34  # of a neighbour cell shown round the enlarged tile
TITLE_PX, BADGE_PX, KEY_PX = 16, 20, 15
DIM = 0.45  # how much neighbours fade towards the background


def _title(draw: ImageDraw.ImageDraw, text: str, width: int) -> None:
    draw_text(draw, (PAD, PAD), text, TITLE_PX, pal.TEXT, bold=True, max_width=width - 2 * PAD)


def _check_tile(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown tile kind {kind!r}")


def _dimmed(img: Image.Image, keep: tuple[int, int, int, int]) -> Image.Image:
    """``img`` faded towards the background except inside ``keep``."""
    faded = Image.blend(img, Image.new("RGB", img.size, pal.BACKGROUND), DIM)
    faded.paste(img.crop(keep), keep[:2])
    return faded


# --- the tile alone -----------------------------------------------------------------
CHOICE_TILE = 120


def render_tile_choices(kind: str, rotations: Sequence[int], captions: Captions) -> bytes:
    """PNG of :func:`tile_choices_image`."""
    return png_bytes(tile_choices_image(kind, rotations, captions))


def tile_choices_image(kind: str, rotations: Sequence[int], captions: Captions) -> Image.Image:
    """The tile in hand under ``Captions.tile_to_place``, in each of
    ``rotations`` (repeats dropped), numbered 1..n when there are several:
    for a panel before a cell is chosen (the placement preview shows the
    rotations in place once it is)."""
    _check_tile(kind)
    rots: list[int] = []
    for r in rotations:
        if r not in ROTATIONS:
            raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {r!r}")
        if r not in rots:
            rots.append(int(r))
    rots = rots or [0]
    head = PAD + line_height(TITLE_PX) + PAD // 2
    width = max(PAD + len(rots) * (CHOICE_TILE + PAD), 300)
    img = Image.new("RGB", (width, head + CHOICE_TILE + PAD), pal.PANEL)
    draw = ImageDraw.Draw(img)
    _title(draw, captions.tile_to_place, width)
    for i, r in enumerate(rots):
        x = PAD + i * (CHOICE_TILE + PAD)
        img.paste(tile_image(kind, r, CHOICE_TILE), (x, head))
        if len(rots) > 1:
            number_badge(img, (x + BADGE_PX + 2, head + BADGE_PX + 2), i + 1, BADGE_PX)
    return img


# --- placement ----------------------------------------------------------------------
def render_placement_preview(
    view: PublicView,
    cell: tuple[int, int],
    kind: str,
    rotations: Sequence[int],
    captions: Captions,
) -> bytes:
    """PNG of :func:`placement_preview`."""
    return png_bytes(placement_preview(view, cell, kind, rotations, captions))


def placement_preview(
    view: PublicView,
    cell: tuple[int, int],
    kind: str,
    rotations: Sequence[int],
    captions: Captions,
) -> Image.Image:
    """Tile ``kind`` at ``cell`` in each of ``rotations`` (degrees clockwise,
    drawn in this order and numbered 1..n), each among the 8 cells around.
    Raises ValueError for an unknown kind, a bad rotation or an occupied
    cell (the state is only read)."""
    _check_tile(kind)
    x, y = int(cell[0]), int(cell[1])
    if any((t.x, t.y) == (x, y) for t in view.tiles):
        raise ValueError(f"cell {x},{y} already holds a tile")
    rots = [int(r) for r in rotations]
    for r in rots:
        if r not in ROTATIONS:
            raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {r!r}")
    panel = 3 * ROT_TILE
    cols = 1 if len(rots) <= 1 else 2
    rows = max(1, (len(rots) + cols - 1) // cols)
    head = PAD + line_height(TITLE_PX) + PAD // 2
    width = PAD + cols * (panel + PAD)
    img = Image.new("RGB", (width, head + rows * (panel + PAD)), pal.PANEL)
    draw = ImageDraw.Draw(img)
    _title(draw, captions.rotations_title(x, y), width)
    bounds = (x - 1, y - 1, x + 1, y + 1)
    centre = (ROT_TILE, ROT_TILE, 2 * ROT_TILE, 2 * ROT_TILE)
    for i, r in enumerate(rots):
        cells, _ = paint_cells(
            view, bounds, ROT_TILE, extra=(TileView(kind, x, y, r),), frame_last=False
        )
        cells = _dimmed(cells, centre)
        d = ImageDraw.Draw(cells)
        d.rectangle(centre, outline=pal.MARK_INK, width=4)
        d.rectangle(
            (centre[0] + 1, centre[1] + 1, centre[2] - 2, centre[3] - 2),
            outline=pal.HIGHLIGHT,
            width=2,
        )
        number_badge(cells, (ROT_TILE * 0.5, ROT_TILE * 0.5), i + 1, BADGE_PX + 4)
        px = PAD + (i % cols) * (panel + PAD)
        py = head + (i // cols) * (panel + PAD)
        img.paste(cells, (px, py))
    return img


# --- followers ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Mark:
    """A spot where a piece other than a follower may go now: outlined in the
    mark colour (unless it is a numbered spot too), with ``badge`` (a short
    non-number, e.g. "A") on a square, and a key entry ``label`` in words."""

    location: str
    badge: str
    label: str


def render_follower_preview(
    view: PublicView,
    spots: Sequence[str],
    captions: Captions,
    *,
    cell: tuple[int, int] | None = None,
    marks: Sequence[Mark] = (),
) -> bytes:
    """PNG of :func:`follower_preview`."""
    return png_bytes(follower_preview(view, spots, captions, cell=cell, marks=marks))


def mark_badge(img: Image.Image, at: tuple[float, float], text: str, px: int) -> None:
    """``text`` on a square in the mark colour centred on ``at``: unlike the
    number discs, so that it never reads as a number."""
    sprite = badge_sprite(text, px, square=True)
    img.paste(sprite, (round(at[0] - sprite.width / 2), round(at[1] - sprite.height / 2)), sprite)


# Bands round a region's edge from one box blur of its mask: a wide dark one
# and a narrower light one inside it, both centred on the edge.
_DARK_BAND = [255 if 0 < v < 255 else 0 for v in range(256)]
_LIGHT_BAND = [255 if 50 < v < 205 else 0 for v in range(256)]
_HALF = [255 if v > 127 else 0 for v in range(256)]


@lru_cache(maxsize=64)
def _rims(kind: str, rotation: int, seg: int, size: int) -> tuple[Image.Image, Image.Image]:
    """The dark and light rims of segment ``seg`` at ``size`` px."""
    big = segment_masks(kind, rotation)[seg].resize((size, size), Image.Resampling.BILINEAR)
    # Smooth the mask's pixel steps, then take the half-way contour.
    smooth = big.filter(ImageFilter.BoxBlur(max(1, size // 45))).point(_HALF)
    blur = smooth.filter(ImageFilter.BoxBlur(3))
    return blur.point(_DARK_BAND), blur.point(_LIGHT_BAND)


def follower_preview(
    view: PublicView,
    spots: Sequence[str],
    captions: Captions,
    *,
    cell: tuple[int, int] | None = None,
    marks: Sequence[Mark] = (),
) -> Image.Image:
    """The tile at ``cell`` (default: the last placed) enlarged, each location
    of ``spots`` (names as in docs/notation.md, e.g. ``"N"``, ``"WSW"``, ``"C"``)
    outlined and numbered 1..n in the given order, then each of ``marks``
    outlined with its badge, with a key naming each number's feature and each
    mark's label. A spot both numbered and marked shows both badges side by
    side. Raises ValueError when no tile lies there or a spot is not a
    location of that tile."""
    at = cell if cell is not None else view.last_placed
    if at is None:
        raise ValueError("no tile has been placed yet")
    x, y = int(at[0]), int(at[1])
    tile = next((t for t in view.tiles if (t.x, t.y) == (x, y)), None)
    if tile is None:
        raise ValueError(f"no tile at {x},{y}")
    f = face(tile.kind, tile.rotation)
    segs: list[int] = []
    marked: list[int] = []
    for loc in [*spots, *(m.location for m in marks)]:
        seg = f.name_to_seg.get(str(loc))
        if seg is None:
            raise ValueError(f"{loc!r} is not a place on the tile at {x},{y}")
        (segs if len(segs) < len(spots) else marked).append(seg)

    size = FOLLOW_TILE
    cells, _ = paint_cells(view, (x - 1, y - 1, x + 1, y + 1), size, frame_last=False)
    margin = round(size * FOLLOW_MARGIN)
    crop = (size - margin, size - margin, 2 * size + margin, 2 * size + margin)
    view_img = _dimmed(cells.crop(crop), (margin, margin, margin + size, margin + size))
    d = ImageDraw.Draw(view_img)
    # Rims first (dark, then light inside), so that numbers are drawn over them.
    dark_ink = Image.new("RGB", (size, size), pal.MARK_INK)
    light_ink = Image.new("RGB", (size, size), pal.HIGHLIGHT)
    mark_ink = Image.new("RGB", (size, size), pal.MARKED)
    for seg in dict.fromkeys([*segs, *marked]):
        dark, light = _rims(tile.kind, tile.rotation, seg, size)
        view_img.paste(dark_ink, (margin, margin), dark)
        view_img.paste(light_ink if seg in segs else mark_ink, (margin, margin), light)
    badges = [*segs, *marked]  # every badge by its segment, numbers first
    for i, seg in enumerate(badges):
        ax, ay = anchor(tile.kind, tile.rotation, seg)
        same = [j for j, s in enumerate(badges) if s == seg]
        shift = (same.index(i) - (len(same) - 1) / 2) * BADGE_PX * 2
        centre = (margin + ax * size + shift, margin + ay * size)
        if i < len(segs):
            number_badge(view_img, centre, i + 1, BADGE_PX)
        else:
            mark_badge(view_img, centre, marks[i - len(segs)].badge, BADGE_PX)
    d.rectangle(
        (margin - 2, margin - 2, margin + size + 1, margin + size + 1),
        outline=pal.HIGHLIGHT,
        width=2,
    )

    # The key: a small numbered disc and the feature's name, flowing over lines.
    width = max(view_img.width + 2 * PAD, 320)
    entries: list[tuple[int | str, str]] = [
        (i + 1, captions.feature(f.segments[s].kind)) for i, s in enumerate(segs)
    ]
    entries += [(m.badge, m.label) for m in marks]
    line_h = max(line_height(KEY_PX), 2 * KEY_PX) + 4
    placed: list[tuple[int, int, int | str, str]] = []
    kx, row = PAD, 0
    for n, word in entries:
        w = 2 * KEY_PX + 6 + min(text_width(word, KEY_PX), width - 4 * PAD)
        if kx + w > width - PAD and kx > PAD:
            kx, row = PAD, row + 1
        placed.append((kx, row, n, word))
        kx += w + 2 * PAD
    head = PAD + line_height(TITLE_PX) + PAD // 2
    key_h = (row + 1) * line_h + PAD if entries else 0
    img = Image.new("RGB", (width, head + view_img.height + key_h + PAD), pal.PANEL)
    draw = ImageDraw.Draw(img)
    # No follower spot, only marks (say, the abbot's garden): no number to pick.
    _title(draw, captions.follower_title if spots else captions.marks_title, width)
    img.paste(view_img, ((width - view_img.width) // 2, head))
    top = head + view_img.height + PAD
    for kx, row, n, word in placed:
        cy = top + row * line_h + line_h / 2
        px = KEY_PX - 1 if KEY_PX > 13 else 13
        if isinstance(n, int):
            number_badge(img, (kx + KEY_PX * 0.75, cy), n, px)
        else:
            mark_badge(img, (kx + KEY_PX * 0.75, cy), n, px)
        draw_text(
            draw,
            (kx + 2 * KEY_PX + 6, cy),
            word,
            KEY_PX,
            pal.TEXT,
            anchor="lm",
            max_width=width - 4 * PAD,
        )
    return img
