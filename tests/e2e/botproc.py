"""The bot as a separate process (tests/e2e/launcher.py), started, killed and
restarted by the tests; its log goes to ``bot-N.log`` in its work directory.
While it runs it follows the fake's simulated clock (tests/e2e/simclock.py):
when it says it only waits for its pacer (``paced SECONDS``), the fake's clock
skips that long, and every running bot process's loop with it (``skip``).

A subprocess rather than the test's own event loop: the bot gets the CPU and
loop it has in production (its handling is not slowed by the fake's), a
restart is a real SIGKILL, and a later issue can start two of them (shards 0
and 1 of 2) against one fake Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import sys
import time
from pathlib import Path

from tests.e2e.fake import FakeDiscord, Session

ROOT = Path(__file__).resolve().parents[2]
STOPPED = " INFO bot.app: stopped"  # the bot's close is done (bot/app.py)
# After its close, Python joins the render warm-up thread the bot started
# (cogs/play.py) before it exits: up to 3 s on a busy machine, spent at every
# test's end. Once the log says stopped, the harness waits this long, then kills.
EXIT_GRACE = 0.3


class BotDied(RuntimeError):
    pass


class BotProcess:
    def __init__(
        self, fake: FakeDiscord, workdir: Path, template: Path | None = None, **settings: str
    ) -> None:
        """``template``: a migrated SQLite file copied as the database (when it
        is the default one and none is there yet), which spares each start the
        second it takes to create the schema."""
        self.fake = fake
        self.template = template
        self.workdir = workdir
        self.settings = settings
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._queries = 0
        self._waiters: dict[str, asyncio.Future[str]] = {}
        self._reader: asyncio.Task[None] | None = None
        self.log_path = workdir / "bot-0.log"

    @property
    def database_url(self) -> str:
        return self.settings.get(
            "DATABASE_URL", f"sqlite+aiosqlite:///{self.workdir / 'bot.sqlite3'}"
        )

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
        env.update(
            PYTHONPATH=str(ROOT),
            E2E_API_URL=self.fake.api_url,
            DISCORD_TOKEN=self.fake.token,
            DATABASE_URL=self.database_url,
            COMMAND_HASH_FILE=str(self.workdir / "commands.sha256"),
            LOG_LEVEL="INFO",
            # The fake sends every server right after READY: no need to wait
            # for stragglers (2 s per start otherwise).
            GUILD_READY_SECONDS="0.1",
        )
        env.update(self.settings)
        return env

    @property
    def shards(self) -> list[int]:
        """The gateway shards this process holds (its SHARD_IDS, a comma list)."""
        ids = self.settings.get("SHARD_IDS", "").strip()
        if ids:
            return [int(i) for i in ids.split(",")]
        return list(range(int(self.settings.get("SHARD_COUNT") or 1)))

    def _sessions(self, old: set[int]) -> dict[int, Session]:
        """This process's identified gateway sessions (not in ``old``), by shard."""
        return {
            s.shard[0]: s
            for s in self.fake.sessions
            if id(s) not in old and s.identified.is_set() and s.shard[0] in self.shards
        }

    async def start(self, timeout: float = 90.0) -> None:
        """Start the process; return once each of its shards is connected,
        has received its guilds and is idle (ready for interactions)."""
        old = {id(s) for s in self.fake.sessions}
        self.log_path = self.workdir / f"bot-{self.starts}.log"
        self.starts += 1
        database = self.workdir / "bot.sqlite3"
        fresh = "DATABASE_URL" not in self.settings and not database.exists()
        if self.template is not None and fresh:
            shutil.copyfile(self.template, database)
        log = self.log_path.open("wb")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.launcher",
            cwd=self.workdir,  # no .env of the developer's is read
            env=self.env(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
        )
        log.close()
        self._reader = asyncio.create_task(self._read())
        self.fake.clock.listen(self._skip)
        deadline = time.monotonic() + timeout
        while len(self._sessions(old)) < len(self.shards):
            if self.proc.returncode is not None:
                raise BotDied(f"the bot exited ({self.proc.returncode}):\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot did not connect:\n{self.log_tail()}")
            await asyncio.sleep(0.02)
        for shard, session in self._sessions(old).items():
            await self.idle(session.seq, shard=shard)

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while True:
            line = await self.proc.stdout.readline()
            if not line:
                break
            parts = line.decode().split(maxsplit=2)
            if len(parts) >= 2 and parts[0] in ("idle", "store"):
                fut = self._waiters.pop(parts[1], None)
                if fut is not None and not fut.done():
                    fut.set_result(parts[2] if len(parts) == 3 else "")
            elif len(parts) == 2 and parts[0] == "paced":
                self.fake.clock.skip(float(parts[1]))
        self.fake.clock.forget(self._skip)
        for fut in self._waiters.values():
            if not fut.done():
                fut.set_exception(BotDied(f"the bot exited:\n{self.log_tail()}"))
        self._waiters.clear()

    def _skip(self, seconds: float) -> None:
        """The simulated clock moved on: so does this process's loop."""
        if self.running and self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.write(f"skip {seconds:.6f}\n".encode())

    async def idle(
        self,
        seq: int = 0,
        timeout: float = 60.0,
        *,
        shard: int = 0,
        drained: bool = False,
        settled: bool = False,
    ) -> None:
        """Wait until the bot has read gateway dispatch ``seq`` of ``shard``
        and has no task running (all it was sent is handled); ``drained``: and
        until its outbox has sent every new message it was pacing;
        ``settled``: and every edit too."""
        verb = "settled?" if settled else "drained?" if drained else "idle?"
        fut = await self._ask(verb, f"{seq} {shard}")
        try:
            await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            self.proc.stdin.write(b"tasks?\n")
            await self.proc.stdin.drain()
            await asyncio.sleep(0.5)
            raise TimeoutError(
                f"the bot stayed busy for {timeout}s:\n{self.log_tail(80)}"
            ) from None

    async def store_uses(self, timeout: float = 10.0) -> dict[int, tuple[int, int, int]]:
        """Each interaction's store transactions as the bot counted them
        (bot.metrics): (reads, reads of a game's row, writes)."""
        answer = json.loads(await asyncio.wait_for(await self._ask("store?"), timeout))
        return {int(k): (v[0], v[1], v[2]) for k, v in answer.items()}

    async def _ask(self, verb: str, rest: str = "") -> asyncio.Future[str]:
        """Send the launcher a query (``VERB KEY [REST]``); its answer's future."""
        if self.proc is None or self.proc.returncode is not None or self.proc.stdin is None:
            raise BotDied(f"the bot is not running:\n{self.log_tail()}")
        self._queries += 1
        key = str(self._queries)
        fut: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiters[key] = fut
        self.proc.stdin.write(f"{verb} {key} {rest}".rstrip().encode() + b"\n")
        await self.proc.stdin.drain()
        return fut

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine dies."""
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
        await self._join()

    async def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM (the bot closes cleanly), SIGKILL if it takes too long, or
        ``EXIT_GRACE`` after its log says its close is done."""
        if self.running:
            assert self.proc is not None
            # The bot sends what its outbox holds before it closes, at its
            # pace: let that happen on the simulated clock first.
            with contextlib.suppress(TimeoutError, BotDied):
                await self.idle(timeout=timeout, settled=True)
            self.proc.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + timeout
            closed_at: float | None = None
            while self.proc.returncode is None:
                now = time.monotonic()
                if closed_at is None and STOPPED in self.log_tail(5):
                    closed_at = now
                if now > deadline or (closed_at is not None and now > closed_at + EXIT_GRACE):
                    self.proc.kill()
                    break
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self.proc.wait()), 0.02)
            await self.proc.wait()
        await self._join()

    async def _join(self) -> None:
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)
            self._reader = None
        # Give the fake a moment to notice the closed gateway connections.
        for _ in range(100):
            if not any(s.shard[0] in self.shards for s in self.fake.sessions):
                break
            await asyncio.sleep(0.01)

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def log_text(self) -> str:
        return "\n".join(
            p.read_text(errors="replace") for p in sorted(self.workdir.glob("bot-*.log"))
        )
