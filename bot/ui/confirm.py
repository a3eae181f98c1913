"""Asking before what cannot be taken back: cancelling a game (its host) and
resigning (a player). The question is a private message with two buttons,
``carc:confirm:<game>:<verb>``: the act itself (red) and "keep" (nothing
happens). The services check everything again when the act is confirmed:
a question answered late, after the game ended, is refused plainly."""

from __future__ import annotations

import discord

from bot.text import Text
from bot.ui.access import caller_of, services_of
from bot.ui.replies import defer, edit, reply
from bot.ui.views import GameView, VerbButton

KEEP = "keep"
VERBS = {
    "cancel": ("button.confirm_cancel", discord.ButtonStyle.danger),
    "resign": ("button.confirm_resign", discord.ButtonStyle.danger),
    KEEP: ("button.keep", discord.ButtonStyle.secondary),
}


class ConfirmButton(
    VerbButton, template=r"carc:confirm:(?P<game>\d+):(?P<verb>cancel|resign|keep)"
):
    SCOPE = "confirm"
    VERBS = VERBS

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_confirm(interaction, self.game_id, self.verb)


async def ask(interaction: discord.Interaction, game_id: int, verb: str, question: Text) -> None:
    """Put ``question`` to the user, privately, with the act and "keep"."""
    words = caller_of(interaction).words
    view = GameView()
    view.add_item(ConfirmButton(game_id, verb, words))
    view.add_item(ConfirmButton(game_id, KEEP, words))
    await reply(interaction, question, view=view)


async def on_confirm(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    await defer(interaction, update=True)
    caller = caller_of(interaction)
    services = services_of(interaction.client)
    words = caller.words
    if verb == "cancel":
        await services.lobby.cancel(caller, game_id)
        done = words("lobby.cancelled", game=game_id)
    elif verb == "resign":
        await services.seats.resign(caller, game_id)
        done = words("play.resigned", game=game_id)
    else:
        done = words("confirm.kept", game=game_id)
    await edit(interaction, done, view=None)
