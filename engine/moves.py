"""Text moves (docs/notation.md): ``<kind> <x>,<y> r<rotation> [<location>|-]``.

Step 2 may also place an expansion's piece, ``@<location>`` (A-3: ``Eg 2,1
r0 @G`` puts the abbot on the garden), or take it back from a cell, ``back
x,y`` (A-4: the record action ``<piece>-back``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.actions import PIECES
from engine.directions import ROTATIONS
from engine.phases import Action
from engine.tiles import KINDS

_MOVE = re.compile(
    r"^\s*(?P<kind>[A-Z]+\d*[a-z]?)\s+(?P<x>-?\d+)\s*,\s*(?P<y>-?\d+)\s+r(?P<rot>\d+)"
    r"(?:\s+(?:(?P<loc>[A-Z]+|-)|@(?P<at>[A-Z]+)"
    r"|back\s+(?P<bx>-?\d+)\s*,\s*(?P<by>-?\d+)))?\s*$"
)


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    x: int
    y: int
    rotation: int
    location: str | None = None  # None: no follower
    piece: str | None = None  # the location holds this piece, not a follower
    back: tuple[int, int] | None = None  # step 2 takes the piece back from there

    def __str__(self) -> str:
        head = f"{self.kind} {self.x},{self.y} r{self.rotation}"
        if self.back is not None:
            return f"{head} back {self.back[0]},{self.back[1]}"
        if self.piece is not None:
            return f"{head} @{self.location}"
        return f"{head} {self.location or '-'}"

    def actions(self, player: int) -> list[Action]:
        """The two record actions (place, then step 2) this move stands for."""
        place: Action = {
            "player": player,
            "type": "place",
            "x": self.x,
            "y": self.y,
            "rotation": self.rotation,
        }
        if self.back is not None:
            back = f"{_piece()}-back"
            return [place, {"player": player, "type": back, "x": self.back[0], "y": self.back[1]}]
        second: Action = {"player": player, "type": "follower", "location": self.location}
        if self.piece is not None:
            second[self.piece] = True
        return [place, second]


def _piece() -> str:
    """The piece ``@`` and ``back`` stand for: the one an expansion registered."""
    if len(PIECES) != 1:
        raise ValueError(f"'@' and 'back' need one registered piece, not {sorted(PIECES)}")
    return next(iter(PIECES))


def parse_move(text: str) -> Move:
    """Parse a text move; ValueError says what is wrong."""
    m = _MOVE.match(text)
    if not m:
        raise ValueError(
            f"cannot read move {text!r}; write it like 'V 1,0 r90 SSW' or 'D -1,0 r180 -'"
        )
    kind = m["kind"]
    if kind not in KINDS:
        raise ValueError(f"unknown tile kind {kind!r}")
    rot = int(m["rot"])
    if rot not in ROTATIONS:
        raise ValueError(f"rotation must be r0, r90, r180 or r270, not r{rot}")
    x, y = int(m["x"]), int(m["y"])
    if m["at"] is not None:
        return Move(kind, x, y, rot, m["at"], piece=_piece())
    if m["bx"] is not None:
        return Move(kind, x, y, rot, back=(int(m["bx"]), int(m["by"])))
    loc = m["loc"]
    return Move(kind, x, y, rot, None if loc in (None, "-") else loc)
