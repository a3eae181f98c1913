"""Christmas cards with a target on the board (X-4.1..4.5, X-4.11, X-5.1..5.4).

Each class is the :class:`~.behaviour.Behaviour` of one kind of card: its
options, the players it attacks, its effect and the AI's valuation of a target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import scoring
from engine.actions import segment_of
from engine.board import Feature
from engine.expansions.christmas.actions import XmasTarget
from engine.expansions.christmas.behaviour import Behaviour, Resolution, feature_value
from engine.expansions.christmas.locks import set_mark
from engine.expansions.christmas.state import (
    LOCK,
    TIEBREAK,
    Option,
    features_of,
    follower_key,
    follower_ref,
    occupied_features_of,
    reason,
    state,
    tiebreak_marks,
    tied_owners,
)
from engine.expansions.christmas.targets import feature_option, has_swap, swap_options
from engine.marks import is_locked
from engine.phases import IllegalAction, Steps

if TYPE_CHECKING:
    from engine.expansions.christmas.cards import CardDesign
    from engine.game import Game


# --- X-4.1 ------------------------------------------------------------------------
class ScoreThree(Behaviour):
    def run(self, r: Resolution) -> Steps:
        r.game.events.append(r.ev)
        r.game.award(r.player, 3, {"reason": reason(r.card.id), "card": r.card.id})
        yield from ()


# --- ..4.4 -------------------------------------------------------------------
class ScoreUnfinished(Behaviour):
    """Score an unfinished feature you own through the scoring pipeline (X-3.3);
    locks hold (ruling)."""

    target = "feature"

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        return [  # an owner has followers there (B-6)
            feature_option(game, feat)
            for feat in occupied_features_of(game, card.feature)
            if game.board.is_unfinished(feat)
            and not is_locked(feat)
            and player in scoring.owners(game, feat)
        ]

    def run(self, r: Resolution) -> Steps:
        st = state(r.game)
        r.game.events.append(r.ev)
        st.card_scoring = (r.player, r.card.id)
        try:
            scoring.score_now(r.game, r.target.key, reason(r.card.id), False)  # type: ignore[arg-type]
        finally:
            st.card_scoring = None
        yield from ()

    def card_points(self, game: Game, score: scoring.FeatureScore) -> int:
        feat = score.feature
        if feat.kind == "road":
            return 2 * score.tiles
        if feat.kind == "city":
            return 2 * score.tiles + feat.pennants
        return game.board.ring_count(next(iter(feat.tiles)))

    def value(self, game: Game, player: int, opt: Option) -> float:
        return feature_value(game, opt.data)


# --- X-5.1 -------------------------------------------------------------------
class Claim(Behaviour):
    """A follower from supply on a feature not yet scored: unoccupied (X-4.5),
    or occupied by another player (``occupied``: X-5.1, an attack on them)."""

    target = "feature"

    def __init__(self, occupied: bool = False) -> None:
        self.occupied = occupied

    def _open(self, player: int, feat: Feature) -> bool:
        if self.occupied:
            return any(f.player != player for f in feat.followers)
        return not feat.followers

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        if game.supply[player] <= 0:  # followers placed by cards obey supply
            return []
        # needs another player's follower there: only occupied features.
        feats = (occupied_features_of if self.occupied else features_of)(game, card.feature)
        return [
            feature_option(game, feat)
            for feat in feats
            if not feat.completed and self._open(player, feat)
        ]

    def affected(self, game: Game, player: int, opt: Option | None) -> set[int]:
        if not self.occupied or opt is None:
            return set()
        return {f.player for f in opt.data.followers}

    def check_target(self, game: Game, card: CardDesign, action: XmasTarget) -> None:
        pos, seg = segment_of(game.board, action, "the target")
        if game.board.tiles[pos].face.segments[seg].kind != card.feature:
            raise IllegalAction(f"the follower must stand on a {card.feature}", code="wrong_target")

    def run(self, r: Resolution) -> Steps:
        assert r.action is not None
        pos, seg = segment_of(r.game.board, r.action, "the target")  # on the segment named
        f = r.game.add_follower(r.player, pos, seg)
        r.ev.update(follower_ref(r.game, f), feature=r.card.feature, lying=f.lying)
        r.game.events.append(r.ev)
        yield from ()

    def value(self, game: Game, player: int, opt: Option) -> float:
        return feature_value(game, opt.data)


# --- X-5.2 --------------------------------------------------------------------------
class Lock(Behaviour):
    """Lay down the followers of an unfinished feature; its score waits for the
    game end (hooks: score_feature, before_final; joins: :mod:`.locks`)."""

    target = "feature"

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        return [
            feature_option(game, feat)
            for feat in occupied_features_of(game, card.feature)
            if game.board.is_unfinished(feat) and not is_locked(feat)
        ]

    def affected(self, game: Game, player: int, opt: Option | None) -> set[int]:
        return set() if opt is None else {f.player for f in opt.data.followers}

    def run(self, r: Resolution) -> Steps:
        feat: Feature = r.target.data
        set_mark(r.game, feat, LOCK, True)
        for f in feat.followers:
            f.lying = True
        r.game.events.append(r.ev)
        yield from ()

    def value(self, game: Game, player: int, opt: Option) -> float:
        # Hurt others, not yourself.
        others = sum(1 for f in opt.data.followers if f.player != player)
        mine = sum(1 for f in opt.data.followers if f.player == player)
        return 10 * (others - mine) + feature_value(game, opt.data)


# --- X-5.3 --------------------------------------------------------------------------
class Tiebreak(Behaviour):
    """A mark on a feature where you are among the tied owners (one per player)."""

    target = "feature"

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        return [  # tied owners have followers there
            feature_option(game, feat)
            for feat in occupied_features_of(game, card.feature)
            if not feat.completed
            and player in tied_owners(feat)
            and player not in tiebreak_marks(feat)
        ]

    def affected(self, game: Game, player: int, opt: Option | None) -> set[int]:
        return set() if opt is None else set(tied_owners(opt.data))

    def run(self, r: Resolution) -> Steps:
        feat: Feature = r.target.data
        set_mark(r.game, feat, TIEBREAK, sorted(tiebreak_marks(feat) | {r.player}))
        r.game.events.append(r.ev)
        yield from ()

    def value(self, game: Game, player: int, opt: Option) -> float:
        return feature_value(game, opt.data)


# --- X-4.11 -------------------------------------------------------------------------
class ReturnFollower(Behaviour):
    """One of your followers back to supply, not one held by a lock (ruling),
    never an expansion's piece such as the abbot (C-4)."""

    target = "follower"

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        return [
            Option(follower_ref(game, f), follower_key(game, f), f)
            for feat, f in game.followers_of(player)
            if not is_locked(feat) and f.piece is None
        ]

    def run(self, r: Resolution) -> Steps:
        r.game.remove_follower(r.target.data)
        r.game.events.append(r.ev)
        yield from ()

    def value(self, game: Game, player: int, opt: Option) -> float:
        return -feature_value(game, game.board.feature_at(opt.data.pos, opt.data.seg))

    def play_rank(self, game: Game, player: int, card: CardDesign) -> int | None:
        return 2 if game.supply[player] == 0 else None


# --- X-5.4 --------------------------------------------------------------------------
class Swap(Behaviour):
    target = "swap"

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        return swap_options(game, player, card.feature)

    def has_options(self, game: Game, player: int, card: CardDesign) -> bool:
        return has_swap(game, player, card.feature)

    def affected(self, game: Game, player: int, opt: Option | None) -> set[int]:
        return set() if opt is None else {opt.data[1].player}

    def run(self, r: Resolution) -> Steps:
        a, b = r.target.data
        pa, sa, pb, sb = a.pos, a.seg, b.pos, b.seg
        r.game.move_follower(a, pb, sb)
        r.game.move_follower(b, pa, sa)
        r.game.events.append(r.ev)
        yield from ()

    def value(self, game: Game, player: int, opt: Option) -> float:
        a, b = opt.data
        fa = game.board.feature_at(a.pos, a.seg)
        fb = game.board.feature_at(b.pos, b.seg)
        return feature_value(game, fb) - feature_value(game, fa)

    def play_rank(self, game: Game, player: int, card: CardDesign) -> int | None:
        options = card.options(game, player) or []
        return 3 if any(self.value(game, player, o) > 2 for o in options) else None
