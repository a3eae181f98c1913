"""Taking back a choice: the user's last action in their own turn (and AI
answers after it), unless something hidden was revealed since (undo floor)."""

from __future__ import annotations

import logging

from bot.present.takeback import undo_target
from bot.services.access import Caller, seat_of, visible_game
from bot.services.context import Context
from bot.services.deadlines import Deadlines
from bot.services.messages import Post
from bot.text import escape
from db.errors import GameFinished, NothingToTakeBack
from db.models import ACTIVE

log = logging.getLogger(__name__)


class Undo:
    def __init__(self, ctx: Context, deadlines: Deadlines) -> None:
        self.ctx = ctx
        self.deadlines = deadlines

    async def undo(self, caller: Caller, game_id: int) -> int:
        """Take back; returns how many actions were removed."""
        store = self.ctx.store
        await visible_game(store, caller, game_id)
        async with self.ctx.lock(game_id):
            loaded = await store.load_game(game_id)
            info, game = loaded.info, loaded.game
            seat = seat_of(info, caller)
            if info.status != ACTIVE:
                raise GameFinished(game_id, info.status)
            keep = undo_target(game, seat.index, self.ctx.ai_seats(info))
            if keep is None:
                raise NothingToTakeBack()
            removed = info.version - keep
            await store.take_back(
                game_id, keep, expected_version=info.version, expected_stamp=loaded.stamp
            )
            log.info("game %s: seat %s took back %s action(s)", game_id, seat.index, removed)
            words = self.ctx.words(info)
            name = escape(seat.display_name)
            await self.ctx.notifier.post(info, Post(words("undo.announce", name=name)))
            try:
                await self.deadlines.reconcile(game_id)
            except Exception:  # the same seat still waits in the same turn: timers hold
                log.warning("game %s: timers not updated after an undo", game_id, exc_info=True)
            return removed
