"""Issue 34: a PostgreSQL that is not accepting connections yet when the bot
starts (a reboot, a database restart) is waited out — a line in the log at
each attempt — and the bot comes up once the database does, without exiting
(an exit would be final: the systemd units do not restart exit code 2)."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import pytest

from tests import pgserver
from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord
from tests.e2e.members import Harness

pytestmark = pytest.mark.postgres


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.1  # outages, not rate limits, are tested here


async def test_the_bot_waits_for_a_postgresql_that_starts_late(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    server = pgserver.new_server()  # its port is chosen; nothing listens there yet
    bot = BotProcess(fake, tmp_path, DATABASE_URL=server.url("postgres"))
    starting = asyncio.create_task(bot.start(timeout=180))
    try:
        await asyncio.sleep(4.0)  # the bot tries, waits 1 s, 2 s...
        assert bot.running and not starting.done(), bot.log_tail()
        try:
            await asyncio.to_thread(server.start)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"could not start a throwaway PostgreSQL server: {exc}")
        await starting  # connected to the gateway once the database was there
        ada = Harness(fake, bot).member("Ada")
        shown = await ada.slash("help")
        assert shown.reply is not None and shown.reply.content  # serving
        log = bot.log_text()
        waits = [line for line in log.splitlines() if "trying again in" in line]
        assert len(waits) >= 2, log
        assert "DATABASE_URL (postgresql+asyncpg://postgres@127.0.0.1:" in waits[0]
        assert "cannot connect" in waits[0] and waits[0].endswith("(attempt 1)")
        assert "database: back after" in log
        assert "Traceback" not in log
    finally:
        starting.cancel()
        await bot.stop()
        await asyncio.to_thread(server.stop)
