"""Schema migrations (Alembic), usable from code and from the command line.

    db.migrate.upgrade(url)            # sync, before the event loop starts
    await db.migrate.upgrade_async(url)  # from a running loop (the bot's start-up)
    python -m db.migrate [URL]         # upgrade DATABASE_URL (or URL) to head

New revisions: ``.venv/bin/alembic -c db/alembic.ini revision --autogenerate -m "..."``
with DATABASE_URL pointing at a database at head.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, make_url

from db.session import database_url, make_engine, normalise_url

HERE = Path(__file__).resolve().parent
INI = HERE / "alembic.ini"
SCRIPTS = HERE / "migrations"


def config(url: str | None = None) -> Config:
    cfg = Config(str(INI))
    cfg.set_main_option("script_location", str(SCRIPTS))
    # '%' would be read as interpolation by configparser (passwords).
    cfg.set_main_option("sqlalchemy.url", normalise_url(url or database_url()).replace("%", "%%"))
    return cfg


def _run(conn: Connection, cfg: Config, revision: str, down: bool) -> None:
    cfg.attributes["connection"] = conn
    if down:
        command.downgrade(cfg, revision)
    else:
        command.upgrade(cfg, revision)


async def upgrade_async(url: str | None = None, revision: str = "head") -> None:
    """Bring the schema at ``url`` (default: DATABASE_URL) to ``revision``."""
    await _migrate(url, revision, down=False)


async def downgrade_async(url: str | None = None, revision: str = "base") -> None:
    await _migrate(url, revision, down=True)


async def _migrate(url: str | None, revision: str, down: bool) -> None:
    cfg = config(url)
    engine = make_engine(cfg.get_main_option("sqlalchemy.url") or "")
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_run, cfg, revision, down)
    finally:
        await engine.dispose()


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Synchronous form of :func:`upgrade_async`; call it outside an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(upgrade_async(url, revision))
        return
    raise RuntimeError("db.migrate.upgrade() called inside an event loop: await upgrade_async()")


def main(argv: list[str]) -> int:
    url = argv[1] if len(argv) > 1 else None
    upgrade(url)
    shown = make_url(normalise_url(url or database_url())).render_as_string(hide_password=True)
    print(f"schema at head: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
