"""What The Abbot adds to the views (agreed key; renders and the bot read it).

``counts["abbot"]``: per seat, 1 while its abbot is in supply, 0 while it is on
the board (A-1: the supply shows the abbot apart from the followers). The
abbot on the board is a ``FollowerView`` with ``piece == "abbot"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.expansions.abbot.state import NAME, abbots_home

if TYPE_CHECKING:
    from engine.game import Game


def public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    counts[NAME] = abbots_home(game)
