"""Answering interactions safely (Discord gives 3 s for the first answer).

Every handler first defers (or answers) and then follows up. The expected
failures are absorbed here: an interaction Discord no longer knows
(NotFound 10062: it expired or another process answered it) and one already
acknowledged (InteractionResponded, HTTP 40060). Answers ping nobody unless
a message names whom it may ping (``allowed_mentions``): user names in them
are escaped by the text layer as well.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
CANNOT_DM = 50007
MAX_CONTENT = 2000


class InteractionGone(Exception):
    """The interaction cannot be answered any more (expired or answered)."""


def allowed(user_ids: list[int] | None = None) -> discord.AllowedMentions:
    """Mentions a message may ping: only these users (never everyone or roles)."""
    if not user_ids:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=u) for u in user_ids],
    )


def file_of(data: bytes | None, filename: str, alt: str = "") -> discord.File | None:
    """An attachment; ``alt``: the image in words (its description)."""
    if data is None:
        return None
    return discord.File(io.BytesIO(data), filename=filename, description=alt or None)


async def defer(
    interaction: discord.Interaction, *, ephemeral: bool = True, update: bool = False
) -> None:
    """Acknowledge now; ``update`` for component clicks that edit their message."""
    if interaction.response.is_done():
        return
    try:
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    except discord.InteractionResponded:
        pass
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_INTERACTION:
            raise InteractionGone() from None
        raise
    except discord.HTTPException as exc:
        if exc.code != ALREADY_ACKNOWLEDGED:
            raise


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = True,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    embed: discord.Embed | None = None,
) -> None:
    """Send a message answering the interaction (first answer or follow-up)."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": allowed()}
    if content is not None:
        kwargs["content"] = content[:MAX_CONTENT]
    for key, value in (("view", view), ("file", file), ("embed", embed)):
        if value is not None:
            kwargs[key] = value
    try:
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)
    except discord.InteractionResponded:
        await interaction.followup.send(**kwargs)
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_INTERACTION:
            raise InteractionGone() from None
        raise


async def edit(
    interaction: discord.Interaction,
    content: str,
    *,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    embed: discord.Embed | None = None,
) -> None:
    """Replace the message the component sits on (an ephemeral panel)."""
    kwargs: dict[str, Any] = {
        "content": content[:MAX_CONTENT],
        "view": view,
        "allowed_mentions": allowed(),
    }
    if embed is not None:
        kwargs["embed"] = embed
    else:
        kwargs["attachments"] = [file] if file is not None else []
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_INTERACTION:
            raise InteractionGone() from None
        raise
