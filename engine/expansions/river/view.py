"""What The River adds to the views (agreed key; renders and the bot read it).

``extra["river"]``: ``{"pile": river tiles left face down, "open": [x, y] of
the cell beyond the open end, or None once the river is closed}``. Where a
river tile may go is ``game.legal_placements()`` like any tile's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from engine.expansions.river.rules import open_cell
from engine.expansions.river.state import NAME, state

if TYPE_CHECKING:
    from engine.game import Game


class RiverPublic(TypedDict):
    pile: int
    open: list[int] | None


def public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    cell = open_cell(game)
    extra[NAME] = RiverPublic(
        pile=len(state(game).pile), open=None if cell is None else [cell[0], cell[1]]
    )
