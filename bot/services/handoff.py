"""A game's follow-ups run in the process that owns its guild (bot.shards).

Interactions in a server reach the process holding its shard, but direct
messages all reach shard 0's: a player answering a bet from a DM acts in a
process that may not own the game. The action is stored there (the store is
shared and its version check keeps the game exact); what follows it — AI
seats answering, the turn announced in the thread, pings, hands by DM, the
game's timers — is handed to the owner as a ``handoff`` row (db.timers), due
at once and announced with PostgreSQL's NOTIFY. So one process does all of a
game's follow-ups: its per-game lock serialises them, its record of the
hands it sent stays whole, and AI turns run where the game's timers fire.

- An action: the store writes the handoff in the action's own transaction
  (``{"since": v, "until": v + 1}``: the versions around it), so a process
  killed right after the commit loses nothing.
- Any other change followed up here (a resignation from DMs): one handoff
  after the change, unless one is already waiting. A process killed between
  the two leaves a resigned seat that the game waits for to its time limit,
  or to the owner's next start (bot.services.resume_all); any other player's
  move brings the AI in for it as well.
- A thread post made here (a resignation or undo notice from DMs): handed
  over as ``{"post": ...}`` by :class:`OwnerNotifier`, in order.

The owner rebuilds what the follow-up needs from the stored record (the
waiting seats before, the events of the handed actions) and runs it exactly
as if the action had been its own.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.services.context import Context
from bot.services.messages import Notifier, Post
from bot.services.waiting import WaitingKey
from bot.shards import Shards
from db.service import GameService, OpenGame
from db.timers import HANDOFF
from db.values import GameInfo, TimerInfo
from engine.phases import Event
from engine.record import new_from_setup

if TYPE_CHECKING:
    from bot.services.turns import Turns

log = logging.getLogger(__name__)

POST_FIELDS = ("text", "mentions", "buttons", "turn")  # what a handed post keeps


class Owners:
    """Which process owns a game, and handing work to it."""

    def __init__(
        self, store: GameService, shards: Shards, clock: Callable[[], dt.datetime]
    ) -> None:
        self.store = store
        self.shards = shards
        self.clock = clock

    async def follow_up(self, table: OpenGame) -> bool:
        """True when the owner of the game (opened: ``table``) is another
        process: the follow-up of the latest change is handed to it (already,
        when a handoff waits)."""
        shard = self.shards.elsewhere(table.info.guild_id)
        if shard is None:
            return False
        now = self.clock()
        waiting = [
            t
            for t in await self.store.timers.of_game(table.game_id, handoffs=True)
            if "since" in t.payload and t.due_at <= now
        ]
        if not waiting:
            version = table.info.version
            payload = {"since": version, "until": version}
            await self.store.timers.schedule(
                table.game_id, HANDOFF, now, payload=payload, wake=shard
            )
        log.info("game %s: follow-up handed to shard %s", table.game_id, shard)
        return True


class OwnerNotifier:
    """A notifier whose thread posts for games owned elsewhere are handed to
    their owner (text, pings and buttons; nothing here posts images or
    panels for such games, and one that did would be sent from here)."""

    def __init__(self, inner: Notifier, owners: Owners) -> None:
        self.inner = inner
        self.owners = owners

    async def post(self, info: GameInfo, message: Post) -> None:
        shard = self.owners.shards.elsewhere(info.guild_id)
        if shard is None or message.image is not None or message.panel is not None:
            await self.inner.post(info, message)
            return
        payload = {"post": {k: getattr(message, k) for k in POST_FIELDS}}
        await self.owners.store.timers.schedule(
            info.id, HANDOFF, self.owners.clock(), payload=payload, wake=shard
        )

    async def dm(self, user_id: int, message: Post) -> bool:
        return await self.inner.dm(user_id, message)

    async def lobby(self, info: GameInfo) -> None:
        await self.inner.lobby(info)

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        # An edit of the channel itself, not a post (bot.services.threads paces
        # it through the store, whichever process makes it).
        return await self.inner.thread(info, name=name, archived=archived)


def handed_history(
    record: dict[str, Any], since: int, until: int
) -> tuple[WaitingKey | None, list[Event]]:
    """Who the game waited for at version ``since``, and the events of the
    actions ``since``..``until`` - 1, from the game's record (actions taken
    back since are gone from it: only what is left is told)."""
    actions = record["actions"]
    until = min(until, len(actions))
    since = min(since, until)
    game = new_from_setup(record)
    for action in actions[:since]:
        game.apply(action)
    before = WaitingKey.of(game)
    events: list[Event] = []
    for action in actions[since:until]:
        events += game.apply(action)
    return before, events


async def run_handoff(ctx: Context, turns: Turns, timer: TimerInfo) -> None:
    """The owner's side: post what was handed, or follow up handed changes
    (the game opened, as for the owner's own actions)."""
    payload = timer.payload
    async with ctx.open(timer.game_id) as table:
        if "post" in payload:
            fields = {k: payload["post"][k] for k in POST_FIELDS if k in payload["post"]}
            await ctx.notifier.post(table.info, Post(**fields))
            return
        record = table.started.record()
        before, events = handed_history(record, int(payload["since"]), int(payload["until"]))
        await turns.after_safely(table, events, before)
