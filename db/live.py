"""The engine states of recently used games, and reading a game's rows.

A game's engine state is its action log replayed through the engine; the
store keeps the states of recently used games (:class:`LiveGames`, one per
store and process) so that an action or a read replays nothing. A cached
copy is *current* when it holds as many actions as the game's version and
its last action is the stored one (the same ``created_at``): an undo in
another process followed by a new action brings the version back to the
same number with a different log, and the count alone would not see it.
Every path that reads a game goes through that check (:meth:`LiveGames.state`),
and the version bump of an action repeats it in SQL (:func:`last_stamp`).
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from db.errors import CorruptGame, GameNotFound
from db.flows import record_of
from db.models import ActionLog, Seat
from db.models import Game as GameRow
from db.values import FINISHED, GameInfo, SeatInfo
from engine.game import Game
from engine.phases import Action, IllegalAction
from engine.record import SETUP, RecordError, upgrade
from engine.seat import ai_seats_from_record


@dataclass(frozen=True, slots=True)
class Live:
    game: Game
    seats: tuple[SeatInfo, ...]
    stamp: dt.datetime | None  # when its last action was stored; None: no action yet


class LiveGames:
    """The engine states of the ``size`` most recently used games."""

    def __init__(self, size: int = 256) -> None:
        self._cache: OrderedDict[int, Live] = OrderedDict()
        self.size = size

    def remember(
        self,
        game_id: int,
        game: Game,
        seats: Sequence[Seat | SeatInfo],
        stamp: dt.datetime | None,
    ) -> None:
        infos = tuple(x if isinstance(x, SeatInfo) else seat_info(x) for x in seats)
        self._cache[game_id] = Live(game, infos, stamp)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)

    def holds(self, game_id: int, game: Game) -> bool:
        """Whether ``game`` is still the cached state of the game."""
        live = self._cache.get(game_id)
        return live is not None and live.game is game

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def clear(self) -> None:
        self._cache.clear()

    def current(self, game_id: int, version: int, stamp: dt.datetime | None) -> Live | None:
        """The cached state when it is exactly at ``version`` with the stored
        last action (a game someone applied to outside the store is not: its
        action count differs; nor one undone and replayed elsewhere: its stamp)."""
        live = self._cache.get(game_id)
        if live is None or len(live.game.actions) != version or live.stamp != stamp:
            return None
        self._cache.move_to_end(game_id)
        return live

    async def state(
        self, s: AsyncSession, row: GameRow, seats: list[Seat], stamp: dt.datetime | None
    ) -> Game:
        """The engine state at ``row.version`` (whose last action has ``stamp``):
        the cached game when current, the cached game caught up from the log
        when behind (its own last action still stored), else a full replay."""
        live = self._cache.get(row.id)
        if live is not None:
            cached = live.game
            have = len(cached.actions)
            if have == row.version:
                known = stamp
            else:
                known = await stamp_of(s, row.id, have) if have < row.version else None
            if have <= row.version and known == live.stamp:
                if have == row.version:
                    self._cache.move_to_end(row.id)
                    return with_stored_ai(cached, row)
                try:
                    actions, last = await read_log(s, row.id, have, row.version)
                    for a in actions:
                        cached.apply(a)
                except (IllegalAction, CorruptGame):
                    self.forget(row.id)
                else:
                    self.remember(row.id, cached, live.seats, last)
                    return with_stored_ai(cached, row)
            self.forget(row.id)
        game, last = await replay(s, row, seats)
        self.remember(row.id, game, seats, last)
        return game


def with_stored_ai(game: Game, row: GameRow) -> Game:
    """``game`` with the AI seat entries stored since it was cached (a
    stand-in's, perhaps written by another process): the actions are the
    same, only what the AI of a seat plays with."""
    if row.ai:
        for seat, ai in ai_seats_from_record(row.ai, len(game.players)).items():
            if seat not in game.ai_seats:
                game.add_ai_seat(seat, ai)
    return game


# --- reading rows --------------------------------------------------------------------------
def last_stamp() -> Any:
    """SQL: when the game's last action was stored (correlated with ``games``)."""
    return (
        select(ActionLog.created_at)
        .where(ActionLog.game_id == GameRow.id, ActionLog.index == GameRow.version - 1)
        .scalar_subquery()
    )


async def load_rows(s: AsyncSession, game_id: int) -> tuple[GameRow, list[Seat]]:
    row = await s.get(GameRow, game_id)
    if row is None:
        raise GameNotFound(game_id)
    return row, (await seats_of(s, [game_id])).get(game_id, [])


async def load_stamped(
    s: AsyncSession, game_id: int
) -> tuple[GameRow, list[Seat], dt.datetime | None]:
    """The game's rows and the stamp of its last action, read together."""
    found = (
        await s.execute(select(GameRow, last_stamp()).where(GameRow.id == game_id))
    ).one_or_none()
    if found is None:
        raise GameNotFound(game_id)
    row, stamp = found
    return row, (await seats_of(s, [game_id])).get(game_id, []), stamp


async def seats_of(s: AsyncSession, game_ids: list[int]) -> dict[int, list[Seat]]:
    out: dict[int, list[Seat]] = {}
    if not game_ids:
        return out
    q = select(Seat).where(Seat.game_id.in_(game_ids)).order_by(Seat.game_id, Seat.seat_index)
    for seat in (await s.execute(q)).scalars():
        out.setdefault(seat.game_id, []).append(seat)
    return out


async def read_log(
    s: AsyncSession, game_id: int, start: int, stop: int
) -> tuple[list[Action], dt.datetime | None]:
    """Logged actions start..stop-1 and the stamp of the last one, read in
    one statement (so they agree whatever another process commits); gaps
    mean a broken store."""
    q = (
        select(ActionLog.index, ActionLog.action, ActionLog.created_at)
        .where(ActionLog.game_id == game_id, ActionLog.index >= start, ActionLog.index < stop)
        .order_by(ActionLog.index)
    )
    rows = [tuple(r) for r in (await s.execute(q)).all()]
    if [r[0] for r in rows] != list(range(start, stop)):
        raise CorruptGame(game_id, "the action log does not match its version")
    return [r[1] for r in rows], (rows[-1][2] if rows else None)


async def stamp_of(s: AsyncSession, game_id: int, count: int) -> dt.datetime | None:
    """When action ``count - 1`` was stored (None for none, or when it is gone)."""
    if count == 0:
        return None
    q = select(ActionLog.created_at).where(
        ActionLog.game_id == game_id, ActionLog.index == count - 1
    )
    return (await s.execute(q)).scalar_one_or_none()


async def replay(
    s: AsyncSession, row: GameRow, seats: list[Seat]
) -> tuple[Game, dt.datetime | None]:
    """A fresh engine state of the stored game, and its last action's stamp."""
    actions, stamp = await read_log(s, row.id, 0, row.version)
    record = record_of(row, [x.display_name for x in seats], actions, row.flow)
    try:
        done = upgrade(record, finished=row.status == FINISHED)
    except RecordError as exc:
        if exc.index == SETUP:
            raise CorruptGame(row.id, f"its setup is invalid: {exc.message}") from None
        raise CorruptGame(row.id, f"action {exc.index} does not replay: {exc}") from None
    if len(done.actions) != row.version:
        # An older flow's log that start-up has not brought up to date yet.
        raise CorruptGame(
            row.id,
            "it was stored under an older rules flow and needs the answers that flow "
            "did not ask: run `python -m db.migrate` (start-up does it)",
        )
    return done.game, stamp


# --- rows as values --------------------------------------------------------------------------
def seat_info(x: Seat) -> SeatInfo:
    return SeatInfo(
        x.seat_index, x.user_id, x.display_name, x.colour, x.is_ai, x.dm_reachable, x.mute_reminders
    )


def game_info(row: GameRow, seats: Sequence[Seat | SeatInfo]) -> GameInfo:
    return GameInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        host_id=row.host_id,
        status=row.status,
        expansions=tuple(row.expansions),
        seed=row.seed,
        decks=row.decks,
        turn_timeout_seconds=row.turn_timeout_seconds,
        timeout_policy=row.timeout_policy,
        options=dict(row.options),
        league_id=row.league_id,
        version=row.version,
        seats=tuple(x if isinstance(x, SeatInfo) else seat_info(x) for x in seats),
        created_at=row.created_at,
        updated_at=row.updated_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        ai=dict(row.ai) if row.ai is not None else None,
    )
