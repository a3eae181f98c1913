"""The timer poller: every few seconds, handle the game timers that are due
and finish follow-ups that failed (announcements after a stored change).

Timers live in the database (db.timers), so reminders and turn limits survive
a restart: the new process simply finds them due. With several processes
(bot.shards) each handles the timers of its own guilds, and wakes up at once
when another process hands it work (PostgreSQL ``LISTEN``, db.timers.Wakeups);
the interval stays the safety net when that connection is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot import metrics
from bot.services import Services
from db.timers import Wakeups

log = logging.getLogger(__name__)
STOP_GRACE = 10.0  # seconds a stopping tick may take to finish its move


class Scheduler:
    def __init__(self, services: Services, interval: float) -> None:
        self.services = services
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()
        self._wakeups = Wakeups(services.store.db, self._heard)
        self._listening: bool | None = None  # None: not tried yet; logged on each change

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="carcassonne-timers")

    async def stop(self) -> None:
        """Let the current tick finish its move (AI loops stop at the next one,
        Context.stopping), so that no transaction is cut by a cancel; cancel
        only what is still running after :data:`STOP_GRACE` seconds."""
        self.services.ctx.stopping = True
        self._woken.set()
        if self._task is not None:
            done, _ = await asyncio.wait({self._task}, timeout=STOP_GRACE)
            if not done:
                log.warning("timers: still busy after %s s; cancelling", STOP_GRACE)
                self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._wakeups.close()

    async def tick(self) -> int:
        handled = 0
        try:
            handled = await self.services.timers.fire_due()
        except Exception:
            log.exception("timer poll failed")
        try:
            await self.services.turns.retry_followups()
        except Exception:
            log.exception("follow-ups failed")
        try:
            await metrics.count_games(self.services.store.db)
        except Exception as exc:  # a figure is never worth more than a line
            log.debug("games running not counted: %s", exc)
        return handled

    def _heard(self, shard: int | None) -> None:
        if shard is None or self.services.shards.holds(shard):
            self._woken.set()

    async def _listen(self) -> None:
        """Listen for handoffs when other processes may send them."""
        if self.services.shards.everything:
            return
        try:
            listening = await self._wakeups.listen()
        except Exception as exc:
            if self._listening is not False:
                log.warning(
                    "timers: cannot listen for handoffs (%s); polling every %s s",
                    exc,
                    self.interval,
                )
            self._listening = False
            return
        if listening and not self._listening:
            log.info("timers: listening for handoffs from other processes")
        self._listening = listening

    async def _run(self) -> None:
        try:
            resumed = await self.services.resume_all()
            if resumed:
                log.info("resumed %s game(s) waiting for AI seats", resumed)
        except Exception:
            log.exception("resuming games failed")
        while not self.services.ctx.stopping:
            await self._listen()
            self._woken.clear()  # a wake-up during the tick makes the next one start at once
            await self.tick()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), self.interval)
