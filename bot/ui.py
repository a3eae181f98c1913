"""Buttons and selects: persistent (custom ids carry the game id), so they
work after a restart; registered once with ``bot.add_dynamic_items``.

Custom ids (at most 100 characters):

    carc:lobby:<game>:<join|leave|ai|start>      lobby message
    carc:g:<game>:<turn|answer|hand>              thread messages
    carc:p:<game>:<version>:<verb>:<arg>          a seat's private panel (buttons)
    carc:s:<game>:<version>:<verb>:<arg>          its selects (a separate template, so
                                                  exactly one dynamic item matches)

Panel components carry the game version they were built for, so a click on
an outdated panel is refused by the store (StaleGame) and never misapplied.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot import errors
from bot import panel as pn
from bot.render import tile_async
from bot.respond import defer, edit, file_of, reply
from db.errors import StoreError
from db.service import GameInfo

if TYPE_CHECKING:
    from bot.play import PlayService

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
GAME_BUTTONS = {
    "turn": ("Take turn", discord.ButtonStyle.success),
    "answer": ("Answer privately", discord.ButtonStyle.primary),
    "hand": ("Show my hand", discord.ButtonStyle.secondary),
}
LOBBY_BUTTONS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI seat", discord.ButtonStyle.primary),
    "start": ("Start", discord.ButtonStyle.danger),
}


def play_service(interaction: discord.Interaction) -> PlayService:
    service = getattr(interaction.client, "play", None)
    if service is None:
        raise RuntimeError("the bot has no play service")
    return service  # type: ignore[no-any-return]


def display_name(interaction: discord.Interaction) -> str:
    user = interaction.user
    return str(getattr(user, "display_name", None) or user.name)[:100]


# --- views ------------------------------------------------------------------------------
class GameView(discord.ui.View):
    """Views of this bot; errors go to the one handler (bot.errors)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await errors.handle(interaction, error)


def lobby_view(info: GameInfo) -> GameView | None:
    if info.status != "lobby":
        return None
    view = GameView()
    for verb, (label, style) in LOBBY_BUTTONS.items():
        view.add_item(GameButton(f"carc:lobby:{info.id}:{verb}", label, style))
    return view


def lobby_text(info: GameInfo) -> str:
    exps = ", ".join(info.expansions) or "base game only"
    seats = "\n".join(
        f"{s.index + 1}. {s.display_name}" + (" (AI)" if s.is_ai else "") for s in info.seats
    )
    limit = (
        f"{info.turn_timeout_seconds / 3600:g} h per turn, "
        f"then: {info.options.get('on_timeout', '')}"
        if info.turn_timeout_seconds
        else "no turn limit"
    )
    state = {
        "lobby": "Waiting for players: Join, then the host presses Start (2 to 6 players).",
        "active": "Started: the game is played in its thread.",
        "finished": "Finished.",
        "abandoned": "Cancelled.",
    }.get(info.status, info.status)
    return (
        f"**Carcassonne #{info.id}** hosted by <@{info.host_id}>\n"
        f"Expansions: {exps}; {limit}\nSeats:\n{seats}\n{state}"
    )


def game_buttons(game_id: int, verbs: list[str]) -> GameView | None:
    if not verbs:
        return None
    view = GameView()
    for verb in verbs:
        label, style = GAME_BUTTONS[verb]
        view.add_item(GameButton(f"carc:g:{game_id}:{verb}", label, style))
    return view


def panel_view(panel: pn.Panel) -> GameView:
    view = GameView()
    prefix = f"carc:p:{panel.game_id}:{panel.version}"
    for row_index, row in enumerate(panel.rows):
        if isinstance(row, pn.Sel):
            options = [
                discord.SelectOption(label=o.label[:100], value=o.value[:100], default=o.default)
                for o in row.options
            ]
            select_id = f"carc:s:{panel.game_id}:{panel.version}:{row.verb}:{row.arg}"
            view.add_item(GameSelect(select_id, row.placeholder, options, row_index))
        else:
            for b in row:
                view.add_item(
                    GameButton(
                        f"{prefix}:{b.verb}:{b.arg}"[:100],
                        b.label[:80],
                        STYLES[b.style],
                        row=row_index,
                    )
                )
    return view


async def show_panel(interaction: discord.Interaction, panel: pn.Panel, *, replace: bool) -> None:
    """Send the panel (ephemeral) or put it in place of the clicked one."""
    image = (
        await tile_async(panel.tile, panel.rotations) if panel.tile and panel.rotations else None
    )
    file = file_of(image, "tile.png")
    if replace:
        await edit(interaction, panel.text, view=panel_view(panel), file=file)
    else:
        await reply(interaction, panel.text, view=panel_view(panel), file=file)


# --- dynamic items ------------------------------------------------------------------
class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"carc:(?P<scope>lobby|g|p):(?P<game>\d+):(?P<rest>.+)",
):
    def __init__(
        self,
        custom_id: str,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id, row=row))
        self.custom = custom_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameButton:
        button = item  # the button as it was sent
        return cls(match.string, getattr(button, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await dispatch(interaction, self.custom, None)
        except Exception as exc:
            await errors.handle(interaction, exc)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"carc:s:(?P<game>\d+):(?P<rest>.+)",
):
    def __init__(
        self,
        custom_id: str,
        placeholder: str = "Choose",
        options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="-", value="-")],
                row=row,
            )
        )
        self.custom = custom_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameSelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            data: dict[str, Any] = dict(interaction.data or {})
            values = list(self.item.values) or [str(v) for v in data.get("values", [])]
            await dispatch(interaction, self.custom, values[0] if values else None)
        except Exception as exc:
            await errors.handle(interaction, exc)


# --- what a click does --------------------------------------------------------------
async def dispatch(interaction: discord.Interaction, custom_id: str, value: str | None) -> None:
    parts = custom_id.split(":")
    scope, game_id = parts[1], int(parts[2])
    if scope == "lobby":
        await on_lobby(interaction, game_id, parts[3])
    elif scope == "g":
        await on_game_button(interaction, game_id, parts[3])
    else:
        version, verb, arg = int(parts[3]), parts[4], ":".join(parts[5:])
        await on_panel(interaction, game_id, version, verb, arg, value)


async def on_lobby(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    await defer(interaction, ephemeral=True)
    play = play_service(interaction)
    uid = interaction.user.id
    if verb == "join":
        await play.join(game_id, uid, display_name(interaction))
        await reply(interaction, f"You joined game #{game_id}.")
    elif verb == "leave":
        await play.leave(game_id, uid)
        await reply(interaction, f"You left game #{game_id}.")
    elif verb == "ai":
        await play.add_ai(game_id, uid)
        await reply(interaction, "AI seat added.")
    elif verb == "start":
        await play.start(game_id, uid)
        await reply(interaction, f"Game #{game_id} started: play in its thread.")


async def on_game_button(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    await defer(interaction, ephemeral=True)
    play = play_service(interaction)
    if verb == "hand":
        post = await play.hand(game_id, interaction.user.id)
        await reply(interaction, post.text, file=file_of(post.image, post.filename))
        return
    panel = await play.panel(game_id, interaction.user.id)
    await show_panel(interaction, panel, replace=False)


async def on_panel(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    verb: str,
    arg: str,
    value: str | None,
) -> None:
    play = play_service(interaction)
    uid = interaction.user.id
    if verb == "hand":
        await defer(interaction, ephemeral=True)
        post = await play.hand(game_id, uid)
        await reply(interaction, post.text, file=file_of(post.image, post.filename))
        return
    await defer(interaction, update=True)
    cell: tuple[int, int] | None = None
    page = action_page = 0
    note = ""
    try:
        if verb == "cell" and value:
            x, y = (int(v) for v in value.split(","))
            cell = (x, y)
        elif verb == "page":
            page = int(arg)
        elif verb == "apage":
            action_page = int(arg)
        elif verb == "rot":
            x, y, r = (int(v) for v in arg.split(","))
            await play.act(
                game_id, uid, {"type": "place", "x": x, "y": y, "rotation": r}, version=version
            )
        elif verb == "fol":
            location = None if arg == "-" else arg
            await play.act(
                game_id, uid, {"type": "follower", "location": location}, version=version
            )
        elif verb in ("act", "actsel"):
            index = int(value if verb == "actsel" and value is not None else arg)
            await play.act_index(game_id, uid, version, index)
        elif verb == "undo":
            removed = await play.undo(game_id, uid)
            note = f"Took back {removed} action(s)."
    except StoreError as exc:
        # Refused (e.g. another click won the race): show why, with a fresh panel.
        note = errors.user_message(exc) or "Refused."
    panel = await play.panel(game_id, uid, cell=cell, page=page, action_page=action_page)
    if note:
        panel.text = f"{note}\n{panel.text}"
    await show_panel(interaction, panel, replace=True)
