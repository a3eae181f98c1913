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


class Activity(asyncio.Protocol):
    """Tracks running tasks; answers idle queries read from stdin.

    ``idle? KEY SEQ`` is answered ``idle KEY`` once the client has read the
    gateway dispatch numbered SEQ (``ws.sequence``: it is set before the
    dispatch is parsed, and parsing creates the handler tasks without awaiting)
    and no tracked task has been running at two checks in a row.
    ``drained? KEY SEQ`` is answered the same way once, in addition, the bot's
    outbox has no new message left to send (messages it paces under Discord's
    rate limits: the whole-game player waits for them, so its game does not
    depend on how fast the machine is). ``store? KEY`` is answered
    ``store KEY {json}``: each interaction's store transactions (bot.metrics)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.pending: set[asyncio.Task[Any]] = set()
        self.queries: list[tuple[str, int, int]] = []  # (key, sequence, shard)
        self.drained: set[str] = set()  # keys of "drained?" queries
        self.buffer = b""
        self._check_scheduled = False
        self._quiet_checks = 0
        self._client: discord.Client | None = None
        self._main_seen = False

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

    def outbox_pending(self) -> bool:
        """Whether the bot's outbox still has new messages to send."""
        try:
            from bot.ui.outbox import Outbox
        except ImportError:
            return False
        # New messages only: an edit changes no member's surfaces (the player
        # reads a thread message as new when it is created), and the bot lets
        # waiting edits coalesce.
        return any(o.pending(new_only=True) for o in gc.get_objects() if isinstance(o, Outbox))

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
        waiting = bool(self.drained) and self.outbox_pending()
        done = [q for q in self.queries if not (waiting and q[0] in self.drained)]
        self.queries = [q for q in self.queries if waiting and q[0] in self.drained]
        self.drained -= {key for key, _, _ in done}
        if self.queries:
            self.loop.call_later(0.05, self._schedule_check)
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
            if len(parts) in (3, 4) and parts[0] in ("idle?", "drained?"):
                shard = int(parts[3]) if len(parts) == 4 else 0
                self.queries.append((parts[1], int(parts[2]), shard))
                if parts[0] == "drained?":
                    self.drained.add(parts[1])
            elif len(parts) == 2 and parts[0] == "store?":
                self.answer_store(parts[1])
            elif parts == ["tasks?"]:  # diagnostics: what keeps the bot busy
                print("sequence read:", self.sequence(), file=sys.stderr)  # shard 0
                for task in self.pending:
                    print("pending:", task, file=sys.stderr)
                    task.print_stack(limit=8, file=sys.stderr)
        self._schedule_check()


class ObservedLoops(asyncio.DefaultEventLoopPolicy):
    """Standard asyncio loops with the :class:`Activity` task factory and
    the stdin reader installed (``asyncio.run`` asks the policy for its loop)."""

    def new_event_loop(self) -> asyncio.AbstractEventLoop:
        loop = super().new_event_loop()
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
