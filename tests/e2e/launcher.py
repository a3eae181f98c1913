"""The bot's own entry (``python -m bot run``), pointed at the fake Discord.

Run in a subprocess by tests/e2e/botproc.py as ``python -m tests.e2e.launcher``
with ``E2E_API_URL`` (the fake's REST base) and the bot's usual settings in the
environment. Only discord.py's module-level URLs change: ``Route.BASE`` and the
gateway URL, which is asked from the fake's ``GET /gateway/bot`` as a sharded
client would. Nothing inside discord.py or the bot is patched.

So that the harness knows when the bot has finished handling what it was
sent, the launcher tracks the asyncio tasks the bot creates (a task factory,
standard asyncio) and answers ``idle? KEY SEQ`` lines on stdin with
``idle KEY`` on stdout once the client has read gateway dispatch SEQ and no
task is left running (long-lived loops excepted); ``idle? KEY SEQ SHARD``
names the shard whose connection dispatched SEQ (the bot is an
``AutoShardedBot``: one connection, and one sequence, per shard). Asking the
client for heartbeats instead would spend its gateway send budget (120 per
minute).

The bot's event loop is a :class:`SimLoop`: its clock is the simulated clock
of tests/e2e/simclock.py. While a ``drained?`` query waits only for the
outbox's pacer, the launcher says ``paced SECONDS`` (how long until the pacer
resumes) and the harness, instead of waiting, moves Discord's clock and this
loop's on by that much (``skip SECONDS`` on stdin).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sys
import urllib.request
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

# Coroutines that run for the life of the process: not "work in progress".
# (a view's timeout sleeper: discord.py gives views built for dynamic items one;
# the outbox's pacer, which holds back messages until Discord's bucket has room:
# what it sends later is not part of the interaction that asked for it)
LONG_LIVED = {
    "Scheduler._run",
    "ConnectionState._delay_ready",
    "BaseView.__timeout_task_impl",
    "Outbox._pace",
    "Play._warm_up",
    # An AI search (bot.services.thinking): the click that started it is done
    # (answered, the lock let go); its move shows later, as another post.
    "Thinker._play",
}
# Gateway readers (one per shard of the AutoShardedBot): alive for good, but
# what they dispatch (interaction handlers...) is work, as the main task's is.
READERS = {"Shard.worker"}
SETTLE = 0.005  # seconds between idle checks (two quiet checks in a row answer)


def point_at(api_url: str, token: str) -> None:
    discord.http.Route.BASE = api_url
    request = urllib.request.Request(
        api_url + "/gateway/bot",
        headers={"Authorization": f"Bot {token}", "User-Agent": "e2e-launcher"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        url = json.load(answer)["url"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)


class SimLoop(asyncio.SelectorEventLoop):
    """A standard loop whose clock (``time()``, which every timer, sleep and
    timeout of the loop reads) is the monotonic clock plus the seconds the
    harness skipped: timers due by then fire at once."""

    skipped = 0.0

    def time(self) -> float:
        return super().time() + self.skipped


class Activity(asyncio.Protocol):
    """Tracks running tasks; answers idle queries read from stdin.

    ``idle? KEY SEQ`` is answered ``idle KEY`` once the client has read the
    gateway dispatch numbered SEQ (``ws.sequence``: it is set before the
    dispatch is parsed, and parsing creates the handler tasks without awaiting)
    and no tracked task has been running at two checks in a row.
    ``drained? KEY SEQ`` is answered the same way once, in addition, the bot's
    outbox has no new message left to send (messages it paces under Discord's
    rate limits: the whole-game player waits for them, so its game does not
    depend on how fast the machine is). ``settled? KEY SEQ``: and no edit
    either (before a stop, which would send them in real time). ``store? KEY``
    is answered ``store KEY {json}``: each interaction's store transactions
    (bot.metrics)."""

    def __init__(self, loop: SimLoop) -> None:
        self.loop = loop
        self.pending: set[asyncio.Task[Any]] = set()
        self.queries: list[tuple[str, int, int]] = []  # (key, sequence, shard)
        # keys of "drained?" queries: True for "settled?" (edits too)
        self.drained: dict[str, bool] = {}
        self.buffer = b""
        self._check_scheduled = False
        self._quiet_checks = 0
        self._client: discord.Client | None = None
        self._main_seen = False
        self._reported: float | None = None  # the pacer's resume time last said
        self._outboxes: list[Any] = []

    def factory(
        self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any
    ) -> asyncio.Task[Any]:
        parent = asyncio.current_task(loop)
        task = asyncio.Task(coro, loop=loop, **kwargs)
        if not self._main_seen:  # asyncio.run's own task: the whole program
            self._main_seen = True
            return task
        if getattr(coro, "__qualname__", "") in READERS:
            return task
        # A long-lived loop's helpers (e.g. its wait_for) belong to it.
        if getattr(coro, "__qualname__", "") not in LONG_LIVED and (
            parent is None
            or parent in self.pending
            or parent.get_coro().__qualname__ not in LONG_LIVED  # type: ignore[union-attr]
        ):
            self.pending.add(task)
            task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.pending.discard(task)
        self._schedule_check()

    def sequence(self, shard: int = 0) -> int:
        """The last gateway sequence number the bot's client has read on ``shard``."""
        if self._client is None:
            # The bot object is built inside bot.__main__.run_bot: find it.
            self._client = next(
                (o for o in gc.get_objects() if isinstance(o, discord.Client)), None
            )
        client = self._client
        if isinstance(client, discord.AutoShardedClient):
            try:
                ws = client._get_websocket(shard_id=shard)
            except (KeyError, AttributeError):  # that shard is not connected (yet)
                ws = None
        else:
            ws = getattr(client, "ws", None)
        return int(getattr(ws, "sequence", None) or 0)

    def outboxes(self) -> list[Any]:
        """The bot's outboxes (found once they exist: the bot makes one at start)."""
        if not self._outboxes:
            try:
                from bot.ui.outbox import Outbox
            except ImportError:
                return []
            self._outboxes = [o for o in gc.get_objects() if isinstance(o, Outbox)]
        return self._outboxes

    def outbox_pending(self, *, edits: bool = False) -> bool:
        """Whether the bot's outbox still has new messages (``edits``: or
        edits) to send."""
        # New messages only for drained?: an edit changes no member's surfaces
        # (the player reads a thread message as new when it is created), and
        # the bot lets waiting edits coalesce.
        return any(o.pending(new_only=not edits) for o in self.outboxes())

    def report_pacing(self) -> None:
        """Quiet, but a drained? query waits for the outbox: say how long
        until its pacer resumes (once per resume time)."""
        times = [o.paced_until() for o in self.outboxes()]
        until = min((t for t in times if t is not None), default=None)
        if until is None or until == self._reported:
            return
        self._reported = until
        wait = until - self.loop.time()
        if wait > 0:
            os.write(sys.stdout.fileno(), f"paced {wait:.6f}\n".encode())

    def _schedule_check(self) -> None:
        if self.queries and not self._check_scheduled:
            self._check_scheduled = True
            self.loop.call_later(SETTLE, self._check)

    def _check(self) -> None:
        self._check_scheduled = False
        if not self.queries:
            return
        if self.pending or any(q_seq > self.sequence(shard) for _, q_seq, shard in self.queries):
            self._quiet_checks = 0
        else:
            self._quiet_checks += 1
        if self._quiet_checks < 2:
            self._schedule_check()  # the sequence has no callback: poll while asked
            return
        new = bool(self.drained) and self.outbox_pending()
        edits = any(self.drained.values()) and self.outbox_pending(edits=True)

        def waits(key: str) -> bool:
            return key in self.drained and (new or (edits and self.drained[key]))

        if any(waits(key) for key, _, _ in self.queries):
            self.report_pacing()
        done = [q for q in self.queries if not waits(q[0])]
        self.queries = [q for q in self.queries if waits(q[0])]
        for key, _, _ in done:
            self.drained.pop(key, None)
        if self.queries:
            self.loop.call_later(0.01, self._schedule_check)  # (skips make waits short)
        self._quiet_checks = 0
        if done:
            os.write(sys.stdout.fileno(), "".join(f"idle {k}\n" for k, _, _ in done).encode())

    def answer_store(self, key: str) -> None:
        """``store? KEY``: ``store KEY {json}``, each interaction's store
        transactions as the bot counts them (bot.metrics: reads, reads of a
        game's row, writes)."""
        from bot import metrics

        uses = {i: [u.reads, u.game_reads, u.writes] for i, u in metrics.store_uses().items()}
        os.write(sys.stdout.fileno(), f"store {key} {json.dumps(uses)}\n".encode())

    # asyncio.Protocol: lines from stdin
    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            parts = line.decode().split()
            if len(parts) in (3, 4) and parts[0] in ("idle?", "drained?", "settled?"):
                shard = int(parts[3]) if len(parts) == 4 else 0
                self.queries.append((parts[1], int(parts[2]), shard))
                if parts[0] != "idle?":
                    self.drained[parts[1]] = parts[0] == "settled?"
            elif len(parts) == 2 and parts[0] == "skip":
                self.loop.skipped += float(parts[1])
            elif len(parts) == 2 and parts[0] == "store?":
                self.answer_store(parts[1])
            elif parts == ["tasks?"]:  # diagnostics: what keeps the bot busy
                print("sequence read:", self.sequence(), file=sys.stderr)  # shard 0
                for task in self.pending:
                    print("pending:", task, file=sys.stderr)
                    task.print_stack(limit=8, file=sys.stderr)
        self._schedule_check()


class ObservedLoops(asyncio.DefaultEventLoopPolicy):
    """:class:`SimLoop` loops with the :class:`Activity` task factory and
    the stdin reader installed (``asyncio.run`` asks the policy for its loop)."""

    def new_event_loop(self) -> asyncio.AbstractEventLoop:
        loop = SimLoop()
        activity = Activity(loop)
        loop.set_task_factory(activity.factory)  # type: ignore[arg-type]

        def listen() -> None:
            loop.create_task(loop.connect_read_pipe(lambda: activity, sys.stdin))

        loop.call_soon(listen)
        return loop


def main() -> int:
    point_at(os.environ["E2E_API_URL"], os.environ["DISCORD_TOKEN"])
    asyncio.set_event_loop_policy(ObservedLoops())
    from bot.cli import main as bot_main

    return bot_main(["run"])  # what `python -m bot` runs


if __name__ == "__main__":
    sys.exit(main())
