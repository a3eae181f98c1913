"""The bot's game services, one per concern, without Discord:

- lobby: open, join, leave, AI seats, cancel, start (bot.services.lobby)
- turns: a player's action and everything after a change (turns, announce)
- timers: reminders, turn limits, AI retries (timers, deadlines)
- handoff: follow-ups of games another process owns (bot.shards)
- reading: panels, hands, board, scores, records; suggest: autocomplete
- games: a player's games (/games, the ``game`` option's autocomplete)
- prefs: each player's own settings (pings, DMs, automatic answers, away)
- undo; seats: resign, mute
- tables: a rematch, a quick start; servers: each server's own defaults

They speak to the store only through ``db.service.GameService`` (which owns
every write and each game's one lock): a service that changes a game opens
it once and passes the opened game on (bot.services.context). They send
messages through a ``Notifier`` (bot.services.messages). :class:`Services`
wires them together.
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
from bot.services.handoff import OwnerNotifier, Owners
from bot.services.lobby import Lobby
from bot.services.messages import Notifier, Post
from bot.services.prefs import Prefs
from bot.services.reading import Reading
from bot.services.seats import Seats
from bot.services.servers import ServerSettings
from bot.services.suggest import Suggestion, Suggestions
from bot.services.tables import Tables
from bot.services.timers import TurnTimers
from bot.services.turns import Move, Turns
from bot.services.undo import TakenBack, Undo
from bot.services.waiting import WaitingKey
from bot.settings import Settings
from bot.shards import Shards
from db.service import GameService
from db.values import utcnow

log = logging.getLogger(__name__)

__all__ = ["Caller", "Move", "Notifier", "Post", "Services", "Suggestion", "TakenBack"]


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
        self.shards = Shards.of(settings)
        owners = None
        if not self.shards.everything:
            # Several processes: each follows up only the games of its guilds.
            owners = Owners(store, self.shards, clock)
            store.owner_elsewhere = self.shards.elsewhere
            notifier = OwnerNotifier(notifier, owners)
        self.ctx = Context(store, settings, notifier, clock)
        self.store = store
        self.leagues = self.ctx.leagues
        self.prefs = Prefs(store.db, clock)
        self.deadlines = Deadlines(self.ctx, self.prefs)
        self.announcer = Announcer(self.ctx, self.prefs)
        self.turns = Turns(self.ctx, self.announcer, self.deadlines, self.prefs, owners)
        self.timers = TurnTimers(self.ctx, self.turns, self.deadlines)
        self.lobby = Lobby(self.ctx, self.turns, self.prefs)
        self.seats = Seats(self.ctx, self.turns)
        self.tables = Tables(self.ctx, self.lobby)
        self.undo = Undo(self.ctx, self.deadlines)
        self.reading = Reading(self.ctx)
        self.suggest = Suggestions(self.ctx)
        self.games = Games(self.ctx)
        self.servers = ServerSettings(store)

    async def resume_all(self) -> int:
        """At start-up, for the games of the guilds this process owns: let AI
        seats answer in active games left waiting for them, and set every
        other game's timers as it needs them (a process stopped between a
        change and its follow-up). Returns how many games the AI resumed."""
        resumed = 0
        for info in await self.store.list_active_games():
            if self.ctx.stopping:
                break  # the next start resumes the rest
            if not self.shards.owns(info.guild_id):
                continue  # its owner resumes it
            try:
                async with self.ctx.open(info.id) as table:
                    game = table.started
                    d = game.pending
                    if d is None or not set(d.players) & self.ctx.ai_seats(table.info):
                        await self.deadlines.reconcile(table)
                        continue
                    await self.turns.after(table, [], WaitingKey.of(game))
                resumed += 1
            except Exception:
                log.exception("game %s could not be resumed", info.id)
        return resumed
