"""``python -m bot`` (``make run``): the bot with a token, else the offline demo."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from bot.settings import Settings, get_settings

log = logging.getLogger("bot")


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # Library chatter (HTTP, Alembic's plugin set-up) only when something is wrong.
    for noisy in ("discord.http", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


async def run_bot(settings: Settings) -> None:
    from bot.app import CarcassonneBot

    bot = CarcassonneBot(settings)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []  # keep a reference until it is done

    def stop() -> None:
        if not stopping.is_set():
            stopping.set()
            log.info("signal received: closing")
            tasks.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop)
    token = settings.token
    assert token is not None
    async with bot:
        await bot.start(token)


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
        "(see .env.example) and run `make run` again."
    )
    return 0


def main() -> int:
    settings = get_settings()
    configure_logging(settings.log_level)
    if settings.token is None:
        return asyncio.run(run_demo_cli(settings))
    asyncio.run(run_bot(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
