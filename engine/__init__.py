"""Carcassonne rules engine: pure Python, no I/O frameworks.

Typical use::

    from engine import Game
    game = Game(["Ada", "Bo"], seed=7)
    x, y, r = game.legal_placements()[0]
    game.apply({"player": 0, "type": "place", "x": x, "y": y, "rotation": r})
    game.apply({"player": 0, "type": "follower", "location": None})
"""

# The shipped expansions register with the core here, before any Game is built
# (engine.plugins); the core itself never imports them.
import engine.expansions  # noqa: F401
from engine.actions import Follower, GameAction, Place, parse_action
from engine.game import Game, Turn
from engine.phases import Action, Decision, Event, IllegalAction, MalformedAction, only_answer
from engine.record import RecordError, load, replay
from engine.seat import AiSeat, SeatView

__all__ = [
    "Action",
    "AiSeat",
    "Decision",
    "Event",
    "Follower",
    "Game",
    "GameAction",
    "IllegalAction",
    "MalformedAction",
    "Place",
    "RecordError",
    "SeatView",
    "Turn",
    "load",
    "only_answer",
    "parse_action",
    "replay",
]
