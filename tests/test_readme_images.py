"""The README's pictures are what the code draws (``make readme-images``).

Tolerance, stated: the pictures in docs/img must have the size the code
draws, and outside the text at most 0.005 % of their pixels may differ, by
more than 24 of 255 in a colour channel, from a fresh drawing. Text is where font rendering
differs between Pillow and FreeType versions (a glyph's antialiasing, a word
a pixel further), so it is left out: every text's box, grown by 3 pixels,
found by drawing the pictures once more with each text drawn as a solid box
(in a fresh process, so that no cached sprite keeps its letters). A test
below shows the check passes over text moved by a pixel and fails when one
seat's colour changes.

The alt texts of the README's pictures say what the pictures show: the
scripts of the player names, the parts of the turn image.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFilter

from tests.renders import samples as readme

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "img"
README = ROOT / "README.md"
LEVEL = 24  # of 255: a difference smaller than this is a shade of antialiasing
SHARE = 0.00005  # of the pixels outside the text that may differ by more
GROW = 3  # pixels round each text's box

# Run in a fresh process: draw the README's pictures with each text as a box
# (the PNG palette made first, from real text, as in the tests' own process).
_BOXES = """
import sys
from pathlib import Path
from PIL import ImageDraw
from renders import png
from tests.renders import samples as readme

def box(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
    self.rectangle(self.textbbox(xy, text, font=font, anchor=anchor), fill=fill)

png._palette()
for cached in (png.follower_sprite, png.chip_sprite):
    cached.cache_clear()
ImageDraw.ImageDraw.text = box
out = Path(sys.argv[1])
for name, picture in readme.images().items():
    (out / name).write_bytes(picture)
"""


def _decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _channels(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel, the largest difference of a colour channel ("L")."""
    r, g, b_ = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b_)


@pytest.fixture(scope="module")
def drawn() -> dict[str, Image.Image]:
    return {name: _decode(png) for name, png in readme.images().items()}


@pytest.fixture(scope="module")
def text_masks(
    drawn: dict[str, Image.Image], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Image.Image]:
    """Per picture, where text is ("L", 255), grown by GROW pixels."""
    out = tmp_path_factory.mktemp("boxes")
    subprocess.run([sys.executable, "-c", _BOXES, str(out)], check=True, cwd=ROOT)
    masks = {}
    for name, img in drawn.items():
        boxes = Image.open(out / name).convert("RGB")
        assert boxes.size == img.size, f"{name}: drawn twice at two sizes"
        text = _channels(img, boxes).point(lambda v: 255 if v else 0)
        masks[name] = text.filter(ImageFilter.MaxFilter(2 * GROW + 1))
    return masks


def differing(stored: Image.Image, fresh: Image.Image, mask: Image.Image) -> int:
    """Pixels outside ``mask`` where the two pictures differ by more than LEVEL."""
    outside = ImageChops.subtract(_channels(stored, fresh), mask)
    return sum(outside.histogram()[LEVEL + 1 :])


def stale(stored: Image.Image, fresh: Image.Image, mask: Image.Image) -> str | None:
    """Why ``stored`` is not ``fresh`` beyond font rendering, or None."""
    if stored.size != fresh.size:
        return f"size {stored.size}, the code draws {fresh.size}"
    off = differing(stored, fresh, mask)
    allowed = int(SHARE * fresh.width * fresh.height)
    return None if off <= allowed else f"{off} pixels differ outside the text ({allowed} allowed)"


@pytest.mark.slow  # draws every picture twice, once in a fresh process
def test_the_readme_pictures_are_what_the_code_draws(
    drawn: dict[str, Image.Image], text_masks: dict[str, Image.Image]
) -> None:
    stored = {p.name for p in IMAGES.glob("*.png")}
    assert stored == set(drawn), "docs/img holds other pictures than the code draws"
    problems = {}
    for name, fresh in drawn.items():
        why = stale(Image.open(IMAGES / name).convert("RGB"), fresh, text_masks[name])
        if why:
            problems[name] = why
    assert not problems, f"docs/img is stale, run `make readme-images`: {problems}"


def _redraw(patch: Callable[[], Callable[[], None]]) -> dict[str, Image.Image]:
    """The pictures drawn with ``patch`` applied (it returns its undo), with
    the sprite caches emptied before and after."""
    from renders import board, pieces
    from renders.overlays import christmas

    caches = (
        pieces.follower_sprite,
        pieces.chip_sprite,
        board.badge_sprite,
        christmas.tiebreak_icon,
    )
    for cache in caches:
        cache.cache_clear()
    undo = patch()
    try:
        return {name: _decode(png) for name, png in readme.images().items()}
    finally:
        undo()
        for cache in caches:
            cache.cache_clear()


@pytest.mark.slow  # draws every picture three more times
def test_the_check_passes_text_moved_and_fails_a_colour_changed(
    drawn: dict[str, Image.Image], text_masks: dict[str, Image.Image]
) -> None:
    from PIL import ImageDraw

    from renders import palette

    original = ImageDraw.ImageDraw.text

    def moved() -> Callable[[], None]:
        def text(self: ImageDraw.ImageDraw, xy: tuple[float, float], *a: Any, **k: Any) -> None:
            original(self, (xy[0] + 1, xy[1] + 1), *a, **k)

        ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
        return lambda: setattr(ImageDraw.ImageDraw, "text", original)

    shifted = _redraw(moved)
    for name, fresh in drawn.items():
        assert _channels(shifted[name], fresh).getbbox() is not None  # the text did move
        assert stale(shifted[name], fresh, text_masks[name]) is None, name

    colours = palette.PLAYER_COLOURS

    def recoloured() -> Callable[[], None]:
        palette.PLAYER_COLOURS = (colours[0], (0, 114, 178), *colours[2:])  # seat B's old blue
        return lambda: setattr(palette, "PLAYER_COLOURS", colours)

    blue = _redraw(recoloured)
    for name in ("board.png", "board-turn.png", "final.png", "names.png"):  # seat B shows
        assert stale(blue[name], drawn[name], text_masks[name]) is not None, name


def _alt(picture: str) -> str:
    found = re.search(rf"!\[([^\]]*)\]\(docs/img/{re.escape(picture)}\)", README.read_text())
    assert found, f"README shows no docs/img/{picture}"
    return found.group(1)


def _script(name: str) -> str:
    """The script of a name's first letter, as Unicode names it."""
    letter = next(ch for ch in name if ch.isalpha())
    word = unicodedata.name(letter).split()[0]
    return {"CJK": "Japanese"}.get(word, word.title())


def test_alt_texts_say_what_the_pictures_show() -> None:
    names = _alt("names.png")
    scripts = {_script(n) for n in readme.WORLD_NAMES}
    assert scripts == {"Latin", "Cyrillic", "Japanese", "Hebrew", "Arabic"}
    for script in scripts:
        assert script in names
    for absent in {"Greek", "Chinese", "Korean", "Devanagari", "Thai"} - scripts:
        assert absent not in names, f"names.png shows no {absent} name"
    turn = _alt("board-turn.png").lower()
    for part in ("tile to place", "numbered", "overview", "scores"):
        assert part in turn
    assert "whole board" in _alt("board.png").lower()
