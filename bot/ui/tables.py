"""A rematch (the button under a game's final message, bot.ui.thread) and
a quick start against the AI (``/carcassonne quick`` and the menu of
``/help``, ``carc:quick``): the new table's lobby is posted as
``/carcassonne new`` posts one (bot.ui.lobby.post_lobby)."""

from __future__ import annotations

import dataclasses
from typing import Any, Self

import discord

from bot.ai import DEFAULT, Level
from bot.errors import NotAGameChannel
from bot.services.tables import MAX_QUICK
from bot.text import Text, Words
from bot.ui.access import caller_of, services_of
from bot.ui.lobby import post_lobby
from bot.ui.replies import defer, reply
from bot.ui.views import MAX_PLACEHOLDER, Component


class QuickSelect(Component[discord.ui.Select[Any]], template=r"carc:quick"):
    """How many AI opponents: a quick game starts at the choice."""

    def __init__(self, words: Words | None = None) -> None:
        w = words or Words()
        super().__init__(
            discord.ui.Select(
                custom_id="carc:quick",
                placeholder=w("quick.placeholder")[:MAX_PLACEHOLDER],
                options=[
                    discord.SelectOption(label=w("quick.option", count=n), value=str(n))
                    for n in range(1, MAX_QUICK + 1)
                ],
            )
        )

    @classmethod
    def rebuild(cls, groups: dict[str, str]) -> Self:
        return cls()

    async def clicked(self, interaction: discord.Interaction) -> None:
        chosen = self.chosen(interaction) or ""
        await quick_start(interaction, int(chosen) if chosen.isdigit() else 0, [])


async def quick_start(
    interaction: discord.Interaction,
    opponents: int,
    expansions: list[str],
    level: Level = DEFAULT,
) -> None:
    """A game against ``opponents`` AI seats at ``level``, started at once in
    a thread of its own (from a thread: in its channel)."""
    await defer(interaction, ephemeral=True)
    channel: Any = interaction.channel
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    if not isinstance(channel, discord.TextChannel):
        raise NotAGameChannel()
    caller = dataclasses.replace(caller_of(interaction), channel_id=channel.id)
    services = services_of(interaction.client)
    info = await services.tables.quick(caller, opponents, expansions=expansions, level=level)
    thread = await post_lobby(channel, info, services.lobby)
    await services.lobby.start(caller, info.id)
    words = caller.words
    await reply(interaction, words("quick.started", game=info.id, thread=Text(thread.mention)))


async def rematch(interaction: discord.Interaction, game_id: int) -> None:
    """A lobby for a finished game's players, where the game was opened."""
    await defer(interaction, ephemeral=True)
    caller = caller_of(interaction)
    services = services_of(interaction.client)
    info, new = await services.tables.rematch(caller, game_id)
    if not new:  # another player asked first: its lobby
        where = Text(f"<#{info.thread_id or info.channel_id}>")
        await reply(interaction, caller.words("rematch.open", game=info.id, thread=where))
        return
    client = interaction.client
    channel: Any = client.get_channel(info.channel_id) or await client.fetch_channel(
        info.channel_id
    )
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        raise NotAGameChannel()
    thread = await post_lobby(channel, info, services.lobby)
    await reply(
        interaction, caller.words("rematch.opened", game=info.id, thread=Text(thread.mention))
    )
