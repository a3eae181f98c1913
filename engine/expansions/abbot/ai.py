"""AI advice for The Abbot (installed by engine.plugins beside the rules).

In the follower step the AI weighs, besides the base AI's best follower (its
own valuation, engine.ai), the abbot on the tile's monastery or garden (A-3)
and taking the abbot back (A-4): points now plus the use of a free abbot,
against what the feature is still expected to pay. It speaks only when an
abbot option wins; otherwise the base AI decides as without the Abbot.
:func:`worth` is what the AI levels' evaluation counts for an abbot at home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai.heuristics import feature_value, preview_of
from engine.expansions.abbot.actions import BACK
from engine.expansions.abbot.rules import back_points
from engine.expansions.abbot.state import PIECE, abbots_home
from engine.phases import STEP_FOLLOWER, Action, Decision

if TYPE_CHECKING:
    from engine.game import Game

ABBOT_COST = 1.0  # the abbot tied up on the board (there is one)
REUSE = 3.0  # a free abbot early in the game: the next monastery or garden
NEIGHBOUR = 0.6  # expected worth of an empty cell around it (engine.ai's weight)


def _late(game: Game) -> float:
    return 1.0 - game.tiles_left() / 80.0  # as engine.ai: 0 early, ~1 at the end


def _expected(game: Game, tiles: int) -> float:
    """What a monastery or garden with ``tiles`` (itself and its neighbours)
    is expected to pay its owner by the end (B-7: 9; B-8: the tiles)."""
    return tiles + (9 - tiles) * NEIGHBOUR * (1.0 - _late(game))


def _best_follower(game: Game, player: int) -> float:
    """The base AI's value of its best follower choice (none: 0)."""
    turn = game.turn
    assert turn is not None and turn.placed is not None
    placed, best = turn.placed, 0.0
    legal = set(game.legal_followers() or [])
    for i, node in enumerate(placed.nodes):
        if placed.face.canonical[i] in legal:
            feat = game.board.feature_of(node)
            best = max(best, feature_value(game, player, preview_of(game, feat), with_me=True))
    return best


def _place_value(game: Game, player: int, location: str) -> float:
    turn = game.turn
    assert turn is not None and turn.placed is not None
    placed = turn.placed
    seg = placed.face.name_to_seg[location]
    feat = game.board.feature_of(placed.nodes[seg])
    return _expected(game, preview_of(game, feat).tiles) - ABBOT_COST


def _back_value(game: Game, player: int) -> float:
    now = back_points(game, player) or 0  # B-8: 1 + the tiles around it
    return now + REUSE * (1.0 - _late(game)) - _expected(game, now)


def ai_policy(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    if decision.step != STEP_FOLLOWER or game.turn is None or game.turn.player != player:
        return None
    options: list[tuple[float, Action]] = []
    for a in legal:
        if a["type"] == "follower" and a.get(PIECE) is True:
            options.append((_place_value(game, player, a["location"]), a))
        elif a["type"] == BACK:
            options.append((_back_value(game, player), a))
    if not options:
        return None
    best_value, best = max(options, key=lambda va: va[0])
    return best if best_value > max(0.0, _best_follower(game, player)) else None


def worth(game: Game, player: int) -> float:
    """AI levels: an abbot at home is worth its next monastery or garden, less
    as the game runs out (A-1; on the board, its feature counts instead)."""
    return REUSE * (1.0 - _late(game)) if abbots_home(game)[player] else 0.0
