"""``python -m bot`` / ``python -m bot run``: the bot when DISCORD_TOKEN is set,
else the offline demo (but not under a service manager: there a missing token
is a mistake, not a wish to see the demo).

The database comes first (one bot per SQLite file: bot.cli.lock; reachable,
schema migrated), then Discord. An outage that passes by itself — PostgreSQL
not accepting connections yet after a reboot, the network or Discord away —
is waited out, with a line in the log at each attempt and longer waits
between them (:data:`BACKOFF`), and the bot serves as soon as it is back. A
set-up problem an admin must fix (a bad setting, a refused password or
token, a schema from a newer version) is one line on stderr and exit code 2,
which the systemd units do not restart. SIGTERM and SIGINT, while waiting or
serving, close the bot cleanly (:meth:`bot.app.CarcassonneBot.close`) and
exit 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

from bot.cli import EXIT_FAILED, EXIT_OK, EXIT_SETUP
from bot.cli.problems import (
    DiscordAway,
    database_outage,
    database_problem,
    discord_outage,
    discord_problem,
    file_problem,
)
from bot.readers import shown_url
from bot.settings import Settings
from bot.text.catalog import counted

if TYPE_CHECKING:
    from bot.app import CarcassonneBot

log = logging.getLogger("bot")
T = TypeVar("T")

# Seconds between attempts to reach the database or Discord; the last repeats.
BACKOFF = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # Library chatter (HTTP, Alembic's plugin set-up) only when something is wrong.
    for noisy in ("discord.http", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def run(settings: Settings, environ: Mapping[str, str] | None = None) -> int:
    env = os.environ if environ is None else environ
    configure_logging(settings.log_level)
    if settings.token is None:
        if env.get("INVOCATION_ID"):  # systemd sets it for the processes of a unit
            problem(
                "DISCORD_TOKEN is not set: a service runs the bot, never the offline demo; "
                "set DISCORD_TOKEN in the service's settings file (docs/deploy.md)"
            )
            return EXIT_SETUP
        return asyncio.run(run_demo_cli(settings))
    return run_bot_alone(settings)


def problem(text: str) -> None:
    print(f"error: {text}", file=sys.stderr, flush=True)


class Stopped(Exception):
    """SIGTERM or SIGINT arrived while waiting for an outage to pass."""


async def patiently(
    attempt: Callable[[], Awaitable[T]],
    outage: Callable[[BaseException], str | None],
    stopping: asyncio.Event,
    what: str,
) -> T:
    """``attempt()`` until it succeeds. A failure ``outage`` describes (one
    that passes by itself) is logged and tried again after the next wait of
    :data:`BACKOFF`; any other is raised; :class:`Stopped` when ``stopping``
    is set meanwhile."""
    from bot import metrics

    failures = 0
    while True:
        try:
            result = await attempt()
        except Exception as exc:
            text = outage(exc)
            if text is None:
                raise
            delay = BACKOFF[min(failures, len(BACKOFF) - 1)]
            failures += 1
            log.warning("%s; trying again in %g s (attempt %s)", text, delay, failures)
            metrics.WAITING.labels(what).set(1)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), delay)
            if stopping.is_set():
                raise Stopped() from None
            continue
        metrics.WAITING.labels(what).set(0)
        if failures:
            log.info("%s: back after %s", what, counted(failures, "failed attempt"))
        return result


async def prepare(settings: Settings, stopping: asyncio.Event) -> CarcassonneBot | None:
    """Everything before the network: the database reachable (waited for) and
    migrated, the bot built. None (after printing why) when the database is
    unusable."""
    from db import migrate

    url = settings.database_url
    try:
        await patiently(
            lambda: migrate.upgrade_async(url),
            lambda exc: database_outage(exc, url),
            stopping,
            "database",
        )
    except Stopped:
        raise
    except Exception as exc:
        text = database_problem(exc, url)
        if text is None:
            raise
        problem(text)
        return None
    import discord

    from bot.app import CarcassonneBot

    # No voice here: discord.py's warnings about missing voice libraries are noise.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    return CarcassonneBot(settings)


async def reach_discord(token: str) -> None:
    """Ask Discord for the gateway (``GET /gateway/bot``, what a sharded login
    asks first): returns once Discord answers; :class:`discord.LoginFailure`
    when it refuses the token; network errors, server errors and "slow down"
    as they come (:func:`bot.cli.problems.discord_outage` says which pass)."""
    import aiohttp
    import discord

    url = discord.http.Route.BASE + "/gateway/bot"
    headers = {
        "Authorization": f"Bot {token}",
        "User-Agent": f"DiscordBot (https://github.com/Rapptz/discord.py {discord.__version__})",
    }
    timeout = aiohttp.ClientTimeout(total=30)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(url, headers=headers) as answer,
    ):
        if answer.status == 401:
            raise discord.LoginFailure("Improper token has been passed.")
        if answer.status >= 500 or answer.status == 429:
            raise DiscordAway(f"Discord answered {answer.status} {answer.reason or ''}".strip())


def run_bot_alone(settings: Settings) -> int:
    """:func:`run_bot` holding the SQLite database's lock (bot.cli.lock): one
    bot process per SQLite file."""
    from bot.cli.lock import Busy, holding, lock_path

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
    except OSError as exc:  # the lock file cannot be made (a file where a folder should be...)
        path = lock_path(settings.database_url)
        if path is None:
            raise
        problem(f"DATABASE_URL ({shown_url(settings.database_url)}): {file_problem(path, exc)}")
        return EXIT_SETUP


async def run_bot(settings: Settings) -> int:
    from bot import metrics

    token = settings.token
    assert token is not None
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    built: list[CarcassonneBot] = []
    closing: list[asyncio.Task[None]] = []  # keep a reference until it is done

    def stop(name: str) -> None:
        if not stopping.is_set():
            log.info("%s received: closing", name)
            stopping.set()
        if built and not closing:
            closing.append(loop.create_task(built[0].close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop, sig.name)
    server = None
    if settings.metrics_address is not None:
        host, port = settings.metrics_address
        try:
            server = metrics.serve(host, port)
        except OSError as exc:
            problem(f"METRICS_ADDRESS ({host}:{port}): cannot listen there: {exc.strerror or exc}")
            return EXIT_SETUP
        log.info("metrics: serving http://%s/metrics", metrics.shown_address(host, port))
    try:
        return await _serve(settings, token, stopping, built, stop)
    except Stopped:
        return EXIT_OK
    finally:
        if server is not None:
            server.shutdown()


async def _serve(
    settings: Settings,
    token: str,
    stopping: asyncio.Event,
    built: list[CarcassonneBot],
    stop: Callable[[str], None],
) -> int:
    bot = await prepare(settings, stopping)
    if bot is None:
        return EXIT_SETUP
    built.append(bot)
    try:
        if stopping.is_set():
            return EXIT_OK
        await patiently(lambda: reach_discord(token), discord_outage, stopping, "discord")
        await bot.start(token)
    except Stopped:
        return EXIT_OK
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
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = f"{out} is a file" if out.is_file() else file_problem(out, exc)
        problem(f"DEMO_OUTPUT_DIR: {why}; name a folder")
        return EXIT_SETUP
    print(f"No DISCORD_TOKEN set: playing an offline demo game into {out}/ ...")
    result = await run_demo(out, settings=settings)
    scores = ", ".join(f"{p} {s}" for p, s in zip(result.players, result.scores, strict=False))
    print(f"Game #{result.game_id} finished: {scores}")
    print(f"{counted(len(result.boards), 'board image')} and {result.record_path} written.")
    print(
        "To run the Discord bot, put DISCORD_TOKEN=<your bot token> in .env "
        "(see .env.example and docs/deploy.md) and run `make run` again."
    )
    return EXIT_OK
