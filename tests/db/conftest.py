"""Fixtures of the store tests: every test that takes ``db_url`` (or
``service``) runs on SQLite and on a throwaway PostgreSQL server
(tests/pgserver.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from db import Database, GameService
from tests import pgserver

backend = pgserver.backend
db_url = pgserver.db_url


@pytest.fixture
async def service(db_url: str) -> AsyncIterator[GameService]:
    svc = GameService(Database(db_url))
    try:
        yield svc
    finally:
        await svc.db.dispose()
