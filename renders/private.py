"""Private images, sent to one player only (ephemeral replies).

* :func:`render_tile_choices`: the tile to place in each legal rotation.
* :func:`render_hand`: one player's hidden things from their
  :class:`engine.views.PrivateView`: gift cards (G-1), Christmas cards with
  their timing class (X-3), and the betting chips in their own supply (T-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.directions import ROTATIONS
from engine.tiles import KINDS
from engine.views import PrivateView
from renders import palette as pal
from renders.cards import CLASS_LABELS, DECK_LABELS, GIFT_TIMING, chip_payout, gift_text
from renders.pieces import chip_sprite, follower_sprite
from renders.png import png_bytes
from renders.text import fit, font, text_width, wrap
from renders.tiles import tile_image

CHOICE_TILE = 128
PAD = 14


def render_tile_choices(kind: str, rotations: Iterable[int]) -> bytes:
    """PNG of tile ``kind`` in each of ``rotations`` (degrees clockwise), each
    labelled ``r<rotation>`` as in text moves (NOTATION.md)."""
    return png_bytes(tile_choices_image(kind, rotations))


def tile_choices_image(kind: str, rotations: Iterable[int]) -> Image.Image:
    if kind not in KINDS:
        raise ValueError(f"unknown tile kind {kind!r}")
    rots: list[int] = []
    for r in rotations:
        if r not in ROTATIONS:
            raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {r!r}")
        if r not in rots:
            rots.append(r)
    title_f, label_f = font(16), font(15)
    title = f"Tile {kind}"
    if not rots:
        title += " - fits nowhere"
    n = max(1, len(rots))
    width = max(PAD + n * (CHOICE_TILE + PAD), text_width(title, title_f) + 2 * PAD)
    height = 34 + CHOICE_TILE + 30
    img = Image.new("RGB", (width, height), pal.PANEL)
    draw = ImageDraw.Draw(img)
    draw.text((PAD, 17), title, font=title_f, fill=pal.TEXT, anchor="lm")
    for i, r in enumerate(rots):
        x = PAD + i * (CHOICE_TILE + PAD)
        img.paste(tile_image(kind, r, CHOICE_TILE), (x, 34))
        draw.text(
            (x + CHOICE_TILE / 2, 34 + CHOICE_TILE + 15),
            f"r{r}",
            font=label_f,
            fill=pal.TEXT,
            anchor="mm",
        )
    return img


# --- the hand -------------------------------------------------------------------
CARD_W, CARD_H = 220, 150
PER_ROW = 4
CHIP = 52


def render_hand(view: PrivateView) -> bytes:
    """PNG of ``view.player``'s gifts, Christmas cards and chip supply."""
    return png_bytes(hand_image(view))


def _card(name: str, text: str, band: pal.RGB, band_text: str, corner: str = "") -> Image.Image:
    card = Image.new("RGB", (CARD_W, CARD_H), pal.PANEL)
    d = ImageDraw.Draw(card)
    d.rounded_rectangle(
        (0, 0, CARD_W - 1, CARD_H - 1), radius=10, fill=pal.CARD_FACE, outline=band, width=3
    )
    d.rounded_rectangle((0, 0, CARD_W - 1, 24), radius=10, fill=band)
    d.rectangle((0, 14, CARD_W - 1, 24), fill=band)
    small, title, body = font(11), font(16), font(12)
    d.text(
        (10, 12), fit(band_text, small, CARD_W - 20), font=small, fill=pal.ink_on(band), anchor="lm"
    )
    d.text((10, 40), fit(name, title, CARD_W - 20), font=title, fill=pal.CARD_TEXT, anchor="lm")
    y = 58
    for line in wrap(text, body, CARD_W - 20):
        if y > CARD_H - 30:
            break
        d.text((10, y), line, font=body, fill=pal.CARD_TEXT)
        y += 15
    if corner:
        d.text((CARD_W - 10, CARD_H - 10), corner, font=small, fill=pal.TEXT_DIM, anchor="rb")
    return card


def _christmas_card(item: Any) -> Image.Image:
    if not isinstance(item, dict):
        return _card(str(item), "", pal.TEXT_DIM, "CARD")
    cls = str(item.get("class", ""))
    colour = pal.CLASS_COLOURS.get(cls, pal.TEXT_DIM)
    name = str(item.get("name") or item.get("card") or "?")
    deck = DECK_LABELS.get(str(item.get("deck", "")), str(item.get("deck", "")))
    return _card(name, str(item.get("text", "")), colour, CLASS_LABELS.get(cls, cls.upper()), deck)


def _section(title: str, note: str, cards: Sequence[Image.Image], width: int) -> Image.Image:
    rows = max(1, (len(cards) + PER_ROW - 1) // PER_ROW)
    note_f = font(12)
    notes = wrap(note, note_f, width - 2 * PAD) if note else []
    head = 30 + 16 * len(notes)
    h = head + (rows * (CARD_H + PAD) if cards else 24) + 4
    img = Image.new("RGB", (width, h), pal.PANEL)
    d = ImageDraw.Draw(img)
    d.text((PAD, 16), title, font=font(16), fill=pal.TEXT, anchor="lm")
    for i, line in enumerate(notes):
        d.text((PAD, 30 + 16 * i), line, font=note_f, fill=pal.TEXT_DIM)
    if not cards:
        d.text((PAD, head + 4), "none", font=font(13), fill=pal.TEXT_DIM)
    for i, c in enumerate(cards):
        x = PAD + (i % PER_ROW) * (CARD_W + PAD)
        y = head + (i // PER_ROW) * (CARD_H + PAD)
        img.paste(c, (x, y))
    return img


def _chips(seat: int, faces: Sequence[Any], width: int) -> Image.Image:
    cell = CHIP + 24
    per_row = max(1, (width - 2 * PAD) // cell)
    rows = max(1, (len(faces) + per_row - 1) // per_row)
    row_h = CHIP + 22
    h = 34 + (rows * row_h if faces else 24) + 4
    img = Image.new("RGB", (width, h), pal.PANEL)
    d = ImageDraw.Draw(img)
    title = f"Chips in your supply ({len(faces)})"
    d.text(
        (PAD, 16), fit(title, font(16), width - 2 * PAD), font=font(16), fill=pal.TEXT, anchor="lm"
    )
    if not faces:
        d.text((PAD, 34), "none", font=font(13), fill=pal.TEXT_DIM)
    small = font(12)
    for i, face in enumerate(faces):
        x = PAD + (i % per_row) * cell
        y = 34 + (i // per_row) * row_h
        s = chip_sprite(seat, CHIP, str(face))
        img.paste(s, (x + (cell - CHIP) // 2, y), s)
        pays = chip_payout(str(face))
        d.text(
            (x + cell / 2, y + CHIP + 9),
            fit(pays, small, cell),
            font=small,
            fill=pal.TEXT,
            anchor="mm",
        )
    return img


def hand_image(view: PrivateView) -> Image.Image:
    seat = view.player
    public = view.public
    hidden = view.hidden
    width = PAD + PER_ROW * (CARD_W + PAD)
    parts: list[Image.Image] = []
    gifts = hidden.get("gifts")
    if gifts is not None or "gifts" in public.expansions:
        cards = [_card(*gift_text(str(c)), pal.GIFT_COLOUR, "GIFT") for c in gifts or ()]
        parts.append(_section(f"Gifts ({len(cards)})", GIFT_TIMING, cards, width))
    hand = hidden.get("hand")
    if hand is not None or "christmas" in public.expansions:
        cards = [_christmas_card(c) for c in hand or ()]
        parts.append(_section(f"Christmas cards ({len(cards)} of 5)", "", cards, width))
    chips = hidden.get("chips")
    if chips is not None or "bets" in public.expansions:
        parts.append(_chips(seat, list(chips or ()), width))

    name = public.players[seat] if 0 <= seat < len(public.players) else f"seat {seat}"
    header_h = 40
    body_h = sum(p.height for p in parts) if parts else 30
    img = Image.new("RGB", (width, header_h + body_h + PAD), pal.PANEL)
    d = ImageDraw.Draw(img)
    icon = follower_sprite(seat, False, 30)
    img.paste(icon, (PAD, 5), icon)
    d.text(
        (PAD + 40, 20),
        fit(f"{name} - your hand (only you see this)", font(17), width - 80),
        font=font(17),
        fill=pal.TEXT,
        anchor="lm",
    )
    y = header_h
    if not parts:
        d.text(
            (PAD, y + 10),
            "Nothing in hand: this game has no cards or chips.",
            font=font(13),
            fill=pal.TEXT_DIM,
        )
    for p in parts:
        img.paste(p, (0, y))
        y += p.height
    return img
