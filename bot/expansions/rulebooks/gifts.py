"""The Gifts (G-1..G-10) for ``/rules``: receiving and opening gifts, and the
five gift cards."""

from __future__ import annotations

from collections.abc import Mapping

from bot.expansions.adapter import CardText, Entry, RulesBook
from engine.expansions.gifts.cards import CARDS

MESSAGES: Mapping[str, Entry] = {
    "gifts.rules.title": "The Gifts",
    "gifts.rules.how": (
        "**Receiving a gift.** When the tile you place makes a road or city bigger that "
        "belongs to somebody else, and not to you, you receive a gift card face down. "
        "Everyone sees that you got a gift, never which one. At most one gift per turn; "
        "a road or city without followers gives none, and one you share the lead in "
        "counts as yours.\n\n"
        "**Opening a gift.** In a later turn of yours, after your tile is drawn and before "
        "you place it, you may open one gift and use it. A gift with nothing to act on "
        "cannot be opened.\n\n"
        "**At the end** every gift still closed is worth 2 points."
    ),
    "gifts.card.synod": "Synod",
    "gifts.card.synod.effect": (
        "Put a follower from your supply on any unfinished monastery, even one that "
        "already has monks (yours or others')."
    ),
    "gifts.card.road-sweeper": "Road sweeper",
    "gifts.card.road-sweeper.effect": (
        "Pick any unfinished road: it scores now, 1 point per tile for its owners, and all "
        "its followers go home. The road stays open."
    ),
    "gifts.card.change-position": "Change position",
    "gifts.card.change-position.effect": (
        "Lay one of your followers from a road, city or monastery onto a field of the same "
        "tile, or stand a farmer up onto a road, city or monastery of its tile."
    ),
    "gifts.card.cash-out": "Cash out",
    "gifts.card.cash-out.effect": (
        "Take one of your followers back and score 2 points for every follower on its "
        "road, city, monastery or field, that one included."
    ),
    "gifts.card.take-two": "Take two",
    "gifts.card.take-two.effect": (
        "Draw a second tile and place one of the two; the other goes back into the pile."
    ),
}

BOOK = RulesBook(
    title="gifts.rules.title",
    pages=("gifts.rules.how",),
    cards=tuple(CardText(c, f"gifts.card.{c}", f"gifts.card.{c}.effect") for c in CARDS),
    messages=MESSAGES,
)
