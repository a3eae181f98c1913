"""The whole board, small, beside the scores of the turn image (renders.turn).

It shows where the part drawn large lies (a frame round it) and every cell
where the tile in hand fits: those inside the frame as dots (their numbers
are on the large board), those outside with their numbers, each badge moved
off its neighbours' when cells crowd, with a line back to its cell. No
followers or marks: at this size they would hide the numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.views import PublicView
from renders import palette as pal
from renders.board import Bounds, badge_sprite
from renders.choices import Cell
from renders.tiles import tile_image

BADGE_PX = 12  # phone pixels of a number on the overview (renders.text.MIN_PX)
MAX_TILE = 26  # phone pixels: a small board stays a map, not a second board


def tile_px(bounds: Bounds, box: tuple[int, int], scale: float) -> int:
    """Side of a cell on an overview of ``box`` (width, height) pixels."""
    cols, rows = bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1
    margin = 2 * _margin(scale)
    side = min((box[0] - margin) // cols, (box[1] - margin) // rows, round(MAX_TILE * scale))
    return max(2, side - side % 2)


def _margin(scale: float) -> int:
    """Room round the map for badges of cells on its edge."""
    return round((BADGE_PX * 0.75 + 3) * scale)


def _origin(bounds: Bounds, box: tuple[int, int], side: int) -> tuple[int, int]:
    """Top left of the map, centred in the box."""
    map_w = (bounds[2] - bounds[0] + 1) * side
    map_h = (bounds[3] - bounds[1] + 1) * side
    return (box[0] - map_w) // 2, (box[1] - map_h) // 2


def _centre(bounds: Bounds, box: tuple[int, int], side: int, cell: Cell) -> tuple[float, float]:
    left, top = _origin(bounds, box, side)
    return (
        left + (cell[0] - bounds[0]) * side + side / 2,
        top + (cell[1] - bounds[1]) * side + side / 2,
    )


def badge_spots(
    bounds: Bounds, numbers: Mapping[Cell, int], box: tuple[int, int], scale: float
) -> dict[Cell, tuple[float, float]]:
    """Where the badges of ``numbers`` go on an overview of ``box`` pixels:
    on their cell when it is free, else the nearest free spot on rings round
    it, tried away from the board's middle first (cells where a tile fits lie
    on the board's rim, where there is room)."""
    side = tile_px(bounds, box, scale)
    left, top = _origin(bounds, box, side)
    cols, rows = bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1
    middle = (left + cols * side / 2, top + rows * side / 2)
    px = round(BADGE_PX * scale)
    sizes = {c: badge_sprite(n, px).width for c, n in numbers.items()}
    placed: dict[Cell, tuple[float, float]] = {}
    # Placed badges by square of the widest badge's side: a badge can only
    # touch those in its own square and the eight round it.
    grid = max(sizes.values(), default=1)
    near: dict[tuple[int, int], list[Cell]] = {}

    def square(p: tuple[float, float]) -> tuple[int, int]:
        return int(p[0] // grid), int(p[1] // grid)

    def clear(cell: Cell, p: tuple[float, float]) -> float:
        """How far a badge at ``p`` stays clear of those placed and of the
        box's edge (negative: it overlaps by that much)."""
        r = sizes[cell] / 2
        room = min(p[0] - r, p[1] - r, box[0] - p[0] - r, box[1] - p[1] - r)
        gx, gy = square(p)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in near.get((gx + dx, gy + dy), ()):
                    q = placed[other]
                    room = min(room, math.dist(p, q) - (r + sizes[other] / 2) + 1)
        return room

    for cell in sorted(numbers, key=lambda c: numbers[c]):
        cx, cy = _centre(bounds, box, side, cell)
        out = math.atan2(cy - middle[1], cx - middle[0])
        best, best_room = (cx, cy), clear(cell, (cx, cy))
        step = sizes[cell] * 0.55
        for ring in range(1, 8):
            if best_room >= 0:
                break
            for k in range(16):
                # 0, +1, -1, +2, -2 ... sixteenths of a turn from "outwards".
                turn = (k + 1) // 2 * (1 if k % 2 else -1)
                a = out + turn * math.pi / 8
                p = (cx + ring * step * math.cos(a), cy + ring * step * math.sin(a))
                room = clear(cell, p)
                if room > best_room:
                    best, best_room = p, room
                if room >= 0:
                    break
        placed[cell] = best
        near.setdefault(square(best), []).append(cell)
    return placed


def overview_image(
    view: PublicView,
    bounds: Bounds,
    region: Bounds,
    numbers: Mapping[Cell, int],
    box: tuple[int, int],
    scale: float,
) -> Image.Image:
    """The board within ``bounds`` on a ``box`` (width, height) image, the
    cells of ``region`` framed, ``numbers`` marked as described above."""
    img = Image.new("RGB", box, pal.BACKGROUND)
    draw = ImageDraw.Draw(img)
    side = tile_px(bounds, box, scale)
    x0, y0, x1, y1 = bounds
    left, top = _origin(bounds, box, side)

    def corner(x: int, y: int) -> tuple[int, int]:
        return left + (x - x0) * side, top + (y - y0) * side

    right, bottom = corner(x1 + 1, y1 + 1)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=pal.EMPTY_CELL)
    for t in view.tiles:
        if x0 <= t.x <= x1 and y0 <= t.y <= y1:
            img.paste(tile_image(t.kind, t.rotation, side), corner(t.x, t.y))
    rx0, ry0 = corner(region[0], region[1])
    rx1, ry1 = corner(region[2] + 1, region[3] + 1)
    ring = max(2, round(1.5 * scale))
    draw.rectangle((rx0 - ring, ry0 - ring, rx1 + ring - 1, ry1 + ring - 1), outline=pal.MARK_INK)
    draw.rectangle((rx0 - 1, ry0 - 1, rx1, ry1), outline=pal.REGION, width=ring)
    dot = max(2.0, side * 0.22)
    for cell in numbers:
        cx, cy = _centre(bounds, box, side, cell)
        draw.ellipse(
            (cx - dot, cy - dot, cx + dot, cy + dot), fill=pal.LEGAL, outline=pal.LEGAL_BADGE
        )
    outside = {c: n for c, n in numbers.items() if not _inside(c, region)}
    spots = badge_spots(bounds, outside, box, scale)
    line = max(1, round(scale))
    for cell, (bx, by) in spots.items():
        cx, cy = _centre(bounds, box, side, cell)
        if (bx, by) != (cx, cy):
            draw.line([(cx, cy), (bx, by)], fill=pal.LEGAL_BADGE, width=line + 2)
            draw.line([(cx, cy), (bx, by)], fill=pal.LEGAL, width=line)
    px = round(BADGE_PX * scale)
    for cell, (bx, by) in spots.items():
        sprite = badge_sprite(outside[cell], px)
        img.paste(sprite, (round(bx - sprite.width / 2), round(by - sprite.height / 2)), sprite)
    return img


def _inside(cell: Cell, region: Bounds) -> bool:
    return region[0] <= cell[0] <= region[2] and region[1] <= cell[1] <= region[3]
