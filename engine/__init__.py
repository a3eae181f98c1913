"""Carcassonne rules engine: pure Python, no I/O frameworks.

Typical use::

    from engine import Game
    game = Game(["Ada", "Bo"], seed=7)
    x, y, r = game.legal_placements()[0]
    game.apply({"player": 0, "type": "place", "x": x, "y": y, "rotation": r})
    game.apply({"player": 0, "type": "follower", "location": None})
"""

from engine.game import Game, Turn
from engine.phases import Action, Decision, Event, IllegalAction
from engine.record import RecordError, load, replay

__all__ = [
    "Action",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "RecordError",
    "Turn",
    "load",
    "replay",
]
