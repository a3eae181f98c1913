"""Christmas Present's changes of the rules flow (engine.flows).

- Flow 2 (X-4.9, X-3.2): the attack question goes to every attacked player
  and the modifier question is put on public facts, holder or not. Before,
  only holders were asked (an attack's holders one after another, until one
  cancelled), so an older record lacks the answers of everyone else: the
  only answer of a player without the card, and "let it pass" of a holder
  asked after someone had cancelled (the first cancel in seat order wins,
  so the outcome is the same).
- Flow 3: fields a target or ``card: null`` does not use are refused; an
  older record's actions lose them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.expansions.christmas.actions import MODIFIER, REACT, TARGET, XmasModifier, XmasTarget
from engine.expansions.christmas.state import STEP_MODIFIER, STEP_REACT, state
from engine.expansions.christmas.targets import MODIFIER_FIELDS, TARGET_FIELDS
from engine.fields import drop_unused
from engine.phases import Action
from engine.plugins import Migration

if TYPE_CHECKING:
    from engine.game import Game

# The answer that lets each question pass (also the bot's automatic answer).
PASS: dict[str, Action] = {
    STEP_REACT: {"type": REACT, "cancel": False},
    STEP_MODIFIER: {"type": MODIFIER, "card": None},
}


def unasked_answers(game: Game) -> list[Action]:
    """Answers of the players still asked at an attack or modifier question
    (flow 2): the older flow never asked them."""
    d = game.pending
    if d is None or d.step not in PASS:
        return []
    return [{"player": p, **PASS[d.step]} for p in d.players]


def drop_unused_fields(game: Game, action: Action) -> Action:
    """Flow 3: an xmas-target or xmas-modifier without the fields its
    question does not use."""
    kind = action.get("type")
    if kind == TARGET:
        question = state(game).ask
        if question is not None and question.target in TARGET_FIELDS:
            return drop_unused(action, XmasTarget, TARGET_FIELDS[question.target])
    elif kind == MODIFIER:
        used = MODIFIER_FIELDS if action.get("card") is not None else frozenset()
        return drop_unused(action, XmasModifier, used)
    return action


MIGRATIONS = (
    Migration(
        2, "X-4.9, X-3.2: discreet questions put to everyone concerned", unasked=unasked_answers
    ),
    Migration(3, "fields a question does not use are refused", rewrite=drop_unused_fields),
)
