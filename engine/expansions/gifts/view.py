"""What The Gifts adds to the views (agreed keys; renders and the bot read them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

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
