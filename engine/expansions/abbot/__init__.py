"""The Abbot (docs/rules/abbot.md A-1..A-5): one abbot per player, gardens on 9 tiles.

A package, one module per concern:

- :mod:`.tiles`: the garden twins ``Eg`` ... ``Vg`` (A-2), registered with the
  tile catalogue by the Plugin; the game's land tiles swap one copy of each
  base kind for its twin (``stock``). River tile ``RV11``'s garden belongs to
  the River's table;
- :mod:`.rules`: placing the abbot (A-3, a ``follower`` action with
  ``"abbot": true``, through the core's ``PieceSpec``) and taking it back
  (A-4, ``abbot-back`` in the follower step, which ends the step);
- :mod:`.state`: where each abbot stands, read off the board; :mod:`.view`;
  the AI policy in :mod:`.ai` (installed by engine.plugins).

Gardens are scored by the core like monasteries (A-2, A-5: engine.scoring);
the abbot counts as a follower where it stands (B-6, B-7) and goes home with
the others when its feature is scored. Cards never choose it (C-4) and treat
a garden as no monastery (C-5): the Gifts and Christmas packages see to it
through ``Follower.piece`` and the feature kind, without naming the Abbot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.expansions.abbot import rules, view
from engine.expansions.abbot.actions import BACK, AbbotBack
from engine.expansions.abbot.rules import back_points
from engine.expansions.abbot.state import (
    BACK_REASON,
    NAME,
    PIECE,
    abbot_on_board,
    abbots_home,
)
from engine.expansions.abbot.tiles import GARDEN_BASES, GARDEN_KINDS, garden_twin, stock
from engine.phases import STEP_FOLLOWER, ActionSpec, PieceSpec

if TYPE_CHECKING:
    from engine.game import Game

ACTIONS = (AbbotBack,)

__all__ = [
    "ACTIONS",
    "BACK",
    "BACK_REASON",
    "GARDEN_BASES",
    "GARDEN_KINDS",
    "NAME",
    "PIECE",
    "AbbotBack",
    "abbot_on_board",
    "abbots_home",
    "back_points",
    "garden_twin",
    "install",
    "stock",
]


def install(game: Game) -> None:
    # No state of its own: where each abbot stands is read off the board.
    h = game.hooks
    h.pieces[PIECE] = PieceSpec(PIECE, rules.spots, rules.refuse)
    h.public_view.add(view.public_view)
    h.add_action(
        ActionSpec(
            AbbotBack,
            frozenset({STEP_FOLLOWER}),
            rules.legal_back,
            rules.validate_back,
            rules.run_back,
            ends_step=True,
        )
    )
