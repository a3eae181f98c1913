"""AI advice for The Gifts (engine.ai calls it through ``game.hooks.ai_policies``).

A gift is opened when its estimated gain beats the 2 points it is worth kept
unopened (G-9); with two tiles drawn (G-8) the AI keeps the one whose best
placement it values more. Estimates reuse engine.ai's feature valuation, on
public information and the AI's own hand only (the pile's order is unknown;
its contents are public knowledge).
"""

from __future__ import annotations

import random

from engine.ai import SegmentPreview, feature_value, option_values, preview, preview_of
from engine.board import Feature
from engine.expansions.gifts import (
    CASH_OUT,
    CASH_OUT_POINTS,
    CHANGE_POSITION,
    CHOOSE,
    END_POINTS,
    OPEN,
    ROAD_SWEEPER,
    STEP_CHOOSE,
    SYNOD,
    TAKE_TWO,
    state,
)
from engine.game import Game
from engine.phases import STEP_PLACE, Action, Decision
from engine.tiles import FACES

FOLLOWER_BACK = 1.0  # worth of a follower returning to supply
GIFT_WORTH = 2.5  # a gift kept is 2 points (G-9), opened usually more
SAMPLE_KINDS = 6  # tile kinds from the pile sampled to judge Take two


def advise(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    if decision.step == STEP_CHOOSE:
        choices = [a for a in legal if a["type"] == CHOOSE]
        if not choices:
            return None
        return max(choices, key=lambda a: tile_value(game, player, a["tile"]))
    if decision.step != STEP_PLACE:
        return None
    openings = [a for a in legal if a["type"] == OPEN]
    if openings:
        best, gain = max(
            ((a, opening_gain(game, player, a)) for a in openings), key=lambda ag: ag[1]
        )
        if gain > END_POINTS:
            return best
    if any(a["type"] not in ("place", OPEN) for a in legal):
        return None  # another expansion's action is possible: leave the step to it
    return placement(game, player)


def placement(game: Game, player: int) -> Action | None:
    """The base AI's placement valuation plus the worth of a gift the tile
    would earn (G-2); None (base AI decides) when no gift is left to get."""
    st = state(game)
    if game.turn is None or not (st.deck or st.discard):
        return None
    kind = game.turn.tile
    rng = random.Random(f"gifts-ai/place/{len(game.actions)}/{player}")
    best: tuple[float, float, int, int, int] | None = None
    for x, y, r in game.legal_placements():
        value = max(option_values(game, player, kind, (x, y), r).values())
        if earns_gift(game, player, kind, x, y, r):
            value += GIFT_WORTH
        key = (value, rng.random(), x, y, r)
        if best is None or key > best:
            best = key
    if best is None:
        return None
    _, _, x, y, r = best
    return {"player": player, "type": "place", "x": x, "y": y, "rotation": r}


def earns_gift(game: Game, player: int, kind: str, x: int, y: int, rotation: int) -> bool:
    """G-2 as previewed: a road or city the tile joins belongs to others only."""
    for prev in preview(game.board, FACES[(kind, rotation)], (x, y)):
        if prev.kind in ("road", "city") and prev.counts:
            top = max(prev.counts.values())
            if prev.counts.get(player, 0) < top:
                return True
    return False


def tile_value(game: Game, player: int, kind: str) -> float:
    """The AI's value of its best placement of ``kind`` (-inf if none)."""
    best = float("-inf")
    for x, y, r in game.board.placements(kind):
        best = max(best, *option_values(game, player, kind, (x, y), r).values())
    return best


def _with(prev: SegmentPreview, player: int, delta: int) -> SegmentPreview:
    counts = dict(prev.counts)
    counts[player] = counts.get(player, 0) + delta
    if counts[player] <= 0:
        del counts[player]
    return SegmentPreview(
        prev.kind,
        prev.tiles,
        prev.open_edges,
        prev.pennants,
        counts,
        prev.cities_done,
        prev.cities_open,
    )


def _stake(game: Game, player: int, prev: SegmentPreview) -> float:
    return feature_value(game, player, prev, with_me=False)


def _feature(game: Game, a: Action, key: str = "location") -> Feature:
    placed = game.board.tiles[(a["x"], a["y"])]
    return game.board.feature_of(placed.nodes[placed.face.name_to_seg[a[key]]])


def opening_gain(game: Game, player: int, a: Action) -> float:
    """Estimated points gained by this opening (legal by construction)."""
    card = a["card"]
    if card == TAKE_TWO:
        return take_two_gain(game, player)
    feat = _feature(game, a)
    prev = preview_of(game, feat)
    if card == SYNOD:
        return feature_value(game, player, prev, with_me=True) - _stake(game, player, prev)
    if card == CASH_OUT:
        change = _stake(game, player, _with(prev, player, -1)) - _stake(game, player, prev)
        return CASH_OUT_POINTS * len(feat.followers) + change + FOLLOWER_BACK
    if card == ROAD_SWEEPER:
        mine = prev.counts.get(player, 0)
        if not prev.counts:
            return float("-inf")
        best = max(prev.counts.values())
        owners = [p for p, c in prev.counts.items() if c == best]
        now = prev.tiles * ((player in owners) - sum(p != player for p in owners) / 2)
        return now - _stake(game, player, prev) + mine * FOLLOWER_BACK
    assert card == CHANGE_POSITION
    dest = preview_of(game, _feature(game, a, "to"))
    before = _stake(game, player, prev) + _stake(game, player, dest)
    after = _stake(game, player, _with(prev, player, -1)) + _stake(
        game, player, _with(dest, player, 1)
    )
    return after - before


def take_two_gain(game: Game, player: int) -> float:
    """Expected gain of seeing a second tile: E[max(v1, v2)] - v1 over a
    sample of the kinds left in the pile (order unknown, contents public)."""
    assert game.turn is not None
    v1 = tile_value(game, player, game.turn.tile)
    kinds = sorted({k for k in game.bag if game.board.can_place(k)})
    if not kinds:
        return float("-inf")
    rng = random.Random(f"gifts-ai/{len(game.actions)}/{player}")
    sample = rng.sample(kinds, min(SAMPLE_KINDS, len(kinds)))
    weights = {k: game.bag.count(k) for k in sample}
    total = sum(weights.values())
    expected = sum(w * max(v1, tile_value(game, player, k)) for k, w in weights.items()) / total
    return expected - v1
