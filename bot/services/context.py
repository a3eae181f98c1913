"""What every game service shares: the store (db.service.GameService, which
owns every write), the settings, the notifier, the clock, one lock per game
(actions, AI answers, announcements and timers of a game never interleave),
the league store (ratings follow finished league games) and the seats the
AI plays."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from bot import options
from bot.leagues import LeagueService
from bot.services.messages import Notifier
from bot.settings import Settings
from bot.text import Words
from db.models import utcnow
from db.service import GameInfo, GameService
from engine.ai import AI
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
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.leagues = LeagueService(self.store.db)

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def ai_seats(self, info: GameInfo) -> set[int]:
        """AI seats and the seats of players who resigned."""
        resigned = set(info.options.get(options.RESIGNED, []))
        return {s.index for s in info.seats if s.is_ai or s.index in resigned}

    def words(self, info: GameInfo) -> Words:
        """The words of the game's public messages (its chosen language)."""
        return options.game_words(info)


def ai_for(game: Game, seat: int) -> AI:
    """The AI playing ``seat`` (seeded per game and seat: replays alike)."""
    return AI(seed=game.seed * 10 + seat)
