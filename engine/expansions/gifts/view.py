"""What The Gifts adds to the views (agreed keys; renders and the bot read them)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypedDict

from engine.decks import shuffle
from engine.expansions.gifts.state import NAME, state

if TYPE_CHECKING:
    from engine.game import Game


class GiftsPublic(TypedDict):
    """``extra["gifts"]``; ``counts["gifts"]`` is the gifts held per seat."""

    deck: int  # cards left face down
    discard: list[str]  # card ids, oldest first


# hidden["gifts"]: the card ids of the seat's own unopened gifts.
GiftsHidden = list[str]


def public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    st = state(game)
    counts[NAME] = tuple(len(h) for h in st.hands)
    extra[NAME] = GiftsPublic(deck=len(st.deck), discard=list(st.discard))


def private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    gifts: GiftsHidden = list(state(game).hands[player])
    hidden[NAME] = gifts


def redraw(game: Game, seat: int, rng: random.Random) -> None:
    """The deck's order and other seats' gifts (G-1, G-2): the cards neither
    in ``seat``'s hand nor on the discard pile, sorted, shuffled and dealt
    again, as many to each seat as it holds, the rest the deck."""
    st = state(game)
    others = [p for p in range(len(st.hands)) if p != seat]
    pool = sorted(st.deck + [c for p in others for c in st.hands[p]])
    shuffle(pool, rng)
    for p in others:
        n = len(st.hands[p])
        st.hands[p][:] = pool[:n]
        del pool[:n]
    st.deck[:] = pool
