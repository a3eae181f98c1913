"""Schema migrations (Alembic), usable from code and from the command line.

    await db.migrate.status(url)         # current and head revisions, no Alembic import
    await db.migrate.upgrade_async(url)  # from a running loop (the bot's start-up)
    db.migrate.upgrade(url)              # sync, before the event loop starts
    python -m db.migrate [URL]           # upgrade DATABASE_URL (or URL) to head

Start-up speed: a database already at head is the usual case, so the current
revision is read with one query on ``alembic_version`` and the head revisions
are read from the migration files themselves; Alembic (and Mako, Pygments...)
is imported only when a migration must run.

New revisions: ``.venv/bin/alembic -c db/alembic.ini revision --autogenerate -m "..."``
with DATABASE_URL pointing at a database at head.
"""

from __future__ import annotations

import ast
import asyncio
import logging
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, make_url

from db.session import database_url, make_engine, normalise_url

if TYPE_CHECKING:
    from alembic.config import Config

HERE = Path(__file__).resolve().parent
INI = HERE / "alembic.ini"
SCRIPTS = HERE / "migrations"
VERSIONS = SCRIPTS / "versions"
VERSION_TABLE = "alembic_version"

log = logging.getLogger(__name__)


class UnknownRevision(Exception):
    """The database is at a revision no migration file of this version names
    (a newer version of the bot migrated it, or the files are incomplete)."""

    def __init__(self, revisions: frozenset[str]) -> None:
        self.revisions = revisions
        names = ", ".join(sorted(revisions))
        super().__init__(
            f"the database is at revision {names}, which this version of the bot does not "
            "know: run the version that migrated it, or restore a backup"
        )


@lru_cache(maxsize=1)
def migration_graph() -> dict[str, tuple[str, ...]]:
    """Every revision of the migration files and the revisions it follows,
    read from their ``revision`` / ``down_revision`` assignments."""
    graph: dict[str, tuple[str, ...]] = {}
    for path in sorted(VERSIONS.glob("*.py")):
        found: dict[str, object] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target, value = None, None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                target, value = node.target, node.value
            if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
                found[target.id] = ast.literal_eval(value)  # type: ignore[arg-type]
        revision = found.get("revision")
        if not isinstance(revision, str):
            continue  # not a revision file
        down = found.get("down_revision")
        parents = (down,) if isinstance(down, str) else tuple(down or ())  # type: ignore[arg-type]
        graph[revision] = tuple(str(p) for p in parents)
    return graph


def head_revisions() -> frozenset[str]:
    graph = migration_graph()
    followed = {parent for parents in graph.values() for parent in parents}
    return frozenset(graph) - followed


@dataclass(frozen=True, slots=True)
class SchemaStatus:
    current: frozenset[str]  # empty: a new database (no schema yet)
    heads: frozenset[str]

    @property
    def at_head(self) -> bool:
        return self.current == self.heads

    @property
    def unknown(self) -> frozenset[str]:
        return self.current - frozenset(migration_graph())

    @property
    def pending(self) -> int:
        """How many migrations an upgrade to head would run."""
        graph = migration_graph()
        done: set[str] = set()
        stack = [r for r in self.current if r in graph]
        while stack:
            rev = stack.pop()
            if rev not in done:
                done.add(rev)
                stack.extend(graph[rev])
        return len(graph) - len(done)

    def describe(self) -> str:
        heads = ", ".join(sorted(self.heads))
        if self.unknown:
            return str(UnknownRevision(self.unknown))
        if not self.current:
            return f"no schema yet: start-up creates it (head {heads})"
        if self.at_head:
            return f"schema at head ({heads})"
        n = self.pending
        return (
            f"schema at {', '.join(sorted(self.current))}, head is {heads}: "
            f"{n} migration{'s' if n != 1 else ''} to run (start-up runs them)"
        )


def _read_current(conn: Connection) -> frozenset[str]:
    if not inspect(conn).has_table(VERSION_TABLE):
        return frozenset()
    rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
    return frozenset(str(r[0]) for r in rows)


async def status(url: str | None = None) -> SchemaStatus:
    """Where the schema at ``url`` stands; one short query, no Alembic import."""
    engine = make_engine(normalise_url(url or database_url()))
    try:
        async with engine.connect() as conn:
            current = await conn.run_sync(_read_current)
    finally:
        await engine.dispose()
    return SchemaStatus(current, head_revisions())


def config(url: str | None = None) -> Config:
    from alembic.config import Config

    cfg = Config(str(INI))
    cfg.set_main_option("script_location", str(SCRIPTS))
    # '%' would be read as interpolation by configparser (passwords).
    cfg.set_main_option("sqlalchemy.url", normalise_url(url or database_url()).replace("%", "%%"))
    return cfg


def _run(conn: Connection, cfg: Config, revision: str, down: bool) -> None:
    from alembic import command

    cfg.attributes["connection"] = conn
    if down:
        command.downgrade(cfg, revision)
    else:
        command.upgrade(cfg, revision)


async def upgrade_async(url: str | None = None, revision: str = "head") -> SchemaStatus | None:
    """Bring the schema at ``url`` (default: DATABASE_URL) to ``revision``.

    To head (the bot's start-up): nothing is imported or run when the schema is
    already there; :class:`UnknownRevision` when the database is ahead of this
    version. Returns the status found before upgrading (None for an explicit
    revision)."""
    if revision != "head":
        await _migrate(url, revision, down=False)
        return None
    found = await status(url)
    if found.unknown:
        raise UnknownRevision(found.unknown)
    if not found.at_head:
        heads = ", ".join(sorted(found.heads))
        if found.current:
            was = ", ".join(sorted(found.current))
            log.info("database: migrating the schema from %s to %s", was, heads)
        else:
            log.info("database: creating the schema (%s)", heads)
        await _migrate(url, revision, down=False)
    await _upgrade_games(url)
    return found


async def _upgrade_games(url: str | None) -> None:
    """Stored games of older rules flows, brought up to date (db.flows)."""
    from db.flows import upgrade_games
    from db.session import Database

    db = Database(normalise_url(url or database_url()))
    try:
        await upgrade_games(db)
    finally:
        await db.dispose()


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
