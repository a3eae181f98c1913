"""Settings of the bot: environment variables and a ``.env`` file.

One table (:data:`VARIABLES`) says, for each variable, how its text is read,
what is accepted and what an empty value means; ``.env.example`` documents the
same. Environment variables win over the ``.env`` file; names are read
case-insensitively. A bad value is reported as one line naming the variable,
where it came from and what is accepted (:class:`SettingsError`), never as a
traceback, so ``python -m bot`` and ``python -m bot check`` can print it and
exit 2. Nothing heavy is imported here: start-up time matters.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from bot import readers
from bot.readers import MAX_HOURS, MAX_SHARDS, EnvFile, Invalid, shown_url
from db.values import TIMEOUT_POLICIES

# What happens when a turn's time limit passes: the one vocabulary of db.values.
TimeoutPolicy = Literal["ai", "skip", "remind"]
LOG_LEVELS: tuple[str, ...] = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///carcassonne.sqlite3"
ENV_FILE = Path(".env")


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's settings. Built with keywords in code and tests (the values
    given, defaults for the rest, no environment), or by :meth:`load`."""

    discord_token: str | None = field(default=None, repr=False)
    discord_application_id: int | None = None  # else asked from Discord with the token
    database_url: str = DEFAULT_DATABASE_URL
    turn_timeout_hours: float | None = 48.0  # None: no time limit
    timeout_policy: TimeoutPolicy = "ai"
    reminder_hours: float = 12.0
    timer_poll_seconds: float = 30.0
    # How long the gateway waits for more servers' data after connecting before
    # the bot counts as ready (discord.py's guild_ready_timeout).
    guild_ready_seconds: float = 2.0
    log_level: str = "INFO"
    demo_output_dir: Path = Path("demo-output")
    command_hash_file: Path = Path(".carcassonne-commands.json")
    dev_guild_id: int | None = None  # sync commands to one guild (instant) while developing
    # Gateway shards (bot.shards): None and None = as many as Discord recommends, all
    # in this process; SHARD_IDS = this process's share of SHARD_COUNT.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Where bot.metrics serves Prometheus's figures: (host, port); None: off.
    metrics_address: tuple[str, int] | None = None

    @property
    def token(self) -> str | None:
        """The bot token, or None (then ``python -m bot`` plays the offline demo)."""
        if self.discord_token is None:
            return None
        value = self.discord_token.strip()
        return value or None

    @classmethod
    def load(
        cls, env_file: Path | None = ENV_FILE, environ: Mapping[str, str] | None = None
    ) -> Settings:
        """Read the environment and ``env_file``; :class:`SettingsError` lists every problem."""
        read = read_settings(env_file, environ)
        if read.problems:
            raise SettingsError(read.problems)
        return read.settings


class SettingsError(Exception):
    """One or more bad settings; each problem is one printable line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Variable:
    """One setting: ``attr`` of :class:`Settings`, read from ``attr.upper()``.

    ``empty`` says what ``NAME=`` (nothing after '=') means: ``none`` (the
    setting is off), ``default`` or ``error``."""

    attr: str
    parse: Callable[[str], Any]
    accepted: str
    empty: Literal["none", "default", "error"] = "error"
    secret: bool = False

    @property
    def name(self) -> str:
        return self.attr.upper()


VARIABLES: tuple[Variable, ...] = (
    Variable(
        "discord_token", readers.token, "the bot token (empty: offline demo)", "none", secret=True
    ),
    Variable("discord_application_id", readers.snowflake, "the application id, digits", "none"),
    Variable("database_url", readers.database_url, "sqlite:///FILE or postgresql://...", "default"),
    Variable(
        "turn_timeout_hours",
        readers.number(MAX_HOURS),
        f"a number of hours > 0 and up to {MAX_HOURS:g}, or empty for no limit",
        "none",
    ),
    Variable(
        "timeout_policy", readers.one_of(TIMEOUT_POLICIES, str.lower), "one of ai, skip, remind"
    ),
    Variable(
        "reminder_hours",
        readers.number(MAX_HOURS),
        f"a number of hours > 0 and up to {MAX_HOURS:g}",
    ),
    Variable("timer_poll_seconds", readers.number(3600), "a number of seconds > 0 and up to 3600"),
    Variable("guild_ready_seconds", readers.number(600), "a number of seconds > 0 and up to 600"),
    Variable("log_level", readers.one_of(LOG_LEVELS, str.upper), "one of " + ", ".join(LOG_LEVELS)),
    Variable("demo_output_dir", readers.path, "a directory"),
    Variable("command_hash_file", readers.path, "a file name"),
    Variable(
        "dev_guild_id", readers.snowflake, "a server id, digits (empty: sync globally)", "none"
    ),
    Variable(
        "shard_count",
        readers.shard_count,
        f"the number of gateway shards, 1 to {MAX_SHARDS} (empty: Discord's recommendation)",
        "none",
    ),
    Variable(
        "shard_ids",
        readers.shard_ids,
        "this process's shards, e.g. 0,1 or 0-3 (empty: all of them)",
        "none",
    ),
    Variable(
        "metrics_address",
        readers.listen_address,
        "a port (on 127.0.0.1) or HOST:PORT for the Prometheus metrics (empty: off)",
        "none",
    ),
)
assert {v.attr for v in VARIABLES} == {f.name for f in dataclasses.fields(Settings)}


# --- reading ---------------------------------------------------------------------


@dataclass(slots=True)
class ReadSettings:
    """What :func:`read_settings` found: the settings (defaults where a value
    was bad), the problems, near-miss names, where each value came from, and
    the names of the variables whose value was refused."""

    settings: Settings
    problems: list[str]
    warnings: list[str]
    sources: dict[str, str]  # NAME -> "environment" / ".env line 3"
    refused: set[str] = field(default_factory=set)


def read_settings(
    env_file: Path | None = ENV_FILE, environ: Mapping[str, str] | None = None
) -> ReadSettings:
    env = os.environ if environ is None else environ
    file = readers.read_env_file(env_file) if env_file is not None else None
    given: dict[str, tuple[str, str]] = {}  # NAME -> (text, source)
    if file is not None:
        for name, (text, line) in file.values.items():
            given[name] = (text, f"{file.path} line {line}")
    for key, text in env.items():  # the environment wins
        given[key.upper()] = (text, "environment")
    values: dict[str, Any] = {}
    problems: list[str] = list(file.problems) if file is not None else []
    sources: dict[str, str] = {}
    refused: set[str] = set()
    for var in VARIABLES:
        if var.name not in given:
            continue
        raw, source = given[var.name]
        sources[var.name] = source
        text = raw.strip()
        if not text:
            if var.empty == "none":
                values[var.attr] = None
            elif var.empty == "error":
                default = getattr(Settings(), var.attr)
                refused.add(var.name)
                problems.append(
                    f"{var.name} is empty ({source}): use {var.accepted}, "
                    f"or remove the line for the default ({default})"
                )
            continue
        try:
            values[var.attr] = var.parse(text)
        except Invalid as exc:
            refused.add(var.name)
            shown = "" if var.secret else f"={_show(var, text)}"
            problems.append(f"{var.name}{shown} ({source}): {exc}; use {var.accepted}")
    problems += _shard_problems(values, given, refused)
    warnings = _unknown_names(file, env)
    return ReadSettings(Settings(**values), problems, warnings, sources, refused)


def _unknown_names(file: EnvFile | None, env: Mapping[str, str]) -> list[str]:
    """Every name in the ``.env`` file that is not a setting (a typo there
    silently keeps a default), and the environment's names that are one
    letter or two away from a setting (the environment holds much else)."""
    known = [v.name for v in VARIABLES]
    out = []
    seen = set(known)
    entries = []
    if file is not None:
        entries = [(n, f"{file.path} line {line}", True) for n, (_, line) in file.values.items()]
    entries += [(k.upper(), "environment", False) for k in env]
    for name, where, in_file in entries:
        if name in seen:
            continue
        seen.add(name)
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.85)
        if close:
            out.append(f"{name} ({where}) is not a setting of the bot: {close[0]}?")
        elif in_file:
            out.append(f"{name} ({where}) is not a setting of the bot; it is ignored")
    return out


def _shard_problems(
    values: dict[str, Any], given: dict[str, tuple[str, str]], refused: set[str]
) -> list[str]:
    """What SHARD_IDS needs of the other settings: a SHARD_COUNT its ids fit in,
    and PostgreSQL when other processes hold the remaining shards (SQLite
    serves one process: bot.cli.lock)."""
    ids, count = values.get("shard_ids"), values.get("shard_count")
    if ids is None or "SHARD_COUNT" in refused:
        return []
    text, where = given["SHARD_IDS"]
    problem = None
    if count is None:
        problem = "needs SHARD_COUNT, the number of shards of all processes together"
    elif ids[-1] >= count:
        problem = f"shard {ids[-1]} does not exist: SHARD_COUNT={count} means shards 0-{count - 1}"
    elif (
        len(ids) < count
        and "DATABASE_URL" not in refused
        and str(values.get("database_url", DEFAULT_DATABASE_URL)).startswith("sqlite")
    ):
        others = count - len(ids)
        who = (
            "the other shard needs another bot process, which needs"
            if others == 1
            else f"the other {others} shards need other bot processes, which need"
        )
        problem = (
            f"{who} PostgreSQL (SQLite serves one process); use DATABASE_URL=postgresql://... "
            "or leave SHARD_IDS empty"
        )
    if problem is None:
        return []
    refused.add("SHARD_IDS")
    values.pop("shard_ids")
    return [f"SHARD_IDS={text.strip()!r} ({where}): {problem}"]


def _show(var: Variable, text: str) -> str:
    if var.attr == "database_url":
        text = shown_url(text)
    return repr(text if len(text) <= 60 else text[:57] + "...")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings (environment and ``./.env``), read once."""
    return Settings.load()
