"""Christmas marks on features and what keeps them through joins: the lock
(X-5.2) and the tiebreak marks (X-5.3).

A mark must follow its feature into every join, and a follower added to a
locked feature lies down. The two hook functions that do it come with the
first mark a game sets (:func:`set_mark`, :func:`.state.hook_when_needed`):
until then the board would call them on every join and every follower for
nothing. The tiebreak marks' part in ownership comes with the first of them
(:func:`tiebreak_strength`): until then every owners() would call it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import Feature, Follower
from engine.expansions.christmas.state import LOCK, TIEBREAK, hook_when_needed, tiebreak_marks
from engine.marks import is_locked

if TYPE_CHECKING:
    from engine.game import Game


def set_mark(game: Game, feat: Feature, key: str, value: object) -> None:
    """Put a mark on ``feat`` (LOCK or TIEBREAK), from then on kept through joins."""
    feat.marks[key] = value
    hook_when_needed(game.hooks.merge, merge)
    hook_when_needed(game.hooks.follower_placed, follower_placed)
    if key == TIEBREAK:
        hook_when_needed(game.hooks.owner_strength, tiebreak_strength)


def tiebreak_strength(game: Game, feat: Feature, counts: dict[int, int]) -> None:
    """owner_strength: +1 per mark for a player with followers there; two
    marks cancel (X-5.3)."""
    for p in tiebreak_marks(feat):
        if counts.get(p, 0) > 0:
            counts[p] += 1


def merge(game: Game, kept: Feature, absorbed: Feature) -> None:
    if not kept.marked and not absorbed.marked:
        return  # most joins: no lock, no tiebreak mark to carry on
    if is_locked(kept) or is_locked(absorbed):  # the lock spreads through a join
        kept.marks[LOCK] = True
        for f in (*kept.followers, *absorbed.followers):
            f.lying = True
    marks = tiebreak_marks(kept) | tiebreak_marks(absorbed)
    if marks:
        kept.marks[TIEBREAK] = sorted(marks)


def follower_placed(game: Game, feat: Feature, follower: Follower) -> None:
    if is_locked(feat):  # every follower added later lies down too
        follower.lying = True
