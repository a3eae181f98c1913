"""Followers, expansions' pieces and chips in player colours, each marked with
its seat's letter and outlined by two rings (renders.palette: one dark, one
light), so that a piece stands out on any terrain.

The sizes a board draws them at are here (:func:`follower_px`,
:func:`letter_px`), so that a layout can say how large a seat letter is
shown before anything is drawn (renders.turn)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renders import art
from renders import palette as pal
from renders.text import draw_text

SUPERSAMPLE = 4

# A meeple in a unit box: body outline and head (centre, radius).
_BODY = (
    (0.36, 0.34),
    (0.10, 0.44),
    (0.04, 0.58),
    (0.30, 0.60),
    (0.16, 0.97),
    (0.42, 0.97),
    (0.50, 0.80),
    (0.58, 0.97),
    (0.84, 0.97),
    (0.70, 0.60),
    (0.96, 0.58),
    (0.90, 0.44),
    (0.64, 0.34),
)
_HEAD = ((0.5, 0.2), 0.16)
_LETTER_AT = (0.5, 0.58)  # body centre, standing
FOLLOWER_OF_TILE = 0.46  # a follower's side, of the tile it stands on
LETTER_OF_SPRITE = 0.5  # the seat letter's font size, of the follower's side
# The two rings round a piece, grown out of its silhouette (of its side).
INNER_RING, OUTER_RING = 0.04, 0.075


def follower_px(tile: int) -> int:
    """Side of a follower standing on a tile of ``tile`` pixels."""
    return max(12, round(tile * FOLLOWER_OF_TILE))


def letter_px(sprite: int) -> float:
    """Font size of the seat letter on a follower ``sprite`` pixels across."""
    return LETTER_OF_SPRITE * sprite


def _silhouette(
    px: int, body: list[tuple[float, float]], head: tuple[float, float, float], grow: int
) -> Image.Image:
    shape = Image.new("L", (px, px), 0)
    d = ImageDraw.Draw(shape)
    d.polygon(body, fill=255)
    if grow:
        d.line([*body, body[0]], fill=255, width=2 * grow, joint="curve")
        for x, y in body:
            d.ellipse((x - grow, y - grow, x + grow, y + grow), fill=255)
    cx, cy, r = head
    r += grow
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    return shape


@lru_cache(maxsize=256)
def follower_sprite(seat: int, lying: bool, size: int) -> Image.Image:
    """RGBA follower ``size`` pixels across; lying ones (farmers, and those laid
    down by an effect) are turned on their side. Callers must not modify it."""
    px = size * SUPERSAMPLE
    pad = max(3, round(0.085 * px))
    inner = px - 2 * pad
    body_pts = [(pad + x * inner, pad + y * inner) for x, y in _BODY]
    (hx, hy), hr = _HEAD
    head = (pad + hx * inner, pad + hy * inner, hr * inner)
    shape = _silhouette(px, body_pts, head, 0)
    # The rings: the same silhouette grown (drawn, not filtered: a max filter
    # over a large sprite costs tens of milliseconds).
    ring = _silhouette(px, body_pts, head, max(1, round(INNER_RING * px)))
    halo = _silhouette(px, body_pts, head, max(2, round(OUTER_RING * px)))
    letter_at = (pad + _LETTER_AT[0] * inner, pad + _LETTER_AT[1] * inner)
    if lying:
        # Lying on its back, head to the west; the letter stays upright.
        shape, ring, halo = (m.transpose(Image.Transpose.ROTATE_90) for m in (shape, ring, halo))
        letter_at = (letter_at[1], px - letter_at[0])
    colour = pal.player_colour(seat)
    out = Image.new("RGBA", (px, px), (*pal.halo_for(colour), 0))
    out.putalpha(halo)
    out.paste(pal.outline_for(colour), (0, 0, px, px), ring)
    out.paste(colour, (0, 0, px, px), shape)
    seat_letter(ImageDraw.Draw(out), letter_at, seat, max(6, round(LETTER_OF_SPRITE * px)))
    return out.resize((size, size), Image.Resampling.LANCZOS)


def piece_sprite(piece: str | None, seat: int, lying: bool, size: int) -> Image.Image:
    """A follower's sprite, or the sprite of an expansion's piece (A-1) from
    its renders module (renders.art), found by the piece's name."""
    if piece is not None:
        art.load()
        sprite = art.PIECES.get(piece)
        if sprite is not None:
            return sprite(seat, lying, size)
    return follower_sprite(seat, lying, size)


def seat_letter(
    draw: ImageDraw.ImageDraw, at: tuple[float, float], seat: int, px: int, scale: int = SUPERSAMPLE
) -> None:
    """The seat's letter centred on ``at``, in the ink that reads on its colour
    (on a sprite drawn ``scale`` times larger than shown)."""
    colour = pal.player_colour(seat)
    ink = pal.ink_on(colour)
    letter = pal.player_letter(seat)
    draw_text(draw, at, letter, px, ink, anchor="mm", bold=True, mark=True, scale=scale)


@lru_cache(maxsize=64)
def chip_sprite(seat: int, size: int, face: str = "") -> Image.Image:
    """A round betting chip (T-1) in the seat's colour with its seat's letter,
    or showing a face from its owner's own supply (T-3: faces on the board
    stay hidden, so the board draws chips without one)."""
    px = size * SUPERSAMPLE
    out = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(out)
    colour = pal.player_colour(seat)
    line = max(2, px // 14)
    d.ellipse((1, 1, px - 2, px - 2), fill=pal.halo_for(colour))
    d.ellipse(
        (line, line, px - 1 - line, px - 1 - line),
        fill=colour,
        outline=pal.outline_for(colour),
        width=line,
    )
    k = px * 0.22
    if not face:
        d.ellipse((k, k, px - k, px - k), outline=pal.ink_on(colour), width=max(1, line // 2))
    draw_text(
        d,
        (px / 2, px / 2),
        face or pal.player_letter(seat),
        max(6, round(px * (0.42 if len(face) <= 2 else 0.32))),
        pal.ink_on(colour),
        anchor="mm",
        bold=True,
        mark=not face,
        scale=SUPERSAMPLE,
    )
    return out.resize((size, size), Image.Resampling.LANCZOS)


def winner_star(draw: ImageDraw.ImageDraw, at: tuple[float, float], r: float) -> None:
    """The winner's mark: a gold five-pointed star (a shape, not only a colour)."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((at[0] + rad * math.cos(a), at[1] + rad * math.sin(a)))
    draw.polygon(pts, fill=pal.OFFICE_COIN, outline=pal.MARK_INK)
