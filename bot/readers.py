"""How the text of each setting is read (bot.settings names one reader per
variable), and the ``.env`` file's lines. A reader returns the value or
raises :class:`Invalid` saying what is wrong; nothing here shows a secret.
Nothing heavy is imported at module level: start-up time matters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


class Invalid(ValueError):
    """A value that is not accepted; the message says what is."""


# Plain ASCII numbers only: Python's int() and float() also take other
# scripts' digits ('١٢') and choke on some ('²'), and a number too long to
# read is refused before any conversion.
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)
_WHOLE = re.compile(r"[0-9]{1,20}", re.ASCII)
MAX_HOURS = 720.0  # 30 days, the longest /carcassonne new accepts


def digits_only(text: str) -> None:
    if any(c.isdigit() and not c.isascii() for c in text):
        raise Invalid("write it with the digits 0-9")


def number(high: float) -> Callable[[str], float]:
    """A number more than 0 and at most ``high`` (decimals allowed)."""

    def parse(text: str) -> float:
        digits_only(text)
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


def whole(text: str, low: int, high: int) -> int:
    digits_only(text)
    if not _WHOLE.fullmatch(text) or not low <= int(text) <= high:
        raise Invalid(f"not a whole number from {low} to {high}")
    return int(text)


def snowflake(text: str) -> int:
    digits_only(text)
    # Discord ids are 64-bit; the database stores them signed.
    if not _WHOLE.fullmatch(text) or not 0 < int(text) < 1 << 63:
        raise Invalid("not a Discord id (a number like 1234567890123456789)")
    return int(text)


def one_of(values: tuple[str, ...], fold: Callable[[str], str]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if fold(text) not in values:
            raise Invalid("unknown value")
        return fold(text)

    return parse


_TOKEN_PART = re.compile(r"[A-Za-z0-9_-]+", re.ASCII)


def token(text: str) -> str:
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


def database_url(text: str) -> str:
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


def shard_count(text: str) -> int:
    return whole(text, 1, MAX_SHARDS)


def shard_ids(text: str) -> tuple[int, ...]:
    """``0,1``, ``0-3`` or a mix (``0-3,8``): the shard ids, sorted, each once."""
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = (p.strip() for p in part.strip().partition("-"))
        digits_only(part)
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


def listen_address(text: str) -> tuple[str, int]:
    """``PORT`` (on 127.0.0.1, this machine only) or ``HOST:PORT``
    (``0.0.0.0:9464`` for every IPv4 address, ``[::]:9464`` for IPv6 too)."""
    host, colon, port = text.rpartition(":")
    if not colon:
        host, port = "127.0.0.1", text
    if not _HOST.fullmatch(host):
        raise Invalid("not an address to listen on")
    return host.strip("[]"), whole(port, 1, 65535)


def path(text: str) -> Path:
    if "\0" in text:
        raise Invalid("holds a NUL character")
    try:
        return Path(text).expanduser()
    except RuntimeError:  # "~someone/..." for a user this machine does not know
        raise Invalid(f"cannot expand {text.split('/')[0]!r}: no such user") from None


# --- the .env file ----------------------------------------------------------------
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
        out.values[name.upper()] = (unquote(value.strip()), number)
    return out


def unquote(value: str) -> str:
    if value[:1] in ('"', "'"):
        quote = value[0]
        end = value.find(quote, 1)
        if end > 0:
            return value[1:end]
    # An unquoted value ends at " #" (a comment), as in shells and docker compose.
    return re.split(r"\s+#", value, maxsplit=1)[0].strip()


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
