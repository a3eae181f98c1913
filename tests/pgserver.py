"""The store fixtures: every test that takes ``db_url`` runs on SQLite and on a
throwaway PostgreSQL server. ``pg_server`` and ``sqlite_template`` are
registered once, in tests/conftest.py, so that the whole session shares one
server; test modules and conftests take ``backend`` and ``db_url`` from here.

The PostgreSQL server is started once per session from Debian's binaries
(/usr/lib/postgresql/*/bin) in a temporary directory on a free port; initdb
refuses to run as root, so as root it runs as the ``postgres`` system user.
Without the binaries (or that user) the PostgreSQL runs are skipped with the
reason shown. Each test gets a fresh database copied from a migrated template.

The server's files live in memory (/dev/shm, where there is one): a database
copied from the template is ~8 MB, written at each test's setup and deleted
with the server at the end of the session. On disk, deleting a session's worth
(~0.5 GB, still being written back) took from 4 s to 49 s of teardown on a
busy machine, and each copy 0.3 s instead of 0.05 s.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from db.migrate import upgrade

PG_USER = "postgres"
TEMPLATE = "store_template"
_counter = itertools.count()


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)
    if found:
        return Path(found[0]).parent
    ctl = shutil.which("pg_ctl")
    return Path(ctl).parent if ctl else None


def _scratch() -> str | None:
    """Where the server's files go: memory when the machine has /dev/shm."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    def __init__(self, bindir: Path, as_user: str | None) -> None:
        self.bindir = bindir
        self.as_user = as_user
        self.dir = Path(tempfile.mkdtemp(prefix="store-pg-", dir=_scratch()))
        self.data = self.dir / "data"
        self.port = _free_port()
        if as_user:
            pw = pwd.getpwnam(as_user)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)

    def _run(self, *args: str) -> None:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self.as_user:
            cmd = ["runuser", "-u", self.as_user, "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", PG_USER, "-A", "trust", "--no-sync")
        opts = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=300"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.dir / "log"), "-w",
                  "start")  # fmt: skip

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+asyncpg://{PG_USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str, template: str | None = None) -> None:
        args = ["-h", "127.0.0.1", "-p", str(self.port), "-U", PG_USER]
        if template:
            args += ["-T", template]
        subprocess.run([str(self.bindir / "createdb"), *args, name], check=True,
                       capture_output=True, timeout=60)  # fmt: skip


def _off_loop(fn: Callable[[], None]) -> None:
    """Run ``fn`` in a thread: migrations start their own event loop, which a
    thread already running pytest-asyncio's loop could not."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(fn).result()


def new_server() -> PgServer:
    """A throwaway server, not started yet (its port is chosen); the test is
    skipped, with the reason, where PostgreSQL cannot run."""
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL not installed (no /usr/lib/postgresql/*/bin/pg_ctl): "
                    "apt-get install postgresql to run the PostgreSQL store tests")  # fmt: skip
    as_user = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(PG_USER)
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run initdb as")
        if shutil.which("runuser") is None:
            pytest.skip("running as root and 'runuser' is missing to run initdb as postgres")
        as_user = PG_USER
    return PgServer(bindir, as_user)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server = new_server()
    try:
        server.start()
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        shutil.rmtree(server.dir, ignore_errors=True)
        pytest.skip(f"could not start a throwaway PostgreSQL server: {detail.decode()[-300:]}")
    try:
        server.create_database(TEMPLATE)
        _off_loop(lambda: upgrade(server.url(TEMPLATE)))
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store-template") / "template.sqlite3"
    _off_loop(lambda: upgrade(f"sqlite+aiosqlite:///{path}"))
    return path


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "postgres":
        request.node.add_marker(pytest.mark.postgres)
    return str(request.param)


@pytest.fixture
def db_url(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, sqlite_template: Path
) -> Iterator[str]:
    """A fresh, migrated database of the test's backend."""
    if backend == "sqlite":
        path = tmp_path / "store.sqlite3"
        shutil.copyfile(sqlite_template, path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    server: PgServer = request.getfixturevalue("pg_server")
    name = f"store_test_{os.getpid()}_{next(_counter)}"
    server.create_database(name, TEMPLATE)
    yield server.url(name)
