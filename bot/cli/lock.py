"""One bot process per SQLite file: ``python -m bot run`` holds an exclusive
lock on ``<database>.lock`` for as long as it runs, and ``restore`` holds it
while it writes.

SQLite serves one process (bot.shards, docs/deploy.md): a second bot on the
same file would connect to Discord a second time, answer every interaction
twice and fire the same timers. So a start that finds the lock taken refuses
with one line naming the process that holds it (exit code 2).

Why a lock the kernel holds (``flock``) rather than a row with a heartbeat in
the database: the kernel drops it when its process ends, however it ends —
SIGKILL, a crash, the OOM killer, a reboot — so a restart is never refused by
a stale lock and nothing has to guess from a timeout whether the holder still
lives (a heartbeat either refuses a quick restart after a SIGKILL or lets a
second process in during its grace period). Its limit: it sees the processes
of one machine only; a SQLite file shared over a network file system is not
safe to write from two machines anyway. Where ``fcntl`` is missing (Windows)
there is no check.

The lock is taken on the database file itself too (``flock`` on its inode,
which SQLite's own ``fcntl`` locks leave alone): one file reached by another
name — SQLite's ``file:`` URI form, a hard link, a symbolic link — is the
same file, so a second bot or a restore through that name is refused as
well. ``<database>.lock`` keeps the holder's process id for the message.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from db.backup import sqlite_file

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class Busy(Exception):
    """Another process holds the database's lock: "process 123 is using the
    SQLite database F (lock F.lock)"; the caller adds what to do."""


def lock_path(url: str) -> Path | None:
    """The lock file of a SQLite database URL (None: PostgreSQL, or in memory)."""
    path = sqlite_file(url)
    return None if path is None else path.with_name(path.name + ".lock")


@contextlib.contextmanager
def holding(url: str) -> Iterator[Path | None]:
    """Hold the database's lock (nothing to hold for PostgreSQL); :class:`Busy`
    when another process holds it."""
    path = lock_path(url)
    database = sqlite_file(url)
    if path is None or database is None or fcntl is None:
        yield None
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    db_fd: int | None = None
    created = False
    try:
        if not _lock(fd):
            raise Busy(f"{_holder(fd)} is using the SQLite database {database} (lock {path})")
        # The database itself, whatever name it is opened under (an empty
        # file is a new SQLite database; left empty, it goes again below).
        created = not database.exists()
        db_fd = os.open(database, os.O_RDWR | os.O_CREAT, 0o644)
        if not _lock(db_fd):
            raise Busy(
                f"another process is using the SQLite database {database} "
                "(under another name: a hard or symbolic link, or a file: URI)"
            )
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        if db_fd is not None:
            if created and os.fstat(db_fd).st_size == 0:
                database.unlink(missing_ok=True)  # nothing was written: as before
            os.close(db_fd)  # releases the locks (the kernel does the same if we die)
        os.close(fd)


def _lock(fd: int) -> bool:
    assert fcntl is not None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(fd: int) -> str:
    holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
    return f"process {holder}" if holder.isdigit() else "another process"
