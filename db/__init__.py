"""Persistence: SQLAlchemy 2 async models, sessions, Alembic migrations and the
game service. SQLite (aiosqlite) by default, PostgreSQL (asyncpg) by URL.

Typical start-up of the bot::

    from db import Database, GameService, database_url, migrate
    url = database_url()          # DATABASE_URL or a local SQLite file
    await migrate.upgrade_async(url)
    service = GameService(Database(url))
"""

from db.errors import (
    ActionRejected,
    CorruptGame,
    GameError,
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
from db.service import ActResult, GameInfo, GameOptions, GameService, LoadedGame, SeatInfo
from db.session import Database, database_url
from db.timers import TimerInfo, Timers

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
    "SeatError",
    "SeatInfo",
    "StaleGame",
    "StoreError",
    "StoreUnavailable",
    "TimerInfo",
    "Timers",
    "database_url",
]
