"""Timers of games (turn timeouts, reminders): schedule, find due ones,
claim, cancel.

A timer stays until cancelled, so one whose handler failed fires again: a
handler first *claims* a due timer, which moves its due time to a later
retry time in one conditional update (only one process wins the claim), and
cancels it once handled. A handler that fails, or a process that dies, leaves
the timer to fire again at that retry time: no timer is lost to an error.
Finishing or abandoning a game drops its timers (db.service).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update

from db.errors import BadTimer, GameNotFound
from db.models import Game, Timer, utcnow
from db.session import Database

MAX_KIND = 32


@dataclass(frozen=True, slots=True)
class TimerInfo:
    id: int
    game_id: int
    seat: int | None
    kind: str
    due_at: dt.datetime
    payload: dict[str, Any]


class Timers:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def schedule(
        self,
        game_id: int,
        kind: str,
        due_at: dt.datetime,
        *,
        seat: int | None = None,
        payload: dict[str, Any] | None = None,
    ) -> TimerInfo:
        if not isinstance(kind, str) or not 0 < len(kind) <= MAX_KIND:
            raise BadTimer(f"a timer kind needs 1 to {MAX_KIND} characters")
        if due_at.tzinfo is None:
            raise BadTimer("a timer's due time must be timezone-aware")
        async with self.db.write() as s:
            if await s.get(Game, game_id) is None:
                raise GameNotFound(game_id)
            timer = Timer(
                game_id=game_id,
                seat=seat,
                kind=kind,
                due_at=due_at,
                payload=dict(payload or {}),
                created_at=utcnow(),
            )
            s.add(timer)
            await s.flush()
            return _info(timer)

    async def due(self, now: dt.datetime | None = None, limit: int = 100) -> list[TimerInfo]:
        """Timers due at ``now`` (default: the current time), earliest first."""
        q = (
            select(Timer)
            .where(Timer.due_at <= (now or utcnow()))
            .order_by(Timer.due_at, Timer.id)
            .limit(limit)
        )
        async with self.db.read() as s:
            return [_info(t) for t in (await s.execute(q)).scalars()]

    async def of_game(self, game_id: int) -> list[TimerInfo]:
        q = select(Timer).where(Timer.game_id == game_id).order_by(Timer.due_at, Timer.id)
        async with self.db.read() as s:
            return [_info(t) for t in (await s.execute(q)).scalars()]

    async def claim(
        self,
        timer: TimerInfo,
        now: dt.datetime,
        retry_at: dt.datetime,
        payload: dict[str, Any] | None = None,
    ) -> bool:
        """Take a due timer to handle it: its due time moves to ``retry_at``
        (and its payload to ``payload``, e.g. an attempt count) unless another
        handler claimed or cancelled it first. False: not ours to handle."""
        if retry_at.tzinfo is None or retry_at <= now:
            raise BadTimer("a claimed timer must be retried later")
        values: dict[str, Any] = {"due_at": retry_at}
        if payload is not None:
            values["payload"] = dict(payload)
        async with self.db.write() as s:
            result = await s.execute(
                update(Timer)
                .where(Timer.id == timer.id, Timer.due_at <= now)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def cancel(self, timer_id: int) -> bool:
        """Remove one timer; False when it was already gone."""
        async with self.db.write() as s:
            result = await s.execute(delete(Timer).where(Timer.id == timer_id))
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def cancel_for(
        self, game_id: int, *, kind: str | None = None, seat: int | None = None
    ) -> int:
        """Remove a game's timers (optionally of one kind and/or seat); how many went."""
        q = delete(Timer).where(Timer.game_id == game_id)
        if kind is not None:
            q = q.where(Timer.kind == kind)
        if seat is not None:
            q = q.where(Timer.seat == seat)
        async with self.db.write() as s:
            result = await s.execute(q)
            return int(result.rowcount)  # type: ignore[attr-defined]


def _info(t: Timer) -> TimerInfo:
    return TimerInfo(t.id, t.game_id, t.seat, t.kind, t.due_at, dict(t.payload))
