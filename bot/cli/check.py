"""``python -m bot check``: is this set-up ready to run? One line per finding:

    ok       settings: 4 from .env, 1 from the environment, the rest default
    error    TIMEOUT_POLICY='robot' (.env line 30): unknown value; use one of ai, skip, remind
    note     schema at 0001, head is 0002: 1 migration to run (start-up runs them)

Settings (the same validation as at start-up), the token (asked from Discord
unless ``--offline``), the database (reachable; a SQLite file that does not
exist yet is not created) and its migrations. Exit code 2 when any line is an
error, else 0.
"""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from bot.cli import EXIT_OK, EXIT_SETUP
from bot.cli.problems import cannot_create, database_problem, discord_problem
from bot.readers import shown_url, token_user_id
from bot.settings import ENV_FILE, ReadSettings, read_settings
from bot.text.catalog import counted

Level = Literal["ok", "note", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Finding:
    level: Level
    text: str

    def __str__(self) -> str:
        return f"{self.level:<8} {self.text}"


async def findings(read: ReadSettings, *, offline: bool = False) -> list[Finding]:
    out = [Finding("error", p) for p in read.problems]
    out += [Finding("warning", w) for w in read.warnings]
    if not read.problems:
        out.append(Finding("ok", "settings: " + _sources(read.sources)))
        out += _shards(read)
    out += await _discord(read, offline)
    if "DATABASE_URL" not in read.refused:
        out += await _database(read.settings.database_url)
        out += _running(read.settings.database_url)
    out += _writable(read)
    return out


def _sources(sources: Mapping[str, str]) -> str:
    counts = Counter(
        "the environment" if s == "environment" else s.split(" line ")[0] for s in sources.values()
    )
    parts = [f"{n} from {where}" for where, n in sorted(counts.items())]
    return ", ".join([*parts, "the rest default"]) if parts else "all default"


async def _discord(read: ReadSettings, offline: bool) -> list[Finding]:
    settings = read.settings
    token = settings.token
    if token is None:
        if "DISCORD_TOKEN" in read.refused:
            return []  # its problem is already reported
        return [Finding("note", "DISCORD_TOKEN is not set: python -m bot plays the offline demo")]
    if offline:
        return _token_offline(read)
    from bot.cli.invite import fetch_application

    try:
        app = await fetch_application(token)
    except Exception as exc:
        text = discord_problem(exc)
        if text is None:
            raise
        return [Finding("error", text)]
    out = [Finding("ok", f"Discord accepts DISCORD_TOKEN: application {app.name!r} (id {app.id})")]
    configured = settings.discord_application_id
    if configured is not None and configured != app.id:
        out.append(
            Finding(
                "error",
                f"DISCORD_APPLICATION_ID={configured} but the token belongs to application "
                f"{app.id}: fix one of them (or remove DISCORD_APPLICATION_ID)",
            )
        )
    if app.interactions_endpoint_url:
        out.append(
            Finding(
                "error",
                "the application has an Interactions Endpoint URL: Discord then sends slash "
                "commands there, not to the bot; clear it in the Developer Portal "
                "(General Information)",
            )
        )
    return out


def _token_offline(read: ReadSettings) -> list[Finding]:
    """What can be told of the token without Discord: its shape (checked
    with the settings) and the bot user it names."""
    token = read.settings.token
    assert token is not None
    user = token_user_id(token)
    out = [
        Finding(
            "ok",
            f"DISCORD_TOKEN is shaped like a bot token (bot user {user}); Discord not asked "
            "(--offline): whether Discord accepts it is not checked",
        )
    ]
    configured = read.settings.discord_application_id
    if configured is not None and user is not None and configured != user:
        # Applications made before 2017 have a bot user id of their own.
        out.append(
            Finding(
                "note",
                f"DISCORD_APPLICATION_ID={configured} but the token is bot user {user}'s: the "
                "same number for any application made since 2017; check them",
            )
        )
    return out


async def _database(url: str) -> list[Finding]:
    from sqlalchemy.engine import make_url

    from db import migrate

    shown = shown_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        path = Path(parsed.database or "")
        if not path.exists():
            blocked = cannot_create(path)
            if blocked is not None:
                return [Finding("error", f"DATABASE_URL ({shown}): {blocked}")]
            return [
                Finding("note", f"database {path} does not exist yet: the first start creates it")
            ]
    try:
        status = await migrate.status(url)
    except Exception as exc:
        text = database_problem(exc, url)
        if text is None:
            raise
        return [Finding("error", text)]
    out = [Finding("ok", f"database reachable: {shown}")]
    if status.unknown:
        out.append(Finding("error", f"DATABASE_URL ({shown}): {status.describe()}"))
    elif status.at_head:
        out.append(Finding("ok", status.describe()))
    else:
        out.append(Finding("note", status.describe()))
    if status.current and not status.unknown:
        out += await _games(url)
    return out


async def _games(url: str) -> list[Finding]:
    """Every stored game replayed as the bot would load it (db.flows): each
    one that cannot be loaded is named."""
    from db.flows import unloadable

    try:
        report = await unloadable(url)
    except Exception as exc:
        text = database_problem(exc, url)
        if text is None:
            raise
        return [Finding("error", text)]
    out = [
        Finding("error", f"game #{game_id} cannot be loaded: {why}")
        for game_id, why in report.failed
    ]
    if not report.failed:
        games = counted(report.checked, "game")
        out.append(Finding("ok", f"games: every stored game loads ({games})"))
    return out


def _shards(read: ReadSettings) -> list[Finding]:
    settings = read.settings
    if settings.shard_count is None and settings.shard_ids is None:
        return []
    from bot.shards import Shards

    shards = Shards.of(settings)
    text = f"gateway: this process holds {shards.describe()}"
    if not shards.everything:
        text += "; the other processes need the same SHARD_COUNT and DATABASE_URL"
    return [Finding("ok", text)]


def _running(url: str) -> list[Finding]:
    """A bot running on this SQLite file (its lock is held): worth knowing
    before a start or a restore."""
    from bot.cli.lock import Busy, holding, lock_path

    path = lock_path(url)
    if path is None or not path.exists():
        return []
    try:
        with holding(url):
            return []
    except Busy as exc:
        return [Finding("note", f"{exc}: a bot runs on it")]


def _writable(read: ReadSettings) -> list[Finding]:
    hash_file = read.settings.command_hash_file
    if hash_file.exists():
        blocked = None if os.access(hash_file, os.W_OK) else f"cannot write {hash_file}"
    else:
        blocked = cannot_create(hash_file)
    if blocked is None:
        return []
    return [
        Finding(
            "warning",
            f"COMMAND_HASH_FILE: {blocked}: the commands would be synced with Discord at "
            "every start",
        )
    ]


def check(
    *,
    offline: bool = False,
    env_file: Path | None = ENV_FILE,
    environ: Mapping[str, str] | None = None,
) -> int:
    read = read_settings(env_file, environ)
    results = asyncio.run(findings(read, offline=offline))
    for finding in results:
        print(finding, flush=True)
    return EXIT_SETUP if any(f.level == "error" for f in results) else EXIT_OK
