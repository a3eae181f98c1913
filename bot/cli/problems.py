"""One-line descriptions of the set-up failures an admin can fix: the database
cannot be reached or is ahead of this version, Discord refuses the token or
cannot be reached. Anything else is a bug and keeps its traceback."""

from __future__ import annotations

from bot.settings import shown_url


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def database_problem(exc: BaseException, url: str) -> str | None:
    """``DATABASE_URL (...): cannot ...`` for the database failures of a set-up,
    None for anything else."""
    from sqlalchemy.exc import DBAPIError

    from db.migrate import UnknownRevision

    where = f"DATABASE_URL ({shown_url(url)})"
    if isinstance(exc, UnknownRevision):
        return f"{where}: {exc}"
    if isinstance(exc, DBAPIError):
        cause = exc.orig if exc.orig is not None else exc
        return f"{where}: cannot use the database: {first_line(cause)}"
    if isinstance(exc, OSError | TimeoutError) or _is_asyncpg_error(exc):
        return f"{where}: cannot connect: {first_line(exc)}"
    return None


def _is_asyncpg_error(exc: BaseException) -> bool:
    return type(exc).__module__.startswith("asyncpg")


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
    if isinstance(exc, aiohttp.ClientError | OSError | TimeoutError):
        return f"Discord: cannot reach discord.com: {first_line(exc) or type(exc).__name__}"
    if isinstance(exc, discord.HTTPException):
        return f"Discord: {exc.status} {first_line(exc)}"
    return None
