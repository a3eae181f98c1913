"""The moves the bot makes for a seat: an AI seat's, and a human seat's when
its time limit runs out (policy ``ai``: the AI's choice; ``skip``: a minimal
turn; a question on someone else's turn is let pass)."""

from __future__ import annotations

from bot import expansions
from bot.services.context import ai_for
from bot.services.legality import is_legal
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action

SKIP = "skip"


def passive_action(legal: list[Action]) -> Action | None:
    """The answer that lets a question pass (an expansion's adapter knows
    which), or None when nothing among ``legal`` is one."""
    for adapter in expansions.adapters():
        action = adapter.passive(legal)
        if action is not None:
            return action
    return None


def minimal_action(game: Game, seat: int) -> Action | None:
    """The skip policy's move: first legal placement, no follower, else pass."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    for a in legal:
        if a["type"] == STEP_PLACE:
            return a
    for a in legal:
        if a["type"] == STEP_FOLLOWER and a["location"] is None:
            return a
    return passive_action(legal)


def timeout_action(game: Game, seat: int, policy: str) -> Action:
    """What ``seat`` plays when its time runs out under ``policy``."""
    d = game.pending
    assert d is not None
    legal = game.legal_actions(seat)
    own_turn = d.active == seat and game.turn is not None and game.turn.player == seat
    choice: Action | None = None
    if not own_turn:
        # A question on another player's turn: let it pass.
        choice = passive_action(legal)
    if choice is None and policy == SKIP:
        choice = minimal_action(game, seat)
    if choice is None or not is_legal(game, choice):
        choice = ai_for(game, seat).choose(game, seat)
    return choice
