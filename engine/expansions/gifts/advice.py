"""AI estimates of what opening each gift gains (the card table attaches them).

Estimates reuse engine.ai's feature valuation, on public information and the
AI's own hand only (the pile's order is unknown; its contents are public
knowledge). Each ``<card>_gain(game, player, action)`` takes a legal opening
as its record dict.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.ai.heuristics import Outlook, SegmentPreview, feature_value, preview_of
from engine.board import Feature
from engine.expansions.gifts.state import CASH_OUT_POINTS
from engine.phases import Action

if TYPE_CHECKING:
    from engine.game import Game

FOLLOWER_BACK = 1.0  # worth of a follower returning to supply
SAMPLE_KINDS = 6  # tile kinds from the pile sampled to judge Take two


def tile_value(game: Game, player: int, kind: str, outlook: Outlook | None = None) -> float:
    """The AI's value of its best placement of ``kind`` (-inf if none);
    ``outlook``: one already made for this decision (the board unchanged)."""
    outlook = outlook or Outlook(game, player)  # what it worked out serves every kind
    best = float("-inf")
    for x, y, r in game.board.placements(kind):
        best = max(best, outlook.best(kind, (x, y), r))
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


def synod_gain(game: Game, player: int, a: Action) -> float:
    prev = preview_of(game, _feature(game, a))
    return feature_value(game, player, prev, with_me=True) - _stake(game, player, prev)


def cash_out_gain(game: Game, player: int, a: Action) -> float:
    feat = _feature(game, a)
    prev = preview_of(game, feat)
    change = _stake(game, player, _with(prev, player, -1)) - _stake(game, player, prev)
    return CASH_OUT_POINTS * len(feat.followers) + change + FOLLOWER_BACK


def road_sweeper_gain(game: Game, player: int, a: Action) -> float:
    prev = preview_of(game, _feature(game, a))
    mine = prev.counts.get(player, 0)
    if not prev.counts:
        return float("-inf")
    best = max(prev.counts.values())
    owners = [p for p, c in prev.counts.items() if c == best]
    now = prev.tiles * ((player in owners) - sum(p != player for p in owners) / 2)
    return now - _stake(game, player, prev) + mine * FOLLOWER_BACK


def change_position_gain(game: Game, player: int, a: Action) -> float:
    prev = preview_of(game, _feature(game, a))
    dest = preview_of(game, _feature(game, a, "to"))
    before = _stake(game, player, prev) + _stake(game, player, dest)
    after = _stake(game, player, _with(prev, player, -1)) + _stake(
        game, player, _with(dest, player, 1)
    )
    return after - before


def take_two_gain(game: Game, player: int, a: Action | None = None) -> float:
    """Expected gain of seeing a second tile: E[max(v1, v2)] - v1 over a
    sample of the kinds left in the pile (order unknown, contents public)."""
    assert game.turn is not None
    outlook = Outlook(game, player)
    v1 = tile_value(game, player, game.turn.tile, outlook)
    kinds = sorted({k for k in game.bag if game.board.can_place(k)})
    if not kinds:
        return float("-inf")
    rng = random.Random(f"gifts-ai/{len(game.actions)}/{player}")
    sample = rng.sample(kinds, min(SAMPLE_KINDS, len(kinds)))
    weights = {k: game.bag.count(k) for k in sample}
    total = sum(weights.values())
    expected = (
        sum(w * max(v1, tile_value(game, player, k, outlook)) for k, w in weights.items()) / total
    )
    return expected - v1
