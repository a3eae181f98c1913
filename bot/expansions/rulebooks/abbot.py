"""The Abbot (A-1..A-5) for ``/rules``: the abbot, gardens, placing the
abbot and taking it back, and how it meets the other expansions (C-1,
C-4, C-5)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.expansions.adapter import Entry, RulesBook

MESSAGES: Mapping[str, Entry] = {
    "abbot.rules.title": "The Abbot",
    "abbot.rules.how": (
        "**The abbot.** Everyone has one abbot in their colour besides their 7 followers. "
        "On the board it counts as a follower, for who owns a monastery and for scoring. "
        "In your supply it is counted apart: you may place it even with no follower left.\n\n"
        "**Gardens.** Eight land tiles show a garden in a field (so does one river tile). "
        "A garden scores like a monastery: 9 points once the 8 cells around it hold tiles, "
        "and at the end 1 point plus 1 per tile around it. Only an abbot may stand on a "
        "garden.\n\n"
        "**Placing the abbot.** Instead of a follower, you may put your abbot on the "
        "monastery or the garden of the tile you just placed, if nobody stands there yet."
    ),
    "abbot.rules.back": (
        "**Taking the abbot back.** Instead of putting a follower or your abbot on your new "
        "tile, you may take your abbot back from the board to your supply. You score its "
        "monastery or garden at once as at the end of the game: 1 point plus 1 per tile "
        "around it. You score it alone; other followers there stay. Then the turn goes on "
        "as usual.\n\n"
        "**The end.** An abbot still on an unfinished monastery or garden scores it like an "
        "unfinished monastery.\n\n"
        "**With other expansions.** No card ever chooses an abbot: none places, moves, "
        "returns or swaps one. No card treats a garden as a monastery. An abbot on a locked "
        "monastery stays there until the end."
    ),
}

BOOK = RulesBook(
    title="abbot.rules.title", pages=("abbot.rules.how", "abbot.rules.back"), messages=MESSAGES
)
