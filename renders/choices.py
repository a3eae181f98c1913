"""What a player is offered and how it is numbered: pure, engine-only (no
Pillow), so the bot can build its buttons and selects from the same numbers
the images carry.

* :func:`distinct_cells` / :func:`number_cells`: the numbered cells on the board;
* :func:`distinct_rotations`: legal rotations of a tile at one cell reduced to
  the different results (the crossroads gives one, a straight road two),
  derived from the tile table: two rotations are the same when their turned
  faces have the same segments on the same edges and half-edges.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.tiles import face

Cell = tuple[int, int]


def distinct_cells(placements: Iterable[Sequence[int]]) -> list[Cell]:
    """The cells of ``(x, y, rotation)`` placements, each once, in reading
    order (rows north to south, then west to east)."""
    return sorted({(p[0], p[1]) for p in placements}, key=lambda c: (c[1], c[0]))


def number_cells(legal_cells: Sequence[Cell]) -> dict[Cell, int]:
    """The short number (1..n) each legal cell carries on the board, in the
    given order; a repeated cell keeps its first number. The bot's select
    options must use this same numbering."""
    out: dict[Cell, int] = {}
    for cell in legal_cells:
        key = (int(cell[0]), int(cell[1]))
        if key not in out:
            out[key] = len(out) + 1
    return out


def face_signature(kind: str, rotation: int) -> frozenset[tuple[object, ...]]:
    """What a turned tile looks like to the rules: its edge types (water is
    no segment, R-1), each segment's kind, edges, half-edges, pennants and the
    edges of the cities a field touches."""
    f = face(kind, rotation)
    out: set[tuple[object, ...]] = {("edges", f.edges)}
    for s in f.segments:
        touching = tuple(sorted(e for i in s.adj for e in f.segments[i].edges))
        out.add((s.kind, s.edges, s.halves, s.pennants, touching))
    return frozenset(out)


def distinct_rotations(kind: str, rotations: Iterable[int]) -> list[int]:
    """``rotations`` (degrees, in the caller's order) without the ones that
    give the same tile as an earlier one. Raises KeyError for an unknown
    kind or rotation."""
    seen: set[frozenset[tuple[object, ...]]] = set()
    out: list[int] = []
    for r in rotations:
        sig = face_signature(kind, int(r))
        if sig not in seen:
            seen.add(sig)
            out.append(int(r))
    return out
