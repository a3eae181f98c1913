"""``python -m bot invite``: the URL that adds the bot to a server, with exactly
the permissions of :mod:`bot.permissions` and the scopes ``bot`` and
``applications.commands``.

The application id is ``DISCORD_APPLICATION_ID`` when set (works offline);
else it is asked from Discord with the token (``GET /oauth2/applications/@me``),
which is always right — a bot user's id equals its application's id only for
applications created after 2016, so it is not read out of the token.
"""

from __future__ import annotations

import asyncio
import sys
from typing import TYPE_CHECKING

from bot.cli import EXIT_OK, EXIT_SETUP
from bot.cli.problems import discord_problem
from bot.permissions import PERMISSIONS, invite_url
from bot.settings import Settings

if TYPE_CHECKING:
    import discord


async def fetch_application(token: str) -> discord.AppInfo:
    """The application the bot token belongs to (raises discord.LoginFailure
    when Discord refuses the token)."""
    import discord

    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login(token)
        app = client.application
        assert app is not None  # login() fetched it
        return app
    finally:
        await client.close()


def application_id(settings: Settings) -> int:
    """The configured or fetched application id; raises what Discord raised."""
    if settings.discord_application_id is not None:
        return settings.discord_application_id
    token = settings.token
    if token is None:
        raise LookupError("set DISCORD_APPLICATION_ID or DISCORD_TOKEN (see .env.example)")
    return asyncio.run(fetch_application(token)).id


def invite(settings: Settings) -> int:
    try:
        app_id = application_id(settings)
    except LookupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_SETUP
    except Exception as exc:
        text = discord_problem(exc)
        if text is None:
            raise
        print(f"error: {text}", file=sys.stderr)
        print(
            "Or set DISCORD_APPLICATION_ID (Developer Portal > General Information).",
            file=sys.stderr,
        )
        return EXIT_SETUP
    print(invite_url(app_id))
    print("Open it as a server admin to add the bot. It asks for:", file=sys.stderr)
    for p in PERMISSIONS:
        label = p.name.replace("_", " ")
        print(f"  {label}: {p.why}", file=sys.stderr)
    return EXIT_OK
