"""The Discord permissions the bot uses, each with the reason: the one list the
invite URL (``python -m bot invite``), the deployment guide and the tests use.

Names are discord.py's :class:`discord.Permissions` flags. Nothing here needs a
privileged intent; the bot connects with ``discord.Intents.default()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import discord


@dataclass(frozen=True, slots=True)
class Permission:
    name: str  # a discord.Permissions flag
    why: str


PERMISSIONS: tuple[Permission, ...] = (
    Permission("view_channel", "see the channels and game threads it posts in"),
    Permission("send_messages", "post the lobby of a new game in the channel"),
    Permission("create_public_threads", "open a thread for each game on its lobby message"),
    Permission(
        "read_message_history",
        "start that thread on its own lobby message (Discord requires reading the message)",
    ),
    Permission("send_messages_in_threads", "post turns, boards and prompts in the game's thread"),
    Permission("attach_files", "attach board, tile and card images"),
    Permission("embed_links", "league standings, history and profiles are embeds"),
)

SCOPES: tuple[str, ...] = ("bot", "applications.commands")
AUTHORIZE_URL = "https://discord.com/oauth2/authorize"


def permissions() -> discord.Permissions:
    return discord.Permissions(**{p.name: True for p in PERMISSIONS})


def invite_url(application_id: int) -> str:
    """The URL a server admin opens to add the bot with exactly these permissions."""
    query = {
        "client_id": str(application_id),
        "permissions": str(permissions().value),
        "scope": " ".join(SCOPES),
    }
    return f"{AUTHORIZE_URL}?{urlencode(query)}"
