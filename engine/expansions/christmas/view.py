"""What Christmas Present adds to the views (agreed keys; renders and the bot
read them): ``counts["hand"]`` (cards per seat), ``extra["christmas"]``
(:class:`ChristmasPublic`) and ``hidden["hand"]`` (the seat's own cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from engine.actions import named_feature
from engine.board import Feature
from engine.expansions.christmas.cards import CardView, card_view
from engine.expansions.christmas.state import NAME, locked, state, tiebreak_marks

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
        if locked(feat):
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
