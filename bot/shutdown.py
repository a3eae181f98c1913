"""Stopping cleanly (SIGTERM, SIGINT): interaction handlers in flight finish
before the database they use is closed.

discord.py runs each slash command, button and select in a task of its own,
named as below. :func:`drain_handlers` waits for them for a while, then cancels
what is left and waits for it to unwind (its transactions roll back) — so the
database is disposed only when nothing uses it any more.
"""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)

# Task names of discord.py 2.x: app commands, view/dynamic item/modal callbacks, events.
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: ")
DRAIN_SECONDS = 10.0  # systemd's TimeoutStopSec (deploy/) leaves room for it
UNWIND_SECONDS = 5.0


def handlers_in_flight() -> set[asyncio.Task[object]]:
    current = asyncio.current_task()
    return {
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(HANDLER_TASKS)
    }


async def drain_handlers(timeout: float = DRAIN_SECONDS) -> int:
    """Wait until no handler runs (new ones included) or ``timeout`` passes;
    returns how many were cancelled."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (pending := handlers_in_flight()) and (left := deadline - loop.time()) > 0:
        log.info("waiting for %s interaction(s) in progress", len(pending))
        await asyncio.wait(pending, timeout=left)
    if not pending:
        return 0
    log.warning("cancelling %s interaction(s) still running", len(pending))
    for task in pending:
        task.cancel()
    await asyncio.wait(pending, timeout=UNWIND_SECONDS)
    return len(pending)
