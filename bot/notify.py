"""Messages to Discord: thread posts, direct messages and lobby updates.

A DM that Discord refuses (Forbidden, error 50007: the user blocks DMs from
server members) returns False; bot.play then tells the thread once, without
the message's contents, and marks the seat DM-unreachable.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.respond import file_of
from bot.ui import game_buttons, lobby_text, lobby_view, panel_view
from db.service import GameInfo

if TYPE_CHECKING:
    from bot.play import Post

log = logging.getLogger(__name__)


def allowed(user_ids: list[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in user_ids]
    )


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
            "content": message.text[:2000],
            "allowed_mentions": allowed(message.mentions),
        }
        view = game_buttons(info.id, message.buttons)
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
        kwargs: dict[str, Any] = {"content": message.text[:2000]}
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
            if exc.code == 50007:
                return False
            raise
        return True

    async def lobby(self, info: GameInfo) -> None:
        where = info.options.get("lobby_message")
        if not where:
            return
        try:
            channel = await self.channel(int(where[0]))
            msg = channel.get_partial_message(int(where[1]))
            await msg.edit(content=lobby_text(info), view=lobby_view(info))
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("game %s: lobby message gone (%s)", info.id, type(exc).__name__)
