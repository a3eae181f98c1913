"""AI advice for The Bets (installed by engine.plugins beside the rules).

Stake the chip with the best rough expected payout on an open road or city of
the office's tile (pass when none pays); when choosing the feature that settles
a chip, take the one that pays the AI's own chips most.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import Feature
from engine.expansions.bet_chips import payout
from engine.expansions.bets.actions import CHOOSE, PASS, STAKE, SettleFeature
from engine.expansions.bets.settlement import resolve_choice
from engine.expansions.bets.state import STEP_FINAL, STEP_SETTLE, STEP_STAKE, features_on, state
from engine.phases import Action, Decision

if TYPE_CHECKING:
    from engine.game import Game

# AI levels: what an unfinished feature's expected points lose per tile still
# to come where offices end roads and split fields, which the completion table
# (measured on base tiles) does not expect (engine.ai.evaluate; measured by
# benchmarks.ai_erosion).
EROSION = 0.003

# Weights for how many tiles beyond the minimum a feature still gains.
_GROWTH: tuple[tuple[int, float], ...] = ((0, 0.4), (1, 0.3), (2, 0.2), (3, 0.1))


def _expected(face: str, feat: Feature, tiles_left: int) -> float:
    """Rough expected payout of ``face`` on ``feat``: at least one more tile per
    open edge, a little more likely; near the end the count stays as it is."""
    n = feat.size
    if tiles_left < 4 * max(1, feat.open_edges):
        return float(payout(face, n))
    base = n + feat.open_edges
    return sum(w * payout(face, base + extra) for extra, w in _GROWTH)


def _ai_stake(game: Game, player: int) -> Action:
    st = state(game)
    assert st.office is not None
    open_feats = [f for _, f in features_on(game, st.office) if not game.board.is_complete(f)]
    best, best_value = None, 0.0
    for face in st.supply[player]:
        value = max((_expected(face, f, len(game.bag)) for f in open_feats), default=0.0)
        if value > best_value:
            best, best_value = face, value
    if best is None:
        return {"player": player, "type": PASS}
    return {"player": player, "type": STAKE, "chip": best}


def _ai_choose(game: Game, player: int, legal: list[Action]) -> Action | None:
    """Pick the feature that pays the AI's own chip there most (a player knows
    which chip they staked, T-3 only forbids looking)."""
    st = state(game)
    best: Action | None = None
    best_points = -1
    for action in legal:
        if action["type"] != CHOOSE:
            continue
        pos = (action["x"], action["y"])
        _, root = resolve_choice(game, SettleFeature.from_record(action))
        tiles = game.board.features[root].size
        points = sum(payout(s.face, tiles) for s in st.stacks[pos] if s.player == player)
        if points > best_points:
            best, best_points = action, points
    return best


def ai_policy(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    if decision.step == STEP_STAKE:
        return _ai_stake(game, player)
    if decision.step in (STEP_SETTLE, STEP_FINAL):
        return _ai_choose(game, player, legal)
    return None


def worth(game: Game, player: int) -> float:
    """AI levels: the rough expected payout of ``player``'s staked chips (T-4, T-5)."""
    st = state(game)
    total = 0.0
    for pos in st.offices:
        mine = [s for s in st.stacks[pos] if s.player == player]
        if mine:
            feats = [f for _, f in features_on(game, pos) if not game.board.is_complete(f)]
            for chip in mine:
                total += max((_expected(chip.face, f, len(game.bag)) for f in feats), default=0.0)
    return total
