"""The private action panel of one seat, as plain data (no discord types).

bot.ui turns a :class:`Panel` into buttons and selects whose custom ids carry
the game id and the game version the panel was built for, so a click on an
old panel is recognised (the store refuses a stale version) and a panel works
after a restart. Only legal choices appear (bot.choices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot import choices as ch
from db.service import GameInfo
from engine.game import Game

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


def can_undo(game: Game, seat: int, ai_seats: set[int]) -> bool:
    """Whether ``seat`` may take back its last action (undo_floor: nothing
    hidden was revealed since; later actions only by AI seats)."""
    return undo_target(game, seat, ai_seats) is not None


def undo_target(game: Game, seat: int, ai_seats: set[int]) -> int | None:
    """Log length to keep when ``seat`` undoes: its last action and any AI
    actions after it, provided all of them come after the undo floor."""
    if game.pending is None or game.pending.active != seat:
        return None
    for i in range(len(game.actions) - 1, -1, -1):
        if i < game.undo_floor:
            return None
        who = game.actions[i].get("player")
        if who == seat:
            return i
        if who not in ai_seats:
            return None
    return None


def build(
    game: Game,
    info: GameInfo,
    seat: int,
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
    bottom: list[Btn] = [Btn("hand", "-", "Show my hand")]
    if can_undo(game, seat, ai):
        bottom.append(Btn("undo", "-", "Undo", "danger"))
    if decision is None:
        panel.text = f"Game #{info.id} is over."
        panel.rows = [tuple(bottom)]
        return panel
    if seat not in decision.players:
        waiting = ", ".join(game.players[p] for p in decision.players)
        panel.text = (
            f"Game #{info.id}: nothing to do for you now; waiting for {waiting} "
            f"({ch.step_prompt(game, decision)})."
        )
        panel.rows = [tuple(bottom)]
        return panel
    lines = [f"Game #{info.id}, turn {game.turn.number if game.turn else '-'}."]
    rows: list[Row] = []
    tile = game.turn.tile if game.turn is not None else None
    if "place" in decision.types:
        numbers = ch.numbered_cells(game)
        cells = list(numbers)
        pages = max(1, -(-len(cells) // CELLS_PER_PAGE))
        if cell is not None and cell in numbers:
            page = cells.index(cell) // CELLS_PER_PAGE
        page = min(max(page, 0), pages - 1)
        shown = cells[page * CELLS_PER_PAGE : (page + 1) * CELLS_PER_PAGE]
        lines.append(
            f"Your tile: **{tile}**. Pick a cell (numbers as on the board), then a rotation."
        )
        rows.append(
            Sel(
                "cell",
                str(page),
                f"Cell ({len(cells)} legal)",
                tuple(
                    Option(f"{numbers[c]}: {c[0]},{c[1]}", f"{c[0]},{c[1]}", c == cell)
                    for c in shown
                ),
            )
        )
        if pages > 1:
            rows.append(
                tuple(
                    Btn("page", str(p), f"Cells {p * CELLS_PER_PAGE + 1}-", "primary")
                    for p in range(pages)
                    if p != page
                )[:5]
            )
        if cell is not None and cell in numbers:
            rots = ch.rotations_at(game, *cell)
            rows.append(
                tuple(Btn("rot", f"{cell[0]},{cell[1]},{r}", f"r{r}", "success") for r in rots)
            )
            panel.tile, panel.rotations = tile, tuple(rots)
            lines.append(f"Cell {numbers[cell]} ({cell[0]},{cell[1]}): choose the rotation.")
    elif "follower" in decision.types:
        lines.append("Place a follower on the tile you just placed, or none.")
        opts = ch.follower_labels(game)
        for i in range(0, len(opts), 5):
            rows.append(
                tuple(
                    Btn("fol", loc or "-", label, "secondary" if loc is None else "primary")
                    for loc, label in opts[i : i + 5]
                )
            )
    else:
        lines.append(f"The game asks you: {ch.step_prompt(game, decision)}.")
    extra = ch.choices(game, seat, base=False)
    if extra:
        if "place" in decision.types or "follower" in decision.types:
            lines.append("Before that you may also:")
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
                    f"Choose an action ({len(extra)} possible)",
                    tuple(Option(c.label, str(c.index)) for c in page_actions),
                )
            )
            for p in range(pages):
                if p != action_page and len(bottom) < 5:
                    first = p * CELLS_PER_PAGE + 1
                    bottom.append(Btn("apage", str(p), f"Actions {first}-", "primary"))
    rows = rows[:4]
    rows.append(tuple(bottom))
    panel.text = "\n".join(lines)
    panel.rows = rows
    return panel
