"""Targets of Christmas cards (X-3): what each kind of answer designates.

A question (:class:`~.state.Ask`) has a target kind; an ``xmas-target``
answer is matched against its options by the key the kind's reader computes
from the action, in the form of :attr:`Option.key`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from engine.actions import SegmentRef, find_segment, named_feature, segment_of
from engine.board import Feature, Follower, Pos
from engine.expansions.christmas.actions import XmasTarget
from engine.expansions.christmas.state import (
    Option,
    follower_key,
    follower_ref,
    root_of,
)
from engine.frozen import FrozenDict
from engine.marks import is_locked
from engine.phases import MalformedAction

if TYPE_CHECKING:
    from engine.game import Game


def _ref_segment(game: Game, ref: SegmentRef | None, what: str) -> tuple[Pos, int]:
    if ref is None:
        raise MalformedAction(f"a swap needs {what} ({SegmentRef.WHAT})")
    return find_segment(game.board, ref.x, ref.y, ref.location, what)


def _feature_key(game: Game, action: XmasTarget, player: int) -> Hashable:
    pos, seg = segment_of(game.board, action, "the target")
    return game.board.find(game.board.tiles[pos].nodes[seg])


def _follower_key(game: Game, action: XmasTarget, player: int) -> Hashable:
    pos, seg = segment_of(game.board, action, "the follower")
    return (pos[0], pos[1], game.board.location_name(pos, seg), player)


def _swap_key(game: Game, action: XmasTarget, player: int) -> Hashable:
    pa, sa = _ref_segment(game, action.mine, "'mine'")
    theirs = action.theirs
    if theirs is None:
        raise MalformedAction("a swap needs 'theirs' (the other follower, with its 'player')")
    pb, sb = find_segment(game.board, theirs.x, theirs.y, theirs.location, "'theirs'")
    return (
        (pa[0], pa[1], game.board.location_name(pa, sa), player),
        (pb[0], pb[1], game.board.location_name(pb, sb), theirs.player),
    )


def _cell_key(game: Game, action: XmasTarget, player: int) -> Hashable:
    if action.x is None or action.y is None:
        raise MalformedAction("the cell needs integer 'x' and 'y'")
    return (action.x, action.y)


def _tile_key(game: Game, action: XmasTarget, player: int) -> Hashable:
    if action.tile is None:
        raise MalformedAction("the answer needs 'tile', the tile kept")
    return action.tile


# Target kind -> the key an answer designates (IllegalAction if it names nothing).
TARGET_KEYS: dict[str, Callable[[Game, XmasTarget, int], Hashable]] = {
    "feature": _feature_key,
    "follower": _follower_key,
    "swap": _swap_key,
    "cell": _cell_key,
    "tile": _tile_key,
}


# Target kind -> the fields an answer names (any other is refused).
TARGET_FIELDS: dict[str, frozenset[str]] = {
    "feature": frozenset({"x", "y", "location"}),
    "follower": frozenset({"x", "y", "location"}),
    "swap": frozenset({"mine", "theirs"}),
    "cell": frozenset({"x", "y"}),
    "tile": frozenset({"tile"}),
}
MODIFIER_FIELDS = frozenset({"x", "y", "location"})  # the feature a modifier goes on


def feature_option(game: Game, feat: Feature) -> Option:
    return Option(named_feature(game.board, feat), root_of(game, feat), feat)


def _swappable(feat: Feature, kind: str | None) -> bool:
    """X-5.4: a feature of ``kind`` whose followers a swap may take."""
    return feat.kind == kind and not feat.completed and not is_locked(feat)


def has_swap(game: Game, player: int, kind: str | None) -> bool:
    """Whether :func:`swap_options` lists any pair, without listing them: some
    follower of ``player``'s and another player's on two different features."""
    # Card legality asks this on every listing while the card is held: a
    # yes/no needs no order, so the walk goes through the board's index of
    # features that may hold followers as it is (Board.occupied, stale roots
    # included: gone or empty), not followers() sorted, and stops at the
    # first feature that makes a pair with one walked before it.
    features = game.board.features
    seen_mine = seen_theirs = False  # on the features walked so far
    for root in game.board.occupied:
        feat = features.get(root)
        # _swappable, its cheapest test first: most features are of another kind
        if feat is None or feat.kind != kind or feat.completed or is_locked(feat):
            continue
        mine = theirs = False
        for f in feat.followers:
            if f.piece is None:
                if f.player == player:
                    mine = True
                else:
                    theirs = True
        if (mine and seen_theirs) or (theirs and seen_mine):
            return True
        seen_mine = seen_mine or mine
        seen_theirs = seen_theirs or theirs
    return False  # none on one side, or both sides on one feature only


def swap_options(game: Game, player: int, kind: str | None) -> list[Option]:
    """X-5.4: one of ``player``'s followers and another player's, each on an
    unfinished, unlocked feature of ``kind``, never the same feature, and
    never an expansion's piece such as the abbot (C-4)."""

    # Each follower named once, not once per pair; the names unchangeable
    # (FrozenDict), so the pairs share them and neither the question's info
    # nor the listing of its answers copies them again (engine.frozen).
    # One walk of the board's followers for both sides, each side then in
    # the order of Game.followers_of (plus the player for theirs).
    mine_on: list[tuple[Feature, Follower]] = []
    theirs_on: list[tuple[Feature, Follower]] = []
    for feat, f in game.board.followers():
        if f.piece is None and _swappable(feat, kind):
            (mine_on if f.player == player else theirs_on).append((feat, f))
    mine_on.sort(key=lambda ff: (ff[1].pos[1], ff[1].pos[0], ff[1].seg))
    theirs_on.sort(key=lambda ff: (ff[1].pos[1], ff[1].pos[0], ff[1].seg, ff[1].player))
    mine = [
        (feat, a, follower_key(game, a), FrozenDict(follower_ref(game, a))) for feat, a in mine_on
    ]
    theirs = [
        (feat, b, follower_key(game, b), FrozenDict(follower_ref(game, b), player=b.player))
        for feat, b in theirs_on
    ]
    out: list[Option] = []
    seen: set[Hashable] = set()
    for fa, a, key_a, ref_a in mine:
        for fb, b, key_b, ref_b in theirs:
            if fa is fb:
                continue
            key = (key_a, key_b)
            if key in seen:
                continue
            seen.add(key)
            out.append(Option(FrozenDict(mine=ref_a, theirs=ref_b), key, (a, b)))
    return out
