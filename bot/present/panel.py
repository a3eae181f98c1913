"""The private action panel of one seat, as plain data (no discord types).

bot.ui turns a :class:`Panel` into buttons and selects whose custom ids carry
the game id and the game version the panel was built for (bot.ui.panel says
how a click on an older panel is read); only legal choices appear
(bot.present.choices). The panel's picture follows the turn: the tile in
hand first, then the placement preview of the chosen cell (rotations
numbered like the buttons), then the follower preview (spots numbered like
the buttons).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeVar

from bot import expansions
from bot.present import choices as ch
from bot.present import values
from bot.present.takeback import can_undo
from bot.text import Text, Words, escape, join
from db.values import GameInfo
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE
from engine.views import PublicView, public_view

if TYPE_CHECKING:
    from renders.preview import Mark

CELLS_PER_PAGE = 25  # Discord's select limit
T = TypeVar("T")
MAX_ACTION_BUTTONS = 5
BUTTONS_PER_ROW = 5
MAX_ROWS = 5
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
    description: str = ""


@dataclass(frozen=True, slots=True)
class Sel:
    verb: str
    arg: str
    placeholder: str
    options: tuple[Option, ...]


Row = tuple[Btn, ...] | Sel


@dataclass(frozen=True, slots=True)
class PanelImage:
    """The picture of a panel: ``tile`` (the tile in hand), ``placement``
    (the chosen cell in each rotation offered) or ``follower`` (the placed
    tile with its numbered spots)."""

    kind: Literal["tile", "placement", "follower"]
    tile: str = ""
    view: PublicView | None = None
    cell: tuple[int, int] | None = None
    rotations: tuple[int, ...] = ()
    spots: tuple[str, ...] = ()
    marks: tuple[Mark, ...] = ()  # expansions' spots for other pieces (adapter.preview_marks)


@dataclass(slots=True)
class Panel:
    game_id: int
    version: int
    text: str
    rows: list[Row] = field(default_factory=list)
    image: PanelImage | None = None


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
    turn = game.turn.number if game.turn else None
    head = (
        words("panel.head", game=info.id, turn=turn)
        if turn
        else words("panel.head_end", game=info.id)
    )
    if seat not in decision.players:
        if ch.is_discreet(decision) and seat == decision.active:
            # Its own turn, paused on a question it may not see.
            text = words("panel.own_turn_waits")
        elif ch.is_discreet(decision):
            text = words("panel.not_you_turn", name=escape(game.players[decision.active]))
        else:
            waiting = join([escape(game.players[p]) for p in decision.players], ", ")
            text = words(
                "panel.not_you", waiting=waiting, prompt=ch.step_prompt(game, decision, words)
            )
        panel.text = join([head, text])
        panel.rows = [tuple(bottom)]
        return panel
    lines = [head]
    rows: list[Row] = []
    tile = game.turn.tile if game.turn is not None else None
    if STEP_PLACE in decision.types and tile is not None:
        _place_rows(game, words, tile, cell, page, lines, rows, panel)
    elif STEP_FOLLOWER in decision.types:
        lines.append(words("panel.follower"))
        opts = ch.follower_labels(game, words)
        for i in range(0, len(opts), BUTTONS_PER_ROW):
            rows.append(
                tuple(
                    Btn(
                        "fol",
                        values.follower_value(loc),
                        str(ch.fit(label, ch.BUTTON_LIMIT)),
                        "secondary" if loc is None else "primary",
                    )
                    for loc, label in opts[i : i + BUTTONS_PER_ROW]
                )
            )
        spots = tuple(ch.follower_spots(game))
        adapters = expansions.of_game(game)
        marks = tuple(m for a in adapters for m in a.preview_marks(game, seat, words))
        placed = game.turn.placed if game.turn is not None else None
        if (spots or marks) and placed is not None:
            panel.image = PanelImage(
                "follower", view=public_view(game), cell=placed.pos, spots=spots, marks=marks
            )
    else:
        lines.append(words("panel.asks", prompt=ch.step_prompt(game, decision, words)))
    lines += [note for a in expansions.of_game(game) for note in a.panel_notes(game, seat, words)]
    extra = ch.choices(game, seat, words, base=False)
    if extra:
        if STEP_PLACE in decision.types or STEP_FOLLOWER in decision.types:
            lines.append(words("panel.also"))
        room = MAX_ROWS - 1 - len(rows)
        fits = all(len(c.label) <= ch.BUTTON_LIMIT and not c.detail for c in extra)
        if len(extra) <= MAX_ACTION_BUTTONS and fits and room >= 1:
            rows.append(tuple(Btn("act", c.key, c.label, "primary") for c in extra))
        elif room >= 1:
            pages, action_page, shown = _page(extra, action_page)
            rows.append(
                Sel(
                    "actsel",
                    str(action_page),
                    words("panel.actions_select", count=len(extra)),
                    tuple(
                        Option(
                            ch.fit(c.label, ch.OPTION_LIMIT),
                            c.key,
                            description=ch.fit(c.detail or _rest(c.label), ch.OPTION_LIMIT),
                        )
                        for c in shown
                    ),
                )
            )
            for p in range(pages):
                if p != action_page and len(bottom) < BUTTONS_PER_ROW:
                    first = p * CELLS_PER_PAGE + 1
                    bottom.append(
                        Btn("apage", str(p), words("panel.actions_page", first=first), "primary")
                    )
    rows = rows[: MAX_ROWS - 1]
    rows.append(tuple(bottom))
    panel.text = join(lines)
    panel.rows = rows
    return panel


def _page(items: list[T], page: int) -> tuple[int, int, list[T]]:
    """How many select pages ``items`` fill, ``page`` kept within them, and
    the items it shows."""
    pages = max(1, -(-len(items) // CELLS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    return pages, page, items[page * CELLS_PER_PAGE : (page + 1) * CELLS_PER_PAGE]


def _rest(label: str) -> str:
    """What a select option's label loses when cut (its description then)."""
    return label if len(label) > ch.OPTION_LIMIT else ""


def _place_rows(
    game: Game,
    words: Words,
    tile: str,
    cell: tuple[int, int] | None,
    page: int,
    lines: list[Text],
    rows: list[Row],
    panel: Panel,
) -> None:
    numbers = ch.numbered_cells(game)
    cells = list(numbers)
    if cell is not None and cell in numbers:
        page = cells.index(cell) // CELLS_PER_PAGE
    elif len(cells) == 1:  # nothing to choose (a river tile, a late board): its ways at once
        cell = cells[0]
        lines.append(words("panel.only_cell"))
    else:
        cell = None
    pages, page, shown = _page(cells, page)
    rows.append(
        Sel(
            "cell",
            str(page),
            words("panel.cell_select", count=len(cells)),
            tuple(
                Option(
                    words("panel.cell_option", number=numbers[c], x=c[0], y=c[1]),
                    values.cell_value(*c),
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
            )[:BUTTONS_PER_ROW]
        )
    if cell is None:
        lines.append(words("panel.place", count=len(cells)))
        panel.image = PanelImage("tile", tile=tile)
        return
    rots = ch.rotations_at(game, *cell)
    if len(rots) == 1:
        buttons = [
            Btn("rot", values.rotation_choice(*cell, rots[0]), words("panel.place_here"), "success")
        ]
        lines.append(words("panel.one_rotation", number=numbers[cell], x=cell[0], y=cell[1]))
    else:
        buttons = [
            Btn(
                "rot",
                values.rotation_choice(*cell, r),
                words("panel.rotation", number=n),
                "success",
            )
            for n, r in enumerate(rots, 1)
        ]
        lines.append(
            words(
                "panel.choose_rotation", number=numbers[cell], x=cell[0], y=cell[1], count=len(rots)
            )
        )
    rows.append(tuple(buttons))
    panel.image = PanelImage(
        "placement", tile=tile, view=public_view(game), cell=cell, rotations=tuple(rots)
    )
