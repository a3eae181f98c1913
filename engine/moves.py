"""Text moves (NOTATION.md): ``<kind> <x>,<y> r<rotation> [<location>|-]``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.directions import ROTATIONS
from engine.phases import Action
from engine.tiles import KINDS

_MOVE = re.compile(
    r"^\s*(?P<kind>[A-Z]+\d*)\s+(?P<x>-?\d+)\s*,\s*(?P<y>-?\d+)\s+r(?P<rot>\d+)"
    r"(?:\s+(?P<loc>[A-Z]+|-))?\s*$"
)


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    x: int
    y: int
    rotation: int
    location: str | None = None  # None: no follower

    def __str__(self) -> str:
        return f"{self.kind} {self.x},{self.y} r{self.rotation} {self.location or '-'}"

    def actions(self, player: int) -> list[Action]:
        """The two record actions (place, follower) this move stands for."""
        return [
            {
                "player": player,
                "type": "place",
                "x": self.x,
                "y": self.y,
                "rotation": self.rotation,
            },
            {"player": player, "type": "follower", "location": self.location},
        ]


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
    loc = m["loc"]
    return Move(kind, int(m["x"]), int(m["y"]), rot, None if loc in (None, "-") else loc)
