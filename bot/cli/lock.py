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
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy.engine import make_url

from db.session import normalise_url

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class Busy(Exception):
    """Another process holds the database's lock: "process 123 is using the
    SQLite database F (lock F.lock)"; the caller adds what to do."""


def lock_path(url: str) -> Path | None:
    """The lock file of a SQLite database URL (None: PostgreSQL, or in memory)."""
    u = make_url(normalise_url(url))
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database + ".lock")


@contextlib.contextmanager
def holding(url: str) -> Iterator[Path | None]:
    """Hold the database's lock (nothing to hold for PostgreSQL); :class:`Busy`
    when another process holds it."""
    path = lock_path(url)
    if path is None or fcntl is None:
        yield None
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
            who = f"process {holder}" if holder.isdigit() else "another process"
            database = path.with_suffix("")
            raise Busy(f"{who} is using the SQLite database {database} (lock {path})") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        os.close(fd)  # releases the lock (the kernel does the same if we die)
