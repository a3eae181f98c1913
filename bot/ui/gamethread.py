"""A game's thread on Discord: opened on the lobby message with the game's
name and the longest auto-archive Discord offers (a week), and edited as
bot.services.threads decides (renamed at the start, reopened if Discord
archived it while the game runs, archived once the game is over).

The bot renames and archives only threads it created: a thread someone
else opened and then started a game in keeps its name and settings; any
thread that is not locked may be reopened by whoever may post in it."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord

from bot.options import game_words
from bot.present.games import thread_name
from db.values import GameInfo

log = logging.getLogger(__name__)

KEEP_OPEN_MINUTES: Literal[10080] = 10080  # a week: the longest auto-archive Discord offers


async def open_thread(message: discord.Message, info: GameInfo) -> discord.Thread:
    """The game's thread, started on its lobby message."""
    return await message.create_thread(
        name=thread_name(info, game_words(info)), auto_archive_duration=KEEP_OPEN_MINUTES
    )


def _ours(thread: Any, client: discord.Client) -> bool:
    user = client.user
    return user is not None and getattr(thread, "owner_id", None) == user.id


async def edit_thread(
    client: discord.Client, thread: Any, game_id: int, *, name: str | None, archived: bool
) -> bool:
    """Edit what differs (True if anything was sent); a failure is logged."""
    if not isinstance(thread, discord.Thread):
        return False
    changes: dict[str, Any] = {}
    if thread.archived != archived and (_ours(thread, client) or not archived):
        changes["archived"] = archived
    if _ours(thread, client) and not archived:
        if name is not None and thread.name != name:
            changes["name"] = name
        if thread.auto_archive_duration != KEEP_OPEN_MINUTES:
            changes["auto_archive_duration"] = KEEP_OPEN_MINUTES
    if not changes:
        return False
    try:
        await thread.edit(**changes)
    except discord.HTTPException as exc:
        log.warning("game %s: thread not edited (%s %s)", game_id, exc.status, exc.code)
        return False
    return True
