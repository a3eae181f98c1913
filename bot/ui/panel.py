"""A seat's private action panel on Discord: its buttons and selects, and
what a click on them does.

Custom ids (at most 100 characters) carry the game and the game version the
panel was built for. A click on an older panel counts only while its player
has been waiting on the same question since and the choice is still legal
(other players answering the same question meanwhile do not matter,
bot.services.turns.still_open); otherwise the player reads "that choice is
no longer open" above the current panel, so nothing is ever misapplied.
Actions are carried by a digest of the action (bot.present.choices.action_key),
cells and rotations as they are. Ids are read back through the templates'
named groups::

    carc:p:<game>:<version>:<verb>:<arg>   buttons
    carc:s:<game>:<version>:<verb>:<arg>   selects (a separate template, so
                                           exactly one dynamic item matches)
"""

from __future__ import annotations

import logging
from typing import Any, Self, TypeVar

import discord

from bot.errors import StaleChoice, player_text
from bot.present import panel as pn
from bot.present import values
from bot.present.hands import received
from bot.render import follower_async, placement_async, tile_async
from bot.services import Caller, Move
from bot.text import Words
from bot.ui import funnel
from bot.ui.access import caller_of, services_of
from bot.ui.outbox import holding
from bot.ui.replies import defer, edit, file_of, reply
from bot.ui.views import (
    MAX_CUSTOM_ID,
    MAX_LABEL,
    MAX_OPTION,
    MAX_PLACEHOLDER,
    STYLES,
    Component,
    GameView,
)
from db.errors import GameFinished, NotYourTurn, StaleGame
from db.values import GameError

log = logging.getLogger(__name__)

PANEL = r"(?P<game>\d+):(?P<version>\d+):(?P<verb>[a-z]+):(?P<arg>[^:]*)"
PanelId = tuple[int, int, str, str]  # game, version, verb, arg
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


class PanelItem(Component[ItemT], template=r"(?!)"):
    """What panel buttons and selects share: their id (the game, the
    version the panel was built for, the verb and its argument)."""

    def __init__(self, item: ItemT, ids: PanelId) -> None:
        super().__init__(item)
        self.ids = ids

    @staticmethod
    def id_of(scope: str, ids: PanelId) -> str:
        return f"carc:{scope}:{':'.join(str(part) for part in ids)}"[:MAX_CUSTOM_ID]

    @classmethod
    def rebuild(cls, groups: dict[str, str]) -> Self:
        return cls.of((int(groups["game"]), int(groups["version"]), groups["verb"], groups["arg"]))

    @classmethod
    def of(cls, ids: PanelId) -> Self:
        raise NotImplementedError

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_click(interaction, *self.ids, self.chosen(interaction))


class PanelButton(PanelItem[discord.ui.Button[Any]], template=r"carc:p:" + PANEL):
    def __init__(
        self,
        ids: PanelId,
        *,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = self.id_of("p", ids)
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:MAX_LABEL], style=style, custom_id=custom_id, row=row
        )
        super().__init__(button, ids)

    @classmethod
    def of(cls, ids: PanelId) -> PanelButton:
        return cls(ids)


class PanelSelect(PanelItem[discord.ui.Select[Any]], template=r"carc:s:" + PANEL):
    def __init__(
        self,
        ids: PanelId,
        *,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=self.id_of("s", ids),
            placeholder=placeholder[:MAX_PLACEHOLDER] or None,
            options=options or [discord.SelectOption(label="-", value="-")],
            row=row,
        )
        super().__init__(select, ids)

    @classmethod
    def of(cls, ids: PanelId) -> PanelSelect:
        return cls(ids)


def panel_view(panel: pn.Panel) -> GameView:
    view = GameView()
    gid, version = panel.game_id, panel.version
    for row_index, row in enumerate(panel.rows):
        if isinstance(row, pn.Sel):
            options = [
                discord.SelectOption(
                    label=o.label[:MAX_OPTION],
                    value=o.value[:MAX_OPTION],
                    default=o.default,
                    description=o.description[:MAX_OPTION] or None,
                )
                for o in row.options
            ]
            ids = (gid, version, row.verb, row.arg)
            view.add_item(
                PanelSelect(ids, placeholder=row.placeholder, options=options, row=row_index)
            )
        else:
            for b in row:
                style = STYLES[b.style]
                ids = (gid, version, b.verb, b.arg)
                view.add_item(PanelButton(ids, label=b.label, style=style, row=row_index))
    return view


async def panel_image(panel: pn.Panel, words: Words) -> tuple[bytes, str] | None:
    """The panel's picture (the tile, the placement or the follower preview)."""
    image = panel.image
    if image is None:
        return None
    try:
        if image.kind == "tile":
            return await tile_async(image.tile, [0], words), "tile.png"
        if image.kind == "placement" and image.view is not None and image.cell is not None:
            data = await placement_async(image.view, image.cell, image.tile, image.rotations, words)
            return data, "placement.png"
        if image.kind == "follower" and image.view is not None:
            data = await follower_async(image.view, image.spots, image.cell, words, image.marks)
            return data, "followers.png"
    except ValueError:
        log.exception("game %s: a panel picture could not be drawn", panel.game_id)
    return None


async def show_panel(
    interaction: discord.Interaction, panel: pn.Panel, words: Words, *, replace: bool
) -> None:
    """Send the panel (ephemeral) or put it in place of the clicked one."""
    drawn = await panel_image(panel, words)
    file = file_of(drawn[0], drawn[1]) if drawn is not None else None
    if replace:
        await edit(interaction, panel.text, view=panel_view(panel), file=file)
    else:
        await reply(interaction, panel.text, view=panel_view(panel), file=file)


async def send_hand(interaction: discord.Interaction, caller: Caller, game_id: int) -> None:
    post = await services_of(interaction.client).reading.hand(caller, game_id)
    images = await post.images()
    name, data = images[0] if images else (post.filename, None)
    await reply(interaction, post.text, file=file_of(data, name, post.alt.get(name, "")))


async def on_click(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    verb: str,
    arg: str,
    value: str | None,
) -> None:
    services = services_of(interaction.client)
    caller = caller_of(interaction)
    if verb == "hand":
        await defer(interaction, ephemeral=True)
        await send_hand(interaction, caller, game_id)
        return
    await defer(interaction, update=True)
    async with holding(interaction.client, game_id):
        cell: tuple[int, int] | None = None
        page = action_page = 0
        note = ""
        panel: pn.Panel | None = None
        move: Move | None = None
        try:
            if verb == "cell" and value:
                cell = values.parse_cell(value)
            elif verb == "page":
                page = int(arg)
            elif verb == "apage":
                action_page = int(arg)
            elif verb == "rot":
                x, y, r = values.parse_rotation_choice(arg)
                move = await services.turns.place(caller, game_id, x, y, r, offered_at=version)
            elif verb == "fol":
                location = values.parse_follower(arg)
                move = await services.turns.follower(caller, game_id, location, offered_at=version)
            elif verb in ("act", "actsel"):
                key = value if verb == "actsel" and value is not None else arg
                move = await services.turns.choose(caller, game_id, version, key)
                note = caller.words("panel.chosen", choice=move.label)
            elif verb == "undo":
                undone = await services.undo.undo(caller, game_id)
                note = caller.words("undo.took_back", count=undone.removed)
                panel = undone.panel
        except (StaleChoice, StaleGame, NotYourTurn, GameFinished):
            # A click on a choice that has gone (a double click, an old panel):
            # say so plainly and show what is open now.
            note = caller.words("panel.no_longer_open")
        except GameError as exc:
            funnel.log_refusal(exc, interaction.id)
            note = player_text(exc, caller.words) or ""
        if move is not None:
            panel = move.panel  # the game as the move left it: nothing read again
            # What the player just received (a gift, a card): theirs only.
            news = received(move.result.seat, move.result.events, caller.words)
            note = "\n".join([*news, note]) if news else note
        if panel is None:
            panel = await services.reading.panel(
                caller, game_id, cell=cell, page=page, action_page=action_page
            )
        if note:
            panel.text = f"{note}\n{panel.text}"
        await show_panel(interaction, panel, caller.words, replace=True)


async def confirm_with_panel(
    interaction: discord.Interaction, caller: Caller, panel: pn.Panel, done: str
) -> None:
    """Confirm an action privately with the seat's panel after it (its next
    legal choices)."""
    panel.text = f"{done}\n{panel.text}"
    await show_panel(interaction, panel, caller.words, replace=False)
