"""Timers of games (turn timeouts, reminders): schedule, find due ones, cancel.

A timer stays until cancelled, so one whose handler crashed fires again on the
next look: the bot cancels a timer once it has handled it. Finishing or
abandoning a game drops its timers (db.service).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select

from db.errors import GameNotFound, StoreError
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
            raise StoreError(f"a timer kind needs 1 to {MAX_KIND} characters")
        if due_at.tzinfo is None:
            raise StoreError("a timer's due time must be timezone-aware")
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
