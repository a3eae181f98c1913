"""Procedural tile drawings from the tile tables (B-11 and each expansion's),
no artwork.

:func:`tile_image` draws one kind in one rotation at one size from
:func:`renders.geometry.layout`: fields, hedges, roads, cities with walls,
pennants, and the building at the centre (monastery or road junction). What
an expansion's tiles show besides (water, a betting office, a garden) its own
renders module paints (:mod:`renders.art`). Drawings are made at a larger
scale and scaled down for smooth edges, and cached per (kind, rotation, size).
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engine.directions import ROTATIONS
from engine.tiles import KINDS
from renders import art
from renders import palette as pal
from renders.geometry import CENTRE_RADIUS, ROAD_WIDTH, Layout, Point, layout

SUPERSAMPLE = 3


def _pts(points: tuple[Point, ...] | list[Point], px: float) -> list[tuple[float, float]]:
    return [(x * px, y * px) for x, y in points]


def _hedges(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    w = max(2, round(0.035 * px))
    for a, b in lay.hedges:
        draw.line(_pts([a, b], px), fill=pal.HEDGE, width=w)
        # Bushes along the hedge so it does not read as a road.
        for i in range(1, 6):
            t = i / 6
            x = (a[0] + (b[0] - a[0]) * t) * px
            y = (a[1] + (b[1] - a[1]) * t) * px
            r = 0.03 * px
            draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.HEDGE)


def _roads(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    w = round(ROAD_WIDTH * px)
    edge = max(2, round(0.02 * px))
    for r in lay.roads:
        draw.line(_pts(r.points, px), fill=pal.ROAD_EDGE, width=w + 2 * edge, joint="curve")
    for r in lay.roads:
        draw.line(_pts(r.points, px), fill=pal.ROAD, width=w, joint="curve")


def _cities(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    wall = max(2, round(0.05 * px))
    for c in lay.cities:
        draw.polygon(_pts(c.polygon, px), fill=pal.CITY)
        for w in c.walls:
            draw.line(_pts(w, px), fill=pal.WALL, width=wall, joint="curve")


def _pennant(draw: ImageDraw.ImageDraw, at: Point, px: float) -> None:
    """A small shield (B-7: a pennant adds to the city's score)."""
    x, y = at[0] * px, at[1] * px
    s = 0.085 * px
    shield = [
        (x - s, y - s),
        (x + s, y - s),
        (x + s, y + 0.2 * s),
        (x, y + 1.2 * s),
        (x - s, y + 0.2 * s),
    ]
    draw.polygon(
        shield, fill=pal.PENNANT, outline=pal.PENNANT_MARK, width=max(1, round(0.012 * px))
    )
    m = 0.4 * s
    draw.polygon(
        [(x - m, y - 0.4 * s), (x + m, y - 0.4 * s), (x, y + 0.5 * s)], fill=pal.PENNANT_MARK
    )


def _monastery(draw: ImageDraw.ImageDraw, px: float) -> None:
    c = px / 2
    r = CENTRE_RADIUS["monastery"] * px
    line = max(2, round(0.015 * px))
    body = (c - 0.75 * r, c - 0.15 * r, c + 0.75 * r, c + 0.95 * r)
    draw.rectangle(body, fill=pal.MONASTERY_WALL, outline=pal.ROAD_EDGE, width=line)
    roof = [(c - 0.95 * r, c - 0.1 * r), (c, c - 0.95 * r), (c + 0.95 * r, c - 0.1 * r)]
    draw.polygon(roof, fill=pal.MONASTERY_ROOF, outline=pal.ROAD_EDGE, width=line)
    # A cross on the ridge and an arched door.
    draw.line([(c, c - 0.95 * r), (c, c - 1.35 * r)], fill=pal.ROAD_EDGE, width=line)
    draw.line(
        [(c - 0.18 * r, c - 1.2 * r), (c + 0.18 * r, c - 1.2 * r)], fill=pal.ROAD_EDGE, width=line
    )
    draw.rounded_rectangle(
        (c - 0.22 * r, c + 0.35 * r, c + 0.22 * r, c + 0.95 * r),
        radius=0.2 * r,
        fill=pal.ROAD_EDGE,
    )


def _junction(draw: ImageDraw.ImageDraw, px: float) -> None:
    """Where several road ends meet (L, W, X): a small village square."""
    c = px / 2
    r = CENTRE_RADIUS["junction"] * px * 1.3
    draw.rectangle((c - r, c - r, c + r, c + r), fill=pal.JUNCTION, outline=(70, 60, 50))
    k = 0.5 * r
    draw.rectangle((c - k, c - k, c + k, c + k), fill=pal.CITY_ROOF)


_CENTRE_DRAW = {"monastery": _monastery, "junction": _junction}  # an expansion's: renders.art


MASTER = 128  # tiles up to this size are scaled down from one master drawing


def _draw(kind: str, rotation: int, px: int) -> Image.Image:
    lay = layout(kind, rotation)
    art.load()  # every expansion's painters
    img = Image.new("RGB", (px, px), pal.FIELD)
    draw = ImageDraw.Draw(img)
    _hedges(draw, lay, px)
    for paint in art.UNDER:
        paint(draw, lay, px)
    _roads(draw, lay, px)
    _cities(draw, lay, px)
    if lay.centre in _CENTRE_DRAW:
        _CENTRE_DRAW[lay.centre](draw, px)
    for spots in lay.pennant_spots:
        for at in spots:
            _pennant(draw, at, px)
    for paint in art.OVER:
        paint(draw, lay, px)
    return img


@cache
def master(kind: str, rotation: int) -> Image.Image:
    """The supersampled drawing every small size of this face is scaled from
    (so a board whose tile size changes costs a resize per face, not a redraw)."""
    return _draw(kind, rotation, MASTER * SUPERSAMPLE)


@lru_cache(maxsize=2048)
def tile_image(kind: str, rotation: int, size: int) -> Image.Image:
    """Tile ``kind`` turned ``rotation`` degrees clockwise, ``size`` pixels square.

    Callers must not modify the returned (cached) image.
    """
    if size * 3 <= MASTER * SUPERSAMPLE * 2:  # at least 1.5 master pixels per pixel
        big = master(kind, rotation)
    else:
        big = _draw(kind, rotation, size * 2)
    # Area averaging from a drawing three or more times larger: smooth and fast.
    out = big.resize((size, size), Image.Resampling.BOX)
    ImageDraw.Draw(out).rectangle((0, 0, size - 1, size - 1), outline=pal.TILE_BORDER)
    return out


def warm_up() -> None:
    """Draw every face's master (the slow part of a first board)."""
    for kind in KINDS:
        for rotation in ROTATIONS:
            master(kind, rotation)


def anchor(kind: str, rotation: int, seg: int) -> Point:
    """Unit-square spot where a follower on segment ``seg`` stands."""
    return layout(kind, rotation).anchors[seg]
