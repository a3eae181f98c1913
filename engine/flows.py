"""Versions of the rules flow, and records of older flows brought up to date.

The *rules flow* is which questions the engine asks, of whom, in what order,
and which answers it accepts. A record says which flow it was played under
(its ``flow`` field, docs/notation.md); a change that would make the records
of the flow before it unplayable (a question now put to more players, a
field now refused) adds one :class:`Migration` to the rules it concerns:
``Plugin.migrations`` of an expansion, or :data:`CORE` for the base game.
:func:`current` is the highest flow any of them brings records to.

:func:`upgrade` replays a record of an older flow once under the current one,
with every migration from its flow on: ``rewrite`` adjusts each recorded
action before it is applied; where a recorded action does not fit (someone
is still asked a question the older flow never put to them), ``unasked``
gives the answers the older flow did without (a seat with no choice: its
only answer; otherwise the answer that lets the question pass), and the
recorded action is tried again. A record of the current flow is replayed as
it is. Nothing else changes: the answers a player gave are kept, in order.

A record without ``flow`` was written before flows were recorded: it is
read as the newest of :data:`UNMARKED` it replays under (a migration only
acts where a recorded action does not fit, so it never changes a record that
already follows its flow).

Besides which questions are asked, a rule may change what an action does or
allows. A game keeps the flow it began under (``Game.flow``), and such a rule
applies from its flow on (C-1 binds the gifts from flow 2): a game begun
before the change finishes under the rule it began with, so that nothing
it recorded becomes illegal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.phases import Action, IllegalAction, only_answer
from engine.plugins import Migration, known_expansions, plugin_migrations

if TYPE_CHECKING:
    from engine.game import Game

FIELD = "flow"
LEGACY = 1  # the first flow
# A record without the field was written by a release before flows were
# recorded: played under flow 2 (X-4.9/X-3.2 asked of everyone, C-1) or flow
# 1 before it. It is read as the newest of them that it replays under.
UNMARKED = (2, 1)
_MAX_FILL = 64  # answers put before one recorded action, at most (a safety bound)


# Changes of the base game's flow (none yet).
CORE: tuple[Migration, ...] = ()


def migrations(expansions: Iterable[str] = ()) -> tuple[Migration, ...]:
    """The migrations of the base game and the named expansions (all
    registered ones when ``expansions`` is None), oldest flow first."""
    found = [*CORE, *plugin_migrations(expansions)]
    return tuple(sorted(found, key=lambda m: m.flow))


def current() -> int:
    """The flow this engine plays: the newest any migration brings records to."""
    names = known_expansions()
    flow = _CURRENT.get(names)
    if flow is None:  # once per set of registered expansions (every new game asks)
        flow = _CURRENT[names] = max((m.flow for m in migrations(names)), default=LEGACY)
    return flow


_CURRENT: dict[tuple[str, ...], int] = {}


def flow_of(record: dict[str, Any]) -> int:
    """The record's flow; ValueError when the field is not a flow number."""
    flow = record.get(FIELD, LEGACY)
    if not isinstance(flow, int) or isinstance(flow, bool) or flow < LEGACY:
        raise ValueError(f"'{FIELD}' must be a whole number from {LEGACY}, not {flow!r}")
    if flow > current():
        raise ValueError(
            f"the record was played under rules flow {flow}, newer than this engine's "
            f"({current()}): use a newer version"
        )
    return flow


@dataclass(frozen=True, slots=True)
class Upgraded:
    """A record's game under the current flow. ``actions``: the actions it
    applied (the record's, adjusted, with the answers the older flow did
    not ask for put in at the indexes ``added``); ``changed``: whether
    ``actions`` differ from the record's."""

    game: Game
    actions: list[Action]
    added: tuple[int, ...]
    changed: bool

    @property
    def flow(self) -> int:
        """The flow the game is played under."""
        return self.game.flow


class UpgradeError(Exception):
    """A recorded action that no migration makes fit: ``index`` in the
    record's actions, ``game`` the state just before it."""

    def __init__(self, index: int, message: str, game: Game) -> None:
        super().__init__(message)
        self.index = index
        self.message = message
        self.game = game


def upgrade(
    game: Game, actions: list[Action], flow: int, *, finished: bool | None = None
) -> Upgraded:
    """Apply ``actions`` (recorded under ``flow``) to ``game`` (fresh from
    the record's setup) under the current flow.

    ``finished``: whether the game is known to be over (the store says so).
    Then questions still open after the last action are answered as the
    older flow did without them. When unknown (a record file), only the
    answers of seats without a choice are put in at the end, and only when
    the record needed a migration before (it is then known to be older)."""
    steps = [m for m in migrations(game.expansions) if m.flow > flow]
    if not steps:
        for index, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise UpgradeError(index, f"action {index}: {exc}", game) from None
        return Upgraded(game, list(actions), (), False)
    rewrites = [m.rewrite for m in steps if m.rewrite is not None]
    fills = [m.unasked for m in steps if m.unasked is not None]
    out: list[Action] = []
    added: list[int] = []
    changed = False
    for index, recorded in enumerate(actions):
        action = recorded
        for rewrite in rewrites:
            action = rewrite(game, action)
        changed = changed or action != recorded
        for _ in range(_MAX_FILL):
            try:
                game.apply(action)
                break
            except IllegalAction as exc:
                answer = _unasked(game, fills)
                if answer is None:
                    raise UpgradeError(index, f"action {index}: {exc}", game) from None
                game.apply(answer)
                added.append(len(out))
                out.append(answer)
        else:  # pragma: no cover - a migration that keeps answering
            raise UpgradeError(index, f"action {index}: no migration makes it fit", game)
        out.append(action)
    if finished or (finished is None and added):
        for _ in range(_MAX_FILL):
            answer = _unasked(game, fills)
            if answer is None or (finished is None and only_answer(game, answer["player"]) is None):
                break
            game.apply(answer)
            added.append(len(out))
            out.append(answer)
    return Upgraded(game, out, tuple(added), changed or bool(added))


def _unasked(game: Game, fills: list[Callable[[Game], list[Action]]]) -> Action | None:
    """The first answer some migration puts in now, or None."""
    for fill in fills:
        answers = fill(game)
        if answers:
            return answers[0]
    return None
