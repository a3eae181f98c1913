"""A seated player's choices outside the turn: resign (the AI plays the seat
from then on) and mute reminders."""

from __future__ import annotations

import logging

from bot import options
from bot.errors import AlreadyResigned
from bot.services.access import Caller, opened, seat_of, visible
from bot.services.context import Context
from bot.services.messages import Post
from bot.services.threads import sync_thread
from bot.services.turns import Turns
from bot.services.waiting import WaitingKey
from bot.text import escape
from db.errors import GameFinished
from db.values import ACTIVE, GameInfo

log = logging.getLogger(__name__)


def _may_resign(caller: Caller, info: GameInfo) -> None:
    seat = seat_of(info, caller)
    if info.status != ACTIVE:
        raise GameFinished(info.id, info.status)
    if seat.index in info.options.get(options.RESIGNED, []):
        raise AlreadyResigned(info.id)


class Seats:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def check_resign(self, caller: Caller, game_id: int) -> GameInfo:
        """Refuse now what :meth:`resign` would refuse (asked before the
        confirmation): a seat of the caller's, still playing, in a running game."""
        info = (await visible(self.ctx.store, caller, game_id)).info
        _may_resign(caller, info)
        return info

    async def resign(self, caller: Caller, game_id: int) -> GameInfo:
        """The user leaves a running game: the AI plays their seat from now on
        (scores stay; in a league it is a loss, db.values.ranks); when no
        human is left the game is abandoned."""
        async with opened(self.ctx, caller, game_id) as table:
            _may_resign(caller, table.info)
            seat = seat_of(table.info, caller)
            resigned = sorted({*table.info.options.get(options.RESIGNED, []), seat.index})
            info = await table.update_options(**{options.RESIGNED: resigned})
            words = self.ctx.words(info)
            name = escape(seat.display_name)
            await self.ctx.notifier.post(info, Post(words("seats.resigned", name=name)))
            log.info("game %s: seat %s resigned", game_id, seat.index)
            if all(s.is_ai or s.index in resigned for s in info.seats):
                info = await table.abandon()
                await self.ctx.notifier.post(info, Post(words("seats.abandoned")))
                await self.ctx.notifier.lobby(info)  # the lobby message says so
                await sync_thread(self.ctx, table)
                return table.info
            await self.turns.after_safely(table, [], WaitingKey.of(table.started))
            return table.info

    async def mute(self, caller: Caller, game_id: int, muted: bool) -> None:
        async with opened(self.ctx, caller, game_id) as table:
            seat = seat_of(table.info, caller)
            await table.set_seat_flags(seat.index, mute_reminders=muted)
