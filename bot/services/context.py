"""What every game service shares: the store (db.service.GameService, which
owns every write and each game's one lock), the settings, the notifier, the
clock, the league store (ratings follow finished league games) and the seats
the AI plays.

A service that changes a game opens it once (``ctx.open``: the game's lock
held, the game read once, db.table) and passes the opened game on to what
follows (AI answers, announcements, timers) instead of reading it again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

from bot import options
from bot.services.messages import Notifier
from bot.settings import Settings
from bot.text import Words
from db.leagues import Leagues
from db.service import GameService, OpenGame
from db.values import GameInfo, utcnow
from engine import ai
from engine.actions import GameAction, parse_action
from engine.game import Game


@dataclass
class Context:
    store: GameService
    settings: Settings
    notifier: Notifier
    clock: Callable[[], dt.datetime] = utcnow
    # Set when the process shuts down: loops of AI moves stop at their next
    # move (no transaction cut by a cancel); what is left resumes at start-up.
    stopping: bool = False

    def __post_init__(self) -> None:
        self.leagues = Leagues(self.store.db)

    def open(self, game_id: int, *, read: bool = True) -> AbstractAsyncContextManager[OpenGame]:
        """The game opened: its lock held and (with ``read``) read once (db.table)."""
        return self.store.open(game_id, read=read)

    def ai_seats(self, info: GameInfo) -> set[int]:
        """AI seats and the seats of players who resigned."""
        resigned = set(info.options.get(options.RESIGNED, []))
        return {s.index for s in info.seats if s.is_ai or s.index in resigned}

    def words(self, info: GameInfo) -> Words:
        """The words of the game's public messages (its chosen language)."""
        return options.game_words(info)


def ai_move(game: Game, seat: int, level: str) -> GameAction:
    """The AI's move for ``seat`` now at ``level`` (bot.ai.seat_level), as a
    typed action: engine.ai.choose, seeded per game and seat (the same game
    plays alike). A level off the loop (bot.ai.OFF_LOOP) is asked in another
    process instead (bot.services.thinking)."""
    return parse_action(ai.choose(game, seat, level))
