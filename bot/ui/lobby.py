"""The lobby message's components and what a click on them does: the buttons
Join, Leave and Start (custom id ``carc:lobby:<game>:<verb>``), the host's
"Add AI seat" select of the level (``carc:lobby:<game>:add-ai``; the button
``...:ai`` of older lobby messages adds one at the default level) and, once
someone besides the host sits down or a seat is kept for an invited player,
the host's "Remove a seat or an invitation" select
(``carc:lobby:<game>:remove``). Persistent: they work after a restart
(registered with ``bot.add_dynamic_items``)."""

from __future__ import annotations

from typing import Any, ClassVar, Self

import discord

from bot.ai import DEFAULT, Level, level_options, parse_level
from bot.options import game_words
from bot.present.lobby import lobby_text
from bot.services.invites import invited_name, reserved
from bot.services.lobby import Lobby, seat_key
from bot.text import Words, code_safe, escape
from bot.ui.access import caller_of, services_of
from bot.ui.gamethread import open_thread
from bot.ui.replies import allowed, defer, reply
from bot.ui.views import MAX_OPTION, MAX_PLACEHOLDER, Component, GameView, VerbButton
from db.values import LOBBY, GameInfo

VERBS = {
    "join": ("button.join", discord.ButtonStyle.success),
    "leave": ("button.leave", discord.ButtonStyle.secondary),
    "ai": ("button.add_ai", discord.ButtonStyle.secondary),  # older lobby messages only
    "start": ("button.start", discord.ButtonStyle.primary),
}
SHOWN = ("join", "leave", "start")  # the buttons a lobby message shows now


class LobbyButton(VerbButton, template=r"carc:lobby:(?P<game>\d+):(?P<verb>join|leave|ai|start)"):
    SCOPE = "lobby"
    VERBS = VERBS

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_click(interaction, self.game_id, self.verb)


class HostSelect(Component[discord.ui.Select[Any]], template=r"(?!)"):
    """A persistent select of the host's, ``carc:lobby:<game>:<VERB>`` on its
    own row; rebuilt after a restart without its options (the click carries
    the value)."""

    VERB: ClassVar[str]
    ROW: ClassVar[int]

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"carc:lobby:{game_id}:{self.VERB}",
                options=options or [discord.SelectOption(label="-", value="-")],
                row=self.ROW,
            )
        )
        self.game_id = game_id

    @classmethod
    def rebuild(cls, groups: dict[str, str]) -> Self:
        return cls(int(groups["game"]))


class RemoveSeat(HostSelect, template=r"carc:lobby:(?P<game>\d+):remove"):
    """The host's select of the seats they may free (everyone's but their own)
    and of the invitations they may withdraw (players not seated yet)."""

    VERB, ROW = "remove", 2

    async def clicked(self, interaction: discord.Interaction) -> None:
        chosen = self.chosen(interaction)
        await defer(interaction, ephemeral=True)
        caller = caller_of(interaction)
        lobby: Lobby = services_of(interaction.client).lobby
        user = invitation_of(chosen or "")
        if user is not None:
            name = await lobby.withdraw(caller, self.game_id, user)
            await reply(interaction, caller.words("lobby.withdrawn", name=name))
            return
        removed = await lobby.remove(caller, self.game_id, chosen or "")
        await reply(interaction, caller.words("lobby.removed", name=removed.display_name))


class AddAi(HostSelect, template=r"carc:lobby:(?P<game>\d+):add-ai"):
    """The host's "Add AI seat" select: one option per level (bot.ai)."""

    VERB, ROW = "add-ai", 1

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_click(interaction, self.game_id, "ai", parse_level(self.chosen(interaction)))


def add_ai_select(info: GameInfo, words: Words) -> AddAi:
    options = [
        discord.SelectOption(label=label[:MAX_OPTION], value=value, description=about[:MAX_OPTION])
        for value, label, about in level_options(words)
    ]
    select = AddAi(info.id, options)
    select.item.placeholder = words("lobby.add_ai_placeholder")[:MAX_PLACEHOLDER]
    return select


INVITATION = "i"  # an option's value: "i<user id>", an invitation to withdraw


def invitation_of(value: str) -> int | None:
    """The invited user an option of the select means, None for a seat."""
    rest = value.removeprefix(INVITATION)
    return int(rest) if rest != value and rest.isdigit() else None


def remove_select(info: GameInfo, words: Words) -> RemoveSeat | None:
    seats = [s for s in info.seats if s.user_id != info.host_id]
    kept = reserved(info)
    if not seats and not kept:
        return None
    options = [
        discord.SelectOption(
            label=words("lobby.remove_option", number=s.index + 1, name=code_safe(s.display_name))[
                :MAX_OPTION
            ],
            value=seat_key(s)[:MAX_OPTION],
        )
        for s in seats
    ]
    for u in kept:
        label = words("lobby.withdraw_option", name=code_safe(invited_name(info, u)))
        options.append(discord.SelectOption(label=label[:MAX_OPTION], value=f"{INVITATION}{u}"))
    select = RemoveSeat(info.id, options)
    select.item.placeholder = words("lobby.remove_placeholder")[:MAX_PLACEHOLDER]
    return select


def lobby_view(info: GameInfo, words: Words) -> GameView | None:
    if info.status != LOBBY:
        return None
    view = GameView()
    for verb in SHOWN:
        view.add_item(LobbyButton(info.id, verb, words))
    view.add_item(add_ai_select(info, words))
    select = remove_select(info, words)
    if select is not None:
        view.add_item(select)
    return view


async def post_lobby(
    channel: discord.TextChannel | discord.Thread, info: GameInfo, lobby: Lobby
) -> discord.Thread:
    """A new game's lobby message in ``channel`` and the game's thread (the
    channel itself when it is a thread); its invited players are told then."""
    words = game_words(info)  # the lobby is public: the game's language
    view = lobby_view(info, words)
    assert view is not None  # a new game is in its lobby
    message = await channel.send(lobby_text(info, words), view=view, allowed_mentions=allowed())
    thread = channel if isinstance(channel, discord.Thread) else await open_thread(message, info)
    await lobby.set_thread(info.id, thread.id)
    await lobby.set_lobby_message(info.id, channel.id, message.id)
    return thread


async def on_click(
    interaction: discord.Interaction, game_id: int, verb: str, level: Level | None = None
) -> None:
    await defer(interaction, ephemeral=True)
    lobby: Lobby = services_of(interaction.client).lobby
    caller = caller_of(interaction)
    words = caller.words
    if verb == "join":
        await lobby.join(caller, game_id)
        await reply(interaction, words("lobby.you_joined", game=game_id))
    elif verb == "leave":
        await lobby.leave(caller, game_id)
        await reply(interaction, words("lobby.you_left", game=game_id))
    elif verb == "ai":
        info = await lobby.add_ai(caller, game_id, level or DEFAULT)
        await reply(interaction, words("lobby.ai_added", name=escape(info.seats[-1].display_name)))
    elif verb == "start":
        await lobby.start(caller, game_id)
        await reply(interaction, words("lobby.started", game=game_id))
