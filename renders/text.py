"""Every text on every image is measured and drawn here.

* Fonts: the Noto fallback chain of :mod:`renders.fonts`; each character is
  set in the first font that has it, and a run of characters no font has is
  drawn as one clean placeholder (a small hollow diamond), never a
  missing-glyph box.
* Direction: lines are prepared by :mod:`renders.bidi` (Arabic joining,
  right-to-left order) before drawing, so Hebrew and Arabic names read right.
* Fit: :func:`fit` cuts a text with an ellipsis (in logical order, so a
  right-to-left name loses its end, shown at the left) to a pixel width;
  :func:`fit_names` cuts the names in a sentence instead, keeping its words.
* Legibility: :func:`draw_text` records the pixel size of each text while a
  :func:`recording` block is open; the tests check that every text stays
  >= 12 px when its image is shown 550 px wide (Discord on a phone).
  ``mark=True`` is for a piece's seat letter, a secondary cue (see
  renders.pieces), recorded apart.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from renders import fonts
from renders.bidi import INVISIBLE, prepare

Ink = tuple[int, int, int] | tuple[int, int, int, int]
ELLIPSIS = "…"
PHONE_WIDTH = 550  # Discord shows images this wide on a phone
MIN_PX = 12  # smallest readable text at that width


@dataclass(frozen=True, slots=True)
class TextRecord:
    text: str
    px: float  # size in the final image's pixels
    mark: bool


_recording: list[TextRecord] | None = None


@contextlib.contextmanager
def recording() -> Iterator[list[TextRecord]]:
    """Collect a :class:`TextRecord` for each text drawn inside the block."""
    global _recording
    outer = _recording
    records: list[TextRecord] = []
    _recording = records
    try:
        yield records
    finally:
        _recording = outer
        if outer is not None:
            outer.extend(records)


def scaled(px: float, width: int) -> int:
    """A text size of ``px`` pixels as seen on a phone, for an image
    ``width`` pixels wide (wider images are shown smaller, never larger)."""
    return round(px * max(1.0, width / PHONE_WIDTH))


# --- runs of one font -------------------------------------------------------------
class _AnyFont:
    """Code points some font of the chain has (for Arabic form choice)."""

    def __contains__(self, cp: object) -> bool:
        return isinstance(cp, int) and fonts.face_for(cp) is not None


@lru_cache(maxsize=4096)
def _runs(text: str) -> tuple[tuple[str, int | None], ...]:
    """``text`` ready to draw, split into (chars, font index) runs; a run no
    font covers has index None (drawn as one placeholder)."""
    line = prepare(text, _AnyFont())
    out: list[tuple[str, int | None]] = []
    for ch in line:
        if ch in INVISIBLE:
            continue
        face = fonts.face_for(ord(ch))
        if face is None and unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue  # an undrawable mark or format character: nothing to show
        if out and out[-1][1] == face:
            if face is not None:
                out[-1] = (out[-1][0] + ch, face)
            continue
        out.append((ch, face))
    return tuple(out)


def _placeholder_width(size: int) -> float:
    return size * 0.7


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    w = 0.0
    for chars, face in _runs(text):
        if face is None:
            w += _placeholder_width(size)
        else:
            w += fonts.load(face, size, bold).getlength(chars)
    return round(w)


def metrics(size: int, bold: bool = False) -> tuple[int, int]:
    """(ascent, descent) of the main font at ``size``."""
    a, d = fonts.load(0, size, bold).getmetrics()
    return a, d


@lru_cache(maxsize=4)
def _cap_ratio(bold: bool) -> float:
    top = fonts.load(0, 1000, bold).getbbox("H", anchor="ls")[1]
    return -top / 1000


def cap_height(size: float, bold: bool = True) -> float:
    """Height of a capital letter (its ink, baseline to top) of the main
    font at ``size`` px: how large a seat letter looks."""
    return size * _cap_ratio(bold)


def line_height(size: int) -> int:
    a, d = metrics(size)
    return a + d


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text``, or its longest start plus an ellipsis, that fits ``width`` px."""
    text = " ".join(text.split()) if "\n" in text else text
    if text_width(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    head = text[:lo].rstrip()
    while head and (unicodedata.category(head[-1]) in ("Mn", "Me", "Cf") or head[-1] in INVISIBLE):
        head = head[:-1]
    return head + ELLIPSIS if head or text_width(ELLIPSIS, size, bold) <= width else ""


def fit_names(
    sentence: Callable[[Sequence[str]], str],
    names: Sequence[str],
    size: int,
    width: float,
    bold: bool = False,
) -> str:
    """``sentence(names)`` within ``width`` px. Too wide, every name is cut
    alike (to one pixel budget, with an ellipsis) so that the words around
    them stay: "Ada, Bo… and Cy… to play", not "Ada, Bo and Cy t…", which
    hides what the line says. Cut at its end only when even names of a letter
    or two do not fit."""
    text = sentence(names)
    if not names or text_width(text, size, bold) <= width:
        return text

    def shortened(budget: int) -> str | None:
        cut = [fit(name, size, budget, bold) for name in names]
        return None if "" in cut else sentence(cut)

    lo = int(text_width("M" + ELLIPSIS, size, bold)) + 1
    hi = int(max(text_width(name, size, bold) for name in names))
    best = None
    while lo <= hi:  # the widest budget whose sentence fits
        mid = (lo + hi) // 2
        made = shortened(mid)
        if made is not None and text_width(made, size, bold) <= width:
            best, lo = made, mid + 1
        else:
            hi = mid - 1
    return best if best is not None else fit(text, size, width, bold)


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width`` pixels (an over-long word is cut)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if text_width(trial, size, bold) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = fit(word, size, width, bold)
        lines.append(line)
    return lines


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Ink,
    *,
    anchor: str = "la",
    bold: bool = False,
    max_width: float | None = None,
    mark: bool = False,
    scale: float = 1.0,
) -> int:
    """Draw one line; return its width. ``anchor``: horizontal ``l``/``m``/``r``
    then vertical ``a`` (top), ``m`` (middle), ``s`` (baseline) or ``d``
    (bottom). ``max_width`` cuts the text with an ellipsis. ``scale``: how
    much the drawing is shrunk afterwards (supersampled sprites), for the
    legibility record."""
    if max_width is not None:
        text = fit(text, size, max_width, bold)
    if _recording is not None and text.strip():
        _recording.append(TextRecord(text, size / scale, mark))
    width = text_width(text, size, bold)
    ascent, descent = metrics(size, bold)
    x, y = xy
    h, v = anchor[0], anchor[1] if len(anchor) > 1 else "a"
    if h == "m":
        x -= width / 2
    elif h == "r":
        x -= width
    if v == "a":
        y += ascent
    elif v == "m":
        y += (ascent - descent) / 2
    elif v == "d":
        y -= descent
    for chars, face in _runs(text):
        if face is None:
            _diamond(draw, x, y, size, fill)
            x += _placeholder_width(size)
            continue
        f = fonts.load(face, size, bold)
        draw.text((x, y), chars, font=f, fill=fill, anchor="ls")
        x += f.getlength(chars)
    return width


def _diamond(draw: ImageDraw.ImageDraw, x: float, baseline: float, size: int, fill: Ink) -> None:
    """The placeholder for characters no font has: a small hollow diamond."""
    w = _placeholder_width(size)
    r = size * 0.26
    cx, cy = x + w / 2, baseline - size * 0.36
    pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    draw.polygon(pts, outline=fill, width=max(1, round(size / 14)))
