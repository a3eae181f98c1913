"""The River (R-1..R-6) for ``/rules``: the river tiles, how they are laid
from the spring to the lake, and how the river meets the other expansions
(C-6)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.expansions.adapter import Entry, RulesBook

MESSAGES: Mapping[str, Entry] = {
    "river.rules.title": "The River",
    "river.rules.how": (
        "**The river tiles.** Twelve tiles show a river: the spring, the lake and ten "
        "tiles between them, with cities, roads, a monastery and fields beside the water. "
        "Water is a side of its own: a river side only ever meets another river side, so "
        "no land tile can touch the river. The water is no road and no field: nobody "
        "stands on it and it never scores. It separates the fields on its two banks, "
        "except around the spring and the lake. Roads cross it on bridges.\n\n"
        "**Setup.** The spring is the start tile. The lake is set aside, the other ten river "
        "tiles are shuffled face down and the lake goes under them. The usual start tile "
        "joins the land tiles."
    ),
    "river.rules.play": (
        "**Placing river tiles.** The river tiles are drawn first, one per turn. Each must "
        "continue the river from its open end: the board numbers the one cell where it "
        "may go. A river tile may not bend the river back on itself: after a bend, the "
        "next bend must turn the other way, unless a straight stretch lies between them. "
        "A river tile that fits nowhere is set aside and the next one is drawn. Putting a "
        "follower and scoring work as usual.\n\n"
        "**Then the land tiles.** Once the lake is placed (or set aside), the land tiles "
        "are drawn as usual. The game ends after the last land tile. The tiles left "
        "shown to everyone count both piles.\n\n"
        "**With other expansions.** While river tiles are still drawn, the cards that "
        "deal with tiles (Take two, Draw two, the mastermind) cannot be used."
    ),
}

BOOK = RulesBook(
    title="river.rules.title", pages=("river.rules.how", "river.rules.play"), messages=MESSAGES
)
