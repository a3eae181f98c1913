"""What the bot sends to Discord after answering a player: thread posts, their
edits and direct messages, in order per game, paced under Discord's limits.

A player's click is answered first (their panel); everything else the click
caused (the public turn message, pings, DMs, images for others) is put here
and sent afterwards. Each message the bot keeps up to date has a *key*
(``"12:turn:7"``): the outbox holds the message's desired state, so an edit
that is still waiting is simply replaced by a newer one (edits coalesce),
and a message not yet created is created with its latest state.

Order: each game is a *lane*; its messages go out in the order they were
first asked for. Pacing: Discord allows 5 messages per 5 s per channel
(creates and edits counted apart, and opening DM channels likewise); the
outbox keeps one request below each limit over a sliding window, so a
bucket is never emptied and discord.py never has to wait on one. When a
lane must wait, it is handed to one long-lived pacer task that resumes it
once its bucket has room; a lane held by a handler (:meth:`Outbox.hold`,
while it answers its player) starts only when the handler is done.

Failures are logged and the message dropped (the game itself is stored
already): a thread the bot may no longer post in, a message deleted by a
moderator (an edit then posts it anew). A DM Discord refuses (the user
closed DMs, 50007) calls the message's ``refused`` callback once.

Time is the event loop's clock (``loop.time()``, the monotonic clock unless a
loop says otherwise): the pacer's waits run on it anyway, and the end-to-end
harness runs the bot on a loop whose clock skips ahead while the bot only
waits for the pacer (tests/e2e/simclock.py), so a test game does not wait out
Discord's windows in real time.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import logging
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

from bot import metrics
from bot.ui.replies import CANNOT_DM, MAX_CONTENT, allowed, file_of

log = logging.getLogger(__name__)

Kind = Literal["create", "edit", "open"]
Drawn = tuple[str, bytes]  # filename, data
Draw = Callable[[], Awaitable[list[Drawn]]]
ViewFactory = Callable[[], discord.ui.View | None]


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``count`` requests in any ``window`` seconds."""

    count: int
    window: float


# Discord's published limit is 5 per 5 s per channel; one below it, over a
# sliding window a little longer than Discord's, never empties a bucket.
LIMITS: dict[Kind, Limit] = {
    "create": Limit(4, 5.3),
    "edit": Limit(4, 5.3),
    "open": Limit(4, 5.3),  # POST /users/@me/channels: one bucket for the bot
}


@dataclass(frozen=True, slots=True)
class Where:
    """A channel (thread) by id, or a user's DMs."""

    channel_id: int | None = None
    user_id: int | None = None

    @property
    def bucket(self) -> str:
        return f"c{self.channel_id}" if self.user_id is None else f"u{self.user_id}"


@dataclass(slots=True)
class Update:
    """The desired state of a message (or the part of it that changes)."""

    content: str
    mentions: tuple[int, ...] = ()
    view: ViewFactory | None = None
    draw: Draw | None = None  # None with keep_image: the image stays as it is
    keep_image: bool = False
    refused: Callable[[], Awaitable[None]] | None = None
    alt: Mapping[str, str] = field(default_factory=dict)  # file name -> the image in words


@dataclass(slots=True)
class Message:
    key: str
    where: Where
    state: Update
    image_changed: bool = True
    message_id: int | None = None
    queued: bool = False


@dataclass(slots=True)
class Lane:
    queue: deque[str] = field(default_factory=deque)
    holds: int = 0
    state: Literal["idle", "running", "paced"] = "idle"
    resume_at: float = 0.0
    sending: bool = False  # a new message is being sent
    done: asyncio.Event = field(default_factory=asyncio.Event)


def loop_time() -> float:
    """The running event loop's clock."""
    return asyncio.get_running_loop().time()


class RateBook:
    """Recent requests per kind and bucket (a sliding window)."""

    def __init__(self, clock: Callable[[], float] = loop_time) -> None:
        self.clock = clock
        self._sent: dict[tuple[Kind, str], deque[float]] = {}

    def wait(self, kind: Kind, bucket: str) -> float:
        limit = LIMITS.get(kind)
        if limit is None:
            return 0.0
        sent = self._sent.get((kind, bucket))
        if not sent:
            return 0.0
        now = self.clock()
        while sent and now - sent[0] >= limit.window:
            sent.popleft()
        return 0.0 if len(sent) < limit.count else sent[0] + limit.window - now

    def note(self, kind: Kind, bucket: str) -> None:
        self._sent.setdefault((kind, bucket), deque()).append(self.clock())


class Outbox:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.rates = RateBook()
        self._messages: dict[str, Message] = {}
        self._lanes: dict[int, Lane] = {}
        self._pacer: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        self._once = itertools.count()

    # --- asking ---------------------------------------------------------------------
    def put(
        self, lane: int, key: str | None, where: Where, update: Update, *, fresh: bool = False
    ) -> str:
        """Ask for message ``key`` to have ``update`` (created if new, or
        ``fresh``: a new message that becomes the key's). Returns the key."""
        if key is None:
            key = f"once:{next(self._once)}"
        msg = self._messages.get(key)
        if msg is None or fresh:
            # A new message; a fresh one replaces an older one still waiting.
            queued = msg is not None and msg.queued
            msg = self._messages[key] = Message(key, where, update, queued=queued)
        else:
            self._merge(msg, update)
        if not msg.queued:
            msg.queued = True
            self._lane(lane).queue.append(key)
        self._start(lane)
        return key

    def message_id(self, key: str) -> int | None:
        msg = self._messages.get(key)
        return None if msg is None else msg.message_id

    def forget(self, prefix: str) -> None:
        """Drop what is known of the messages whose keys start with ``prefix``
        (a finished game), once they are sent."""
        for key in [k for k, m in self._messages.items() if k.startswith(prefix) and not m.queued]:
            del self._messages[key]

    @staticmethod
    def _merge(msg: Message, update: Update) -> None:
        old = msg.state
        if update.keep_image:
            update.draw, update.alt = old.draw, old.alt
        else:
            msg.image_changed = True
        if update.refused is None:
            update.refused = old.refused
        msg.state = update

    def _lane(self, lane: int) -> Lane:
        found = self._lanes.get(lane)
        if found is None:
            found = self._lanes[lane] = Lane()
        return found

    # --- holding a lane while a player is answered ------------------------------------
    @contextlib.asynccontextmanager
    async def hold(self, lane: int) -> AsyncIterator[None]:
        """Send nothing of ``lane`` until the block is done (the handler's
        answer to its player goes first)."""
        state = self._lane(lane)
        state.holds += 1
        try:
            yield
        finally:
            state.holds -= 1
            self._start(lane)

    async def drain(self, lane: int | None = None) -> None:
        """Wait until ``lane`` (default: every lane) has sent everything."""
        while True:
            lanes = [lane] if lane is not None else list(self._lanes)
            busy = [
                self._lanes[n] for n in lanes if n in self._lanes and self._busy(self._lanes[n])
            ]
            if not busy:
                return
            for state in busy:
                state.done.clear()
            await asyncio.wait(
                [asyncio.ensure_future(s.done.wait()) for s in busy],
                return_when=asyncio.FIRST_COMPLETED,
            )

    def pending(self, *, new_only: bool = False) -> bool:
        """Whether anything is still to be sent (or being sent); ``new_only``:
        a new message (not an edit of one already there)."""
        if not new_only:
            return any(self._busy(state) for state in self._lanes.values())
        for state in self._lanes.values():
            if state.sending:
                return True
            for key in state.queue:
                msg = self._messages.get(key)
                if msg is not None and msg.message_id is None:
                    return True
        return False

    def paced_until(self) -> float | None:
        """When the pacer resumes the next lane that waits for room in its
        bucket (on the outbox's clock), or None when no lane waits."""
        return min((s.resume_at for s in self._lanes.values() if s.state == "paced"), default=None)

    @staticmethod
    def _busy(state: Lane) -> bool:
        return bool(state.queue) or state.state != "idle"

    # --- sending ------------------------------------------------------------------------
    def _start(self, lane: int) -> None:
        state = self._lane(lane)
        if state.holds or not state.queue:
            return
        if state.state == "paced" and self.rates.clock() < state.resume_at:
            return
        if state.state == "running":
            return
        state.state = "running"
        # Sent after the answer, for whoever: no interaction's work (bot.metrics).
        asyncio.get_running_loop().create_task(
            self._work(lane), name=f"outbox-{lane}", context=contextvars.Context()
        )

    async def _work(self, lane: int) -> None:
        state = self._lane(lane)
        try:
            while state.queue and not state.holds:
                key, wait = self._next(state)
                if key is None:
                    state.state, state.resume_at = "paced", self.rates.clock() + wait
                    metrics.rate_limited("bot", wait)
                    self._pace_later()
                    return
                state.queue.remove(key)
                msg = self._messages.get(key)
                if msg is None:
                    continue
                msg.queued = False
                state.sending = msg.message_id is None
                await self._send(msg)
                state.sending = False
        except Exception:
            log.exception("outbox lane %s failed", lane)
        state.sending = False
        state.state = "idle"
        if state.queue and not state.holds:
            self._start(lane)
        elif not state.queue:
            state.done.set()

    def _next(self, state: Lane) -> tuple[str | None, float]:
        """The first message of the lane that may go now, or None and how long
        to wait. New messages go strictly in order; an edit whose bucket is
        full lets later messages pass (it is sent, with its latest state,
        when its bucket has room)."""
        waits: list[float] = []
        for key in list(state.queue):
            msg = self._messages.get(key)
            if msg is None:
                return key, 0.0  # dropped meanwhile: just take it off
            wait = self._wait_for(msg)
            if wait <= 0:
                return key, 0.0
            waits.append(wait)
            if msg.message_id is None:
                break  # a new message waits: nothing after it may pass
        return None, min(waits) if waits else 0.0

    def _wait_for(self, msg: Message) -> float:
        kind: Kind = "create" if msg.message_id is None else "edit"
        wait = self.rates.wait(kind, msg.where.bucket)
        if msg.where.user_id is not None and not self._dm_known(msg.where.user_id):
            wait = max(wait, self.rates.wait("open", "dm"))
        return wait

    def _dm_known(self, user_id: int) -> bool:
        state = getattr(self.client, "_connection", None)
        finder = getattr(state, "_get_private_channel_by_user", None)
        return finder is not None and finder(user_id) is not None

    def _pace_later(self) -> None:
        if self._wake is None:
            self._wake = asyncio.Event()
        if self._pacer is None or self._pacer.done():
            self._pacer = asyncio.get_running_loop().create_task(
                self._pace(), name="outbox-pacer", context=contextvars.Context()
            )
        self._wake.set()

    async def _pace(self) -> None:
        """The long-lived pacer: resumes each waiting lane when its bucket has
        room (a wait here is the bot pacing itself, never discord.py's)."""
        assert self._wake is not None
        while True:
            self._wake.clear()
            now = self.rates.clock()
            paced = {n: s for n, s in self._lanes.items() if s.state == "paced"}
            for n, s in paced.items():
                if s.resume_at <= now and not s.holds:
                    s.state = "idle"
                    self._start(n)
            later = [s.resume_at for s in paced.values() if s.resume_at > now]
            timeout = max(0.0, min(later) - now) if later else None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def _send(self, msg: Message) -> None:
        where, update = msg.where, msg.state
        try:
            channel = await self._channel(where)
            kwargs: dict[str, Any] = {
                "content": update.content[:MAX_CONTENT],
                "allowed_mentions": allowed(list(update.mentions)),
            }
            view = update.view() if update.view is not None else None
            files: list[discord.File] = []
            if update.draw is not None and (msg.image_changed or msg.message_id is None):
                for name, data in await update.draw():
                    file = file_of(data, name, update.alt.get(name, ""))
                    if file is not None:
                        files.append(file)
            if msg.message_id is None:
                self.rates.note("create", where.bucket)
                if view is not None:
                    kwargs["view"] = view
                if files:
                    kwargs["files"] = files
                sent = await channel.send(**kwargs)
                msg.message_id = sent.id
            else:
                self.rates.note("edit", where.bucket)
                kwargs["view"] = view
                if msg.image_changed:
                    kwargs["attachments"] = files
                try:
                    await channel.get_partial_message(msg.message_id).edit(**kwargs)
                except discord.NotFound:
                    # Deleted meanwhile: post it again as it is now.
                    msg.message_id, msg.image_changed = None, True
                    return
            msg.image_changed = False
        except discord.Forbidden as exc:
            if where.user_id is not None:
                await self._dm_refused(msg)
            else:
                log.warning("cannot post in channel %s (%s)", where.channel_id, exc.code)
        except discord.NotFound:
            log.warning("channel %s is gone", where.channel_id or where.user_id)
        except discord.HTTPException as exc:
            if where.user_id is not None and exc.code == CANNOT_DM:
                await self._dm_refused(msg)
            else:
                log.warning("a message could not be sent (%s %s)", exc.status, exc.code)

    async def _channel(self, where: Where) -> Any:
        if where.user_id is not None:
            if not self._dm_known(where.user_id):
                self.rates.note("open", "dm")
            return await self.client.create_dm(discord.Object(id=where.user_id))
        assert where.channel_id is not None
        channel = self.client.get_channel(where.channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(where.channel_id)
        return channel

    async def _dm_refused(self, msg: Message) -> None:
        callback = msg.state.refused
        if callback is not None:
            try:
                await callback()
            except Exception:
                log.exception("handling a refused DM failed")


@contextlib.asynccontextmanager
async def holding(client: discord.Client, game_id: int) -> AsyncIterator[None]:
    """Hold a game's outgoing messages while a handler answers its player:
    the outbox of the notifier the bot holds (``client.notifier``, set up
    by bot.app; a client without one sends nothing to hold)."""
    outbox = getattr(getattr(client, "notifier", None), "outbox", None)
    if not isinstance(outbox, Outbox):
        yield
        return
    async with outbox.hold(game_id):
        yield
