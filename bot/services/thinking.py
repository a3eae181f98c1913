"""AI levels that search (bot.ai.OFF_LOOP: hard) think in other processes.

A search takes up to a second or two of CPU: made inline it would hold the
game's lock and stall every other click of the process. So the game's record
and the seat go to a process pool (:func:`think` replays the record there and
asks ``engine.ai.choose``), the lock is let go, and when the choice comes
back the game is opened again: if it is still at the same version and still
waiting for the seat, the choice is applied and everything after it follows
at once (``Turns.after_safely``: announcements, the next AI seats, timers),
so the thread shows the move as soon as it is chosen. If the game moved on
meanwhile (a take-back, another player's answer), the choice is dropped and
the game as it is now is followed up again, which asks for a new one if the
seat is still to move.

One search per game at a time. A failed search schedules an AI retry (as an
inline AI move does, bot.services.deadlines); a search cut by shutdown is
resumed at the next start (``Services.resume_all``). The pool's workers run
at a lower priority (nice), so the bot's own process wins the CPU for the
clicks of other games. :meth:`Thinker.shutdown` stops the pool with the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from bot.services.context import Context
from bot.services.deadlines import AI_RETRY, AI_RETRY_AFTER
from bot.services.waiting import WaitingKey
from bot.services.waiting import turn_number as turn_of
from engine import ai
from engine.actions import parse_action
from engine.game import Game
from engine.phases import Action
from engine.record import replay

if TYPE_CHECKING:
    from bot.services.turns import Turns

log = logging.getLogger(__name__)

WORKERS = 1  # searches at once in this process's pool (the machine is small)
NICE = 5  # the workers' priority below the bot's own process


def think(record: dict[str, Any], seat: int, level: str) -> Action:
    """In a worker: the AI's action for ``seat`` at ``level`` in the game
    ``record`` replays (its own seed: the same game gives the same choice)."""
    return ai.choose(replay(record), seat, level)


def _lower_priority() -> None:
    with contextlib.suppress(OSError):  # not allowed: the same priority, another process still
        os.nice(NICE)


class Thinker:
    def __init__(self, ctx: Context, turns: Turns, workers: int = WORKERS) -> None:
        self.ctx = ctx
        self.turns = turns
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        # game id -> (the version its search started at, the search)
        self._searches: dict[int, tuple[int, asyncio.Task[None]]] = {}

    def busy(self, game_id: int) -> bool:
        """Whether a search for the game is under way."""
        found = self._searches.get(game_id)
        return found is not None and not found[1].done()

    def start(
        self, game_id: int, game: Game, seat: int, level: str, *, human: bool, turn: int | None
    ) -> None:
        """Let ``seat`` of the game (as it is now, the caller holding its lock)
        move at ``level`` from another process; return at once. ``human``: a
        stand-in for a person's seat; ``turn``: keep playing the seat's
        decisions of that game turn (a timed-out turn), else one decision."""
        version = len(game.actions)
        found = self._searches.get(game_id)
        ours = found is not None and found[1] is asyncio.current_task()
        if found is not None and not found[1].done() and not ours and found[0] == version:
            return  # already thinking about this very position
        record = game.record()
        task = asyncio.create_task(
            self._play(game_id, record, seat, level, version, human=human, turn=turn),
            name=f"ai-search-{game_id}",
        )
        self._searches[game_id] = (version, task)
        task.add_done_callback(lambda t: self._forget(game_id, t))

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        found = self._searches.get(game_id)
        if found is not None and found[1] is task:
            del self._searches[game_id]

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the bot's process has threads and a running loop.
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
        return self._pool

    async def _play(
        self,
        game_id: int,
        record: dict[str, Any],
        seat: int,
        level: str,
        version: int,
        *,
        human: bool,
        turn: int | None,
    ) -> None:
        loop = asyncio.get_running_loop()
        events: list[Any] = []
        before: WaitingKey | None = None
        while True:
            try:
                choice = await loop.run_in_executor(self._executor(), think, record, seat, level)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("game %s: the AI's search for seat %s failed", game_id, seat)
                await self._retry(game_id, seat)
                return
            if self.ctx.stopping:
                return  # the next start resumes the game (Services.resume_all)
            async with self.ctx.open(game_id) as table:
                game = table.started
                d = game.pending
                if len(game.actions) != version or d is None or seat not in d.players:
                    # Moved on meanwhile: follow the game as it is (which asks
                    # again when the seat is still to move).
                    await self.turns.after_safely(table, events, before or WaitingKey.of(game))
                    return
                if before is None:
                    before = WaitingKey.of(game)
                result = await table.act_as(
                    seat, parse_action(choice), expected_version=version, allow_human=human
                )
                log.info("game %s: the AI (%s) played seat %s", game_id, level, seat)
                events += result.events
                game = result.game
                d = game.pending
                again = (
                    turn is not None
                    and d is not None
                    and seat in d.players
                    and turn_of(game) == turn
                    and not self.ctx.stopping
                )
                if not again:
                    await self.turns.after_safely(table, events, before)
                    return
                version, record = len(game.actions), game.record()

    async def _retry(self, game_id: int, seat: int) -> None:
        try:
            await self.ctx.store.timers.schedule(
                game_id, AI_RETRY, self.ctx.clock() + AI_RETRY_AFTER, seat=seat
            )
        except Exception:
            log.exception("game %s: could not schedule the AI's retry", game_id)

    async def idle(self) -> None:
        """Wait until no search is under way (one that follows another included)."""
        while True:
            tasks = [task for _, task in self._searches.values() if not task.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def shutdown(self) -> None:
        """Stop with the bot: searches under way are dropped (the next start
        resumes their games), the pool's processes end."""
        tasks = [task for _, task in self._searches.values() if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        pool, self._pool = self._pool, None
        if pool is not None:
            # A search under way would finish first (up to seconds): its result is
            # dropped anyway, so its worker ends now. (The pool keeps its
            # processes in _processes; Python 3.14 adds terminate_workers.)
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
