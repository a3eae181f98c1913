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
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

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


# --- how each variable is read ---------------------------------------------------


class Invalid(ValueError):
    """A value that is not accepted; the message says what is."""


# Plain ASCII numbers only: Python's int() and float() also take other
# scripts' digits ('١٢') and choke on some ('²'), and a number too long to
# read is refused before any conversion.
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)
_WHOLE = re.compile(r"[0-9]{1,20}", re.ASCII)
MAX_HOURS = 720.0  # 30 days, the longest /carcassonne new accepts


def _digits_only(text: str) -> None:
    if any(c.isdigit() and not c.isascii() for c in text):
        raise Invalid("write it with the digits 0-9")


def _number(high: float) -> Callable[[str], float]:
    """A number more than 0 and at most ``high`` (decimals allowed)."""

    def parse(text: str) -> float:
        _digits_only(text)
        if len(text) > 30 or not _DECIMAL.fullmatch(text.removeprefix("-")):
            raise Invalid("not a number")
        if text.startswith("-"):
            raise Invalid("must be more than 0")
        value = float(text)
        if value <= 0:
            raise Invalid("must be more than 0")
        if value > high:
            raise Invalid(f"must be at most {high:g}")
        return value

    return parse


def _whole(text: str, low: int, high: int) -> int:
    _digits_only(text)
    if not _WHOLE.fullmatch(text) or not low <= int(text) <= high:
        raise Invalid(f"not a whole number from {low} to {high}")
    return int(text)


def _snowflake(text: str) -> int:
    _digits_only(text)
    # Discord ids are 64-bit; the database stores them signed.
    if not _WHOLE.fullmatch(text) or not 0 < int(text) < 1 << 63:
        raise Invalid("not a Discord id (a number like 1234567890123456789)")
    return int(text)


def _one_of(values: tuple[str, ...], fold: Callable[[str], str]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if fold(text) not in values:
            raise Invalid("unknown value")
        return fold(text)

    return parse


_TOKEN_PART = re.compile(r"[A-Za-z0-9_-]+", re.ASCII)


def _token(text: str) -> str:
    """The bot token, its shape checked here (no Discord needed): three
    base64url parts joined by dots, the first of which encodes the bot user's
    id (:func:`token_user_id`). Never shown in a message, not even in part."""
    # Pasting "Bot <token>" (the HTTP header form) is a common slip: the prefix
    # is not part of the token.
    if text[:4].lower() == "bot ":
        text = text[4:].strip()
    if any(c in "\"'`" for c in text):
        raise Invalid("contains a quote; paste the token alone, without quotes")
    if any(c.isspace() for c in text):
        raise Invalid("contains spaces; paste the token alone")
    parts = text.split(".")
    if len(parts) == 1 and re.fullmatch(r"[0-9a-f]{64}", text):
        raise Invalid("this is the application's public key, not the bot token")
    if len(parts) == 1 and re.fullmatch(r"[A-Za-z0-9_-]{32}", text):
        raise Invalid("this looks like the OAuth2 client secret, not the bot token")
    if len(parts) != 3 or not all(_TOKEN_PART.fullmatch(p) for p in parts):
        raise Invalid("not shaped like a bot token (three parts joined by dots)")
    if token_user_id(text) is None:
        raise Invalid("not a bot token: its first part does not encode a bot's id")
    if len(parts[1]) < 4 or len(parts[2]) < 20:
        raise Invalid("cut short; copy the whole token")
    return text


def token_user_id(token: str) -> int | None:
    """The bot user's id a well-shaped token starts with (base64 of its
    digits), else None. For applications made after 2016 it is also the
    application's id."""
    import base64
    import binascii

    first = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4))
    except (binascii.Error, ValueError):
        return None
    if not 0 < len(decoded) <= 20 or not decoded.isdigit() or decoded.startswith(b"0"):
        return None
    return int(decoded)


ENCODE_HINT = (
    "percent-encode the user name and password: @ is %40, : is %3A, / is %2F, "
    "? is %3F, # is %23, % is %25 and a space is %20"
)


def _database_url(text: str) -> str:
    from sqlalchemy.engine import make_url  # SQLAlchemy: only when a URL is given

    from db.session import normalise_url

    try:
        u = make_url(text)
    except Exception:  # sqlalchemy.exc.ArgumentError, or a port that is no number
        raise Invalid(f"cannot be read as a database URL; {ENCODE_HINT}") from None
    backend = u.get_backend_name()
    if backend not in ("sqlite", "postgres", "postgresql"):
        raise Invalid(f"unsupported database {backend!r}")
    if backend != "sqlite" and text.count("@") > 1:
        # Past an unencoded "@", the rest of the password would be read as the
        # host, the database name or the query: shown in messages, and wrong.
        raise Invalid(f"more than one '@' (an '@' in the password?); {ENCODE_HINT}")
    if u.port is not None and not 0 < u.port < 1 << 16:
        raise Invalid(f"port {u.port} is not one from 1 to 65535")
    url = normalise_url(text)
    if url.startswith("postgresql"):
        import importlib.util

        if importlib.util.find_spec("asyncpg") is None:
            raise Invalid(
                "PostgreSQL needs the asyncpg driver: pip install 'carcassonne-bot[postgres]' "
                "(make run installs it)"
            )
    return url


MAX_SHARDS = 1 << 16


def _shard_count(text: str) -> int:
    return _whole(text, 1, MAX_SHARDS)


def _shard_ids(text: str) -> tuple[int, ...]:
    """``0,1``, ``0-3`` or a mix (``0-3,8``): the shard ids, sorted, each once."""
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = (p.strip() for p in part.strip().partition("-"))
        _digits_only(part)
        if not _WHOLE.fullmatch(first) or (dash and not _WHOLE.fullmatch(last)):
            raise Invalid("not a list of shard ids")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise Invalid(f"the range {low}-{high} is backwards")
        if high >= MAX_SHARDS:
            raise Invalid(f"shard ids go from 0 to {MAX_SHARDS - 1}")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


_HOST = re.compile(r"[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]", re.ASCII)


def _listen_address(text: str) -> tuple[str, int]:
    """``PORT`` (on 127.0.0.1, this machine only) or ``HOST:PORT``
    (``0.0.0.0:9464`` for every IPv4 address, ``[::]:9464`` for IPv6 too)."""
    host, colon, port = text.rpartition(":")
    if not colon:
        host, port = "127.0.0.1", text
    if not _HOST.fullmatch(host):
        raise Invalid("not an address to listen on")
    return host.strip("[]"), _whole(port, 1, 65535)


def _path(text: str) -> Path:
    if "\0" in text:
        raise Invalid("holds a NUL character")
    try:
        return Path(text).expanduser()
    except RuntimeError:  # "~someone/..." for a user this machine does not know
        raise Invalid(f"cannot expand {text.split('/')[0]!r}: no such user") from None


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
    Variable("discord_token", _token, "the bot token (empty: offline demo)", "none", secret=True),
    Variable("discord_application_id", _snowflake, "the application id, digits", "none"),
    Variable("database_url", _database_url, "sqlite:///FILE or postgresql://...", "default"),
    Variable(
        "turn_timeout_hours",
        _number(MAX_HOURS),
        f"a number of hours > 0 and up to {MAX_HOURS:g}, or empty for no limit",
        "none",
    ),
    Variable("timeout_policy", _one_of(TIMEOUT_POLICIES, str.lower), "one of ai, skip, remind"),
    Variable(
        "reminder_hours", _number(MAX_HOURS), f"a number of hours > 0 and up to {MAX_HOURS:g}"
    ),
    Variable("timer_poll_seconds", _number(3600), "a number of seconds > 0 and up to 3600"),
    Variable("guild_ready_seconds", _number(600), "a number of seconds > 0 and up to 600"),
    Variable("log_level", _one_of(LOG_LEVELS, str.upper), "one of " + ", ".join(LOG_LEVELS)),
    Variable("demo_output_dir", _path, "a directory"),
    Variable("command_hash_file", _path, "a file name"),
    Variable("dev_guild_id", _snowflake, "a server id, digits (empty: sync globally)", "none"),
    Variable(
        "shard_count",
        _shard_count,
        f"the number of gateway shards, 1 to {MAX_SHARDS} (empty: Discord's recommendation)",
        "none",
    ),
    Variable(
        "shard_ids",
        _shard_ids,
        "this process's shards, e.g. 0,1 or 0-3 (empty: all of them)",
        "none",
    ),
    Variable(
        "metrics_address",
        _listen_address,
        "a port (on 127.0.0.1) or HOST:PORT for the Prometheus metrics (empty: off)",
        "none",
    ),
)
assert {v.attr for v in VARIABLES} == {f.name for f in dataclasses.fields(Settings)}


# --- reading ---------------------------------------------------------------------

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(slots=True)
class EnvFile:
    """The ``NAME=value`` lines of a ``.env`` file (no interpolation)."""

    path: Path
    values: dict[str, tuple[str, int]] = field(default_factory=dict)  # NAME -> (value, line)
    problems: list[str] = field(default_factory=list)


def read_env_file(path: Path) -> EnvFile:
    out = EnvFile(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return out
    except (OSError, UnicodeDecodeError) as exc:
        out.problems.append(f"{path}: cannot be read ({exc})")
        return out
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        name, sep, value = line.partition("=")
        name = name.strip()
        if not sep or not _NAME.fullmatch(name):
            # The line itself is not shown: it could be a pasted secret.
            out.problems.append(f"{path} line {number}: expected NAME=value")
            continue
        out.values[name.upper()] = (_unquote(value.strip()), number)
    return out


def _unquote(value: str) -> str:
    if value[:1] in ('"', "'"):
        quote = value[0]
        end = value.find(quote, 1)
        if end > 0:
            return value[1:end]
    # An unquoted value ends at " #" (a comment), as in shells and docker compose.
    return re.split(r"\s+#", value, maxsplit=1)[0].strip()


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
    file = read_env_file(env_file) if env_file is not None else None
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


def shown_url(url: str) -> str:
    """A database URL without its password, fit for messages and logs.

    Whatever the password holds (an unencoded '@', '/' or ':'), nothing of it
    is shown: everything between the user name and the last '@' is hidden,
    and so is a ``password=`` query parameter. Without an '@', a ``:`` not
    followed by a port number could only be a password typed wrongly: hidden.
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    if "@" in rest:
        userinfo, host = rest.rsplit("@", 1)
        user, colon, _ = userinfo.partition(":")
        rest = f"{user}:***@{host}" if colon else rest
    else:
        authority, slash, path = rest.partition("/")
        name, colon, port = authority.partition(":")
        if colon and not port.isdecimal():
            rest = f"{name}:***{slash}{path}"
    rest = re.sub(r"(?i)(password=)[^&]*", r"\1***", rest)
    return f"{scheme}://{rest}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings (environment and ``./.env``), read once."""
    return Settings.load()
