"""Backups of a SQLite game store with SQLite's online backup API.

:func:`backup_sqlite` copies a consistent snapshot while the bot runs (WAL
readers never block the writer, and the copy holds every committed
transaction). :func:`restore_sqlite` writes a backup back into the database
through the same API — the bot must be stopped — after keeping a copy of what
it replaces. PostgreSQL has its own tools (pg_dump / pg_restore, see
docs/deploy.md); both functions refuse it with :class:`NotSQLite`.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from sqlalchemy.engine import make_url

from db.flows import unloadable
from db.migrate import VERSION_TABLE, migration_graph
from db.session import normalise_url


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


class NotSQLite(BackupError):
    pass


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a database file holds, read after a backup or before a restore."""

    path: Path
    revision: str | None
    games: int
    size: int


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database URL, also in SQLite's ``file:`` URI form
    (``sqlite:///file:bot.db?uri=true``); None for another database or one in
    memory."""
    u = make_url(normalise_url(url))
    name = u.database
    if u.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    if name.startswith("file:"):
        if u.query.get("mode") == "memory":
            return None
        rest = unquote(name[len("file:") :].split("?", 1)[0])
        if rest.startswith("//"):  # file://host/path: the path after the authority
            rest = "/" + rest[2:].split("/", 1)[1] if "/" in rest[2:] else ""
        if not rest or rest == ":memory:":
            return None
        return Path(rest)
    return Path(name)


def sqlite_path(url: str) -> Path:
    u = make_url(normalise_url(url))
    if u.get_backend_name() != "sqlite":
        raise NotSQLite(
            f"the database is {u.get_backend_name()}, not SQLite: back it up with pg_dump and "
            "restore it with pg_restore (docs/deploy.md, Backups)"
        )
    path = sqlite_file(url)
    if path is None:
        raise BackupError("an in-memory database cannot be backed up")
    return path


def inspect_file(path: Path) -> Snapshot:
    """Check that ``path`` is a sound SQLite database and read its schema revision."""
    if not path.is_file():
        raise BackupError(f"{path} does not exist")
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
        ) as c:
            check = c.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise BackupError(f"{path} is damaged: {check}")
            tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            revision = None
            if VERSION_TABLE in tables:
                row = c.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchone()
                revision = row[0] if row else None
            games = (
                c.execute("SELECT count(*) FROM games").fetchone()[0] if "games" in tables else 0
            )
    except sqlite3.DatabaseError as exc:
        raise BackupError(_unreadable(path, exc)) from None
    return Snapshot(path, revision, games, path.stat().st_size)


SQLITE_HEADER = b"SQLite format 3\0"  # the first 16 bytes of every SQLite database file


def _unreadable(path: Path, exc: sqlite3.DatabaseError) -> str:
    """Why SQLite cannot read ``path``: another kind of file, or a damaged one."""
    with path.open("rb") as f:
        header = f.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        return (
            f"{path} is not a SQLite database (it does not begin like one): choose a file "
            "that `python -m bot backup` wrote"
        )
    return f"{path} is a damaged SQLite database ({exc}): choose another backup"


# Tables every schema revision has, with the columns the bot reads from them.
STORE_TABLES: dict[str, frozenset[str]] = {
    "games": frozenset({"id", "status", "expansions", "seed", "decks", "version"}),
    "seats": frozenset({"game_id", "seat_index", "display_name", "user_id", "is_ai"}),
    "actions": frozenset({"game_id", "index", "seat", "action", "created_at"}),
    "timers": frozenset({"id", "game_id", "kind", "due_at", "payload"}),
    "guild_settings": frozenset({"guild_id"}),
}


# The first row a query finds is damage, said in words.
DAMAGE = (
    (
        'SELECT game_id, "index" FROM actions '
        "WHERE NOT json_valid(action) OR json_type(action) != 'object' LIMIT 1",
        "action {1} of game #{0} is not JSON",
    ),
    (
        'SELECT g.id FROM games g LEFT JOIN actions a ON a.game_id = g.id AND a."index" >= 0 '
        'AND a."index" < g.version GROUP BY g.id HAVING count(a."index") != g.version LIMIT 1',
        "game #{0}'s actions do not match it",
    ),
)


def check_store(path: Path) -> None:
    """BackupError naming the first reason ``path`` is no sound game store:
    one schema revision, the tables and columns the bot reads, every action
    a JSON object, every game's log as long as its version, and every game
    loading as the bot would load it (db.flows)."""
    with contextlib.closing(sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)) as c:
        revisions = c.execute(f"SELECT count(*) FROM {VERSION_TABLE}").fetchone()[0]
        if revisions != 1:
            raise BackupError(f"{path} names {revisions} schema revisions, not one: it is damaged")
        for table, wanted in STORE_TABLES.items():
            have = {r[1] for r in c.execute(f'PRAGMA table_info("{table}")')}
            if not have:
                raise BackupError(f"{path} holds no game store: its {table!r} table is missing")
            if not wanted <= have:
                missing = ", ".join(sorted(wanted - have))
                raise BackupError(f"{path} is damaged: table {table!r} lacks {missing}")
        for query, words in DAMAGE:
            found = c.execute(query).fetchone()
            if found is not None:
                raise BackupError(f"{path} is damaged: " + words.format(*found))
    # On a copy: loading sets the journal mode, and the backup is not to be touched.
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "store.sqlite3"
        shutil.copyfile(path, copy)
        report = asyncio.run(unloadable(f"sqlite+aiosqlite:///{copy}"))
    if report.failed:
        game, why = report.failed[0]
        raise BackupError(f"{path}: game #{game} cannot be loaded ({why})")


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Online backup of ``source`` into a new file ``target`` (written beside
    it and renamed, so a failed copy never leaves half a file)."""
    tmp = target.with_name(f".{target.name}.partial")
    tmp.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(tmp)) as dest:
            source.backup(dest)
            # A backup is one self-contained file, whatever the source's journal.
            dest.execute("PRAGMA journal_mode=DELETE")
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def backup_sqlite(url: str, target: Path, *, overwrite: bool = False) -> Snapshot:
    """Copy the SQLite database of ``url`` to ``target`` while it may be in use."""
    source = sqlite_path(url)
    if not source.is_file():
        raise BackupError(f"{source} does not exist: nothing to back up")
    if target.exists() and not overwrite:
        raise BackupError(f"{target} exists: choose another file (or --overwrite)")
    if target.resolve() == source.resolve():
        raise BackupError("the backup file is the database itself")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(source, timeout=30)) as conn:
            _copy(conn, target)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot copy {source} to {target}: {exc}") from None
    return inspect_file(target)


def restore_sqlite(url: str, backup: Path) -> tuple[Snapshot, Path | None]:
    """Replace the database of ``url`` by ``backup`` (the bot must be stopped).

    Returns what was restored and where the replaced database was kept (None
    when there was none). A backup from an older version is migrated at the
    next start; one from a newer version (unknown revision) is refused."""
    target = sqlite_path(url)
    if target.exists() and target.resolve() == backup.resolve():
        raise BackupError("the backup file is the database itself")
    snap = inspect_file(backup)
    if snap.revision is None:
        raise BackupError(f"{backup} holds no game store (no {VERSION_TABLE} table)")
    if snap.revision not in migration_graph():
        raise BackupError(
            f"{backup} is at schema {snap.revision}, which this version does not know: "
            "restore it with the version of the bot that made it"
        )
    check_store(backup)
    kept = None
    if target.exists():
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        kept = target.with_name(f"{target.name}.before-restore-{stamp}")
        backup_sqlite(url, kept)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        _write_back(backup, target)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore {backup} into {target}: {exc}") from None
    return inspect_file(target), kept


def _write_back(backup: Path, target: Path) -> None:
    with (
        contextlib.closing(
            sqlite3.connect(f"{backup.absolute().as_uri()}?mode=ro", uri=True)
        ) as src,
        contextlib.closing(sqlite3.connect(target, timeout=30)) as dest,
    ):
        # Through SQLite, not a file copy: the database's WAL and shared memory
        # files stay consistent with what is written.
        src.backup(dest)
