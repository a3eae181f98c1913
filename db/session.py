"""Database connections: SQLite via aiosqlite by default, PostgreSQL via asyncpg.

SQLite: WAL journal (readers never block the writer and a killed process
loses at most the transaction in flight), a busy timeout, foreign keys on,
and transactions begun explicitly so that a transaction really is one: the
driver's own implicit BEGIN would run SELECTs outside it. A session may ask
for ``BEGIN IMMEDIATE`` (see :func:`write_session`) so that two processes
writing one file queue up instead of failing half-way.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

DEFAULT_SQLITE_PATH = "carcassonne.sqlite3"
BUSY_TIMEOUT_MS = 30_000
SQLITE_BEGIN = "sqlite_begin"  # execution option: "DEFERRED" (default) or "IMMEDIATE"


def database_url(environ: dict[str, str] | None = None) -> str:
    """``DATABASE_URL`` from the environment, else a SQLite file in the working dir."""
    env = os.environ if environ is None else environ
    url = env.get("DATABASE_URL", "").strip()
    return url or f"sqlite+aiosqlite:///{DEFAULT_SQLITE_PATH}"


def normalise_url(url: str) -> str:
    """Accept the usual spellings (``postgres://``, ``postgresql://``, ``sqlite://``)
    and name the async drivers this project uses."""
    u = make_url(url)
    backend = u.get_backend_name()
    if backend in ("postgres", "postgresql"):
        u = u.set(drivername="postgresql+asyncpg")
    elif backend == "sqlite":
        u = u.set(drivername="sqlite+aiosqlite")
    else:
        raise ValueError(f"unsupported database {backend!r}: use sqlite or postgresql")
    return u.render_as_string(hide_password=False)


def is_sqlite(engine: AsyncEngine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    url = normalise_url(url)
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, **kwargs)
        _configure_sqlite(engine)
        return engine
    return create_async_engine(url, pool_pre_ping=True, **kwargs)


def _configure_sqlite(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_conn: Any, record: Any) -> None:
        # Let us emit BEGIN ourselves (see module doc).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")  # durable enough in WAL, much faster
        cur.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(SQLITE_BEGIN, "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


class Database:
    """An engine and its session factory; one per process and URL."""

    def __init__(self, url: str | None = None, **engine_kwargs: Any) -> None:
        self.url = normalise_url(url or database_url())
        self.engine = make_engine(self.url, **engine_kwargs)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: queue this process's writers here
        # rather than in SQLite's busy handler, which polls with sleeps.
        self._sqlite_writer = asyncio.Lock() if is_sqlite(self.engine) else None

    @property
    def is_sqlite(self) -> bool:
        return self._sqlite_writer is not None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reading (and small writes that cannot conflict)."""
        async with self.sessions() as session, session.begin():
            yield session

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """A session whose transaction commits on exit and rolls back on error.
        On SQLite it holds the write lock from its first statement."""
        if self._sqlite_writer is None:
            async with self.sessions() as session, session.begin():
                yield session
            return
        async with self._sqlite_writer, self.sessions() as session, session.begin():
            # First statement of the transaction: the options apply to its BEGIN.
            await session.connection(execution_options={SQLITE_BEGIN: "IMMEDIATE"})
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
