"""The River drawn (R-1): water on every river tile, a blue stream between
darker banks from edge to edge, a bridge where a road crosses it, the spring
as a small pool with its source and the lake as a wide pond. Where the next
river tile may go is what the caller numbers (the legal placements)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renders import palette as pal
from renders.art import register_tile_art
from renders.geometry import CENTRE_RADIUS, ROAD_WIDTH, WATER_WIDTH, Layout, band, centre_radius

SPRING, LAKE = "spring", "lake"  # the engine's names of the river's ends (RV1, RV2)
CENTRE_RADIUS.update({SPRING: 0.13, LAKE: 0.26})

WATER = (70, 140, 214)
WATER_LIGHT = (150, 200, 240)
BANK = (58, 92, 60)
STONE = (150, 140, 126)
PARAPET = (96, 88, 78)


def _pts(points: list[tuple[float, float]], px: float) -> list[tuple[float, float]]:
    return [(x * px, y * px) for x, y in points]


def paint_water(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    """The stream under the roads (a road crosses it on a bridge, drawn over)."""
    for w in lay.waters:
        draw.polygon(_pts(band(w, WATER_WIDTH + 0.05), px), fill=BANK)
    for w in lay.waters:
        draw.polygon(_pts(band(w, WATER_WIDTH), px), fill=WATER)
    for w in lay.waters:  # a light ripple along the middle
        mid = [(x * px, y * px) for x, y in w]
        draw.line(mid, fill=WATER_LIGHT, width=max(1, round(0.02 * px)), joint="curve")
    if lay.centre in (SPRING, LAKE):
        c, r = px / 2, centre_radius(lay.centre) * px
        bank = r + 0.025 * px
        draw.ellipse((c - bank, c - bank, c + bank, c + bank), fill=BANK)
        draw.ellipse((c - r, c - r, c + r, c + r), fill=WATER)
        if lay.centre == SPRING:  # stones round the source
            for i in range(8):
                a = i * math.pi / 4
                sx, sy = c + bank * math.cos(a), c + bank * math.sin(a)
                k = 0.03 * px
                draw.ellipse((sx - k, sy - k, sx + k, sy + k), fill=STONE)
        else:  # ripples on the lake
            for k in (0.45, 0.75):
                q = r * k
                draw.arc((c - q, c - q, c + q, c + q), 200, 320, fill=WATER_LIGHT, width=2)


def paint_bridges(draw: ImageDraw.ImageDraw, lay: Layout, px: float) -> None:
    """A bridge where a road crosses the water: the deck over the stream and
    its banks, with a stone parapet on each side."""
    half = (WATER_WIDTH / 2 + 0.05) * px  # along the road: the stream and its banks
    side = (ROAD_WIDTH / 2 + 0.025) * px  # across it: the parapets beside the deck
    wall = max(2, round(0.035 * px))
    for bridge in lay.bridges:
        x, y = bridge.at[0] * px, bridge.at[1] * px
        dx, dy = math.cos(bridge.angle), math.sin(bridge.angle)
        nx, ny = -dy, dx
        deck = [
            (x + sx * dx * half + sy * nx * side, y + sx * dy * half + sy * ny * side)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
        draw.polygon(deck, fill=pal.ROAD)
        for s in (-1, 1):
            ox, oy = x + s * nx * side, y + s * ny * side
            ends = [(ox - dx * half, oy - dy * half), (ox + dx * half, oy + dy * half)]
            draw.line(ends, fill=PARAPET, width=wall)


register_tile_art(under=paint_water, over=paint_bridges)
