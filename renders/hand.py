"""One player's hand, sent to that player only (DM or ephemeral reply).

The caller describes the hand as :class:`HandSection` values (one per
expansion that gives hidden things: card names, effect texts and headings in
the reader's language, from the expansion's presentation adapter); this
module only lays them out: cards two per row (the cards of a row as tall as
each other), chips two per row with what each pays beside it (room for a
few lines: "4 tiles exactly: pays 8"), all text readable on a phone.
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
CHIP = 52
CHIP_LINES = 3  # of a chip's caption; more is cut with an ellipsis
CHIP_W = (WIDTH - (PER_ROW + 1) * PAD) // PER_ROW  # a chip and its caption


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


def _lines(text: str, px: int, width: int, most: int) -> list[str]:
    lines = wrap(text, px, width)
    if len(lines) > most:
        lines = [*lines[: most - 1], lines[most - 1] + " …"]
    return lines


def _card_height(card: Card) -> int:
    lines = len(_lines(card.text, BODY, CARD_W - 20, MAX_LINES))
    corner_h = line_height(SMALL) + 6 if card.corner else 6
    return (
        line_height(SMALL)
        + 14
        + line_height(TITLE)
        + 4
        + lines * (line_height(BODY) - 2)
        + corner_h
        + 6
    )


def _card(card: Card, height: int) -> Image.Image:
    """One card face ``height`` pixels tall (the tallest of its row)."""
    body_lh = line_height(BODY) - 2
    lines = _lines(card.text, BODY, CARD_W - 20, MAX_LINES)
    band_h = line_height(SMALL) + 8
    top = band_h + 6
    title_h = line_height(TITLE) + 4
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
    rows = []
    for i in range(0, len(section.cards), PER_ROW):
        row = section.cards[i : i + PER_ROW]
        tallest = max(_card_height(c) for c in row)
        rows.append([_card(c, tallest) for c in row])
    cards_h = sum(r[0].height + PAD for r in rows)
    text_w = CHIP_W - CHIP - 10
    chip_lines = [_lines(c.caption, BODY, text_w, CHIP_LINES) for c in section.chips]
    chip_rows = [
        max(CHIP, *(len(lines) * line_height(BODY) for lines in chip_lines[i : i + PER_ROW])) + 10
        for i in range(0, len(chip_lines), PER_ROW)
    ]
    body = cards_h + sum(chip_rows)
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
        y += r[0].height + PAD
    for i, (chip, lines) in enumerate(zip(section.chips, chip_lines, strict=True)):
        row_h = chip_rows[i // PER_ROW]
        x = PAD + (i % PER_ROW) * (CHIP_W + PAD)
        s = chip_sprite(seat, CHIP, chip.face)
        img.paste(s, (x, y + (row_h - CHIP) // 2), s)
        ty = y + (row_h - len(lines) * line_height(BODY)) / 2
        for line in lines:
            draw_text(d, (x + CHIP + 10, ty), line, BODY, pal.TEXT)
            ty += line_height(BODY)
        if i % PER_ROW == PER_ROW - 1:
            y += row_h
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
