"""Feature marks that several expansions read (``Feature.marks`` keys).

An expansion keeps its own marks under its own keys; a mark another expansion
must respect lives here, so neither has to import the other.
"""

from __future__ import annotations

from engine.board import Feature

# A lock holds the feature: its score waits for the game end, and no card
# may score it early or move, return or swap its followers (C-1). Set by the
# expansion that locks; every card with such an effect leaves the feature out.
LOCKED = "locked"


def is_locked(feat: Feature) -> bool:
    """C-1: the feature is out of reach of cards that score it early or move,
    return or swap its followers, finished or not."""
    return bool(feat.mark(LOCKED))
