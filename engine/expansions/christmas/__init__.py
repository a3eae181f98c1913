"""Christmas Present (docs/rules/christmas.md X-1..X-6): two card decks, drawn around other
players' monasteries and on road-only tiles, with lightning, plain and end cards.

A package, one module per concern:

- :mod:`.cards`: the 32 designs, each one object whose behaviour
  (:mod:`.effects`) holds its options, affected players, why-not, effect,
  scoring and end-game parts and AI advice;
- :mod:`.play`: drawing (X-2), playing (X-3), resolving a card with its target
  and the reactions to an attack (X-4.9);
- :mod:`.hooks`: the base game's hook points (mastermind, modifiers, scoring,
  locks, hand limit, game end);
- :mod:`.state`, :mod:`.actions`, :mod:`.targets`, :mod:`.view`; the AI policy
  in :mod:`.ai` (installed by engine.plugins).

Every choice is an expansion decision (step names in :mod:`.state`) answered
by one record action (docs/record-format.md). State lives in
``game.ext["christmas"]``; the decks come from ``shuffled(seed,
"abbey"/"roadside")`` or the record's ``decks``, so replays are exact.
"""

from __future__ import annotations

from collections import Counter

from engine.expansions.christmas import hooks, play, reactions, view
from engine.expansions.christmas.actions import (
    DISCARD,
    DRAW,
    MODIFIER,
    PLAY,
    REACT,
    TARGET,
    XmasDiscard,
    XmasDraw,
    XmasModifier,
    XmasPlay,
    XmasReact,
    XmasTarget,
)
from engine.expansions.christmas.cards import BY_ID, COPIES, DECKS, Deck, deck_cards
from engine.expansions.christmas.play import legal_plays, why_not_playable
from engine.expansions.christmas.state import (
    NAME,
    STEP_DISCARD,
    STEP_DRAW,
    STEP_MASTERMIND,
    STEP_MODIFIER,
    STEP_REACT,
    STEP_TARGET,
    XmasState,
    state,
)
from engine.game import Game, shuffled
from engine.phases import STEP_FOLLOWER, STEP_PLACE, ActionSpec, Steps

ACTIONS = (XmasDraw, XmasPlay, XmasTarget, XmasReact, XmasModifier, XmasDiscard)

__all__ = [
    "ACTIONS",
    "DISCARD",
    "DRAW",
    "MODIFIER",
    "NAME",
    "PLAY",
    "REACT",
    "STEP_DISCARD",
    "STEP_DRAW",
    "STEP_MASTERMIND",
    "STEP_MODIFIER",
    "STEP_REACT",
    "STEP_TARGET",
    "TARGET",
    "XmasState",
    "card_total",
    "install",
    "legal_plays",
    "state",
    "why_not_playable",
]


def _deck(game: Game, name: Deck) -> list[str]:
    if name not in game.decks:
        return shuffled(game.seed, name, deck_cards(name))
    cards = list(game.decks[name])
    for c in cards:
        design = BY_ID.get(c)
        if design is None or design.deck != name:
            raise ValueError(f"{c!r} is not a card of the {name} deck (X-1)")
    extra = [c for c, n in Counter(cards).items() if n > COPIES]
    if extra:
        raise ValueError(f"decks.{name} holds more than {COPIES} copies of {extra[0]!r} (X-1)")
    return cards


def install(game: Game) -> None:
    n = len(game.players)
    game.ext[NAME] = XmasState(
        decks={d: _deck(game, d) for d in DECKS},
        hands=[[] for _ in range(n)],
        end_cards=[[] for _ in range(n)],
    )
    h = game.hooks
    h.after_place.add(play.after_place)
    h.before_scoring.add(hooks.before_scoring, idle_when_empty=True)  # none to modify
    h.before_final.add(hooks.before_final)
    h.score_feature.add(hooks.score_feature)
    h.public_view.add(view.public_view)
    h.private_view.add(view.private_view)
    h.redraw.add(view.redraw)
    turn_steps = frozenset({STEP_PLACE, STEP_FOLLOWER})
    h.add_action(
        ActionSpec(XmasPlay, turn_steps, play.legal_plays, play.validate_play, play.run_play)
    )
    # Answers to christmas questions: the waiting step takes them (run does nothing).
    for cls, steps, legal, validate in (
        (XmasDraw, {STEP_DRAW}, play.legal_draw, play.validate_draw),
        (XmasTarget, {STEP_TARGET, STEP_MASTERMIND}, play.legal_target, play.validate_target),
        (XmasReact, {STEP_REACT}, reactions.legal_react, reactions.validate_react),
        (XmasModifier, {STEP_MODIFIER}, hooks.legal_modifier, hooks.validate_modifier),
        (XmasDiscard, {STEP_DISCARD}, hooks.legal_discard, hooks.validate_discard),
    ):
        h.add_action(ActionSpec(cls, frozenset(steps), legal, validate, _answer))


def _answer(game: Game, action: object) -> Steps:
    """Answers to christmas questions are consumed by the waiting step itself."""
    yield from ()


def card_total(game: Game) -> int:
    """Cards anywhere (decks, hands, discard, resolving): 64 with full decks (X-1)."""
    st = state(game)
    return (
        sum(len(d) for d in st.decks.values())
        + sum(map(len, st.hands))
        + len(st.discard)
        + len(st.in_play)
    )
