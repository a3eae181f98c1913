"""Reactions to an attack (X-4.9): one step asks every attacked player at once.

Whether a player holds a card that cancels attacks is hidden, so the public
side of the step never depends on it: every player the attack affects (a
public fact: :meth:`~.behaviour.Behaviour.affected`) is asked in the same
``xmas-attack`` step, answers in any order, and only the outcome is public.
A holder may answer ``cancel: true`` or ``false``; anybody else has the one
answer ``false`` (``engine.only_answer`` finds it, so the bot can send it at
once). The answers are then read in seat order after the attacker: the first
cancel stops the card, and a later player who also chose to cancel keeps
their card.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from engine.actions import GameAction
from engine.expansions.christmas.actions import REACT, XmasReact
from engine.expansions.christmas.cards import BY_ID, DESIGNS, CardDesign
from engine.expansions.christmas.state import STEP_REACT, Ask, Option, state
from engine.phases import Action, Decision, IllegalAction

if TYPE_CHECKING:
    from engine.game import Game

# The design that cancels attacks, for messages.
CANCELLER = next(d for d in DESIGNS if d.behaviour.cancels_attacks)


def affected(game: Game, player: int, card: CardDesign, opt: Option | None) -> list[int]:
    """Players an attack card acts against (X-4.9), in seat order after the attacker."""
    who = card.behaviour.affected(game, player, opt)
    who.discard(player)
    n = len(game.players)
    return sorted(who, key=lambda p: (p - player) % n)


def canceller(game: Game, player: int) -> str | None:
    """The card in ``player``'s hand that cancels an attack, if any (hidden)."""
    return next((c for c in state(game).hands[player] if BY_ID[c].behaviour.cancels_attacks), None)


def react(
    game: Game, attacker: int, card: CardDesign, opt: Option | None
) -> Generator[Decision, GameAction, bool]:
    """Ask every affected player at once; True when the attack is cancelled
    (the cancelling card then is discarded and public)."""
    who = affected(game, attacker, card, opt)
    if not who:
        return False
    st = state(game)
    question = Ask(STEP_REACT, attacker, card=card.id, waiting=list(who))
    info: dict[str, Any] = {"card": card.id, "attacker": attacker}
    if opt is not None:
        info["target"] = opt.public
    active = game.turn.player if game.turn is not None else attacker
    st.ask = question
    while question.waiting:
        action = yield Decision(STEP_REACT, tuple(question.waiting), active, (), info)
        assert isinstance(action, XmasReact)
        question.waiting.remove(action.player)
        question.answers[action.player] = action.cancel
    st.ask = None
    by = next((p for p in who if question.answers[p]), None)  # seat order after the attacker
    if by is None:
        game.events.append({"type": "xmas-not-cancelled", "player": attacker, "card": card.id})
        return False
    prevent = canceller(game, by)
    assert prevent is not None  # validated with the answer
    st.hands[by].remove(prevent)
    st.discard.append(prevent)
    game.events.append({"type": "xmas-cancel", "player": by, "card": card.id, "attacker": attacker})
    return True


def legal_react(game: Game, player: int) -> list[Action]:
    """Cancel (only with the card in hand) or let it pass; one answer without it."""
    question = state(game).ask
    if question is None or question.step != STEP_REACT or player not in question.waiting:
        return []
    answers = (True, False) if canceller(game, player) is not None else (False,)
    return [{"player": player, "type": REACT, "cancel": b} for b in answers]


def validate_react(game: Game, action: XmasReact) -> None:
    question = state(game).ask
    if question is None or question.step != STEP_REACT:
        raise IllegalAction("no attack is waiting for a reaction (X-4.9)", code="no_attack_waiting")
    if action.player not in question.waiting:
        raise IllegalAction(
            "you have already answered this attack (X-4.9)", code="already_answered"
        )
    if action.cancel and canceller(game, action.player) is None:
        # Said to the sender alone, about the sender's own hand.
        raise IllegalAction(
            f"'cancel' may be true only when you discard a {CANCELLER.name} card from your "
            "hand (X-4.9); send false to let the attack pass",
            code="no_card_to_cancel",
        )
