"""Font files and which characters each one covers (the fallback chain).

Every text on the images is set in Noto, installed as package dependencies
(pyproject.toml), never a system font:

* ``manimgx-fonts``: Noto Sans (Latin with every extension, Greek, Cyrillic),
  Noto Sans for the scripts Latin faces lack (Arabic, Hebrew, Armenian,
  Georgian, Thai, Devanagari and the other Indic scripts, Ethiopic, ...),
  Noto Sans Symbols and the monochrome Noto Emoji;
* ``noto-cjk-sans-otc``: Noto Sans CJK (Chinese, Japanese, Korean).

A character is drawn with the first font of :data:`CHAIN` whose character map
has it; one that no font has is drawn as a placeholder (renders.text), never
as a font's missing-glyph box. Character maps are read from the files here
(formats 4 and 12 of the ``cmap`` table), lazily, so the large CJK file is
only opened when a name needs it.
"""

from __future__ import annotations

import bisect
import mmap
import struct
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from PIL import ImageFont

FreeFont = ImageFont.FreeTypeFont

# Pillow's basic layout on every machine: the same pixels whether or not the
# system has libraqm/fribidi (golden images), with our own right-to-left
# ordering and Arabic joining (renders.bidi).
LAYOUT = ImageFont.Layout.BASIC
BOLD_WEIGHT = 700


@dataclass(frozen=True, slots=True)
class FontFile:
    package: str
    name: str
    index: int = 0  # face in a collection (.ttc): 0 = Noto Sans CJK JP

    @property
    def path(self) -> Path:
        return Path(str(resources.files(self.package).joinpath(self.name)))


_NOTO = "manimgx_fonts"
# The main face first, then the scripts it lacks, symbols, emoji, CJK.
_SCRIPTS = (
    "Arabic",
    "Hebrew",
    "Armenian",
    "Georgian",
    "Thai",
    "Lao",
    "Khmer",
    "Myanmar",
    "Devanagari",
    "Bengali",
    "Gujarati",
    "Gurmukhi",
    "Oriya",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Ethiopic",
)
CHAIN: tuple[FontFile, ...] = (
    FontFile(_NOTO, "NotoSans[wght].ttf"),
    *(FontFile(_NOTO, f"NotoSans{s}[wght].ttf") for s in _SCRIPTS),
    FontFile(_NOTO, "NotoSansSymbols[wght].ttf"),
    FontFile(_NOTO, "NotoEmoji[wght].ttf"),
    FontFile("noto_cjk_sans_otc", "NotoSansCJK-Regular.ttc"),
)


class Coverage:
    """The code points one font maps to a glyph, as sorted ranges."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        ranges.sort()
        merged: list[tuple[int, int]] = []
        for a, b in ranges:
            if merged and a <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], b))
            else:
                merged.append((a, b))
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def __contains__(self, cp: object) -> bool:
        if not isinstance(cp, int):
            return False
        i = bisect.bisect_right(self.starts, cp) - 1
        return i >= 0 and cp <= self.ends[i]

    def __len__(self) -> int:
        return sum(b - a + 1 for a, b in zip(self.starts, self.ends, strict=True))


def _table_offset(data: mmap.mmap, base: int, tag: bytes) -> int | None:
    (num_tables,) = struct.unpack_from(">H", data, base + 4)
    for i in range(num_tables):
        rec = base + 12 + 16 * i
        if data[rec : rec + 4] == tag:
            (offset,) = struct.unpack_from(">I", data, rec + 8)
            return int(offset)
    return None


def _format4(data: mmap.mmap, at: int) -> list[tuple[int, int]]:
    (seg_x2,) = struct.unpack_from(">H", data, at + 6)
    n = seg_x2 // 2
    ends = struct.unpack_from(f">{n}H", data, at + 14)
    starts = struct.unpack_from(f">{n}H", data, at + 16 + seg_x2)
    deltas = struct.unpack_from(f">{n}h", data, at + 16 + 2 * seg_x2)
    ro_at = at + 16 + 3 * seg_x2
    range_offsets = struct.unpack_from(f">{n}H", data, ro_at)
    out: list[tuple[int, int]] = []
    for i in range(n):
        start, end, delta, ro = starts[i], ends[i], deltas[i], range_offsets[i]
        if start == 0xFFFF:
            continue
        if ro == 0:
            # Glyph = (c + delta) mod 65536; only one c can land on glyph 0.
            zero = (-delta) % 65536
            if start <= zero <= end:
                if start < zero:
                    out.append((start, zero - 1))
                if zero < end:
                    out.append((zero + 1, end))
            else:
                out.append((start, end))
            continue
        for c in range(start, end + 1):
            gi_at = ro_at + 2 * i + ro + 2 * (c - start)
            (glyph,) = struct.unpack_from(">H", data, gi_at)
            if glyph and (glyph + delta) % 65536:
                out.append((c, c))
    return out


def _format12(data: mmap.mmap, at: int) -> list[tuple[int, int]]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    out = []
    for start, end, glyph in struct.iter_unpack(">III", data[at + 16 : at + 16 + 12 * groups]):
        if glyph == 0:  # the group's first code point maps to .notdef
            start += 1
        if start <= end:
            out.append((start, end))
    return out


def read_coverage(path: Path, index: int = 0) -> Coverage:
    """The character map of face ``index`` of a TrueType/OpenType file or
    collection (Unicode subtables, formats 4 and 12)."""
    with path.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
        return _read(data, index)


def _read(data: mmap.mmap, index: int) -> Coverage:
    base = 0
    if data[:4] == b"ttcf":
        (base,) = struct.unpack_from(">I", data, 12 + 4 * index)
    cmap = _table_offset(data, base, b"cmap")
    if cmap is None:
        return Coverage([])
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    best: tuple[int, int] | None = None  # (preference, offset)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", data, cmap + offset)
        unicode = platform == 0 or (platform == 3 and encoding in (1, 10))
        if not unicode or fmt not in (4, 12):
            continue
        rank = 2 if fmt == 12 else 1
        if best is None or rank > best[0]:
            best = (rank, cmap + offset)
    if best is None:
        return Coverage([])
    rank, at = best
    return Coverage(_format12(data, at) if rank == 2 else _format4(data, at))


@cache
def coverage(i: int) -> Coverage:
    """Code points covered by ``CHAIN[i]`` (read once)."""
    f = CHAIN[i]
    return read_coverage(f.path, f.index)


@cache
def face_for(cp: int) -> int | None:
    """Index in :data:`CHAIN` of the first font that has ``cp``, or None."""
    for i in range(len(CHAIN)):
        if cp in coverage(i):
            return i
    return None


@cache
def load(i: int, size: int, bold: bool = False) -> FreeFont:
    """``CHAIN[i]`` at ``size`` pixels (cached; variable fonts set to bold
    weight when asked)."""
    f = CHAIN[i]
    font = ImageFont.truetype(str(f.path), size, index=f.index, layout_engine=LAYOUT)
    if bold:
        try:
            axes = font.get_variation_axes()
        except OSError:  # not a variable font
            axes = []
        if axes:
            weights: list[float] = [
                BOLD_WEIGHT if a.get("name") in (b"Weight", "Weight") else float(a["default"] or 0)
                for a in axes
            ]
            font.set_variation_by_axes(weights)
    return font


def warm_up() -> None:
    """Read the main font's map and open it at the common sizes."""
    coverage(0)
    for size in range(12, 65):
        load(0, size)
        load(0, size, True)
