"""Tables opened from something else than ``/carcassonne new``: a rematch of
a finished game (its Rematch button) and a quick start against the AI.

A rematch opens a lobby where its game was, hosted by whoever asked, with
the game's other players invited (those who resigned too) and its AI seats
kept, the same expansions and options, and the first seat moved on by one
(applied at the start: bot.services.lobby). It counts in the same league
while the season the game counted in is open; else it is unrated and says
why (options.UNRATED). A quick start seats 1 to 3 AI seats at once (the way
the lobby's "Add AI seat" does) and is never rated."""

from __future__ import annotations

import dataclasses
import logging

from bot import options
from bot.ai import DEFAULT, Level, seat_level
from bot.errors import BadSetting, NotAPlayer
from bot.services.access import Caller, visible
from bot.services.context import Context
from bot.services.lobby import Lobby, seat_key
from db.values import FINISHED, GameInfo, GameOptions

log = logging.getLogger(__name__)

MAX_QUICK = 3  # AI opponents of a quick start
# Options of a game that are its own, not its setup: a rematch starts without them.
NOT_COPIED = frozenset(
    {
        options.AI_LEVELS,  # by seat name: each AI seat is seated again at its level
        options.RESIGNED,
        options.LOBBY_MESSAGE,
        options.CLOSES_AT,
        options.CLOSED,
        options.THREAD_EDITED,
        options.INVITED,
        options.INVITED_NAMES,
        options.PRIVATE,
        options.TOLD,
        options.DEFAULTS,
        options.REMATCH_OF,
        options.UNRATED,
        options.SEAT_ORDER,
    }
)


class Tables:
    def __init__(self, ctx: Context, lobby: Lobby) -> None:
        self.ctx = ctx
        self.lobby = lobby

    async def rematch(self, caller: Caller, game_id: int) -> tuple[GameInfo, bool]:
        """A new lobby for a finished game's players, hosted by ``caller``
        (one of them), in the channel the game was opened in; or the rematch
        already open (False: not new), which the others join."""
        old = (await visible(self.ctx.store, caller, game_id)).info
        if old.seat_of(caller.user_id) is None or old.status != FINISHED:
            raise NotAPlayer(game_id)
        # Two clicks at once: the second waits for the first's lobby and joins it.
        async with self.ctx.open(old.id, read=False):
            running = await self.ctx.store.list_games(guild_id=old.guild_id)
            opened = [g for g in running if g.options.get(options.REMATCH_OF) == old.id]
            if opened:
                return opened[-1], False
            order = [*old.seats[1:], *old.seats[:1]]  # the first seat moves on by one
            league_id, unrated = old.league_id, None
            if league_id is not None:
                today = self.ctx.clock().date()
                played = (old.finished_at or self.ctx.clock()).date()
                server = await self.ctx.store.servers.defaults(old.guild_id)
                if not await self.ctx.leagues.season_open(league_id, played, today):
                    league_id, unrated = None, "season"
                elif any(s.is_ai for s in old.seats) and not server.ai_in_leagues:
                    league_id, unrated = None, "no_ai"
            extra = {k: v for k, v in old.options.items() if k not in NOT_COPIED}
            extra[options.REMATCH_OF] = old.id
            if unrated:
                extra[options.UNRATED] = unrated
            here = dataclasses.replace(caller, channel_id=old.channel_id)
            info = await self.lobby.open(
                here,
                expansions=list(old.expansions),
                game_options=GameOptions(old.turn_timeout_seconds, old.timeout_policy, extra),
                league_id=league_id,
                invited={s.user_id: s.display_name for s in order if s.user_id is not None},
                private=bool(old.options.get(options.PRIVATE)),
            )
            async with self.ctx.open(info.id) as table:
                keys = []
                for seat in order:  # AI seats kept, at their levels (in the order of the seats)
                    if seat.is_ai:
                        level = seat_level(old, old.seats.index(seat))
                        keys.append(seat_key(await self.lobby.seat_ai(table, level)))
                    else:
                        keys.append(f"u{seat.user_id}")
                info = await table.update_options(**{options.SEAT_ORDER: keys})
        log.info("game %s: rematch of game %s", info.id, old.id)
        return info, True

    async def quick(
        self,
        caller: Caller,
        opponents: int,
        *,
        expansions: list[str] | None = None,
        level: Level = DEFAULT,
    ) -> GameInfo:
        """A lobby with ``opponents`` AI seats at ``level``, not rated, ready to start."""
        if not 1 <= opponents <= MAX_QUICK:
            raise BadSetting("opponents")
        info = await self.lobby.create(caller, expansions=expansions or [])
        async with self.ctx.open(info.id) as table:
            for _ in range(opponents):
                await self.lobby.seat_ai(table, level)
            return table.info
