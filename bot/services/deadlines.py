"""The timers a game needs now: for each human seat it waits for, a
reminder and (unless the policy only reminds) the turn limit, kept while the
same seat waits in the same turn; every other timer of the game goes. AI
retries are left alone (bot.services.timers handles them)."""

from __future__ import annotations

import datetime as dt

from bot import options
from bot.services.context import Context
from bot.services.waiting import turn_number
from db.models import ACTIVE
from db.service import GameInfo
from db.timers import TimerInfo
from engine.game import Game

REMINDER = "reminder"
TIMEOUT = "timeout"
AI_RETRY = "ai-retry"  # an AI move that failed, tried again later
REMIND_ONLY = options.REMIND_ONLY


def policy_of(info: GameInfo) -> str:
    return str(info.options.get(options.POLICY, info.timeout_policy))


def reminder_hours(info: GameInfo, default: float) -> float:
    return float(info.options.get(options.REMINDER_HOURS, default))


class Deadlines:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def reconcile(
        self,
        game_id: int,
        info: GameInfo | None = None,
        game: Game | None = None,
        *,
        replacing: int | None = None,
    ) -> None:
        """Set the game's timers as it needs them now. ``replacing``: a timer
        just handled, counted as gone but removed only once its successors
        are stored, so that a failure on the way loses no timer."""
        store = self.ctx.store
        info = info or await store.game_info(game_id)
        existing = await store.timers.of_game(game_id)
        if info.status != ACTIVE:
            for t in existing:
                await store.timers.cancel(t.id)
            return
        await self._set(game_id, info, game, [t for t in existing if t.id != replacing])
        if replacing is not None:
            await store.timers.cancel(replacing)

    async def _set(
        self, game_id: int, info: GameInfo, game: Game | None, existing: list[TimerInfo]
    ) -> None:
        store = self.ctx.store
        if game is None:
            game = (await store.load_game(game_id)).game
        d = game.pending
        ai = self.ctx.ai_seats(info)
        waiting = {p for p in d.players if p not in ai} if d is not None else set()
        turn = turn_number(game)
        have: set[tuple[int | None, str]] = set()
        for t in existing:
            if t.kind == AI_RETRY:
                continue
            if t.seat in waiting and t.payload.get("turn") == turn:
                have.add((t.seat, t.kind))
            else:
                await store.timers.cancel(t.id)
        now = self.ctx.clock()
        hours = reminder_hours(info, self.ctx.settings.reminder_hours)
        limited = bool(info.turn_timeout_seconds) and policy_of(info) != REMIND_ONLY
        for seat in sorted(waiting):
            if (seat, REMINDER) not in have:
                await store.timers.schedule(
                    game_id,
                    REMINDER,
                    now + dt.timedelta(hours=hours),
                    seat=seat,
                    payload={"turn": turn},
                )
            if limited and (seat, TIMEOUT) not in have:
                await store.timers.schedule(
                    game_id,
                    TIMEOUT,
                    now + dt.timedelta(seconds=info.turn_timeout_seconds or 0),
                    seat=seat,
                    payload={"turn": turn},
                )
