"""The buttons under a game's thread posts (Take turn, Answer privately, Show
my hand; Rematch under the final message) and what a click on them does: the
seat's panel or hand, privately; a rematch's lobby (bot.ui.tables).
Custom id: ``carc:g:<game>:<verb>``."""

from __future__ import annotations

import discord

from bot.text import Words
from bot.ui.access import caller_of, services_of
from bot.ui.panel import send_hand, show_panel
from bot.ui.replies import defer
from bot.ui.tables import rematch
from bot.ui.views import GameView, VerbButton

VERBS = {
    "turn": ("button.turn", discord.ButtonStyle.success),
    "answer": ("button.answer", discord.ButtonStyle.primary),
    "hand": ("button.hand", discord.ButtonStyle.secondary),
    "rematch": ("button.rematch", discord.ButtonStyle.primary),
}


class ThreadButton(VerbButton, template=r"carc:g:(?P<game>\d+):(?P<verb>turn|answer|hand|rematch)"):
    SCOPE = "g"
    VERBS = VERBS

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_click(interaction, self.game_id, self.verb)


def thread_buttons(game_id: int, verbs: list[str], words: Words) -> GameView | None:
    if not verbs:
        return None
    view = GameView()
    for verb in verbs:
        view.add_item(ThreadButton(game_id, verb, words))
    return view


async def on_click(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    if verb == "rematch":
        await rematch(interaction, game_id)
        return
    await defer(interaction, ephemeral=True)
    caller = caller_of(interaction)
    if verb == "hand":
        await send_hand(interaction, caller, game_id)
        return
    panel = await services_of(interaction.client).reading.panel(caller, game_id)
    await show_panel(interaction, panel, caller.words, replace=False)
