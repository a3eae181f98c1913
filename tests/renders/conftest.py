"""Shared helpers for render tests: decoding, golden-image comparison, and
the English words images take in (from the bot's text layer, the one source
of every player-facing word: renders never import the bot, their callers
pass the words in).

Golden images live in tests/renders/golden/. To regenerate them after an
intended change of the drawings, run::

    RENDERS_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/renders -q

and look at the new PNGs before keeping them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.present.events import breakdown
from bot.present.hands import hand_sections
from bot.render import captions
from bot.text import ENGLISH
from engine.views import PrivateView, PublicView
from renders.final import Row
from renders.hand import HandSection

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RENDERS_UPDATE_GOLDEN") == "1"
WORDS = captions(ENGLISH)  # the images' words in English, as the bot draws them


def english_hand(view: PrivateView) -> list[HandSection]:
    """The sections of a hand image, as the bot builds them (its adapters)."""
    return hand_sections(view, ENGLISH)


def english_rows(view: PublicView) -> list[Row]:
    """The final breakdown rows, as the bot builds them from the score events."""
    rows = breakdown(list(view.players), list(view.events), ENGLISH)
    return [(str(label), points) for label, points in rows.items()]


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def assert_matches_golden(png: bytes, name: str, *, may_update: bool = True) -> None:
    """Compare with tests/renders/golden/<name>.png: same size, and few pixels
    differ by more than a small amount (anti-aliasing may shift by a shade).
    ``may_update=False`` for checks that expect a mismatch."""
    path = GOLDEN / f"{name}.png"
    if UPDATE and may_update:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
    if not path.exists():
        pytest.fail(f"no golden image {path}; run with RENDERS_UPDATE_GOLDEN=1 to create it")
    got = decode(png)
    want = decode(path.read_bytes())
    assert got.size == want.size, f"{name}: size {got.size} != golden {want.size}"
    diff = ImageChops.difference(got, want).convert("L")
    hist = diff.histogram()
    off = sum(hist[48:])
    total = got.width * got.height
    assert off <= total * 0.0002, f"{name}: {off} of {total} pixels differ from the golden image"
