"""One action on one game, in one transaction: check that the seat may act
(Decision.players), let the engine apply it, log its record form and bump
the game's version; once the game is over, write its results.

The action is the engine's typed action (engine.actions); a record dict is
read by the engine's own parser first (its seat filled in), so there is one
reader of an action's shape. Calls on one game are serialised by the
store's per-game lock (db.table); across processes the version check
(``UPDATE games ... WHERE version = :expected`` and the same last action)
makes the loser fail with :class:`StaleGame` and change nothing. A killed
process leaves each game before or after a whole action: the log row and
the version bump commit together or not at all.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession

from db.errors import (
    ActionRejected,
    EngineFailure,
    GameFinished,
    GameNotFound,
    GameNotStarted,
    NotYourTurn,
    StaleGame,
)
from db.live import last_stamp, load_stamped
from db.models import ActionLog, GameResult, Timer
from db.models import Game as GameRow
from db.timers import HANDOFF, timer_info
from db.values import FINISHED, LOBBY, OVER, ActResult, SeatInfo, TimerInfo, ranks, utcnow
from engine.actions import GameAction, parse_action
from engine.game import Game
from engine.phases import Action, IllegalAction

if TYPE_CHECKING:
    from db.service import GameService

log = logging.getLogger(__name__)

# Which seat acts: from the seats, the seats the game waits for and the seat
# the action names (None: a record dict without one); raises when none may.
SeatFor = Callable[[Sequence[SeatInfo], tuple[int, ...], int | None], int]


@dataclass(frozen=True, slots=True)
class Applied:
    """An action stored: the result, and what the opened game keeps of it."""

    result: ActResult
    stamp: dt.datetime  # when it was stored
    timers: list[TimerInfo] | None  # the game's timers after it, when asked for


async def apply(
    store: GameService,
    game_id: int,
    seat_for: SeatFor,
    action: GameAction | Action,
    expected_version: int | None,
    *,
    with_timers: bool = False,
) -> Applied:
    """Apply ``action`` for the seat ``seat_for`` picks (the caller holds
    the game's lock). ``expected_version``, when given, is the version the
    player saw: any change since raises StaleGame. ``with_timers``: read the
    game's timers in the same transaction (its follow-up sets them)."""
    cache = store.live
    touched: Game | None = None  # set once the engine state may be ahead of the store
    try:
        async with store.db.write() as s:
            # Fast path: status, version and the last action's stamp only; the
            # cached game and seats serve when the cache is current (the usual case).
            head = (
                await s.execute(
                    select(GameRow.status, GameRow.version, last_stamp(), GameRow.guild_id).where(
                        GameRow.id == game_id
                    )
                )
            ).one_or_none()
            if head is None:
                raise GameNotFound(game_id)
            status, index, stamp, guild_id = head
            if status == LOBBY:
                raise GameNotStarted(game_id)
            if status in OVER:
                raise GameFinished(game_id, status)
            if expected_version is not None and expected_version != index:
                raise StaleGame()
            live = cache.current(game_id, index, stamp)
            if live is None:
                row, seat_rows, now_stamp = await load_stamped(s, game_id)
                await cache.state(s, row, seat_rows, now_stamp)
                live = cache.current(game_id, index, now_stamp)
                if live is None:
                    raise StaleGame()  # changed since the fast path looked
            game, seats = live.game, live.seats
            decision = game.pending
            if decision is None:
                raise GameFinished(game_id)
            asked = action.player if isinstance(action, GameAction) else _asked(action)
            seat = seat_for(seats, decision.players, asked)
            if seat not in decision.players:
                raise NotYourTurn([game.players[p] for p in decision.players])
            typed = _typed(action, seat, index)
            touched = game
            try:
                events = game.apply(typed)
            except IllegalAction as exc:
                touched = None  # the engine left the state exactly as before
                raise ActionRejected(str(exc), index) from None
            except Exception:
                log.exception("engine failure in game %s at action %s", game_id, index)
                raise EngineFailure(index) from None
            now = utcnow()
            values: dict[str, Any] = {"version": index + 1, "updated_at": now}
            if game.finished:
                values.update(status=FINISHED, finished_at=now)
            # Still the state the action was checked against: same version,
            # same last action (another process may have undone and replayed
            # since the fast path looked).
            guard = [GameRow.id == game_id, GameRow.version == index]
            if live.stamp is not None:
                guard.append(last_stamp() == live.stamp)
            bumped = await s.execute(
                update(GameRow)
                .where(*guard)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            if bumped.rowcount != 1:  # type: ignore[attr-defined]
                raise StaleGame()
            await s.execute(
                insert(ActionLog).values(
                    game_id=game_id,
                    index=index,
                    seat=seat,
                    action=typed.to_record(),
                    created_at=now,
                )
            )
            if game.finished:
                await finish(s, game_id, seats, game)
            owner = store.owner_elsewhere(guild_id) if store.owner_elsewhere else None
            if owner is not None:
                # The owner follows up (announces, AI seats, timers), even if
                # this process dies right after the commit.
                payload = {"since": index, "until": index + 1}
                await store.timers.hand_off(s, game_id, payload, owner)
            timers = await _timers(s, game_id) if with_timers else None
    except IntegrityError:
        # Another process stored this index first (the version check
        # normally catches that earlier).
        cache.forget(game_id)
        raise StaleGame() from None
    except OperationalError as exc:
        # PostgreSQL's serialization failure: a concurrent transaction changed
        # what this one read. Busy, full or lost databases are
        # StoreUnavailable already (db.session), never "stale".
        cache.forget(game_id)
        if str(getattr(exc.orig, "sqlstate", "")) == "40001":
            raise StaleGame() from None
        raise
    except BaseException:
        if touched is not None:
            cache.forget(game_id)
        raise
    cache.remember(game_id, game, seats, now)
    result = ActResult(game_id, index, index + 1, seat, events, game, game.finished)
    return Applied(result, now, timers)


def _asked(action: Action) -> int | None:
    asked = action.get("player") if isinstance(action, dict) else None
    return asked if isinstance(asked, int) and not isinstance(asked, bool) else None


def _typed(action: GameAction | Action, seat: int, index: int) -> GameAction:
    """The typed action of ``seat`` (a record dict read by the engine's parser)."""
    if isinstance(action, GameAction):
        return action
    try:
        return parse_action({**action, "player": seat} if isinstance(action, dict) else action)
    except IllegalAction as exc:  # MalformedAction: its shape is wrong
        raise ActionRejected(str(exc), index) from None


async def _timers(s: AsyncSession, game_id: int) -> list[TimerInfo]:
    q = (
        select(Timer)
        .where(Timer.game_id == game_id, Timer.kind != HANDOFF)
        .order_by(Timer.due_at, Timer.id)
    )
    return [timer_info(t) for t in (await s.execute(q)).scalars()]


async def finish(s: AsyncSession, game_id: int, seats: Sequence[SeatInfo], game: Game) -> None:
    """Write the immutable results (B-10: ties share the victory) and drop timers."""
    now = utcnow()
    scores = game.final_scores()
    places = ranks(scores)
    shared = places.count(1) > 1
    await s.execute(
        insert(GameResult),
        [
            {
                "game_id": game_id,
                "seat_index": x.index,
                "user_id": x.user_id,
                "is_ai": x.is_ai,
                "rank": places[x.index],
                "score": scores[x.index],
                "shared_win": shared and places[x.index] == 1,
                "created_at": now,
            }
            for x in seats
        ],
    )
    await s.execute(drop_timers(game_id))


def drop_timers(game_id: int) -> Any:
    """SQL: drop a game's timers at its end; handoffs stay for the owner to
    announce what happened (db.timers)."""
    return delete(Timer).where(Timer.game_id == game_id, Timer.kind != HANDOFF)
