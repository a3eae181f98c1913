"""``python -m bot backup FILE`` and ``python -m bot restore FILE`` (SQLite).

Backup runs while the bot runs; restore wants the bot stopped and keeps the
database it replaces beside it. For PostgreSQL both refuse and point at
pg_dump / pg_restore (docs/deploy.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.cli import EXIT_OK, EXIT_SETUP
from bot.settings import Settings


def backup(settings: Settings, file: Path, *, overwrite: bool = False) -> int:
    from db.backup import BackupError, backup_sqlite

    try:
        snap = backup_sqlite(settings.database_url, file, overwrite=overwrite)
    except BackupError as exc:
        print(f"error: backup: {exc}", file=sys.stderr)
        return EXIT_SETUP
    print(f"backed up to {snap.describe()}")
    return EXIT_OK


def restore(settings: Settings, file: Path) -> int:
    from bot.cli.lock import Busy, holding
    from db.backup import BackupError, restore_sqlite

    try:
        with holding(settings.database_url):  # no bot runs on it meanwhile
            snap, kept = restore_sqlite(settings.database_url, file)
    except BackupError as exc:
        print(f"error: restore: {exc}", file=sys.stderr)
        return EXIT_SETUP
    except Busy as exc:
        print(f"error: restore: {exc}: stop the bot first", file=sys.stderr)
        return EXIT_SETUP
    print(f"restored {snap.describe()} from {file}")
    if kept is not None:
        print(f"the database it replaced is kept in {kept}")
    return EXIT_OK
