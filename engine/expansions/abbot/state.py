"""The Abbot's names and where each abbot stands (docs/rules/abbot.md A-1..A-5).

The abbot is a :class:`engine.board.Follower` whose ``piece`` is ``"abbot"``:
on the board it counts as a follower (B-6, B-7); it comes from no follower
supply (A-1). Whether a seat's abbot is home is read off the board (it can
only stand on a monastery or a garden), so no state can disagree with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import Feature, Follower
from engine.tiles import RING_KINDS

if TYPE_CHECKING:
    from engine.game import Game

NAME = "abbot"
PIECE = NAME  # the piece's name: a follower action places it with "abbot": true
BACK_REASON = "abbot-back"  # "reason" of the score event of A-4
SPOT_KINDS = RING_KINDS  # a monastery or a garden


def abbot_on_board(game: Game, seat: int) -> tuple[Feature, Follower] | None:
    """``seat``'s abbot with its feature, or None while it is in supply (A-1)."""
    board = game.board
    for nodes in board.rings.values():
        for node in nodes:
            feat = board.feature_of(node)
            for f in feat.followers:
                if f.piece == PIECE and f.player == seat:
                    return feat, f
    return None


def abbots_home(game: Game) -> tuple[int, ...]:
    """Per seat, 1 when its abbot is in supply (the supply shows it apart, A-1)."""
    out = [1] * len(game.players)
    board = game.board
    for nodes in board.rings.values():
        for node in nodes:
            for f in board.feature_of(node).followers:
                if f.piece == PIECE:
                    out[f.player] = 0
    return tuple(out)
