"""A seated player's choices outside the turn: resign (the AI plays the seat
from then on) and mute reminders."""

from __future__ import annotations

import logging

from bot import options
from bot.errors import AlreadyResigned
from bot.services.access import Caller, seat_of, visible_game
from bot.services.context import Context
from bot.services.messages import Post
from bot.services.threads import sync_thread
from bot.services.turns import Turns
from bot.text import escape
from db.errors import GameFinished
from db.models import ACTIVE
from db.service import GameInfo

log = logging.getLogger(__name__)


class Seats:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def check_resign(self, caller: Caller, game_id: int) -> GameInfo:
        """Refuse now what :meth:`resign` would refuse (asked before the
        confirmation): a seat of the caller's, still playing, in a running game."""
        info = await visible_game(self.ctx.store, caller, game_id)
        seat = seat_of(info, caller)
        if info.status != ACTIVE:
            raise GameFinished(game_id, info.status)
        if seat.index in info.options.get(options.RESIGNED, []):
            raise AlreadyResigned(game_id)
        return info

    async def resign(self, caller: Caller, game_id: int) -> GameInfo:
        """The user leaves a running game: the AI plays their seat from now on
        (scores stay; in a league it is a loss, bot.leagues); when no human is
        left the game is abandoned."""
        store = self.ctx.store
        async with self.ctx.lock(game_id):
            info = await self.check_resign(caller, game_id)
            seat = seat_of(info, caller)
            resigned = sorted({*info.options.get(options.RESIGNED, []), seat.index})
            info = await store.update_options(game_id, **{options.RESIGNED: resigned})
            words = self.ctx.words(info)
            name = escape(seat.display_name)
            await self.ctx.notifier.post(info, Post(words("seats.resigned", name=name)))
            log.info("game %s: seat %s resigned", game_id, seat.index)
            if all(s.is_ai or s.index in resigned for s in info.seats):
                info = await store.abandon_game(game_id)
                await self.ctx.notifier.post(info, Post(words("seats.abandoned")))
                await self.ctx.notifier.lobby(info)  # the lobby message says so
                await sync_thread(self.ctx, game_id)
                return info
            await self.turns.after_safely(game_id, [], await self.turns.waiting_key(game_id))
            return await store.game_info(game_id)

    async def mute(self, caller: Caller, game_id: int, muted: bool) -> None:
        info = await visible_game(self.ctx.store, caller, game_id)
        seat = seat_of(info, caller)
        await self.ctx.store.set_seat_flags(game_id, seat.index, mute_reminders=muted)
