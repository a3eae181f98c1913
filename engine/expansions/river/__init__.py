"""The River (docs/rules/river.md R-1..R-6): 12 river tiles that start the game.

A package, one module per concern:

- :mod:`.tiles`: the river tiles (R-1, one table, water edge ``I``),
  registered with the tile catalogue by the Plugin; ``stock``: the spring is
  the start tile and all four D join the land tiles (R-2);
- :mod:`.rules`: the river pile dealt before the land tiles (the core's
  ``OpeningPile``, R-2, R-5), where a river tile may go (a ``PlacementRule``
  for the turn, R-3, R-4) and the open end after each one;
- :mod:`.state` (``game.ext["river"]``, with :func:`redraw`), :mod:`.view`.

Tile cards (take two G-8, draw two X-4.7, the mastermind X-5.5) read the
core's ``Turn.opening`` / ``Game.opening()`` and have no use while the river
is drawn (C-6). The base AI places river tiles as any other (the legal
placements say where); the River needs no AI advice of its own.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.expansions.river import rules, view
from engine.expansions.river.rules import open_cell, placements
from engine.expansions.river.state import LAKE, NAME, SPRING, RiverState, redraw, state
from engine.expansions.river.tiles import RIVER_KINDS, WATER, pile_tiles, stock
from engine.game import shuffled
from engine.phases import OpeningPile
from engine.tiles import FACES

if TYPE_CHECKING:
    from engine.game import Game

ACTIONS = ()

__all__ = [
    "ACTIONS",
    "LAKE",
    "NAME",
    "RIVER_KINDS",
    "SPRING",
    "RiverState",
    "install",
    "open_cell",
    "placements",
    "redraw",
    "state",
    "stock",
]

COUNTS = Counter([*pile_tiles(), LAKE])


def _pile(game: Game) -> list[str]:
    """The river pile (R-2): the record's ``decks.river``, else the river
    tiles shuffled from the seed with the lake under them."""
    if NAME not in game.decks:
        return [*shuffled(game.seed, NAME, pile_tiles()), LAKE]
    pile = list(game.decks[NAME])
    for kind in pile:
        if kind not in COUNTS:
            raise ValueError(
                f"{kind!r} is not a tile of the river pile (R-2): {', '.join(sorted(COUNTS))}"
            )
    extra = [k for k, n in Counter(pile).items() if n > COUNTS[k]]
    if extra:
        raise ValueError(f"decks.river holds more {extra[0]!r} tiles than the river has (R-1)")
    if LAKE in pile and pile[-1] != LAKE:
        raise ValueError("the lake is the last tile of the river pile (R-2)")
    return pile


def install(game: Game) -> None:
    spring = FACES[(SPRING, 0)]  # the start tile, at 0,0 r0
    game.ext[NAME] = RiverState(_pile(game), ((0, 0), spring.edges.index(WATER)))
    h = game.hooks
    h.openings.append(OpeningPile(NAME, rules.draw, rules.left))
    h.after_draw.add(rules.after_draw)
    h.after_place.add(rules.after_place)
    h.redraw.add(redraw)  # the river pile's order is hidden
    h.public_view.add(view.public_view)
