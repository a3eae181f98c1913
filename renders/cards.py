"""How hidden cards and chips are labelled on private images.

Card names and effects come from the expansions' own tables (gift cards:
``engine.expansions.gifts.CARDS``; Christmas cards arrive with name, text and
class in the private view); chip payouts from ``engine.expansions.bet_chips``.
"""

from __future__ import annotations

from engine.expansions.bet_chips import CHIPS
from engine.expansions.gifts import CARDS as GIFT_CARDS

GIFT_TIMING = (
    "Open one after drawing your tile, before placing it (G-3). "
    "Unopened gifts score 2 points each at the end (G-9)."
)

# X-3 timing classes as shown on a card.
CLASS_LABELS: dict[str, str] = {
    "lightning": "LIGHTNING - resolves at once",
    "plain": "PLAIN - play in your turn",
    "end": "GAME END - applies at the end",
}
DECK_LABELS: dict[str, str] = {"abbey": "Abbey deck", "roadside": "Roadside deck"}


def gift_text(card: str) -> tuple[str, str]:
    """Name and effect of a gift card (G-4..G-8); an unknown id is shown as it is."""
    c = GIFT_CARDS.get(card)
    if c is None:
        return card, ""
    return c.name, f"{c.text} ({c.rule})"


def chip_payout(face: str) -> str:
    """What a chip pays when it wins (T-7), e.g. 'pays 8' for the chip '4'."""
    chip = CHIPS.get(face)
    if chip is None:
        return ""
    return "pays " + "/".join(str(w.points) for w in chip.wins)
