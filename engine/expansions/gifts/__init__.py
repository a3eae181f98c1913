"""The Gifts (docs/rules/gifts.md G-1..G-10): receive a gift for helping another player's
road or city, open one before placing your tile, 2 points per unopened gift.

Plugged into the base turn only through hook points and action types:

- ``after_place``: receiving (G-2), decided on the owners right after placing;
- ``open-gift`` in the ``place`` step: opening (G-3, :mod:`.opening`) with each
  card's targets and plan from the card table (:mod:`.cards`); ``take-two``
  (G-8) then asks ``choose-tile`` in the ``tile-choice`` step (:mod:`.take_two`);
- ``after_final``: 2 points per unopened gift (G-9);
- ``public_view`` / ``private_view``: counts for everyone, cards for their owner.

State lives in ``game.ext["gifts"]`` (:class:`GiftsState`). Randomness: the
deck from ``shuffled(seed, "gifts", ...)`` (or ``decks.gifts``), reshuffles and
the position of a returned tile from ``game.rng``, so replays are exact.
"""

from __future__ import annotations

from engine.board import PlaceResult
from engine.expansions.gifts import opening, take_two, view
from engine.expansions.gifts.actions import CHOOSE, OPEN, ChooseTile, OpenGift
from engine.expansions.gifts.cards import CARDS, GiftCard, full_deck
from engine.expansions.gifts.opening import legal_openings
from engine.expansions.gifts.state import (
    CASH_OUT,
    CASH_OUT_POINTS,
    CHANGE_POSITION,
    END_POINTS,
    NAME,
    ROAD_SWEEPER,
    STEP_CHOOSE,
    SYNOD,
    TAKE_TWO,
    GiftsState,
    give,
    qualifies,
    state,
)
from engine.game import Game, shuffled
from engine.phases import STEP_PLACE, ActionSpec, Steps

ACTIONS = (OpenGift, ChooseTile)

__all__ = [
    "ACTIONS",
    "CARDS",
    "CASH_OUT",
    "CASH_OUT_POINTS",
    "CHANGE_POSITION",
    "CHOOSE",
    "END_POINTS",
    "NAME",
    "OPEN",
    "ROAD_SWEEPER",
    "STEP_CHOOSE",
    "SYNOD",
    "TAKE_TWO",
    "GiftCard",
    "GiftsState",
    "full_deck",
    "give",
    "install",
    "legal_openings",
    "qualifies",
    "state",
]


def install(game: Game) -> None:
    if NAME in game.decks:
        bad = [c for c in game.decks[NAME] if c not in CARDS]
        if bad:
            raise ValueError(
                f"unknown gift card {bad[0]!r} in decks.gifts; cards are {', '.join(CARDS)}"
            )
        deck = list(game.decks[NAME])
    else:
        deck = shuffled(game.seed, NAME, full_deck())
    game.ext[NAME] = GiftsState(deck, [], [[] for _ in game.players])
    h = game.hooks
    h.after_place.add(_after_place)
    h.after_final.add(_after_final)
    h.public_view.add(view.public_view)
    h.private_view.add(view.private_view)
    h.redraw.add(view.redraw)
    h.add_action(
        ActionSpec(
            OpenGift,
            frozenset({STEP_PLACE}),
            opening.legal_openings,
            opening.validate_open,
            opening.run_open,
        )
    )
    h.add_action(
        ActionSpec(
            ChooseTile,
            frozenset({STEP_CHOOSE}),
            take_two.legal_choices,
            take_two.validate_choose,
            take_two.run_choose,
        )
    )


def _after_place(game: Game, result: PlaceResult) -> Steps:
    """G-2: a gift for extending another player's road or city."""
    assert game.turn is not None
    player = game.turn.player
    if qualifies(game, player, result):
        give(game, player)
    yield from ()


def _after_final(game: Game) -> Steps:
    """G-9: 2 points per unopened gift."""
    st = state(game)
    for player, hand in enumerate(st.hands):
        if hand:
            game.award(
                player,
                END_POINTS * len(hand),
                {"feature": None, "reason": "unopened-gifts", "gifts": len(hand)},
            )
    yield from ()
