"""Right-to-left text for Pillow's basic layout: Arabic joining and visual order.

Pillow's basic layout draws characters left to right as stored, one glyph per
character. Names in Hebrew or Arabic would come out backwards (and Arabic
letters unjoined), so text is turned into its *visual* form first:

1. :func:`join_arabic` replaces Arabic letters with their contextual
   presentation forms (isolated, initial, medial, final, and the lam-alef
   ligatures), derived from the Unicode database's compatibility
   decompositions, so no table is written by hand;
2. :func:`visual` reorders one line by a reduced Unicode bidirectional
   algorithm (UAX #9 without explicit embeddings, which names do not need):
   paragraph direction from the first strong character, numbers kept left to
   right, neutrals between two runs of one direction taking that direction,
   and mirrored brackets inside right-to-left runs.

This gives correct output for names and short labels; text with explicit
directional controls is drawn in a readable, not necessarily exact, order.
"""

from __future__ import annotations

import unicodedata
from functools import cache

RTL = frozenset({"R", "AL"})
ZWJ, ZWNJ, TATWEEL = "\u200d", "\u200c", "\u0640"
LAM = "\u0644"
# Characters that never draw: joiners and variation selectors (after joining).
INVISIBLE = frozenset({ZWJ, ZWNJ, "\ufe0e", "\ufe0f", "\u200e", "\u200f"})
MIRROR = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<"}
MIRROR |= {"«": "»", "»": "«", "‹": "›", "›": "‹"}

_FORM_TAGS = {"<isolated>": 0, "<final>": 1, "<initial>": 2, "<medial>": 3}
_RANGES = ((0xFB50, 0xFDFF), (0xFE70, 0xFEFF))


@cache
def _forms() -> dict[str, tuple[str | None, ...]]:
    """Base letter (or lam + alef) -> presentation forms (isolated, final,
    initial, medial), from the compatibility decompositions."""
    out: dict[str, list[str | None]] = {}
    for lo, hi in _RANGES:
        for cp in range(lo, hi + 1):
            parts = unicodedata.decomposition(chr(cp)).split()
            if len(parts) < 2 or parts[0] not in _FORM_TAGS:
                continue
            base = "".join(chr(int(p, 16)) for p in parts[1:])
            if len(base) == 1 or (len(base) == 2 and base[0] == LAM):
                slot = out.setdefault(base, [None] * 4)
                if slot[_FORM_TAGS[parts[0]]] is None:
                    slot[_FORM_TAGS[parts[0]]] = chr(cp)
    return {k: tuple(v) for k, v in out.items()}


def _joining(ch: str) -> str:
    """Joining type: D (dual), R (right), C (causing), T (transparent), U (none)."""
    if ch in (ZWJ, TATWEEL):
        return "C"
    if ch != ZWNJ and unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return "T"
    forms = _forms().get(ch)
    if forms is None:
        return "U"
    return "D" if forms[2] or forms[3] else "R"


def join_arabic(text: str, has_glyph: object = None) -> str:
    """Arabic letters in their contextual forms (logical order kept).
    ``has_glyph`` (a container of code points) limits the result to forms a
    font can draw; a letter whose form is missing stays as it is."""
    if not any(unicodedata.bidirectional(c) == "AL" for c in text):
        return text
    forms = _forms()
    types = [_joining(c) for c in text]
    out: list[str] = []
    i = 0
    n = len(text)

    def neighbour(start: int, step: int) -> int | None:
        j = start + step
        while 0 <= j < n and types[j] == "T":
            j += step
        return j if 0 <= j < n else None

    def usable(ch: str | None) -> bool:
        if ch is None:
            return False
        return has_glyph is None or ord(ch) in has_glyph  # type: ignore[operator]

    while i < n:
        ch, t = text[i], types[i]
        if t not in ("D", "R"):
            out.append(ch)
            i += 1
            continue
        prev = neighbour(i, -1)
        after = neighbour(i, 1)
        joined_before = prev is not None and types[prev] in ("D", "C")
        # Lam followed by alef: one ligature glyph.
        if ch == LAM and after is not None and (LAM + text[after]) in forms:
            lig = forms[LAM + text[after]][1 if joined_before else 0]
            if usable(lig):
                assert lig is not None
                out.append(lig)
                out.extend(text[i + 1 : after])  # marks between them
                i = after + 1
                continue
        joined_after = t == "D" and after is not None and types[after] in ("D", "R", "C")
        form = {
            (False, False): 0,
            (True, False): 1,
            (False, True): 2,
            (True, True): 3,
        }[(joined_before, joined_after)]
        options = forms[ch]
        pick = options[form]
        if not usable(pick) and form == 3:
            pick = options[1]
        if not usable(pick) and form == 2:
            pick = options[0]
        out.append(pick if usable(pick) and pick is not None else ch)
        i += 1
    return "".join(out)


def _levels(text: str) -> list[int]:
    """Embedding level per character (UAX #9 rules P2-P3, W7, N1-N2, I1-I2)."""
    classes = [unicodedata.bidirectional(c) for c in text]
    base = 0
    for c in classes:
        if c in RTL or c == "L":
            base = 1 if c in RTL else 0
            break
    sos = "R" if base else "L"
    # Direction each character shows to its neutral neighbours (None: neutral).
    dirs: list[str | None] = []
    last_strong = sos
    for c in classes:
        if c in RTL or c == "L":
            last_strong = "R" if c in RTL else "L"
            dirs.append(last_strong)
        elif c == "EN":
            dirs.append("L" if last_strong == "L" else "N")  # W7; N1: numbers act as R
        elif c == "AN":
            dirs.append("N")
        else:
            dirs.append(None)
    n = len(text)
    levels: list[int] = []
    for i, d in enumerate(dirs):
        if d is None:
            left = next((dirs[j] for j in range(i - 1, -1, -1) if dirs[j]), sos)
            right = next((dirs[j] for j in range(i + 1, n) if dirs[j]), sos)
            left, right = ("R" if x == "N" else x for x in (left, right))
            d = left if left == right else sos
            d = "R" if d == "R" else "L"
        if d == "R":
            levels.append(1)
        elif d == "L":
            levels.append(2 if base else 0)
        else:  # numbers: I1/I2
            levels.append(2)
    return levels


def visual(text: str) -> str:
    """One line in the order Pillow's basic layout must draw it."""
    if not any(unicodedata.bidirectional(c) in RTL for c in text):
        return text
    levels = _levels(text)
    chars = [MIRROR.get(c, c) if lv % 2 else c for c, lv in zip(text, levels, strict=True)]
    # L2: from the highest level down to 1, reverse every run at or above it.
    order = list(range(len(chars)))
    for level in range(max(levels), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return "".join(chars[k] for k in order)


def prepare(text: str, has_glyph: object = None) -> str:
    """Joined, reordered and without invisible characters: ready to draw."""
    shaped = join_arabic(text, has_glyph)
    return "".join(c for c in visual(shaped) if c not in INVISIBLE)
