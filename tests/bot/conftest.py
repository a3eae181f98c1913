"""Fixtures of the bot's tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services import Services
from bot.settings import Settings
from db import migrate
from db.service import GameService
from db.session import Database
from tests.fakes.services import Recorder


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[tuple[Services, Recorder]]:
    """The services over a fresh SQLite database, and what they sent."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'play.sqlite3'}"
    await migrate.upgrade_async(url)
    db = Database(url)
    rec = Recorder()
    settings = Settings(discord_token=None, database_url=url)
    services = Services(GameService(db), settings, rec)
    yield services, rec
    await services.turns.thinker.shutdown()
    await db.dispose()
