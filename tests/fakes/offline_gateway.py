"""``python -m bot`` as tests/bot/test_shutdown.py runs it: the real start-up,
REST calls to the stub at ``argv[1]`` (tests/fakes/discord_stub.py), and the
gateway connection replaced by what discord.py's ``connect()`` does once
connected — wait until ``close()`` begins. When ready, an interaction handler
(a task named as discord.py names them) reads the database for a while, so a
signal arrives while it still runs."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path
from typing import Any

import discord
from sqlalchemy import text

from bot.cli import main

log = logging.getLogger("offline_gateway")
HANDLER_SECONDS = 1.5


async def slow_handler(bot: Any) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + HANDLER_SECONDS
    while loop.time() < end:
        async with bot.database.read() as session:
            await session.execute(text("SELECT count(*) FROM games"))
        await asyncio.sleep(0.02)
    log.info("handler finished")


async def connect(self: Any, *, reconnect: bool = True) -> None:
    asyncio.get_running_loop().create_task(slow_handler(self), name="CommandTree-invoker")
    print("READY", flush=True)
    while not self.is_closed():
        await asyncio.sleep(0.01)


def environment(tmp_path: Path, database_url: str, **settings: str) -> dict[str, str]:
    """The environment to run this module in: the test's settings only (the
    developer's are left out), a good token for tests/fakes/discord_stub.py."""
    from bot.settings import VARIABLES
    from tests.fakes.discord_stub import GOOD_TOKEN

    env = {k: v for k, v in os.environ.items() if k not in {v.name for v in VARIABLES}}
    env.update(
        PYTHONPATH=str(Path(__file__).resolve().parents[2]),
        DISCORD_TOKEN=GOOD_TOKEN,
        DATABASE_URL=database_url,
        COMMAND_HASH_FILE=str(tmp_path / "commands.json"),
        LOG_LEVEL="INFO",
        **settings,
    )
    return env


if __name__ == "__main__":
    discord.http.Route.BASE = sys.argv[1]
    discord.Client.connect = connect  # type: ignore[method-assign]
    discord.AutoShardedClient.connect = connect  # type: ignore[method-assign]  # the bot's class
    sys.exit(main(["run"]))
