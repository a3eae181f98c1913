"""The Gifts' state, names and receiving (docs/rules/gifts.md G-1, G-2, G-9).

State lives in ``game.ext["gifts"]`` (:class:`GiftsState`). Randomness: the
deck from ``shuffled(seed, "gifts", ...)`` (or ``decks.gifts``), reshuffles and
the position of a returned tile from ``game.rng``, so replays are exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import scoring

if TYPE_CHECKING:
    from engine.board import PlaceResult
    from engine.game import Game

NAME = "gifts"
STEP_CHOOSE = "tile-choice"  # G-8: which of two tiles to place (answered by choose-tile)
END_POINTS = 2  # G-9: per unopened gift
CASH_OUT_POINTS = 2  # G-7: per follower on the feature

# Card ids (G-1).
SYNOD = "synod"
ROAD_SWEEPER = "road-sweeper"
CHANGE_POSITION = "change-position"
CASH_OUT = "cash-out"
TAKE_TWO = "take-two"

# Turn.data keys (per-turn flags).
OPENED = "gifts.opened"
CHOICE = "gifts.choice"


@dataclass(slots=True)
class GiftsState:
    deck: list[str]  # face down, top first
    discard: list[str] = field(default_factory=list)  # face up, oldest first
    hands: list[list[str]] = field(default_factory=list)  # unopened gifts per seat

    def forked(self, memo: dict[int, Any]) -> GiftsState:
        """A fork's copy (engine.fork.clone): lists of card ids, each copied."""
        return GiftsState(self.deck.copy(), self.discard.copy(), [h.copy() for h in self.hands])


def state(game: Game) -> GiftsState:
    st: GiftsState = game.ext[NAME]
    return st


def qualifies(game: Game, player: int, result: PlaceResult) -> bool:
    """G-2: the tile extended an existing road or city that, right now (after
    placing, before the follower step), belongs to someone else and not to
    ``player``. A tie including ``player`` counts as the player's."""
    for root in result.extended:
        feat = game.board.feature_of(root)
        if feat.kind not in ("road", "city"):
            continue
        who = scoring.owners(game, feat)
        if who and player not in who:
            return True
    return False


def give(game: Game, player: int) -> str | None:
    """Hand ``player`` the top gift (G-2), reshuffling the discard pile into a
    new deck when the deck is empty; None when every gift is in a hand."""
    st = state(game)
    if not st.deck and st.discard:
        st.deck = list(st.discard)
        st.discard.clear()
        game.rng.shuffle(st.deck)
        game.events.append({"type": "gift-reshuffle", "cards": len(st.deck)})
    if not st.deck:
        game.events.append(
            {
                "type": "gift-none",
                "player": player,
                "reason": "every gift is unopened in players' hands (G-2)",
            }
        )
        return None
    card = st.deck.pop(0)
    st.hands[player].append(card)
    game.reveal()  # the receiver saw a hidden card: earlier actions are final
    game.events.append({"type": "gift-received", "player": player})
    game.events.append({"type": "gift-card", "player": player, "card": card, "private": player})
    return card
