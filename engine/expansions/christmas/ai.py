"""AI advice for Christmas Present (installed by engine.plugins beside the rules).

Deterministic heuristics: always draw, always cancel attacks, keep end cards
when discarding, play modifiers, and pick the option the card's own advice
(:meth:`~.effects.Behaviour.value`) likes best. In the base ``place`` and
``follower`` steps it plays a card only when the card's advice says so
(:meth:`~.effects.Behaviour.play_rank`), and otherwise leaves the move to the
base AI (returns None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.expansions.christmas.actions import DISCARD, DRAW, MODIFIER, PLAY, REACT, TARGET
from engine.expansions.christmas.cards import BY_ID
from engine.expansions.christmas.state import (
    STEP_DISCARD,
    STEP_DRAW,
    STEP_MASTERMIND,
    STEP_MODIFIER,
    STEP_REACT,
    STEP_TARGET,
    state,
)
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action, Decision

if TYPE_CHECKING:
    from engine.game import Game

# AI levels: what an unfinished feature loses per tile still to come to the
# roadside attacks (locks, claims, swaps, tiebreaks) and the abbey scorings
# (engine.ai.evaluate; measured by benchmarks.ai_erosion).
EROSION = 0.008

_KEEP_RANK = {"end": 3, "plain": 1, "lightning": 0}


def ai_policy(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    step = decision.step
    question = state(game).ask
    if step == STEP_DRAW:
        return next(a for a in legal if a["type"] == DRAW and a["draw"])
    if step == STEP_REACT:
        # Always cancel with the card in hand; without it, the one answer.
        return next((a for a in legal if a["type"] == REACT and a["cancel"]), legal[0])
    if step == STEP_DISCARD:
        discards = [a for a in legal if a["type"] == DISCARD]
        return min(discards, key=lambda a: sum(_KEEP_RANK[BY_ID[c].timing] for c in a["cards"]))
    if step == STEP_MODIFIER:
        plays = [a for a in legal if a["type"] == MODIFIER and a["card"] is not None]
        return plays[0] if plays else {"player": player, "type": MODIFIER, "card": None}
    if step in (STEP_TARGET, STEP_MASTERMIND) and question is not None and question.options:
        card = BY_ID[question.card or ""]
        best = max(question.options, key=lambda o: card.behaviour.value(game, player, o))
        return {"player": player, "type": TARGET, **best.public}
    if step in (STEP_PLACE, STEP_FOLLOWER):
        ranked = []
        for i, action in enumerate(a for a in legal if a["type"] == PLAY):
            card = BY_ID[action["card"]]
            rank = card.behaviour.play_rank(game, player, card)
            if rank is not None:
                ranked.append((rank, i, action))
        if ranked:
            return min(ranked, key=lambda r: (r[0], r[1]))[2]
    return None


def worth(game: Game, player: int) -> float:
    """AI levels: the cards in ``player``'s hand and the scores a lock holds
    back for the end (X-5.2)."""
    st = state(game)
    held = sum(BY_ID[c].behaviour.held_worth(game, player, BY_ID[c]) for c in st.hands[player])
    deferred: int = sum(entry["points"].get(player, 0) for entry in st.deferred)
    return held + deferred
