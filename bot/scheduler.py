"""The timer poller: every few seconds, handle the game timers that are due.

Timers live in the database (db.timers), so reminders and turn limits survive
a restart: the new process simply finds them due.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.play import PlayService

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, play: PlayService, interval: float) -> None:
        self.play = play
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
        try:
            return await self.play.fire_due()
        except Exception:
            log.exception("timer poll failed")
            return 0

    async def _run(self) -> None:
        try:
            resumed = await self.play.resume_all()
            if resumed:
                log.info("resumed %s game(s) waiting for AI seats", resumed)
        except Exception:
            log.exception("resuming games failed")
        while True:
            await self.tick()
            await asyncio.sleep(self.interval)
