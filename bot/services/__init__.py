"""The bot's game services, one per concern, without Discord:

- lobby: open, join, leave, AI seats, cancel, start (bot.services.lobby)
- turns: a player's action and everything after a change (turns, announce)
- timers: reminders, turn limits, AI retries (timers, deadlines)
- reading: panels, hands, board, scores, records; suggest: autocomplete
- games: a player's games (/games, the ``game`` option's autocomplete)
- undo; seats: resign, mute

They speak to the store only through ``db.service.GameService`` (which owns
every write) and send messages through a ``Notifier`` (bot.services.messages).
:class:`Services` wires them together.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from bot import expansions
from bot.services.access import Caller
from bot.services.announce import Announcer
from bot.services.context import Context
from bot.services.deadlines import Deadlines
from bot.services.games import Games
from bot.services.lobby import Lobby
from bot.services.messages import Notifier, Post
from bot.services.reading import Reading
from bot.services.seats import Seats
from bot.services.suggest import Suggestion, Suggestions
from bot.services.timers import TurnTimers
from bot.services.turns import Turns
from bot.services.undo import Undo
from bot.settings import Settings
from db.models import utcnow
from db.service import GameService

log = logging.getLogger(__name__)

__all__ = ["Caller", "Notifier", "Post", "Services", "Suggestion"]


class Services:
    def __init__(
        self,
        store: GameService,
        settings: Settings,
        notifier: Notifier,
        *,
        clock: Callable[[], dt.datetime] = utcnow,
    ) -> None:
        expansions.adapters()  # every adapter registered (and its words) before use
        self.ctx = Context(store, settings, notifier, clock)
        self.store = store
        self.leagues = self.ctx.leagues
        self.deadlines = Deadlines(self.ctx)
        self.announcer = Announcer(self.ctx)
        self.turns = Turns(self.ctx, self.announcer, self.deadlines)
        self.timers = TurnTimers(self.ctx, self.turns, self.deadlines)
        self.lobby = Lobby(self.ctx, self.turns)
        self.seats = Seats(self.ctx, self.turns)
        self.undo = Undo(self.ctx, self.deadlines)
        self.reading = Reading(self.ctx)
        self.suggest = Suggestions(self.ctx)
        self.games = Games(self.ctx)

    async def resume_all(self) -> int:
        """At start-up: let AI seats answer in active games left waiting for
        them (a process stopped between a player's action and the AI's)."""
        resumed = 0
        for info in await self.store.list_active_games():
            try:
                game = (await self.store.load_game(info.id)).game
                d = game.pending
                if d is None or not set(d.players) & self.ctx.ai_seats(info):
                    continue
                async with self.ctx.lock(info.id):
                    await self.turns.after(info.id, [], await self.turns.waiting_key(info.id))
                resumed += 1
            except Exception:
                log.exception("game %s could not be resumed", info.id)
        return resumed
