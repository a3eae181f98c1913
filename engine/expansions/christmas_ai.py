"""AI advice for Christmas Present decisions (appended to game.hooks.ai_policies).

Deterministic heuristics: always draw, always cancel attacks, pick the target
worth the most, play modifiers, keep end cards when discarding. For the base
``place``/``follower`` steps it only suggests playing a card when that is
clearly useful, and otherwise leaves the move to the base AI (returns None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import scoring
from engine.expansions import christmas as xm
from engine.expansions.christmas_cards import BY_ID
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action, Decision

if TYPE_CHECKING:
    from engine.game import Game

_KEEP_RANK = {"end": 3, "plain": 1, "lightning": 0}


def _feature_value(game: Game, feat: Any) -> int:
    return scoring.value(game, feat, game.board.is_complete(feat))[0] + 1


def _target_value(game: Game, player: int, card: str, opt: xm.Option) -> int:
    effect = BY_ID[card].effect
    data = opt.data
    if effect in ("claim", "claim_occupied", "tiebreak", "score_unfinished"):
        return _feature_value(game, data)
    if effect == "lock":  # hurt others, not yourself
        others = sum(1 for f in data.followers if f.player != player)
        mine = sum(1 for f in data.followers if f.player == player)
        return 10 * (others - mine) + _feature_value(game, data)
    if effect == "swap":
        a, b = data
        fa = game.board.feature_at(a.pos, a.seg)
        fb = game.board.feature_at(b.pos, b.seg)
        return _feature_value(game, fb) - _feature_value(game, fa)
    if effect == "return":
        feat = game.board.feature_at(data.pos, data.seg)
        return -_feature_value(game, feat)
    return 0


def ai_policy(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    st = xm.state(game)
    step = decision.step
    ask = st.ask
    if step == xm.STEP_DRAW:
        return next(a for a in legal if a["type"] == xm.DRAW and a["draw"])
    if step == xm.STEP_REACT:
        return next(a for a in legal if a["type"] == xm.REACT and a["cancel"])
    if step == xm.STEP_DISCARD:
        discards = [a for a in legal if a["type"] == xm.DISCARD]
        return min(discards, key=lambda a: sum(_KEEP_RANK[BY_ID[c].timing] for c in a["cards"]))
    if step == xm.STEP_MODIFIER:
        plays = [a for a in legal if a["type"] == xm.MODIFIER and a["card"] is not None]
        return plays[0] if plays else {"player": player, "type": xm.MODIFIER, "card": None}
    if step in (xm.STEP_TARGET, xm.STEP_MASTERMIND) and ask is not None and ask.options:
        card = ask.card or ""
        if ask.target in ("cell", "tile"):
            # Mastermind: the cell with the fewest rotations for the victim's tile.
            best = ask.options[0]
            if ask.target == "cell" and game.turn is not None:
                best = min(
                    ask.options,
                    key=lambda o: len(game.board.fits(game.turn.tile, o.key)),  # type: ignore[union-attr,arg-type]
                )
            return {"player": player, "type": xm.TARGET, **best.public}
        best = max(ask.options, key=lambda o: _target_value(game, player, card, o))
        return {"player": player, "type": xm.TARGET, **best.public}
    if step in (STEP_PLACE, STEP_FOLLOWER):
        by_card = {a["card"]: a for a in legal if a["type"] == xm.PLAY}
        for card in ("mastermind", "draw-two"):
            if card in by_card:
                return by_card[card]
        if "return-follower" in by_card and game.supply[player] == 0:
            return by_card["return-follower"]
        for card, action in by_card.items():
            if BY_ID[card].effect == "swap":
                options = xm.card_options(game, player, card) or []
                if any(_target_value(game, player, card, o) > 2 for o in options):
                    return action
    return None
