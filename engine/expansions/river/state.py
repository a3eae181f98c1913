"""The River's state and names (docs/rules/river.md R-1..R-6).

``game.ext["river"]`` holds the river pile (top first, the lake last, R-2),
the river's open end and how the last river tile turned (R-4). Nothing else:
the pile is plain data a determinised copy can redraw (:func:`redraw`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.board import Pos
from engine.decks import shuffle

if TYPE_CHECKING:
    from engine.game import Game

NAME = "river"
SPRING, LAKE = "RV1", "RV2"  # the start tile and the last river tile

LEFT, STRAIGHT, RIGHT = -1, 0, 1  # how a river tile turns the flow


@dataclass(slots=True)
class RiverState:
    pile: list[str]  # the river pile, top first; the lake always last
    # The open end: the river tile with the one water edge on the board
    # that has no neighbour, and that edge; None once the lake closes it (or
    # the river ended without it, R-5).
    end: tuple[Pos, int] | None
    turned: int = STRAIGHT  # how the last river tile placed turned


def state(game: Game) -> RiverState:
    st: RiverState = game.ext[NAME]
    return st


def redraw(game: Game, seat: int, rng: random.Random) -> None:
    """Shuffle the river tiles still face down, the lake staying last (R-2):
    what a player who does not know their order may assume (Game.determinized;
    sorted first, so the result depends only on which tiles are left)."""
    pile = state(game).pile
    hidden = sorted(k for k in pile if k != LAKE)
    shuffle(hidden, rng)
    pile[:] = hidden + [k for k in pile if k == LAKE]
