"""The one place the bot asks "is this action legal now?" without applying it:
the engine's ``Game.check`` (legality without applying, like python-chess's
``is_legal`` beside ``push``). Applying stays the store's
(db.service.GameService.act: all or nothing, with the engine's reason).
"""

from __future__ import annotations

from engine.game import Game
from engine.phases import Action, IllegalAction


def is_legal(game: Game, action: Action) -> bool:
    try:
        game.check(action)
    except IllegalAction:  # MalformedAction included
        return False
    return True
