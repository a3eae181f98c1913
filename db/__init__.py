"""Persistence: SQLAlchemy 2 async models, sessions, Alembic migrations and the
game store. SQLite (aiosqlite) by default, PostgreSQL (asyncpg) by URL.

Typical start-up of the bot::

    from db import Database, GameService, database_url, migrate
    url = database_url()          # DATABASE_URL or a local SQLite file
    await migrate.upgrade_async(url)
    service = GameService(Database(url))

Importing this package loads no SQLAlchemy: the value types and refusals
(db.values, db.errors) are light, so the presentation and Discord layers use
them alone; the store's classes are imported when first named.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from db.errors import (
    ActionRejected,
    CorruptGame,
    GameFinished,
    GameNotFound,
    GameNotInLobby,
    GameNotStarted,
    HostOnly,
    InvalidSetup,
    NotSeated,
    NotYourTurn,
    SeatError,
    StaleGame,
    StoreError,
    StoreUnavailable,
)
from db.values import (
    ActResult,
    GameError,
    GameInfo,
    GameOptions,
    LoadedGame,
    SeatInfo,
    TimerInfo,
)

if TYPE_CHECKING:
    from db.service import GameService, OpenGame
    from db.session import Database, database_url
    from db.timers import Timers

# The store's classes, imported on first use (they load SQLAlchemy).
_LAZY = {
    "Database": "db.session",
    "database_url": "db.session",
    "GameService": "db.service",
    "OpenGame": "db.service",
    "Timers": "db.timers",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'db' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "ActResult",
    "ActionRejected",
    "CorruptGame",
    "Database",
    "GameError",
    "GameFinished",
    "GameInfo",
    "GameNotFound",
    "GameNotInLobby",
    "GameNotStarted",
    "GameOptions",
    "GameService",
    "HostOnly",
    "InvalidSetup",
    "LoadedGame",
    "NotSeated",
    "NotYourTurn",
    "OpenGame",
    "SeatError",
    "SeatInfo",
    "StaleGame",
    "StoreError",
    "StoreUnavailable",
    "TimerInfo",
    "Timers",
    "database_url",
]
