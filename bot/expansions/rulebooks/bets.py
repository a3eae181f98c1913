"""The Bets (T-1..T-8) for ``/rules``: bookmaker tiles, staking and settling
chips, and the chip table (built from the engine's table, T-7)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.expansions.adapter import Entry, RulesBook
from bot.text import Text, Words, join
from engine.expansions.bet_chips import CHIP_SET, CHIPS

MESSAGES: Mapping[str, Entry] = {
    "bets.rules.title": "The Bets",
    "bets.rules.how": (
        "**Bookmaker tiles.** Ten tiles with a betting office in the middle join the pile. "
        "An office ends every road that runs into it and splits fields, like a road; no "
        "follower can stand on it.\n\n"
        "**Betting.** When a bookmaker tile is placed, every player, not only the one whose "
        "turn it is, may put one chip from their supply face down on its office, or pass. "
        "A chip bets on how many tiles a road or city through that tile will have. "
        "Nobody may look at a staked chip, not even its owner."
    ),
    "bets.rules.settle": (
        "**Settling.** When a road or city through the office is completed and scored, the "
        "chips on the office are turned over. A chip whose number matches the tile count "
        "pays that number in points; the single 4 pays 8. Winning or not, every chip goes "
        "back to its owner's supply.\n\n"
        "If several completed roads or cities run through one office, the player whose turn "
        "it is picks which one settles its chips.\n\n"
        "**At the end** the chips still on offices are settled against the size of their "
        "road or city so far; with two to choose from, each player picks for their own chips."
    ),
    "bets.rules.chips": "**The chips.** Every player has the same six:\n{chips}",
    "bets.rules.chip": "`{face}`: {wins}",
    # one number of a chip (also beside the chips in a hand picture); points: "8 points"
    "bets.rules.exactly": {
        "one": "exactly {count} tile: {points}",
        "other": "exactly {count} tiles: {points}",
    },
    "bets.rules.or_more": {
        "one": "{count} or more tiles: {points}",
        "other": "{count} or more tiles: {points}",
    },
}

BOOK = RulesBook(
    title="bets.rules.title", pages=("bets.rules.how", "bets.rules.settle"), messages=MESSAGES
)


def win_lines(face: str, words: Words) -> list[Text]:
    """What a chip pays, one line per number on it: "exactly 4 tiles: 8
    points", "7 or more tiles: 7 points" (the chip table below, and the
    captions beside the chips in a hand picture)."""
    chip = CHIPS.get(face)
    if chip is None:
        return []
    return [
        words(
            "bets.rules.or_more" if w.high is None else "bets.rules.exactly",
            count=w.low,
            points=words("scores.points", count=w.points),
        )
        for w in chip.wins
    ]


def chips_page(words: Words) -> Text:
    """The chip table in words, from the engine's one table (T-7)."""
    lines = [
        words("bets.rules.chip", face=Text(chip.face), wins=join(win_lines(chip.face, words), "; "))
        for chip in CHIP_SET
    ]
    return words("bets.rules.chips", chips=join(lines))
