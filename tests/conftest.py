"""Session fixtures shared by every test package: one throwaway PostgreSQL
server and one migrated SQLite template per session (tests/pgserver.py)."""

from __future__ import annotations

from tests import pgserver

pg_server = pgserver.pg_server
sqlite_template = pgserver.sqlite_template
