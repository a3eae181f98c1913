"""What The Bets adds to the views (agreed keys; renders and the bot read them).

T-3: the public view shows whose chips lie on each office, never their faces;
a seat's private view lists its own supply, not even its own staked chips.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypedDict

from engine.decks import shuffle
from engine.expansions.bet_chips import FACES, face_order
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


class StakeView(TypedDict):
    """A chip the seat staked, as it remembers it (T-3 forbids looking, not
    remembering): ``hidden["staked"]`` of its seat view (engine.seat)."""

    x: int
    y: int
    chip: str


def remembered(game: Game, player: int, hidden: dict[str, Any]) -> None:
    st = state(game)
    staked: list[StakeView] = [
        StakeView(x=x, y=y, chip=s.face)
        for x, y in st.offices
        for s in st.stacks[(x, y)]
        if s.player == player
    ]
    hidden["staked"] = staked


def redraw(game: Game, seat: int, rng: random.Random) -> None:
    """Other seats' chips (T-3): each owns one of every face (T-7), so the
    faces on the offices are drawn again from those not in its supply
    either: all of its chips, shuffled, fill its staked places first."""
    st = state(game)
    for player, supply in enumerate(st.supply):
        if player == seat:
            continue
        staked = [s for pos in st.offices for s in st.stacks[pos] if s.player == player]
        if not staked:
            continue
        faces = sorted(supply + [s.face for s in staked], key=face_order)
        assert len(faces) == len(FACES)
        shuffle(faces, rng)
        for chip, face in zip(staked, faces, strict=False):
            chip.face = face
        supply[:] = sorted(faces[len(staked) :], key=face_order)
