"""``python -m bot`` / ``python -m bot run``: the bot when DISCORD_TOKEN is set,
else the offline demo.

The database comes first (one bot per SQLite file: bot.cli.lock; reachable,
schema migrated), then Discord: each
set-up problem is one line on stderr and exit code 2 (1 when Discord is out of
reach, which a service manager should retry). SIGTERM and SIGINT close the bot
cleanly (:meth:`bot.app.CarcassonneBot.close`) and exit 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import TYPE_CHECKING

from bot.cli import EXIT_FAILED, EXIT_OK, EXIT_SETUP
from bot.cli.problems import database_problem, discord_problem
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.app import CarcassonneBot

log = logging.getLogger("bot")


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # Library chatter (HTTP, Alembic's plugin set-up) only when something is wrong.
    for noisy in ("discord.http", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def run(settings: Settings) -> int:
    configure_logging(settings.log_level)
    if settings.token is None:
        return asyncio.run(run_demo_cli(settings))
    return run_bot_alone(settings)


def problem(text: str) -> None:
    print(f"error: {text}", file=sys.stderr, flush=True)


async def prepare(settings: Settings) -> CarcassonneBot | None:
    """Everything before the network: the database reachable and migrated, the
    bot built. None (after printing why) when the database is unusable."""
    from db import migrate

    try:
        await migrate.upgrade_async(settings.database_url)
    except Exception as exc:
        text = database_problem(exc, settings.database_url)
        if text is None:
            raise
        problem(text)
        return None
    import discord

    from bot.app import CarcassonneBot

    # No voice here: discord.py's warnings about missing voice libraries are noise.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    return CarcassonneBot(settings)


def run_bot_alone(settings: Settings) -> int:
    """:func:`run_bot` holding the SQLite database's lock (bot.cli.lock): one
    bot process per SQLite file."""
    from bot.cli.lock import Busy, holding

    try:
        with holding(settings.database_url) as lock:
            if lock is not None:
                log.info("database: SQLite serves this one bot process (lock %s)", lock)
            return asyncio.run(run_bot(settings))
    except Busy as exc:
        problem(
            f"{exc}: SQLite serves one bot process; stop that one first, or use "
            "PostgreSQL for several (docs/deploy.md)"
        )
        return EXIT_SETUP


async def run_bot(settings: Settings) -> int:
    token = settings.token
    assert token is not None
    bot = await prepare(settings)
    if bot is None:
        return EXIT_SETUP
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # keep a reference until it is done

    def stop(name: str) -> None:
        if not closing:
            log.info("%s received: closing", name)
            closing.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop, sig.name)
    try:
        await bot.start(token)
    except Exception as exc:
        import discord

        text = discord_problem(exc) or database_problem(exc, settings.database_url)
        if text is None:
            raise
        problem(text)
        return EXIT_SETUP if isinstance(exc, discord.ClientException) else EXIT_FAILED
    finally:
        await bot.close()  # the whole shutdown, whoever started it
    return EXIT_OK


async def run_demo_cli(settings: Settings) -> int:
    from bot.demo import run_demo

    out = settings.demo_output_dir
    print(f"No DISCORD_TOKEN set: playing an offline demo game into {out}/ ...")
    result = await run_demo(out, settings=settings)
    scores = ", ".join(f"{p} {s}" for p, s in zip(result.players, result.scores, strict=False))
    print(f"Game #{result.game_id} finished: {scores}")
    print(f"{len(result.boards)} board images and {result.record_path} written.")
    print(
        "To run the Discord bot, put DISCORD_TOKEN=<your bot token> in .env "
        "(see .env.example and docs/deploy.md) and run `make run` again."
    )
    return EXIT_OK
