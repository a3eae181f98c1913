"""The one place the bot asks "is this action legal now?" without applying it.

The engine's ``Game.check(action)`` (legality without applying, like
python-chess's ``is_legal`` beside ``push``) is used when the engine has it;
until then the seat's list of complete legal actions answers, which is exact
for every action the bot itself offers or chooses. Applying stays the
store's (db.service.GameService.act: all or nothing, with the engine's reason).
"""

from __future__ import annotations

from engine.game import Game
from engine.phases import Action, IllegalAction


def is_legal(game: Game, action: Action) -> bool:
    check = getattr(game, "check", None)
    if callable(check):
        try:
            check(action)
        except IllegalAction:
            return False
        return True
    seat = action.get("player")
    return isinstance(seat, int) and action in game.legal_actions(seat)
