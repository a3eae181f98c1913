"""The timer poller: every few seconds, handle the game timers that are due
and finish follow-ups that failed (announcements after a stored change).

Timers live in the database (db.timers), so reminders and turn limits survive
a restart: the new process simply finds them due.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.services import Services

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, services: Services, interval: float) -> None:
        self.services = services
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="carcassonne-timers")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

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
        return handled

    async def _run(self) -> None:
        try:
            resumed = await self.services.resume_all()
            if resumed:
                log.info("resumed %s game(s) waiting for AI seats", resumed)
        except Exception:
            log.exception("resuming games failed")
        while True:
            await self.tick()
            await asyncio.sleep(self.interval)
