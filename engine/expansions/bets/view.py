"""What The Bets adds to the views (agreed keys; renders and the bot read them).

T-3: the public view shows whose chips lie on each office, never their faces;
a seat's private view lists its own supply, not even its own staked chips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from engine.expansions.bets.state import state

if TYPE_CHECKING:
    from engine.game import Game


class OfficeView(TypedDict):
    x: int
    y: int
    chips: list[int]  # the seat of each staked chip, in staking order


class BetsPublic(TypedDict):
    """``extra["bets"]``; ``counts["chips"]`` is the supply size per seat."""

    offices: list[OfficeView]


# hidden["chips"]: the chip faces in the seat's own supply, e.g. "2|3".
BetsHidden = list[str]


def public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    st = state(game)
    counts["chips"] = tuple(len(s) for s in st.supply)
    extra["bets"] = BetsPublic(
        offices=[
            OfficeView(x=x, y=y, chips=[s.player for s in st.stacks[(x, y)]]) for x, y in st.offices
        ]
    )


def private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    chips: BetsHidden = list(state(game).supply[player])
    hidden["chips"] = chips
