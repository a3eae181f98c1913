"""The current turn's public state (B-3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.board import Placed, Pos


@dataclass
class Turn:
    """The current turn. ``tile`` is the tile to place; ``allowed_cells``, when
    set by an effect, restricts where it may go; ``data`` holds per-turn flags
    of expansions (e.g. a gift already opened)."""

    number: int
    player: int
    tile: str
    placed: Placed | None = None
    allowed_cells: set[Pos] | None = None
    data: dict[str, Any] = field(default_factory=dict)
