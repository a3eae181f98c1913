"""Fonts and text helpers: Pillow's built-in default font, no font files."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int) -> Font:
    """The bundled default font at ``size`` pixels (Pillow >= 10.1)."""
    return ImageFont.load_default(size=size)


def text_width(text: str, f: Font) -> int:
    left, _, right, _ = f.getbbox(text)
    return int(right - left)


def fit(text: str, f: Font, width: int) -> str:
    """``text`` shortened with an ellipsis so that it fits ``width`` pixels."""
    if text_width(text, f) <= width:
        return text
    while text and text_width(text + "...", f) > width:
        text = text[:-1]
    return text + "..."


def wrap(text: str, f: Font, width: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels (over-long words are cut)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if text_width(trial, f) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = fit(word, f, width)
        lines.append(line)
    return lines
