"""Database connections: SQLite via aiosqlite by default, PostgreSQL via asyncpg.

SQLite: WAL journal (readers never block the writer and a killed process
loses at most the transaction in flight), a busy timeout, foreign keys on,
and transactions begun explicitly so that a transaction really is one: the
driver's own implicit BEGIN would run SELECTs outside it. A session may ask
for ``BEGIN IMMEDIATE`` (see :meth:`Database.write`) so that two processes
writing one file queue up instead of failing half-way.

A database that cannot do the work (locked past the busy timeout, disk full,
read-only, a disk error, a lost server) raises :class:`StoreUnavailable`
saying which, from every session (:func:`unavailable`): never a bare driver
error, and never "someone acted first" (StaleGame is for real concurrent
changes). Statement parameters are kept out of error texts and logs
(``hide_parameters``): an action's fields may be hidden information.
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
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from db.errors import StoreUnavailable, StoreUnreadable

DEFAULT_SQLITE_PATH = "carcassonne.sqlite3"
BUSY_TIMEOUT_MS = 30_000
SQLITE_BEGIN = "sqlite_begin"  # execution option: "DEFERRED" (default) or "IMMEDIATE"
# Execution option naming a session's transaction "read" or "write" (for
# whoever counts them: bot.metrics).
TRANSACTION = "carcassonne_transaction"


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


# SQLSTATE classes and codes of PostgreSQL errors that mean "cannot do it now".
PG_UNAVAILABLE = {
    "08": "connection",  # connection exceptions
    "53100": "full",  # disk_full
    "53": "busy",  # other insufficient resources (memory, connections)
    "25006": "read_only",  # read_only_sql_transaction
    "40P01": "busy",  # deadlock_detected: retrying is the cure
    "55P03": "busy",  # lock_not_available
    "57P01": "connection",  # admin_shutdown
    "57P02": "connection",  # crash_shutdown
    "57P03": "connection",  # cannot_connect_now
    "58030": "io",  # io_error
}
# SQLite result texts (sqlite3 error messages) and what they mean.
SQLITE_UNAVAILABLE = (
    ("database is locked", "busy"),
    ("database table is locked", "busy"),
    ("database or disk is full", "full"),
    ("readonly database", "read_only"),
    ("disk i/o error", "io"),
    ("unable to open database file", "io"),
)


def unavailable(exc: BaseException) -> StoreUnavailable | None:
    """The StoreUnavailable a driver error means, or None when it means
    something else (a bug, a constraint: those keep their own handling)."""
    if isinstance(exc, DBAPIError):
        if exc.connection_invalidated:
            return StoreUnavailable("connection")
        orig = exc.orig
        state = str(getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or "")
        if state:
            what = PG_UNAVAILABLE.get(state) or PG_UNAVAILABLE.get(state[:2])
            return StoreUnavailable(what) if what else None
        text = str(orig).lower()
        for needle, what in SQLITE_UNAVAILABLE:
            if needle in text:
                return StoreUnavailable(what)
        return None
    if isinstance(exc, ConnectionError | TimeoutError):
        return StoreUnavailable("connection")
    return None


def make_engine(url: str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS, **kwargs: Any) -> AsyncEngine:
    url = normalise_url(url)
    u = make_url(url)
    kwargs.setdefault("hide_parameters", True)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:" and not u.query.get("uri"):
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, **kwargs)
        _configure_sqlite(engine, busy_timeout_ms)
        return engine
    return create_async_engine(url, pool_pre_ping=True, **kwargs)


def _configure_sqlite(engine: AsyncEngine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_conn: Any, record: Any) -> None:
        # Let us emit BEGIN ourselves (see module doc).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")  # durable enough in WAL, much faster
        cur.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(SQLITE_BEGIN, "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


READ_SNAPSHOT = "REPEATABLE READ"  # PostgreSQL isolation of read sessions


class Database:
    """An engine and its session factory; one per process and URL."""

    def __init__(
        self,
        url: str | None = None,
        *,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        **engine_kwargs: Any,
    ) -> None:
        self.url = normalise_url(url or database_url())
        self.engine = make_engine(self.url, busy_timeout_ms=busy_timeout_ms, **engine_kwargs)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: queue this process's writers here
        # rather than in SQLite's busy handler, which polls with sleeps.
        self._sqlite_writer = asyncio.Lock() if is_sqlite(self.engine) else None

    @property
    def is_sqlite(self) -> bool:
        return self._sqlite_writer is not None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reading. On PostgreSQL it reads one snapshot
        (REPEATABLE READ), so that a game's row and its action log always
        agree even while another process takes actions back; read-only, such a
        transaction never fails to serialise. (SQLite reads one snapshot anyway.)"""
        try:
            async with self.sessions() as session, session.begin():
                options: dict[str, str] = {TRANSACTION: "read"}
                if self._sqlite_writer is None:
                    options["isolation_level"] = READ_SNAPSHOT
                await session.connection(execution_options=options)
                yield session
        except (DBAPIError, ConnectionError, TimeoutError) as exc:
            _raise_unavailable(exc, reading=True)
            raise

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """A session whose transaction commits on exit and rolls back on error.
        On SQLite it holds the write lock from its first statement."""
        try:
            if self._sqlite_writer is None:
                async with self.sessions() as session, session.begin():
                    await session.connection(execution_options={TRANSACTION: "write"})
                    yield session
                return
            async with self._sqlite_writer, self.sessions() as session, session.begin():
                # First statement of the transaction: the options apply to its BEGIN.
                options = {SQLITE_BEGIN: "IMMEDIATE", TRANSACTION: "write"}
                await session.connection(execution_options=options)
                yield session
        except (DBAPIError, ConnectionError, TimeoutError) as exc:
            _raise_unavailable(exc)
            raise

    async def dispose(self) -> None:
        await self.engine.dispose()


def _raise_unavailable(exc: BaseException, *, reading: bool = False) -> None:
    mapped = unavailable(exc)
    if mapped is not None:
        raise (StoreUnreadable(mapped.what) if reading else mapped) from exc
