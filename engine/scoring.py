"""Scoring (B-6..B-10): owners, feature values, completion and final scoring.

Every scoring goes through one pipeline so that expansions can adjust it:
evaluate -> ``score_feature`` hooks (modifiers, deferral) -> pay -> return
followers -> ``feature_scored`` hooks (e.g. bet settlement). Each payment is an
event in ``game.events``:
``{"type": "score", "player", "points", "feature", "reason", "tiles", ...}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.board import Feature
from engine.phases import Steps
from engine.tiles import FEATURE_KINDS, RING_KINDS

if TYPE_CHECKING:
    from engine.game import Game

COMPLETED = "completed"  # B-7
FINAL = "final"  # B-8


@dataclass(slots=True)
class FeatureScore:
    """One scoring of one feature, adjustable by ``score_feature`` hooks."""

    root: int
    feature: Feature
    reason: str
    complete: bool
    owners: list[int]
    points: dict[int, int]  # per owner
    tiles: int
    pennants: int = 0
    cities: int = 0  # farms: completed cities touched
    pay: bool = True  # False: computed now, paid later (e.g. locks)
    return_followers: bool = True
    detail: dict[str, Any] = field(default_factory=dict)


def follower_counts(feat: Feature) -> dict[int, int]:
    counts: dict[int, int] = {}
    for f in feat.followers:
        counts[f.player] = counts.get(f.player, 0) + 1
    return counts


def owners(game: Game, feat: Feature) -> list[int]:
    """B-6: the players with the most followers on the feature (ties share)."""
    if not feat.followers:
        return []
    counts = follower_counts(feat)
    if game.hooks.owner_strength.fns:
        game.hooks.owner_strength(game, feat, counts)
    elif len(counts) == 1:  # one player's followers (counts of at least 1): the owner
        return list(counts)
    best = max(counts.values())
    return sorted(p for p, c in counts.items() if c == best and c > 0)


def completed_cities(game: Game, feat: Feature) -> int:
    """B-8: completed cities a field touches (each counted once)."""
    board = game.board
    roots = {board.find(c) for c in feat.cities}
    return sum(1 for r in roots if board.features[r].open_edges == 0)


def value(game: Game, feat: Feature, complete: bool) -> tuple[int, int, int]:
    """(points, pennants, cities) of a feature scored complete (B-7) or at game
    end (B-8). A tile counts once per feature (``size``)."""
    n = feat.size
    if feat.kind == "road":
        return n, 0, 0
    if feat.kind == "city":
        return (2 * n + 2 * feat.pennants if complete else n + feat.pennants), feat.pennants, 0
    if feat.kind in RING_KINDS:  # a monastery, or a garden scored alike
        return (9 if complete else 1 + game.board.ring_count(feat.segments[0][0])), 0, 0
    cities = completed_cities(game, feat)
    return 3 * cities, 0, cities


def evaluate(game: Game, root: int, reason: str, complete: bool) -> FeatureScore:
    feat = game.board.features[root]
    points, pennants, cities = value(game, feat, complete)
    who = owners(game, feat)
    return FeatureScore(
        root=root,
        feature=feat,
        reason=reason,
        complete=complete,
        owners=who,
        points={p: points for p in who},
        tiles=feat.size,
        pennants=pennants,
        cities=cities,
    )


def pay(game: Game, score: FeatureScore) -> None:
    """Add the points, log them, return followers (unless told not to)."""
    feat = score.feature
    if score.pay and score.owners:
        at = min(feat.segments)[0]  # the tile first in (x, y) order
        for player in score.owners:
            pts = score.points.get(player, 0)
            if not score.detail:
                # Game.award, its event stored compact (engine.events): the
                # base game's own score events, most of a game's.
                game.scores[player] += pts
                game.events.scored(
                    player,
                    pts,
                    feat.kind,
                    score.reason,
                    score.tiles,
                    score.pennants,
                    score.cities,
                    at,
                )
                continue
            game.award(
                player,
                pts,
                {
                    "feature": feat.kind,
                    "reason": score.reason,
                    "tiles": score.tiles,
                    "pennants": score.pennants,
                    "cities": score.cities,
                    "at": [at[0], at[1]],
                    **score.detail,
                },
            )
    if score.return_followers and feat.kind != "field":
        game.return_followers(feat)


def score_now(game: Game, root: int, reason: str, complete: bool) -> FeatureScore:
    """Evaluate, let hooks adjust, pay and finish one feature's scoring."""
    score = evaluate(game, root, reason, complete)
    hooks = game.hooks
    if hooks.score_feature.fns:
        hooks.score_feature(game, score)
    pay(game, score)
    if hooks.feature_scored.fns:
        hooks.feature_scored(game, score)
    return score


def completion_scoring(game: Game, roots: list[int]) -> Steps:
    """Step 3 of a turn (B-7): the features the placed tile completed, each
    scored once, with or without followers (hooks such as bet settlement still
    see them). ``before_scoring`` hooks may ask for decisions first; when
    nothing is scored, only the hooks not idle then run."""
    board = game.board
    live: list[int] = []
    for r in roots:
        root = board.find(r)
        if root not in live and not board.features[root].completed:
            live.append(root)
    # Nothing scored (most turns): only the hooks not idle then (ScoringHook),
    # each called here (no generator of StepHook.run around them every turn).
    before, after = game.hooks.before_scoring, game.hooks.after_scoring
    for ahead in before.fns if live else before.when_empty:
        yield from ahead(game, live)
    scores = []
    for root in live:
        board.features[root].completed = True
        scores.append(score_now(game, root, COMPLETED, True))
    for behind in after.fns if live else after.when_empty:
        yield from behind(game, scores)


def final_scoring(game: Game) -> None:
    """B-8: incomplete roads, cities, monasteries (gardens, A-5), then farms."""
    board = game.board
    features = board.features
    hooks = game.hooks
    # Ascending roots (the board keeps its features in that order); no join
    # happens from here on: the roots stay. Only those holding followers
    # score (the roots in board.occupied) unless a hook that runs while
    # features score could put followers on others.
    roots: Iterable[int] = features
    if not (hooks.owner_strength.fns or hooks.score_feature.fns or hooks.feature_scored.fns):
        roots = sorted(r for r in board.occupied if r in features)
    by_kind: dict[str, list[int]] = {}
    for root in roots:
        by_kind.setdefault(features[root].kind, []).append(root)
    for kind in FEATURE_KINDS:
        for root in by_kind.get(kind, ()):
            feat = features[root]
            if feat.completed or not feat.followers:
                continue
            score_now(game, root, FINAL, False)


def winners(scores: list[int]) -> list[int]:
    """B-10: every player with the highest score."""
    best = max(scores)
    return [p for p, s in enumerate(scores) if s == best]
