"""Timers of games (turn timeouts, reminders): schedule, find due ones,
claim, cancel.

A timer stays until cancelled, so one whose handler failed fires again: a
handler first *claims* a due timer, which moves its due time to a later
retry time in the claiming transaction (only one process wins the claim),
and cancels it once handled. A handler that fails, or a process that dies,
leaves the timer to fire again at that retry time: no timer is lost to an
error. Finishing or abandoning a game drops its timers (db.service).

Several processes (bot.shards): :meth:`Timers.claim_next` takes only timers
of the guilds a process owns, with ``SELECT ... FOR UPDATE SKIP LOCKED`` on
PostgreSQL, so two processes never wait on, nor both take, one timer; a
killed process's claim transaction rolls back with its connection. SQLite has
one writer and one process (bot.cli.lock), so its claims need no row locks.

A :data:`HANDOFF` is work one process leaves for the process that owns a
game's guild (bot.services.handoff): due at once, it wakes that process
through PostgreSQL's ``NOTIFY`` (:class:`Wakeups`). It is no timer *of the
game*: :meth:`Timers.of_game` leaves it out and a game's end keeps it (the
owner still announces what happened).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Integer, delete, func, insert, literal, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from db.errors import BadTimer, GameNotFound
from db.models import Game, Timer
from db.session import Database
from db.values import TimerInfo, utcnow

log = logging.getLogger(__name__)

MAX_KIND = 32
HANDOFF = "handoff"
WAKE_CHANNEL = "carcassonne_timers"  # PostgreSQL NOTIFY channel of due handoffs
SNOWFLAKE_SHIFT = 22  # the timestamp part of a Discord id

# (shard_count, shard ids held): the guilds whose timers a process claims.
ShardFilter = tuple[int, Sequence[int]]
# A claimed timer's retry time and new payload, from the timer as it was due.
Plan = Callable[["TimerInfo"], tuple[dt.datetime, dict[str, Any]]]


def shard_of(guild_id: int, count: int) -> int:
    """Discord's shard of a guild (:meth:`Timers.claim_next` says the same in SQL)."""
    return (guild_id >> SNOWFLAKE_SHIFT) % count


@dataclass(frozen=True, slots=True)
class NewTimer:
    """A timer to schedule (:meth:`Timers.change`)."""

    kind: str
    due_at: dt.datetime
    seat: int | None = None
    payload: dict[str, Any] = field(default_factory=dict)


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
        wake: int | None = None,
    ) -> TimerInfo:
        """A new timer. ``wake``: the shard whose process should look at once
        (PostgreSQL ``NOTIFY``, sent when the timer is committed)."""
        new = NewTimer(kind, due_at, seat, dict(payload or {}))
        return (await self.change(game_id, add=[new], wake=wake))[0]

    async def change(
        self,
        game_id: int,
        *,
        cancel: Sequence[int] = (),
        add: Sequence[NewTimer] = (),
        wake: int | None = None,
    ) -> list[TimerInfo]:
        """Cancel timers of a game (by id; those already gone are no fault)
        and schedule new ones, in one transaction; the new timers."""
        for new in add:
            if not isinstance(new.kind, str) or not 0 < len(new.kind) <= MAX_KIND:
                raise BadTimer(f"a timer kind needs 1 to {MAX_KIND} characters")
            if new.due_at.tzinfo is None:
                raise BadTimer("a timer's due time must be timezone-aware")
        if not cancel and not add:
            return []
        async with self.db.write() as s:
            if cancel:
                await s.execute(
                    delete(Timer).where(Timer.game_id == game_id, Timer.id.in_(list(cancel)))
                )
            if not add:
                return []
            if await s.get(Game, game_id) is None:
                raise GameNotFound(game_id)
            now = utcnow()
            timers = [
                Timer(
                    game_id=game_id,
                    seat=new.seat,
                    kind=new.kind,
                    due_at=new.due_at,
                    payload=dict(new.payload),
                    created_at=now,
                )
                for new in add
            ]
            s.add_all(timers)
            await s.flush()
            if wake is not None:
                await self.wake(s, wake)
            return [timer_info(t) for t in timers]

    async def hand_off(
        self, s: AsyncSession, game_id: int, payload: dict[str, Any], shard: int
    ) -> None:
        """In the caller's transaction: a :data:`HANDOFF` due now for the
        process holding ``shard``, woken when the transaction commits."""
        now = utcnow()
        await s.execute(
            insert(Timer).values(
                game_id=game_id,
                seat=None,
                kind=HANDOFF,
                due_at=now,
                payload=dict(payload),
                created_at=now,
            )
        )
        await self.wake(s, shard)

    async def wake(self, s: AsyncSession, shard: int) -> None:
        """``NOTIFY`` the process holding ``shard`` once ``s`` commits (PostgreSQL)."""
        if not self.db.is_sqlite:
            await s.execute(select(func.pg_notify(WAKE_CHANNEL, str(shard))))

    async def due(self, now: dt.datetime | None = None, limit: int = 100) -> list[TimerInfo]:
        """Timers due at ``now`` (default: the current time), earliest first."""
        q = (
            select(Timer)
            .where(Timer.due_at <= (now or utcnow()))
            .order_by(Timer.due_at, Timer.id)
            .limit(limit)
        )
        async with self.db.read() as s:
            return [timer_info(t) for t in (await s.execute(q)).scalars()]

    async def of_game(self, game_id: int, *, handoffs: bool = False) -> list[TimerInfo]:
        """The game's timers (with ``handoffs=True``: its pending handoffs only)."""
        kind = Timer.kind == HANDOFF if handoffs else Timer.kind != HANDOFF
        q = select(Timer).where(Timer.game_id == game_id, kind).order_by(Timer.due_at, Timer.id)
        async with self.db.read() as s:
            return [timer_info(t) for t in (await s.execute(q)).scalars()]

    async def claim_next(
        self,
        now: dt.datetime,
        plan: Plan,
        *,
        shards: ShardFilter | None = None,
        created_before: dt.datetime | None = None,
    ) -> TimerInfo | None:
        """Take the earliest timer due at ``now`` (of the guilds on ``shards``
        only, and created before ``created_before``, when given) to handle it:
        in one transaction its due time and payload become what ``plan`` says
        (a retry time, e.g. an attempt count). Returns the timer as it was
        due; None when none is left. Rows another process is claiming are
        skipped, never waited for."""
        q = select(Timer).where(Timer.due_at <= now)
        if created_before is not None:
            q = q.where(Timer.created_at < created_before)
        if shards is not None:
            count, ids = shards
            shard = Game.guild_id.op(">>")(literal(SNOWFLAKE_SHIFT, Integer)) % count
            q = q.join(Game, Game.id == Timer.game_id).where(shard.in_(list(ids)))
        q = q.order_by(Timer.due_at, Timer.id).limit(1)
        q = q.with_for_update(skip_locked=True, of=Timer)
        async with self.db.write() as s:
            timer = (await s.execute(q)).scalar_one_or_none()
            if timer is None:
                return None
            due = timer_info(timer)
            retry_at, payload = plan(due)
            if retry_at.tzinfo is None or retry_at <= now:
                raise BadTimer("a claimed timer must be retried later")
            await s.execute(
                update(Timer)
                .where(Timer.id == timer.id)
                .values(due_at=retry_at, payload=dict(payload))
                .execution_options(synchronize_session=False)
            )
            return due

    async def cancel(self, timer_id: int) -> bool:
        """Remove one timer; False when it was already gone."""
        async with self.db.write() as s:
            result = await s.execute(delete(Timer).where(Timer.id == timer_id))
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def cancel_for(
        self, game_id: int, *, kind: str | None = None, seat: int | None = None
    ) -> int:
        """Remove a game's timers (optionally of one kind and/or seat; handoffs
        only when asked by kind); how many went."""
        q = delete(Timer).where(Timer.game_id == game_id)
        q = q.where(Timer.kind == kind) if kind is not None else q.where(Timer.kind != HANDOFF)
        if seat is not None:
            q = q.where(Timer.seat == seat)
        async with self.db.write() as s:
            result = await s.execute(q)
            return int(result.rowcount)  # type: ignore[attr-defined]


def timer_info(t: Timer) -> TimerInfo:
    return TimerInfo(t.id, t.game_id, t.seat, t.kind, t.due_at, dict(t.payload))


class Wakeups:
    """``LISTEN`` for handoffs to this process's shards (PostgreSQL; on SQLite
    there is one process and nothing to hear). ``heard`` is called with each
    notified shard number, from the connection's callback. The connection is
    opened by :meth:`listen` and again after it was lost; meanwhile, the
    poller's interval still finds every timer."""

    def __init__(self, db: Database, heard: Callable[[int | None], None]) -> None:
        self.db = db
        self.heard = heard
        self._conn: AsyncConnection | None = None
        self._driver: Any = None

    @property
    def listening(self) -> bool:
        return self._driver is not None and not self._driver.is_closed()

    async def listen(self) -> bool:
        """Listening now (connecting if needed)? False on SQLite."""
        if self.db.is_sqlite:
            return False
        if self.listening:
            return True
        await self.close()
        conn = await self.db.engine.connect()
        try:
            raw = await conn.get_raw_connection()
            driver = raw.driver_connection
            assert driver is not None
            await driver.add_listener(WAKE_CHANNEL, self._notified)
        except BaseException:
            await conn.invalidate()
            raise
        self._conn, self._driver = conn, driver
        return True

    def _notified(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        self.heard(int(payload) if payload.isdigit() else None)

    async def close(self) -> None:
        conn, driver = self._conn, self._driver
        self._conn = self._driver = None
        if conn is None:
            return
        try:
            if not driver.is_closed():
                await driver.remove_listener(WAKE_CHANNEL, self._notified)
            await conn.close()
        except Exception:  # a lost connection: nothing to give back to the pool
            log.debug("wake-up connection closed with an error", exc_info=True)
            with contextlib.suppress(Exception):
                await conn.invalidate()
