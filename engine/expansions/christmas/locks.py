"""Christmas marks on features and what keeps them through joins: the lock
(X-5.2) and the tiebreak marks (X-5.3).

A mark must follow its feature into every join, and a follower added to a
locked feature lies down. The two hook functions that do it are registered
with the first mark a game sets (:func:`set_mark`), not at install: until
then no feature carries one, and the board would call them on every join
and every follower for nothing (most games never lock or mark a feature).
Hooks are shared by a game's forks, which then call them too: without a
mark of theirs, they do nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import Feature, Follower
from engine.expansions.christmas.state import LOCK, TIEBREAK, tiebreak_marks
from engine.marks import is_locked

if TYPE_CHECKING:
    from engine.game import Game


def set_mark(game: Game, feat: Feature, key: str, value: object) -> None:
    """Put a mark on ``feat`` (LOCK or TIEBREAK), from then on kept through joins."""
    feat.marks[key] = value
    hooks = game.hooks
    if merge not in hooks.merge.fns:
        hooks.merge.add(merge)
        hooks.follower_placed.add(follower_placed)


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
