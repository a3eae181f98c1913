"""Taking back a choice: the user's last action in their own turn (and AI
answers after it), unless something hidden was revealed since (undo floor)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.present import panel as pn
from bot.present.takeback import undo_target
from bot.services.access import Caller, opened, seat_of
from bot.services.context import Context
from bot.services.deadlines import Deadlines
from bot.services.messages import Post
from bot.text import escape
from db.errors import GameFinished, NothingToTakeBack
from db.values import ACTIVE

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TakenBack:
    """An undo done: how many actions went, and the player's panel now."""

    removed: int
    panel: pn.Panel


class Undo:
    def __init__(self, ctx: Context, deadlines: Deadlines) -> None:
        self.ctx = ctx
        self.deadlines = deadlines

    async def undo(self, caller: Caller, game_id: int) -> TakenBack:
        """Take back the caller's last choice (see the module)."""
        async with opened(self.ctx, caller, game_id) as table:
            info = table.info
            seat = seat_of(info, caller)
            if info.status != ACTIVE:
                raise GameFinished(game_id, info.status)
            keep = undo_target(table.started, seat.index, self.ctx.ai_seats(info))
            if keep is None:
                raise NothingToTakeBack()
            removed = info.version - keep
            info = await table.take_back(keep)
            log.info("game %s: seat %s took back %s action(s)", game_id, seat.index, removed)
            words = self.ctx.words(info)
            name = escape(seat.display_name)
            await self.ctx.notifier.post(info, Post(words("undo.announce", name=name)))
            try:
                await self.deadlines.reconcile(table)
            except Exception:  # the same seat still waits in the same turn: timers hold
                log.warning("game %s: timers not updated after an undo", game_id, exc_info=True)
            ai = self.ctx.ai_seats(info)
            panel = pn.build(table.started, info, seat.index, caller.words, ai_seats=ai)
            return TakenBack(removed, panel)
