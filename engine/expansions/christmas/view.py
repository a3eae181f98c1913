"""What Christmas Present adds to the views (agreed keys; renders and the bot
read them): ``counts["hand"]`` (cards per seat), ``extra["christmas"]``
(:class:`ChristmasPublic`) and ``hidden["hand"]`` (the seat's own cards)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypedDict

from engine.actions import named_feature
from engine.board import Feature
from engine.decks import shuffle
from engine.expansions.christmas.cards import BY_ID, DECKS, CardView, card_view
from engine.expansions.christmas.state import NAME, STEP_REACT, state, tiebreak_marks
from engine.marks import is_locked

if TYPE_CHECKING:
    from engine.game import Game


class LockView(TypedDict):
    """X-5.2: a locked feature, named by its first segment."""

    x: int
    y: int
    location: str
    feature: str
    completed: bool


class TiebreakView(TypedDict):
    """X-5.3: the seats with a tiebreak mark on a feature."""

    x: int
    y: int
    location: str
    feature: str
    players: list[int]


class DeferredView(TypedDict):
    """X-5.2: a locked feature's score, paid at game end."""

    feature: str
    x: int
    y: int
    tiles: int
    points: dict[str, int]  # by seat (as a string)


class MastermindView(TypedDict):
    owner: int
    victim: int


class ChristmasPublic(TypedDict):
    abbey: int  # cards left in each deck
    roadside: int
    discard: list[str]  # card ids
    in_play: list[str]  # cards resolving now
    locks: list[LockView]
    tiebreaks: list[TiebreakView]
    deferred: list[DeferredView]
    mastermind: MastermindView | None  # waiting for the victim's draw
    end_cards: dict[str, list[str]]  # revealed end cards by seat (as a string)


# hidden["hand"]: the seat's own cards.
ChristmasHidden = list[CardView]


def _where(game: Game, feat: Feature) -> tuple[int, int, str]:
    ref = named_feature(game.board, feat)
    return ref["x"], ref["y"], ref["location"]


def deferred_view(entry: dict[str, Any]) -> DeferredView:
    return {
        "feature": entry["feature"],
        "x": entry["x"],
        "y": entry["y"],
        "tiles": entry["tiles"],
        "points": {str(p): v for p, v in entry["points"].items()},
    }


def public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    st = state(game)
    counts["hand"] = tuple(len(h) for h in st.hands)
    locks: list[LockView] = []
    marks: list[TiebreakView] = []
    for _, feat in sorted(game.board.features.items()):
        if is_locked(feat):
            x, y, loc = _where(game, feat)
            locks.append(
                LockView(x=x, y=y, location=loc, feature=feat.kind, completed=feat.completed)
            )
        if tiebreak_marks(feat):
            x, y, loc = _where(game, feat)
            players = sorted(tiebreak_marks(feat))
            marks.append(TiebreakView(x=x, y=y, location=loc, feature=feat.kind, players=players))
    extra[NAME] = ChristmasPublic(
        abbey=len(st.decks["abbey"]),
        roadside=len(st.decks["roadside"]),
        discard=list(st.discard),
        in_play=list(st.in_play),
        locks=locks,
        tiebreaks=marks,
        deferred=[deferred_view(e) for e in st.deferred],
        mastermind=None
        if st.mastermind is None
        else MastermindView(owner=st.mastermind[0], victim=st.mastermind[1]),
        end_cards={str(p): list(c) for p, c in enumerate(st.end_cards) if c},
    )


def private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    hand: ChristmasHidden = [card_view(c) for c in state(game).hands[player]]
    hidden["hand"] = hand


def redraw(game: Game, seat: int, rng: random.Random) -> None:
    """Both decks' order and other seats' cards (X-1, X-2): which deck each
    card in a hand came from is public (the draw says), so per deck the
    cards neither in ``seat``'s hand nor face up are sorted, shuffled and
    dealt back to the places they fill. Answers already given to an attack
    (X-4.9) are hidden too: a seat that now holds the cancelling card is
    taken to have cancelled, any other to have let the attack pass."""
    st = state(game)
    others = [p for p in range(len(st.hands)) if p != seat]
    for deck in DECKS:
        places = [
            (p, i) for p in others for i, c in enumerate(st.hands[p]) if BY_ID[c].deck == deck
        ]
        pool = sorted(st.decks[deck] + [st.hands[p][i] for p, i in places])
        shuffle(pool, rng)
        for (p, i), card in zip(places, pool, strict=False):
            st.hands[p][i] = card
        st.decks[deck][:] = pool[len(places) :]
    question = st.ask
    if question is not None and question.step == STEP_REACT:
        for p in question.answers:
            if p != seat:
                question.answers[p] = any(BY_ID[c].behaviour.cancels_attacks for c in st.hands[p])
