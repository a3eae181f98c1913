"""One player's hand, sent to that player only (DM or ephemeral reply).

The caller describes the hand as :class:`HandSection` values (one per
expansion that gives hidden things: card names, effect texts and headings in
the reader's language, from the expansion's presentation adapter); this
module only lays them out: cards two per row, chips with their payouts, all
text readable on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renders import palette as pal
from renders.captions import Captions
from renders.pieces import chip_sprite, follower_sprite
from renders.png import png_bytes
from renders.text import draw_text, line_height, wrap

WIDTH = 560
PAD = 12
PER_ROW = 2
CARD_W = (WIDTH - (PER_ROW + 1) * PAD) // PER_ROW
MAX_LINES = 7  # of effect text on a card; more is cut with an ellipsis
CHIP = 56


@dataclass(frozen=True, slots=True)
class Card:
    """One card face: name, effect text, the band across the top (its kind,
    e.g. timing class) and an optional corner note (e.g. its deck)."""

    title: str
    text: str
    band: str
    tone: str = "neutral"  # colour of the band: a key of palette.CARD_TONES
    corner: str = ""


@dataclass(frozen=True, slots=True)
class Chip:
    """A chip from the player's own supply: its face and what it pays."""

    face: str
    caption: str = ""


@dataclass(frozen=True, slots=True)
class HandSection:
    title: str
    note: str = ""
    cards: tuple[Card, ...] = ()
    chips: tuple[Chip, ...] = ()


def render_hand(seat: int, name: str, sections: Sequence[HandSection], captions: Captions) -> bytes:
    """PNG of :func:`hand_image`."""
    return png_bytes(hand_image(seat, name, sections, captions))


# Text sizes (px; the image is about as wide as a phone shows it).
TITLE, BODY, SMALL, HEADING = 17, 14, 13, 17


def _card(card: Card) -> Image.Image:
    body_lh = line_height(BODY) - 2
    lines = wrap(card.text, BODY, CARD_W - 20)
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], lines[MAX_LINES - 1] + " …"]
    band_h = line_height(SMALL) + 8
    top = band_h + 6
    title_h = line_height(TITLE) + 4
    corner_h = line_height(SMALL) + 6 if card.corner else 6
    height = top + title_h + len(lines) * body_lh + corner_h + 6
    img = Image.new("RGB", (CARD_W, height), pal.PANEL)
    d = ImageDraw.Draw(img)
    colour = pal.card_tone(card.tone)
    d.rounded_rectangle(
        (0, 0, CARD_W - 1, height - 1), radius=10, fill=pal.CARD_FACE, outline=colour, width=3
    )
    d.rounded_rectangle((0, 0, CARD_W - 1, band_h), radius=10, fill=colour)
    d.rectangle((0, band_h - 8, CARD_W - 1, band_h), fill=colour)
    draw_text(
        d,
        (10, band_h / 2),
        card.band,
        SMALL,
        pal.ink_on(colour),
        anchor="lm",
        bold=True,
        max_width=CARD_W - 20,
    )
    draw_text(d, (10, top), card.title, TITLE, pal.CARD_TEXT, bold=True, max_width=CARD_W - 20)
    y = top + title_h
    for line in lines:
        draw_text(d, (10, y), line, BODY, pal.CARD_TEXT)
        y += body_lh
    if card.corner:
        draw_text(
            d,
            (CARD_W - 10, height - 8),
            card.corner,
            SMALL,
            pal.CARD_NOTE,
            anchor="rd",
            max_width=CARD_W - 20,
        )
    return img


def _section(seat: int, section: HandSection, captions: Captions) -> Image.Image:
    notes = wrap(section.note, SMALL, WIDTH - 2 * PAD) if section.note else []
    head = line_height(HEADING) + 10 + len(notes) * line_height(SMALL)
    cards = [_card(c) for c in section.cards]
    rows = [cards[i : i + PER_ROW] for i in range(0, len(cards), PER_ROW)]
    cards_h = sum(max(c.height for c in r) + PAD for r in rows)
    cell = CHIP + 40
    per_row = max(1, (WIDTH - 2 * PAD) // cell)
    chip_rows = (len(section.chips) + per_row - 1) // per_row
    chip_row_h = CHIP + line_height(SMALL) + 12
    body = cards_h + chip_rows * chip_row_h
    empty = not section.cards and not section.chips
    height = head + (line_height(BODY) + 8 if empty else body) + 6
    img = Image.new("RGB", (WIDTH, height), pal.PANEL)
    d = ImageDraw.Draw(img)
    draw_text(d, (PAD, 8), section.title, HEADING, pal.TEXT, bold=True, max_width=WIDTH - 2 * PAD)
    y = line_height(HEADING) + 10
    for note in notes:
        draw_text(d, (PAD, y), note, SMALL, pal.TEXT_DIM)
        y += line_height(SMALL)
    if empty:
        draw_text(d, (PAD, head), captions.none, BODY, pal.TEXT_DIM)
    y = head
    for r in rows:
        for i, c in enumerate(r):
            img.paste(c, (PAD + i * (CARD_W + PAD), y))
        y += max(c.height for c in r) + PAD
    for i, chip in enumerate(section.chips):
        x = PAD + (i % per_row) * cell
        cy = y + (i // per_row) * chip_row_h
        s = chip_sprite(seat, CHIP, chip.face)
        img.paste(s, (x + (cell - CHIP) // 2, cy), s)
        draw_text(
            d,
            (x + cell / 2, cy + CHIP + 4),
            chip.caption,
            SMALL,
            pal.TEXT,
            anchor="ma",
            max_width=cell - 4,
        )
    return img


def hand_image(
    seat: int, name: str, sections: Sequence[HandSection], captions: Captions
) -> Image.Image:
    """``name``'s hand (seat ``seat`` gives the colour of their chips and
    piece): a header, then each section (heading, note, cards, chips)."""
    parts = [_section(seat, s, captions) for s in sections]
    header_h = 8 + line_height(TITLE) + line_height(SMALL) + 8
    body = sum(p.height for p in parts) if parts else line_height(BODY) + 16
    img = Image.new("RGB", (WIDTH, header_h + body + PAD), pal.PANEL)
    d = ImageDraw.Draw(img)
    icon = follower_sprite(seat, False, 34)
    img.paste(icon, (PAD, (header_h - 34) // 2), icon)
    x = PAD + 44
    draw_text(d, (x, 8), name, TITLE, pal.TEXT, bold=True, max_width=WIDTH - x - PAD)
    draw_text(
        d,
        (x, 8 + line_height(TITLE)),
        captions.hand_private,
        SMALL,
        pal.TEXT_DIM,
        max_width=WIDTH - x - PAD,
    )
    y = header_h
    if not parts:
        draw_text(
            d, (PAD, y + 8), captions.hand_empty, BODY, pal.TEXT_DIM, max_width=WIDTH - 2 * PAD
        )
    for p in parts:
        img.paste(p, (0, y))
        y += p.height
    return img
