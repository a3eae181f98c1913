"""The moves the bot makes for a seat: an AI seat's, and a human seat's when
its time limit runs out (policy ``ai``: the AI's choice; ``skip``: a minimal
turn; a question on someone else's turn is let pass), and the answer that
lets a question pass. All typed actions (engine.actions)."""

from __future__ import annotations

from collections.abc import Sequence

from bot import expansions
from bot.present.choices import legal
from db.values import SKIP
from engine.actions import Follower, GameAction, Place
from engine.game import Game


def passive_action(offered: Sequence[GameAction]) -> GameAction | None:
    """The answer that lets a question pass (an expansion's adapter knows
    which), or None when nothing among ``offered`` is one."""
    for adapter in expansions.adapters():
        action = adapter.passive(offered)
        if action is not None:
            return action
    return None


def minimal_action(game: Game, seat: int) -> GameAction | None:
    """The skip policy's move: first legal placement, no follower, else pass."""
    offered = legal(game, seat)
    if not offered:
        return None
    for a in offered:
        if isinstance(a, Place):
            return a
    for a in offered:
        if isinstance(a, Follower) and a.location is None:
            return a
    return passive_action(offered)


def timeout_action(game: Game, seat: int, policy: str) -> GameAction | None:
    """What ``seat`` plays when its time runs out under ``policy``; None
    where the AI decides (the caller asks it: the stand-in level, in this
    process or off the loop, bot.ai.OFF_LOOP)."""
    d = game.pending
    assert d is not None
    own_turn = d.active == seat and game.turn is not None and game.turn.player == seat
    choice: GameAction | None = None
    if not own_turn:
        # A question on another player's turn: let it pass.
        choice = passive_action(legal(game, seat))
    if choice is None and policy == SKIP:
        choice = minimal_action(game, seat)
    if choice is None or not game.is_legal(choice):
        return None
    return choice
