"""Messages to Discord: thread posts, direct messages and lobby updates.

Thread posts and DMs go through the outbox (bot.ui.outbox): after the acting
player's answer, in order per game, edits coalesced, paced under Discord's
rate limits; their images are drawn then. A DM channel is opened by user id
(no user fetch). A DM Discord refuses (Forbidden, error 50007) calls the
post's ``refused`` callback: the announcer then tells the thread once,
without the message's contents, and marks the seat DM-unreachable. Every
message pings only the users its post names (``Post.mentions``).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot import options
from bot.present.lobby import lobby_text
from bot.services import Post
from bot.services.messages import LINK_THREAD
from bot.text import Words
from bot.ui.gamethread import edit_thread
from bot.ui.lobby import lobby_view
from bot.ui.outbox import Drawn, Outbox, Update, Where
from bot.ui.panel import panel_view
from bot.ui.replies import allowed
from bot.ui.thread import thread_buttons
from bot.ui.views import GameView
from db.values import GameInfo

log = logging.getLogger(__name__)

JUMP = "https://discord.com/channels/{guild}/{channel}"


class DiscordNotifier:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.outbox = Outbox(client)

    def hold(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Send nothing of the game until the block is done (a handler
        answering its player first)."""
        return self.outbox.hold(game_id)

    async def channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

    async def post(self, info: GameInfo, message: Post) -> None:
        target = info.thread_id or info.channel_id
        words = options.game_words(info)
        key = f"{info.id}:{message.key}" if message.key else None
        buttons = list(message.buttons)

        def view() -> discord.ui.View | None:
            return thread_buttons(info.id, buttons, words)

        self.outbox.put(
            info.id, key, Where(channel_id=target), self._update(message, view), fresh=message.fresh
        )

    async def dm(self, user_id: int, message: Post) -> bool:
        info = message.info
        lane = info.id if info is not None else 0
        key = f"dm:{user_id}:{info.id if info else 0}:{message.key}" if message.key else None
        if message.locale is not None:
            words = Words(message.locale)
        else:
            words = options.game_words(info) if info is not None else Words()
        panel = message.panel
        links = list(message.links)

        def view() -> discord.ui.View | None:
            out = panel_view(panel) if panel is not None else GameView()
            if info is not None:
                self._add_links(out, info, links, words)
            return out if out.children else None

        self.outbox.put(
            lane, key, Where(user_id=user_id), self._update(message, view), fresh=message.fresh
        )
        return True

    def _update(self, message: Post, view: Any) -> Update:
        draw = None
        if message.image is not None or message.draw is not None:

            async def draw() -> list[Drawn]:
                return await message.images()

        return Update(
            content=message.text,
            mentions=tuple(message.mentions),
            view=view,
            draw=draw,
            keep_image=message.keep_image,
            refused=message.refused,
            alt=dict(message.alt),
        )

    def _add_links(
        self, view: discord.ui.View, info: GameInfo, links: list[str], words: Words
    ) -> None:
        """Link buttons to the game's thread and to a message of it (the board)."""
        thread = info.thread_id or info.channel_id
        base = JUMP.format(guild=info.guild_id, channel=thread)
        buttons: list[discord.ui.Button[Any]] = []
        for link in links:
            if link == LINK_THREAD:
                url, label = base, words("link.thread")
            else:
                message_id = self.outbox.message_id(f"{info.id}:{link}")
                if message_id is None:
                    continue
                url, label = f"{base}/{message_id}", words("link.board")
            buttons.append(discord.ui.Button(label=label, url=url))
        used: dict[int, int] = {}
        for item in view.children:
            used[item.row or 0] = used.get(item.row or 0, 0) + 1
        last = max(used, default=-1)
        row = (
            last + 1
            if last < 4
            else next((r for r in range(4, -1, -1) if used.get(r, 0) + len(buttons) <= 5), None)
        )
        if row is None:
            return
        for button in buttons:
            button.row = row
            view.add_item(button)

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

    async def drain(self) -> None:
        """Wait until everything asked for is sent (tests, shutdown)."""
        await self.outbox.drain()

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        if info.thread_id is None:
            return False
        try:
            thread = await self.channel(info.thread_id)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("game %s: thread gone (%s)", info.id, type(exc).__name__)
            return False
        return await edit_thread(self.client, thread, info.id, name=name, archived=archived)
