"""The AI levels by name, and how an AI seat of a game decides.

``policy(level, seed)`` makes a level's policy; its ``choose(view)`` takes a
:class:`~engine.seat.SeatView` and returns the seat's action. ``choose(game,
seat)`` is what the bot asks for an AI seat: the seat's level and seed as the
game stores them (``game.ai_seats``), or for a seat without an entry (a
record from before AI levels) the given level and the old seed ``game seed ×
10 + seat``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.ai.easy import Easy
from engine.ai.hard import Hard
from engine.ai.normal import Normal
from engine.ai.reference import AI
from engine.game import Game
from engine.phases import Action
from engine.seat import AiSeat, SeatView

DEFAULT = "normal"


class Policy(Protocol):
    def choose(self, view: SeatView) -> Action: ...


# The levels a player may choose, weakest first.
LEVELS: dict[str, Callable[[int], Policy]] = {"easy": Easy, "normal": Normal, "hard": Hard}
# Every policy by name: the levels and today's AI, the arena's yardstick.
POLICIES: dict[str, Callable[[int], Policy]] = {**LEVELS, "reference": AI}


def policy(level: str, seed: int) -> Policy:
    make = POLICIES.get(level)
    if make is None:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    return make(seed)


def seat_ai(game: Game, seat: int, level: str = DEFAULT) -> AiSeat:
    """The AI playing ``seat``: as stored with the game, else ``level`` with the
    seed records from before AI levels used."""
    return game.ai_seats.get(seat) or AiSeat(level, game.seed * 10 + seat)


def choose(game: Game, seat: int, level: str = DEFAULT) -> Action:
    """The action the AI playing ``seat`` takes now (ValueError when the seat
    has nothing to do)."""
    ai = seat_ai(game, seat, level)
    return policy(ai.level, ai.seed).choose(SeatView(game, seat))
