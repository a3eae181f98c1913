"""A game's thread follows its game: named after the game and its players
once they are known (at the start), open while the game runs, archived once
it is over (bot.ui.gamethread does the Discord part).

Discord allows two edits of a channel in ten minutes, and discord.py, when
a request uses up the last one, waits out the window before returning: a
second edit soon after the first would hold the game for minutes. So a
thread is edited at most once per :data:`EDIT_WINDOW`; an edit that comes
sooner (a game that ends, or is cancelled, minutes after it started) is
made by a timer when the window has passed."""

from __future__ import annotations

import datetime as dt
import logging

from bot import options
from bot.present.games import thread_name
from bot.services.context import Context
from db.service import OpenGame
from db.values import ACTIVE, LOBBY

log = logging.getLogger(__name__)

THREAD_SYNC = "thread-sync"  # the timer of an edit that had to wait
EDIT_WINDOW = dt.timedelta(minutes=10)
MARGIN = dt.timedelta(seconds=5)


async def sync_thread(ctx: Context, table: OpenGame) -> None:
    """Bring the game's thread in line with the game (opened: ``table``),
    now or by a timer."""
    info = table.info
    if info.thread_id is None:
        return
    now = ctx.clock()
    last = info.options.get(options.THREAD_EDITED)
    if last is not None:
        ready = dt.datetime.fromtimestamp(int(last), dt.UTC) + EDIT_WINDOW
        if now < ready:
            pending = table.timers
            if pending is None:
                pending = await ctx.store.timers.of_game(info.id)
            if not any(t.kind == THREAD_SYNC for t in pending):
                new = await ctx.store.timers.schedule(info.id, THREAD_SYNC, ready + MARGIN)
                if table.timers is not None:
                    table.timers.append(new)
            return
    name = thread_name(info, ctx.words(info)) if info.status == ACTIVE else None
    archived = info.status not in (LOBBY, ACTIVE)
    if await ctx.notifier.thread(info, name=name, archived=archived):
        await table.update_options(**{options.THREAD_EDITED: int(now.timestamp())})
        log.info("game %s: thread updated (%s)", info.id, "archived" if archived else "open")
