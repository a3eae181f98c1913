"""Messages to Discord: thread posts, direct messages and lobby updates.

A DM that Discord refuses (Forbidden, error 50007: the user blocks DMs from
server members) returns False; the announcer then tells the thread once,
without the message's contents, and marks the seat DM-unreachable. Every
message pings only the users its post names (``Post.mentions``).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import options
from bot.present.lobby import lobby_text
from bot.services import Post
from bot.ui.gamethread import edit_thread
from bot.ui.lobby import lobby_view
from bot.ui.panel import panel_view
from bot.ui.replies import CANNOT_DM, MAX_CONTENT, allowed, file_of
from bot.ui.thread import thread_buttons
from db.service import GameInfo

log = logging.getLogger(__name__)


class DiscordNotifier:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

    async def post(self, info: GameInfo, message: Post) -> None:
        target = info.thread_id or info.channel_id
        kwargs: dict[str, Any] = {
            "content": message.text[:MAX_CONTENT],
            "allowed_mentions": allowed(message.mentions),
        }
        view = thread_buttons(info.id, message.buttons, options.game_words(info))
        if view is not None:
            kwargs["view"] = view
        file = file_of(message.image, message.filename)
        if file is not None:
            kwargs["file"] = file
        try:
            channel = await self.channel(target)
            await channel.send(**kwargs)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("game %s: cannot post in %s (%s)", info.id, target, type(exc).__name__)

    async def dm(self, user_id: int, message: Post) -> bool:
        kwargs: dict[str, Any] = {
            "content": message.text[:MAX_CONTENT],
            "allowed_mentions": allowed(),
        }
        if message.panel is not None:
            kwargs["view"] = panel_view(message.panel)
        file = file_of(message.image, message.filename)
        if file is not None:
            kwargs["file"] = file
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(**kwargs)
        except discord.Forbidden:
            return False
        except discord.HTTPException as exc:
            if exc.code == CANNOT_DM:
                return False
            raise
        return True

    async def lobby(self, info: GameInfo) -> None:
        where = info.options.get(options.LOBBY_MESSAGE)
        if not where:
            return
        words = options.game_words(info)
        try:
            channel = await self.channel(int(where[0]))
            msg = channel.get_partial_message(int(where[1]))
            await msg.edit(
                content=lobby_text(info, words),
                view=lobby_view(info, words),
                allowed_mentions=allowed(),
            )
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("game %s: lobby message gone (%s)", info.id, type(exc).__name__)

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        if info.thread_id is None:
            return False
        try:
            thread = await self.channel(info.thread_id)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("game %s: thread gone (%s)", info.id, type(exc).__name__)
            return False
        return await edit_thread(self.client, thread, info.id, name=name, archived=archived)
