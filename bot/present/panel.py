"""The private action panel of one seat, as plain data (no discord types).

bot.ui turns a :class:`Panel` into buttons and selects whose custom ids carry
the game id and the game version the panel was built for, so a click on an
old panel is recognised (the store refuses a stale version) and a panel works
after a restart. Only legal choices appear (bot.present.choices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.present import choices as ch
from bot.present import values
from bot.present.takeback import can_undo
from bot.text import Text, Words, escape, join
from db.service import GameInfo
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE

CELLS_PER_PAGE = 25  # Discord's select limit
MAX_ACTION_BUTTONS = 5
Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True, slots=True)
class Btn:
    verb: str
    arg: str
    label: str
    style: Style = "secondary"


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    default: bool = False


@dataclass(frozen=True, slots=True)
class Sel:
    verb: str
    arg: str
    placeholder: str
    options: tuple[Option, ...]


Row = tuple[Btn, ...] | Sel


@dataclass(slots=True)
class Panel:
    game_id: int
    version: int
    text: str
    rows: list[Row] = field(default_factory=list)
    tile: str | None = None  # show this tile's legal rotations (image)
    rotations: tuple[int, ...] = ()


def build(
    game: Game,
    info: GameInfo,
    seat: int,
    words: Words,
    *,
    cell: tuple[int, int] | None = None,
    page: int = 0,
    action_page: int = 0,
    ai_seats: set[int] | None = None,
) -> Panel:
    """The panel of ``seat`` now; ``cell`` is the cell chosen in the select,
    ``page`` the page of cells and ``action_page`` the page of other actions
    (Discord selects hold 25 options)."""
    ai = ai_seats if ai_seats is not None else {s.index for s in info.seats if s.is_ai}
    panel = Panel(info.id, info.version, "")
    decision = game.pending
    bottom: list[Btn] = [Btn("hand", "-", words("panel.hand_button"))]
    if can_undo(game, seat, ai):
        bottom.append(Btn("undo", "-", words("panel.undo_button"), "danger"))
    if decision is None:
        panel.text = words("panel.over", game=info.id)
        panel.rows = [tuple(bottom)]
        return panel
    if seat not in decision.players:
        waiting = join([escape(game.players[p]) for p in decision.players], ", ")
        panel.text = words(
            "panel.not_you",
            game=info.id,
            waiting=waiting,
            prompt=ch.step_prompt(game, decision, words),
        )
        panel.rows = [tuple(bottom)]
        return panel
    turn = game.turn.number if game.turn else Text("-")
    lines = [words("panel.head", game=info.id, turn=turn)]
    rows: list[Row] = []
    tile = game.turn.tile if game.turn is not None else None
    if STEP_PLACE in decision.types:
        numbers = ch.numbered_cells(game)
        cells = list(numbers)
        pages = max(1, -(-len(cells) // CELLS_PER_PAGE))
        if cell is not None and cell in numbers:
            page = cells.index(cell) // CELLS_PER_PAGE
        page = min(max(page, 0), pages - 1)
        shown = cells[page * CELLS_PER_PAGE : (page + 1) * CELLS_PER_PAGE]
        lines.append(words("panel.place", tile=Text(str(tile))))
        rows.append(
            Sel(
                "cell",
                str(page),
                words("panel.cell_select", count=len(cells)),
                tuple(
                    Option(
                        words("panel.cell_option", number=numbers[c], x=c[0], y=c[1]),
                        f"{c[0]},{c[1]}",
                        c == cell,
                    )
                    for c in shown
                ),
            )
        )
        if pages > 1:
            rows.append(
                tuple(
                    Btn(
                        "page",
                        str(p),
                        words("panel.cells_page", first=p * CELLS_PER_PAGE + 1),
                        "primary",
                    )
                    for p in range(pages)
                    if p != page
                )[:5]
            )
        if cell is not None and cell in numbers:
            rots = ch.rotations_at(game, *cell)
            rows.append(
                tuple(
                    Btn(
                        "rot",
                        values.rotation_choice(cell[0], cell[1], r),
                        words("panel.rotation", rotation=r),
                        "success",
                    )
                    for r in rots
                )
            )
            panel.tile, panel.rotations = tile, tuple(rots)
            lines.append(words("panel.choose_rotation", number=numbers[cell], x=cell[0], y=cell[1]))
    elif STEP_FOLLOWER in decision.types:
        lines.append(words("panel.follower"))
        opts = ch.follower_labels(game, words)
        for i in range(0, len(opts), 5):
            rows.append(
                tuple(
                    Btn("fol", loc or "-", label, "secondary" if loc is None else "primary")
                    for loc, label in opts[i : i + 5]
                )
            )
    else:
        lines.append(words("panel.asks", prompt=ch.step_prompt(game, decision, words)))
    extra = ch.choices(game, seat, words, base=False)
    if extra:
        if STEP_PLACE in decision.types or STEP_FOLLOWER in decision.types:
            lines.append(words("panel.also"))
        if len(extra) <= MAX_ACTION_BUTTONS and len(rows) < 4:
            rows.append(tuple(Btn("act", str(c.index), c.label, "primary") for c in extra))
        else:
            pages = max(1, -(-len(extra) // CELLS_PER_PAGE))
            action_page = min(max(action_page, 0), pages - 1)
            page_actions = extra[action_page * CELLS_PER_PAGE : (action_page + 1) * CELLS_PER_PAGE]
            rows.append(
                Sel(
                    "actsel",
                    str(action_page),
                    words("panel.actions_select", count=len(extra)),
                    tuple(Option(c.label, str(c.index)) for c in page_actions),
                )
            )
            for p in range(pages):
                if p != action_page and len(bottom) < 5:
                    first = p * CELLS_PER_PAGE + 1
                    bottom.append(
                        Btn("apage", str(p), words("panel.actions_page", first=first), "primary")
                    )
    rows = rows[:4]
    rows.append(tuple(bottom))
    panel.text = join(lines)
    panel.rows = rows
    return panel
