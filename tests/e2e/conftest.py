"""Fixtures of the end-to-end tests: the fake Discord, the bot process, the
members, and the per-game figures (tests/e2e/README.md)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests import pgserver
from tests.e2e import validation as val
from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord
from tests.e2e.members import Harness

# FIGURES for the figures fixture (record_figures and figures_path live in report.py too)
from tests.e2e.report import FIGURES, figures_path, record_figures  # noqa: F401


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is ``e2e``, and ``slow`` (``make test-all`` only) unless
    marked ``smoke``: a bot process per test costs seconds, so ``make test``
    runs the few that check the harness and play one short game."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)
            if item.get_closest_marker("smoke") is None:
                item.add_marker(pytest.mark.slow)


@pytest.fixture
async def http(fake: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    """A client of the fake's REST API with the bot's token (tests of the
    fake and of the player, without a bot process)."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(fake.api_url + "/", headers=headers) as session:
        yield session


@pytest.fixture(scope="session")
def openapi() -> val.OpenAPI | None:
    return val.load_openapi()


@pytest.fixture
def bot_permissions() -> int | None:
    """The bot role's permissions; None: what a normal invite gives
    (world.DEFAULT_BOT_PERMISSIONS). Override in a test module or with
    ``@pytest.mark.parametrize("bot_permissions", [...])``."""
    return None


@pytest.fixture
def rate_limit_scale() -> float:
    """1.0: Discord's real rate-limit windows (the default, and what the game
    figures are measured with); ``$E2E_RATE_LIMIT_SCALE`` or an override in a
    test module shortens them where waiting is not what is tested."""
    return float(os.environ.get("E2E_RATE_LIMIT_SCALE", "1.0"))


@pytest.fixture
async def fake(
    bot_permissions: int | None, openapi: val.OpenAPI | None, rate_limit_scale: float
) -> AsyncIterator[FakeDiscord]:
    """The fake Discord. After the test it checks that every request the bot
    sent was one Discord accepts and every interaction was acknowledged once
    and in time; a test that provokes a kind on purpose says so with
    ``fake.allowed.add("late-ack")``."""
    server = FakeDiscord(
        bot_permissions=bot_permissions, openapi=openapi, rate_limit_scale=rate_limit_scale
    )
    await server.start()
    yield server
    await server.stop()
    problems = server.problems()
    if problems:
        pytest.fail("the fake Discord saw problems:\n" + "\n".join(map(str, problems[:30])))


@pytest.fixture
async def bot(
    fake: FakeDiscord, tmp_path: Path, sqlite_template: Path
) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path, sqlite_template)
    await process.start()
    yield process
    await process.stop()


@pytest.fixture
def postgres_url(pg_server: pgserver.PgServer, tmp_path: Path) -> str:
    """A fresh, migrated database on the session's throwaway PostgreSQL server
    (the test is skipped, with the reason, where PostgreSQL cannot start)."""
    name = f"e2e_{os.getpid()}_{tmp_path.name}".lower().replace("-", "_")[:60]
    pg_server.create_database(name, pgserver.TEMPLATE)
    return pg_server.url(name)


@pytest.fixture
def harness(fake: FakeDiscord, bot: BotProcess) -> Harness:
    return Harness(fake, bot)


@pytest.fixture(scope="session")
def figures() -> dict[str, dict[str, Any]]:
    """Figures of every game played in this session (this process), by game
    name; also written to a file (tests/e2e/report.py)."""
    return FIGURES
