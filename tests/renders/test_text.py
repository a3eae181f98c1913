"""Text on the images: every alphabet without missing-glyph boxes, right-to-left
names, ellipsis cuts that never overflow (renders.text, renders.bidi, renders.fonts)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import pytest
from PIL import Image, ImageDraw

from renders import fonts
from renders.bidi import join_arabic, prepare, visual
from renders.text import ELLIPSIS, _runs, draw_text, fit, fit_names, recording, text_width

NAMES = ["Zoë 🎄", "Łukasz", "Ömer", "Дмитрий", "Ελένη", "佐藤", "محمد", "שרה", "김민준"]
NOT_IN_ANY_FONT = "\U00013000"  # an Egyptian hieroglyph: no font of the chain has it


def _glyph(face: int, ch: str) -> bytes:
    f = fonts.load(face, 40)
    mask = f.getmask(ch)
    return bytes(mask) + bytes(str(mask.size), "ascii")


def _notdef(face: int) -> bytes:
    # A private-use code point no font maps: FreeType draws glyph 0 (.notdef).
    return _glyph(face, "\U0010fffd")


@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_has_a_real_glyph_no_tofu(name: str) -> None:
    drawn = 0
    for chars, face in _runs(name):
        assert face is not None, f"{name!r}: {chars!r} would be a placeholder"
        for ch in chars:
            if ch.isspace():
                continue
            assert _glyph(face, ch) != _notdef(face), f"{name!r}: {ch!r} draws .notdef"
            drawn += 1
    assert drawn >= len(name.replace(" ", "")) - 1  # (an emoji selector may go)


def test_a_character_no_font_has_becomes_a_clean_placeholder() -> None:
    runs = _runs(f"Ra{NOT_IN_ANY_FONT}{NOT_IN_ANY_FONT}")
    assert runs[-1] == (NOT_IN_ANY_FONT, None)  # one placeholder for the run
    img = Image.new("L", (120, 40), 0)
    draw_text(ImageDraw.Draw(img), (2, 2), NOT_IN_ANY_FONT, 24, 255)
    box = img.getbbox()
    assert box is not None and box[2] - box[0] < 24  # a small diamond, not a wide box


def test_the_main_font_covers_latin_extended_greek_and_cyrillic() -> None:
    main = fonts.coverage(0)
    # Basic Latin, Latin-1, Latin Extended-A and -B, Greek (without the Coptic
    # letters of that block), Cyrillic and its supplement.
    blocks = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3E1), (0x3F0, 0x3FF), (0x400, 0x52F)]
    for lo, hi in blocks:
        missing = [
            hex(cp)
            for cp in range(lo, hi + 1)
            if unicodedata.category(chr(cp)) not in ("Cn", "Co", "Cc") and cp not in main
        ]
        assert not missing, f"{hex(lo)}-{hex(hi)} missing {missing}"


def test_coverage_reader_agrees_with_the_rendered_glyphs() -> None:
    main = fonts.coverage(0)
    assert ord("A") in main and ord("佐") not in main
    cjk = len(fonts.CHAIN) - 1
    assert ord("佐") in fonts.coverage(cjk)
    assert _glyph(cjk, "佐") != _notdef(cjk)


def test_hebrew_is_drawn_right_to_left() -> None:
    assert visual("שרה") == "הרש"
    # Inside a left-to-right sentence only the Hebrew run turns round.
    assert visual("Turn 3: שרה plays") == "Turn 3: הרש plays"
    # A right-to-left name with a number and brackets keeps them readable.
    assert visual("שרה (2)") == "(2) הרש"


def test_arabic_letters_are_joined_and_drawn_right_to_left() -> None:
    joined = join_arabic("محمد")
    assert [unicodedata.decomposition(c).split()[0] for c in joined] == [
        "<initial>",
        "<medial>",
        "<medial>",
        "<final>",
    ]
    assert prepare("محمد") == joined[::-1]
    # Lam + alef become one ligature; a non-joining letter breaks the chain.
    assert prepare("سلام") == "\ufee1\ufefc\ufeb3"


def test_latin_text_is_unchanged_by_the_bidi_step() -> None:
    for s in ("Ada", "Zoë 🎄", "12 tiles left", "Дмитрий"):
        assert visual(s) == s


@pytest.mark.parametrize("name", [*NAMES, "A name far too long for its column, really"])
@pytest.mark.parametrize("width", [30, 60, 120])
def test_fit_never_overflows_and_ends_with_an_ellipsis(name: str, width: int) -> None:
    cut = fit(name, 18, width)
    assert text_width(cut, 18) <= width
    if cut != name:
        assert cut.endswith(ELLIPSIS)
        assert name.startswith(cut[: -len(ELLIPSIS)])


def _to_play(names: Sequence[str]) -> str:
    *first, last = names
    return (f"{', '.join(first)} and {last}" if first else last) + " to play"


@pytest.mark.parametrize("width", [240, 300, 340])
def test_fit_names_cuts_the_names_and_keeps_the_sentence_s_words(width: int) -> None:
    names = ["Bartholomew (normal)", "Ada", "Maximilian-Ferdinand"]
    assert text_width(_to_play(names), 18) > width
    line = fit_names(_to_play, names, 18, width)
    assert text_width(line, 18) <= width and line.endswith(" to play"), line
    assert ", Ada and " in line  # a short name stays whole
    cut = line.removesuffix(" to play").replace(" and ", ", ").split(", ")
    for name, shown in zip(names, cut, strict=True):
        assert shown == name or (
            shown.endswith(ELLIPSIS) and name.startswith(shown[: -len(ELLIPSIS)])
        ), (name, shown)
    # the widest budget that fits: one more pixel for every name would not
    assert text_width(fit_names(_to_play, names, 18, width + 40), 18) >= text_width(line, 18)


def test_fit_names_leaves_what_fits_and_cuts_the_end_when_names_cannot_shrink_enough() -> None:
    assert fit_names(_to_play, ["Ada", "Bo"], 18, 400) == "Ada and Bo to play"
    tight = fit_names(_to_play, ["Bartholomew", "Maximilian"], 18, 60)
    assert text_width(tight, 18) <= 60 and tight.endswith(ELLIPSIS), tight


def test_drawn_text_stays_inside_its_width() -> None:
    img = Image.new("L", (400, 60), 0)
    d = ImageDraw.Draw(img)
    draw_text(d, (10, 10), "Bartholomew-Maximilian von Habsburg 🎄", 24, 255, max_width=150)
    box = img.getbbox()
    assert box is not None and box[2] <= 10 + 150 + 1


def test_recording_notes_every_text_with_its_size() -> None:
    img = Image.new("L", (100, 40), 0)
    with recording() as texts:
        draw_text(ImageDraw.Draw(img), (0, 0), "Ada", 14, 255)
        draw_text(ImageDraw.Draw(img), (0, 0), "B", 40, 255, mark=True, scale=4)
    assert [(t.text, t.px, t.mark) for t in texts] == [("Ada", 14, False), ("B", 10, True)]
