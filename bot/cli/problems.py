"""One-line descriptions of the set-up failures an admin can fix: the database
cannot be reached or is ahead of this version, Discord refuses the token or
cannot be reached, a file that cannot be created where a setting says. Anything
else is a bug and keeps its traceback.

Some failures pass by themselves — PostgreSQL not started yet after a reboot,
the network or Discord briefly away — and ``run`` waits them out
(:func:`database_outage`, :func:`discord_outage`); the others are final:
exit code 2, which the systemd units do not restart.
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.readers import shown_url

# PostgreSQL errors that pass by themselves: connection exceptions (class 08),
# the server shutting down, crashed or starting up (57P01-03), too many
# connections (53300).
PG_PASSING = ("08", "57P01", "57P02", "57P03", "53300")
# PostgreSQL errors an admin must fix (after the server's own words), and how.
PG_FINAL = {
    "28P01": "check the user name and password (a percent-encoded password is decoded "
    "first: %40 is @)",
    "28000": "PostgreSQL does not let this user in from this host (pg_hba.conf)",
    "3D000": "create it (docs/deploy.md, PostgreSQL)",
}


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _cause(exc: BaseException) -> BaseException:
    from sqlalchemy.exc import DBAPIError

    if isinstance(exc, DBAPIError) and exc.orig is not None:
        return exc.orig
    return exc


def _sqlstate(exc: BaseException) -> str:
    return str(getattr(exc, "sqlstate", None) or getattr(exc, "pgcode", None) or "")


def database_problem(exc: BaseException, url: str) -> str | None:
    """``DATABASE_URL (...): cannot ...`` for the database failures of a set-up,
    None for anything else."""
    from sqlalchemy.exc import DBAPIError

    from db.migrate import UnknownRevision

    where = f"DATABASE_URL ({shown_url(url)})"
    cause = _cause(exc)
    if isinstance(exc, UnknownRevision):
        return f"{where}: {exc}"
    advice = PG_FINAL.get(_sqlstate(cause))
    if advice is not None:
        return f"{where}: {first_line(cause)}: {advice}"
    if isinstance(exc, DBAPIError):
        return f"{where}: cannot use the database: {first_line(cause)}"
    if isinstance(exc, OSError | TimeoutError) or _is_asyncpg_error(exc):
        return f"{where}: cannot connect: {first_line(exc)}"
    return None


def database_outage(exc: BaseException, url: str) -> str | None:
    """The one-line description of a database failure that passes by itself
    (PostgreSQL down or starting, the network not up yet), else None."""
    if not url.startswith("postgresql"):
        return None  # a SQLite file that cannot be used stays so
    cause = _cause(exc)
    state = _sqlstate(cause)
    # Without a SQLSTATE: refused, unreachable, DNS not answering yet.
    passing = state.startswith(PG_PASSING) if state else isinstance(cause, OSError | TimeoutError)
    if not passing:
        return None
    return database_problem(exc, url) or (
        f"DATABASE_URL ({shown_url(url)}): cannot connect: {first_line(cause)}"
    )


def _is_asyncpg_error(exc: BaseException) -> bool:
    return type(exc).__module__.startswith("asyncpg")


class DiscordAway(Exception):
    """Discord answered, but with a server error or "slow down": try later."""


def discord_problem(exc: BaseException) -> str | None:
    """The token refused, or Discord out of reach; None for anything else."""
    import aiohttp
    import discord

    if isinstance(exc, discord.LoginFailure):
        return (
            "DISCORD_TOKEN: Discord refused the token (401 Unauthorized); copy a new one "
            "from the Developer Portal (your application > Bot > Reset Token)"
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return f"Discord: {first_line(exc)}"
    if isinstance(exc, aiohttp.ClientError | OSError | TimeoutError | DiscordAway):
        return f"Discord: cannot reach discord.com: {first_line(exc) or type(exc).__name__}"
    if isinstance(exc, discord.HTTPException):
        return f"Discord: {exc.status} {first_line(exc)}"
    return None


def discord_outage(exc: BaseException) -> str | None:
    """Discord out of reach or answering with server errors: it passes."""
    import aiohttp
    import discord

    passing = (aiohttp.ClientError, OSError, TimeoutError, DiscordAway, discord.DiscordServerError)
    return discord_problem(exc) if isinstance(exc, passing) else None


def existing_folder(path: Path) -> Path:
    """The nearest folder above ``path`` that exists (or the file in its way)."""
    folder = path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def cannot_create(path: Path) -> str | None:
    """Why a file cannot be created at ``path``, else None (as far as can be
    told without creating it): a file where a folder should be, a folder
    this user may not write in."""
    folder = existing_folder(path)
    if not folder.is_dir():
        return f"cannot create {path}: {folder} is a file, not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot create {path}: {folder} is not writable"
    return None


def file_problem(path: Path, exc: OSError) -> str:
    """An OSError met creating or writing ``path``, in one line."""
    where = exc.filename or path
    return cannot_create(path) or f"cannot write {where}: {exc.strerror or first_line(exc)}"
