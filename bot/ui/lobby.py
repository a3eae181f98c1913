"""The lobby message's buttons (Join, Leave, Add AI seat, Start) and what a
click on them does. Custom id: ``carc:lobby:<game>:<verb>`` (persistent:
they work after a restart; registered with ``bot.add_dynamic_items``)."""

from __future__ import annotations

import discord

from bot.services.lobby import Lobby
from bot.text import Words
from bot.ui.access import caller_of, services_of
from bot.ui.replies import defer, reply
from bot.ui.views import GameView, VerbButton
from db.service import GameInfo

VERBS = {
    "join": ("button.join", discord.ButtonStyle.success),
    "leave": ("button.leave", discord.ButtonStyle.secondary),
    "ai": ("button.add_ai", discord.ButtonStyle.primary),
    "start": ("button.start", discord.ButtonStyle.danger),
}


class LobbyButton(VerbButton, template=r"carc:lobby:(?P<game>\d+):(?P<verb>join|leave|ai|start)"):
    SCOPE = "lobby"
    VERBS = VERBS

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_click(interaction, self.game_id, self.verb)


def lobby_view(info: GameInfo, words: Words) -> GameView | None:
    if info.status != "lobby":
        return None
    view = GameView()
    for verb in VERBS:
        view.add_item(LobbyButton(info.id, verb, words))
    return view


async def on_click(interaction: discord.Interaction, game_id: int, verb: str) -> None:
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
        await lobby.add_ai(caller, game_id)
        await reply(interaction, words("lobby.ai_added"))
    elif verb == "start":
        await lobby.start(caller, game_id)
        await reply(interaction, words("lobby.started", game=game_id))
