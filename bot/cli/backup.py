"""``python -m bot backup FILE`` and ``python -m bot restore FILE`` (SQLite).

Backup runs while the bot runs; restore wants the bot stopped and keeps the
database it replaces beside it. For PostgreSQL both refuse and point at
pg_dump / pg_restore (docs/deploy.md). Every refusal is one line and exit
code 2, a file that cannot be written included (a folder that is a file...).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli import EXIT_OK, EXIT_SETUP
from bot.cli.problems import file_problem
from bot.settings import Settings
from bot.text.catalog import counted

if TYPE_CHECKING:
    from db.backup import Snapshot


def described(snap: Snapshot) -> str:
    """``FILE (3 games, schema 0003, 45,056 bytes)``."""
    schema = f"schema {snap.revision}" if snap.revision else "no schema"
    return f"{snap.path} ({counted(snap.games, 'game')}, {schema}, {counted(snap.size, 'byte')})"


def backup(settings: Settings, file: Path, *, overwrite: bool = False) -> int:
    from db.backup import BackupError, backup_sqlite

    try:
        snap = backup_sqlite(settings.database_url, file, overwrite=overwrite)
    except BackupError as exc:
        print(f"error: backup: {exc}", file=sys.stderr)
        return EXIT_SETUP
    except OSError as exc:
        print(f"error: backup: {file_problem(file, exc)}", file=sys.stderr)
        return EXIT_SETUP
    print(f"backed up to {described(snap)}")
    return EXIT_OK


def restore(settings: Settings, file: Path) -> int:
    from bot.cli.lock import Busy, holding
    from db.backup import BackupError, restore_sqlite, sqlite_path

    try:
        with holding(settings.database_url):  # no bot runs on it meanwhile
            snap, kept = restore_sqlite(settings.database_url, file)
    except BackupError as exc:
        print(f"error: restore: {exc}", file=sys.stderr)
        return EXIT_SETUP
    except Busy as exc:
        print(f"error: restore: {exc}: stop the bot first", file=sys.stderr)
        return EXIT_SETUP
    except OSError as exc:
        target = sqlite_path(settings.database_url)
        print(f"error: restore: {file_problem(target, exc)}", file=sys.stderr)
        return EXIT_SETUP
    print(f"restored {described(snap)} from {file}")
    if kept is not None:
        print(f"the database it replaced is kept in {kept}")
    return EXIT_OK
