"""The Gifts' and The Bets' fast paths (issue #35) against the plain
definitions they replace, at every step of random games with both (and
Christmas, whose locks the gifts respect, C-1). Speed is measured by
``python -m benchmarks.engine``; these tests only check the answers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import Game
from engine.actions import named_feature, named_segment
from engine.board import Feature
from engine.board import Follower as Piece
from engine.expansions import bets
from engine.expansions.bet_chips import CHIP_SET, payout
from engine.expansions.bets import settlement
from engine.expansions.bets.actions import CHOOSE
from engine.expansions.bets.state import (
    STEP_FINAL,
    STEP_SETTLE,
    feature_info,
    features_on,
    location_of,
)
from engine.expansions.bets.state import state as bets_state
from engine.expansions.gifts import targets
from engine.tiles import FOLLOWER_KINDS
from tests.quick import slow_after

EXPANSIONS = ("gifts", "bets", "christmas")


def _steps(seed: int, players: int = 4) -> Iterator[Game]:
    """Every state of a random game (the same game object, step after step)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], EXPANSIONS, seed)
    while game.pending is not None:
        yield game
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))


# --- the plain definitions ------------------------------------------------------------
def _own_spots(game: Game, player: int) -> list[tuple[Feature, Piece]]:
    seen = set()
    out = []
    for feat, f in game.followers_of(player):
        if f.piece is None and (f.pos, f.seg) not in seen and not targets.is_locked(game, feat):
            seen.add((f.pos, f.seg))
            out.append((feat, f))
    return out


def _road_sweeper(game: Game) -> list[dict[str, Any]]:
    board = game.board
    out = [
        named_feature(board, feat)
        for feat in board.features.values()
        if feat.kind == "road" and board.is_unfinished(feat) and not targets.is_locked(game, feat)
    ]
    out.sort(key=lambda a: (a["y"], a["x"], a["location"]))
    return out


def _change_position(game: Game, player: int) -> list[dict[str, Any]]:
    board = game.board
    out = []
    for feat, f in _own_spots(game, player):
        placed = board.tiles[f.pos]
        lying = feat.kind == "field"
        for i, seg in enumerate(placed.face.segments):
            if (seg.kind == "field") == lying or seg.kind not in FOLLOWER_KINDS:
                continue
            target = board.feature_of(placed.nodes[i])
            if not lying or (board.is_unfinished(target) and not targets.is_locked(game, target)):
                out.append({**named_segment(board, f.pos, f.seg), "to": placed.face.canonical[i]})
    return out


def _settle_choices(game: Game, player: int) -> list[dict[str, Any]]:
    st = bets_state(game)
    return [
        {"player": player, "type": CHOOSE, "x": pos[0], "y": pos[1], "location": f["location"]}
        for p, pos in st.asks
        if (p, pos) not in st.answers and p == player
        for f in feature_info(game, pos, st.asks[(p, pos)])
    ]


# --- the fast paths against them ----------------------------------------------------
@pytest.mark.parametrize("seed", slow_after(range(3)))
def test_g5_g6_g7_gift_targets_are_their_plain_definitions(seed: int) -> None:
    # targets._own_spots walks the board's followers once, not followers_of;
    # the road sweeper's and change position's listings read less per feature.
    seen = {"spots": 0, "roads": 0, "moves": 0}
    for game in _steps(seed):
        if game.pending is None or game.pending.step != "place":
            continue
        for player in range(len(game.players)):
            spots = targets._own_spots(game, player)
            assert spots == _own_spots(game, player)
            moves = targets.change_position_targets(game, player)
            assert moves == _change_position(game, player)
            assert targets.cash_out_targets(game, player) == [
                named_segment(game.board, f.pos, f.seg) for _, f in spots
            ]
            seen["spots"] += len(spots)
            seen["moves"] += len(moves)
        roads = targets.road_sweeper_targets(game, 0)
        assert roads == _road_sweeper(game)
        seen["roads"] += len(roads)
    assert min(seen.values()) > 50


@pytest.mark.parametrize("seed", slow_after(range(3)))
def test_t4_t5_settle_choices_are_the_open_asks_features(seed: int) -> None:
    # settlement.legal_choose reads the question put (pending.info), not the
    # board again: each feature of each open choice of the player's.
    asked = 0
    for game in _steps(seed):
        assert game.pending is not None
        if game.pending.step not in (STEP_SETTLE, STEP_FINAL):
            continue
        for player in range(len(game.players)):
            choices = settlement.legal_choose(game, player)
            assert choices == _settle_choices(game, player)
            asked += len(choices)
    assert asked > 10


@pytest.mark.parametrize("seed", slow_after(range(2)))
def test_t4_an_office_s_feature_is_named_by_its_first_location_there(seed: int) -> None:
    # bets.state.location_of walks the tile's segments, not features_on's list.
    named = 0
    for game in _steps(seed):
        for pos in bets_state(game).offices:
            for loc, feat in features_on(game, pos):
                for pos_, seg in feat.segments:
                    if pos_ == pos:
                        assert location_of(game, pos, game.board.tiles[pos].nodes[seg]) == loc
                        named += 1
    assert named > 100


def test_t4_t7_a_chip_pays_as_its_numbers_say_for_every_tile_count() -> None:
    # bet_chips.payout keeps its answers (functools.cache).
    for chip in CHIP_SET:
        for tiles in range(-1, 40):
            plain = max((w.points for w in chip.wins if w.matches(tiles)), default=0)
            assert payout(chip.face, tiles) == plain == payout(chip.face, tiles)
    with pytest.raises(KeyError):
        payout("9|9", 3)


def _bets_game(seed: int, at_install: bool) -> tuple[Game, int]:
    """A random 4-player bets game played out; with ``at_install`` the scoring
    hook is registered from the start, as it was before it came with the
    first office. Also returns the turns played before that office."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(4)], ("bets",), seed)
    if at_install:
        game.hooks.after_scoring.add(bets._after_scoring)
    before = 0
    while game.pending is not None:
        before += not bets_state(game).offices
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    return game, before


@pytest.mark.parametrize("seed", slow_after(range(3)))
def test_t2_t4_the_scoring_hooks_come_with_the_first_office(seed: int) -> None:
    # bets registers after_scoring when the first office is placed (none
    # before it: completion scoring is skipped when nothing completes): the
    # same game, events and scores as with it from the start.
    lazy, before = _bets_game(seed, at_install=False)
    plain, _ = _bets_game(seed, at_install=True)
    assert before > 1
    assert lazy.hooks.after_scoring.fns == [bets._after_scoring]
    assert lazy.hooks.feature_scored.fns == []
    assert lazy.record() == plain.record()
    assert lazy.events.since(0) == plain.events.since(0)
    assert lazy.scores == plain.scores
