"""Fixtures of the end-to-end tests: the fake Discord, the bot process, the
members, and the per-game figures (tests/e2e/README.md)."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests import pgserver
from tests.e2e import validation as val
from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord
from tests.e2e.members import Harness

FIGURES: dict[str, dict[str, Any]] = {}  # game name -> figures (tests/e2e/figures.py)


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
    """Figures of every game played in this session, by game name; also
    written to ``$E2E_FIGURES`` or ``<pytest basetemp>/e2e-figures.json``."""
    return FIGURES


def _basetemp(config: pytest.Config) -> Path:
    return Path(str(config._tmp_path_factory.getbasetemp()))  # type: ignore[attr-defined]


def _is_worker(config: pytest.Config) -> bool:
    """A pytest-xdist worker (make test runs the tests in one per core)."""
    return hasattr(config, "workerinput")


def figures_path(config: pytest.Config) -> Path:
    """Where this process writes the figures: ``$E2E_FIGURES`` or
    ``<basetemp>/e2e-figures.json``; an xdist worker in its own basetemp (the
    run's summary gathers them)."""
    env = os.environ.get("E2E_FIGURES")
    if env and not _is_worker(config):
        return Path(env)
    return _basetemp(config) / "e2e-figures.json"


def _gather(config: pytest.Config) -> None:
    """The figures the xdist workers wrote, into this process's table."""
    for path in sorted(_basetemp(config).glob("popen-gw*/e2e-figures.json")):
        FIGURES.update(json.loads(path.read_text(encoding="utf-8")))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if val.openapi_path() is None:
        terminalreporter.write_sep(
            "!",
            "e2e: Discord's OpenAPI file not found (set DISCORD_OPENAPI): request bodies were "
            "checked against the documented limits only, NOT against the schema",
            yellow=True,
        )
    if not _is_worker(config):
        _gather(config)
    if not FIGURES:
        return
    from tests.e2e.figures import format_table

    terminalreporter.write_sep("-", "e2e game figures")
    terminalreporter.write_line(format_table(FIGURES))
    path = figures_path(config)
    _write(path)
    terminalreporter.write_line(f"(written to {path})")


def _write(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(FIGURES, indent=1, sort_keys=True), encoding="utf-8")


def record_figures(config: pytest.Config, name: str, values: dict[str, Any]) -> None:
    FIGURES[name] = values
    _write(figures_path(config))
