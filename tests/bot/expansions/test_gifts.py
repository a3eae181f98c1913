"""The Gifts' adapter (bot/expansions/gifts.py): every card named and
explained (G-1), a gift received told to its holder alone and to the others
without its card (G-2), the points of unopened gifts (G-9)."""

from __future__ import annotations

from bot.expansions.gifts import ADAPTER, card_name
from bot.text import ENGLISH, Text, has
from engine.expansions.gifts.cards import CARDS


def test_g1_every_card_has_a_name_and_its_text() -> None:
    for card in CARDS:
        assert has(f"gifts.card.{card}") and has(f"gifts.text.{card}"), card
        assert str(card_name(card, ENGLISH)) != card  # a name, not the id
    # A card the table does not know is named from its id, never a crash.
    assert str(card_name("no-such-gift", ENGLISH)) == "No such gift"


def test_g2_the_holder_reads_the_card_the_others_only_that_a_gift_came() -> None:
    private = {"type": "gift-card", "card": "synod", "private": 0}
    told = str(ADAPTER.received_text(private, ENGLISH))
    assert "Synod" in told and ENGLISH("gifts.text.synod") in told
    public = {"type": "gift-received", "player": 0}
    line = str(ADAPTER.event_line(Text("Ada"), public, ENGLISH, str))
    assert line == "Ada received a gift."
    assert ADAPTER.received_text(public, ENGLISH) is None  # nothing kept from it


def test_g9_unopened_gifts_are_counted_in_the_score_line() -> None:
    event = {"type": "score", "player": 0, "reason": "unopened-gifts", "points": 4, "gifts": 2}
    line = str(ADAPTER.score_line(Text("Ada"), event, ENGLISH))
    assert line == "Ada scored 4 points for 2 unopened gifts."
    # Points of another kind are not the adapter's to word.
    assert ADAPTER.score_line(Text("Ada"), {"reason": "completed", "points": 4}, ENGLISH) is None
