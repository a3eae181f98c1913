"""Several bot processes over one PostgreSQL database, each holding some of
the gateway shards (bot.shards): what the harness needs of "the bot"
(``idle``, ``database_url``), over all of them.

A click reaches the process holding its guild's shard (a DM: shard 0's), and
the follow-up of a game owned by another process reaches that one as a
handoff row (bot.services.handoff). So an action is handled once the process
that received it is idle, no handoff is left for a running process, and the
processes that ran those handoffs are idle too.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from sqlalchemy import text

from db import Database
from db.timers import HANDOFF, shard_of
from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord

HANDOFFS = text(
    "SELECT g.guild_id FROM timers t JOIN games g ON g.id = t.game_id WHERE t.kind = :k"
)


class Cluster:
    def __init__(
        self,
        fake: FakeDiscord,
        workdir: Path,
        database_url: str,
        shard_ids: list[str],
        *,
        shard_count: int,
        **settings: str,
    ) -> None:
        """One process per entry of ``shard_ids`` (its SHARD_IDS, e.g. "0" or
        "0,1"), each in its own work directory (its own log files)."""
        self.fake = fake
        self.shard_count = shard_count
        self.processes: list[BotProcess] = []
        for n, ids in enumerate(shard_ids):
            folder = workdir / f"process-{n}"
            folder.mkdir(parents=True, exist_ok=True)
            self.processes.append(
                BotProcess(
                    fake,
                    folder,
                    DATABASE_URL=database_url,
                    SHARD_COUNT=str(shard_count),
                    SHARD_IDS=ids,
                    **settings,
                )
            )
        self.db = Database(database_url)

    @property
    def database_url(self) -> str:
        return self.processes[0].database_url

    def holding(self, shard: int) -> BotProcess:
        return next(p for p in self.processes if shard in p.shards)

    def owner_of(self, guild_id: int) -> BotProcess:
        return self.holding(shard_of(guild_id, self.shard_count))

    async def start(self) -> None:
        for process in self.processes:
            await process.start()

    async def stop(self) -> None:
        for process in self.processes:
            await process.stop()
        await self.db.dispose()

    async def idle(
        self, seq: int = 0, timeout: float = 60.0, *, shard: int = 0, drained: bool = False
    ) -> None:
        """The process holding ``shard`` has read dispatch ``seq`` and is idle,
        and every handoff it left for a running process is done; ``drained``:
        and every running process has sent the new messages it was pacing."""
        await self.holding(shard).idle(seq, timeout, shard=shard)
        await self.settle(timeout)
        if drained:
            for process in self.processes:
                if process.running:
                    await process.idle(0, timeout, drained=True)

    async def handoffs(self) -> list[BotProcess]:
        """The running processes that have handoffs waiting (one entry each)."""
        async with self.db.read() as session:
            guilds = (await session.execute(HANDOFFS, {"k": HANDOFF})).scalars().all()
        owners = {id(p): p for p in (self.owner_of(g) for g in guilds) if p.running}
        return list(owners.values())

    async def settle(self, timeout: float = 60.0) -> None:
        """Until no running process has a handoff waiting, then until every
        running process is idle and has sent what it announced (outboxes pace
        new messages; a process just started may have handled its handoffs
        before the first look)."""
        deadline = time.monotonic() + timeout
        while pending := await self.handoffs():
            if time.monotonic() > deadline:
                raise TimeoutError("handoffs still waiting:\n" + pending[0].log_tail(40))
            await asyncio.sleep(0.02)
        for process in self.processes:
            if process.running:  # (a killed one has nothing to send)
                for shard in process.shards:
                    await process.idle(0, timeout, shard=shard, drained=True)

    def log_text(self) -> str:
        return "\n".join(p.log_text() for p in self.processes)
