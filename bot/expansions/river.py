"""The River (R-1..R-6) as players see it. It adds no action and no
question: where a river tile may go is the legal placements (R-3, R-4), so
the board image numbers only the cell beyond the river's open end; a river
tile that fits nowhere is set aside like any tile (R-5); the tiles left
shown count both piles (R-2). What it brings to the bot is its name, its
``/rules`` pages and its words (the water and bridges are drawn by
renders.overlays.river, found by the expansion's name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.expansions import register
from bot.expansions.adapter import Adapter, Entry
from bot.expansions.rulebooks.river import BOOK as RULES
from bot.text import Text, Words
from engine.expansions import river as engine
from engine.game import Game
from engine.phases import STEP_PLACE


class RiverAdapter(Adapter):
    name = engine.NAME
    title = "river.title"
    rules = RULES  # its part of /rules
    actions = engine.ACTIONS  # none: river tiles are placed like any tile
    messages: ClassVar[Mapping[str, Entry]] = {
        "river.title": "The River",
        "river.note.place": (
            "A river tile continues the river from its open end, and never bends it back: "
            "after a bend, the next bend turns the other way."
        ),
    }

    def panel_notes(self, game: Game, seat: int, words: Words) -> list[Text]:
        """R-3, R-4: why a river tile is offered one cell (and maybe one way)."""
        d, turn = game.pending, game.turn
        if d is None or d.step != STEP_PLACE or seat not in d.players or turn is None:
            return []
        return [words("river.note.place")] if turn.opening == engine.NAME else []


ADAPTER = register(RiverAdapter())
