"""Alembic environment for the game store (async engines).

db.migrate passes an open connection in ``config.attributes["connection"]``;
the alembic CLI gets none, so an async engine is made from the URL.
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from db.models import Base
from db.session import database_url, make_engine

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or database_url()


def _configure(conn: Connection) -> None:
    context.configure(
        connection=conn,
        target_metadata=target_metadata,
        compare_type=True,
        # SQLite cannot ALTER most things: later revisions copy tables instead.
        render_as_batch=conn.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    engine = make_engine(_url())
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_configure)
    finally:
        await engine.dispose()


def run_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    given = config.attributes.get("connection")
    if given is not None:
        _configure(given)
    else:
        asyncio.run(_run_async())
