"""Old home of the Christmas card table; kept as an alias for its readers
(renders, benchmarks). The table lives in engine.expansions.christmas.cards."""

from engine.expansions.christmas.cards import (
    BY_ID,
    COPIES,
    DECKS,
    DESIGNS,
    HAND_LIMIT,
    CardDesign,
    CardView,
    Deck,
    Timing,
    card_view,
    deck_cards,
)

__all__ = [
    "BY_ID",
    "COPIES",
    "DECKS",
    "DESIGNS",
    "HAND_LIMIT",
    "CardDesign",
    "CardView",
    "Deck",
    "Timing",
    "card_view",
    "deck_cards",
]
