"""The game service: lobbies, seats and "apply this action to game G as user U".

Every action runs in one transaction: load the game (the action log replayed
through the engine, or this process's cached copy when it is current), check
that the user holds a seat that must act (Decision.players), let the engine
apply it, append it to the log and bump the game's version. Calls on one game
are serialised by a per-game asyncio lock in this process; across processes
the version check (``UPDATE games ... WHERE version = :expected``) makes the
loser fail with :class:`StaleGame` and change nothing.

A cached copy is *current* when it holds as many actions as the game's
version and its last action is the stored one (the same ``created_at``): an
undo in another process followed by a new action brings the version back to
the same number with a different log, and the count alone would not see it.
Every path that reads a game (actions, AI answers, timers, views) goes
through that check, and the version bump repeats it in SQL. A killed process leaves
each game before or after a whole action: the log row and the version bump
commit together or not at all. A database that cannot do the work raises
:class:`StoreUnavailable` (db.session) and changes nothing either.

Every write of a game goes through this service (the bot never writes SQL),
so its cache of engine states stays exact.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession

from db.errors import (
    ActionRejected,
    AlreadySeated,
    BadDecks,
    BadExpansions,
    BadName,
    BadOptions,
    BadSeed,
    BadTimeout,
    ColourTaken,
    CorruptGame,
    EngineFailure,
    GameFinished,
    GameNotFound,
    GameNotInLobby,
    GameNotStarted,
    HostOnly,
    NoSuchSeat,
    NotAiSeat,
    NothingToTakeBack,
    NotJson,
    NotSeated,
    NotYourSeat,
    NotYourTurn,
    SeatKind,
    SetupRefused,
    StaleGame,
    TableFull,
    UnknownColour,
    UnknownExpansion,
    UnknownPolicy,
    UnknownSetting,
)
from db.flows import record_of
from db.models import (
    ABANDONED,
    ACTIVE,
    COLOURS,
    DEFAULT_TIMEOUT_POLICY,
    FINISHED,
    LOBBY,
    OVER,
    TIMEOUT_POLICIES,
    ActionLog,
    GameResult,
    GuildSettings,
    Seat,
    Timer,
    utcnow,
)
from db.models import Game as GameRow
from db.session import Database
from db.timers import HANDOFF, Timers
from engine import flows
from engine.expansions import known_expansions
from engine.game import MAX_PLAYERS, Game
from engine.phases import Action, Event, IllegalAction
from engine.record import SETUP, RecordError, upgrade

log = logging.getLogger(__name__)

SEED_BITS = 62  # fits the BigInteger seed column
MAX_NAME = 100


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Options of one game; None fields take the guild's defaults."""

    turn_timeout_seconds: int | None = None
    timeout_policy: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    index: int
    user_id: int | None
    display_name: str
    colour: str
    is_ai: bool
    dm_reachable: bool
    mute_reminders: bool


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    status: str
    expansions: tuple[str, ...]
    seed: int
    decks: dict[str, list[str]] | None
    turn_timeout_seconds: int | None
    timeout_policy: str
    options: dict[str, Any]
    league_id: int | None
    version: int
    seats: tuple[SeatInfo, ...]
    created_at: dt.datetime
    updated_at: dt.datetime
    started_at: dt.datetime | None
    finished_at: dt.datetime | None

    @property
    def players(self) -> list[str]:
        return [s.display_name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A game's stored facts and its engine state. ``game`` is shared with the
    service's cache unless loaded with ``private=True``: read it right away
    (views, legal actions) and never ``apply()`` to it. ``stamp``: when its
    last action was stored (None before the first), which tells two states of
    the same length apart (:meth:`GameService.take_back`)."""

    info: GameInfo
    game: Game
    stamp: dt.datetime | None = None


@dataclass(frozen=True, slots=True)
class ActResult:
    """An applied action: its log ``index``, the game's new ``version`` and the
    events it caused (private events carry ``"private": seat``: filter them
    through engine.views before showing anything)."""

    game_id: int
    index: int
    version: int
    seat: int
    events: list[Event]
    game: Game
    finished: bool


@dataclass(frozen=True, slots=True)
class _Live:
    game: Game
    seats: tuple[SeatInfo, ...]
    stamp: dt.datetime | None  # when its last action was stored; None: no action yet


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        cache_size: int = 256,
        owner_elsewhere: Callable[[int], int | None] | None = None,
    ) -> None:
        """``owner_elsewhere(guild_id)``: the shard of the process that owns
        the guild's games when that is not this process, else None (one
        process: leave it out). An action on such a game leaves that process
        a handoff in its own transaction (db.timers)."""
        self.db = db
        self.timers = Timers(db)
        self.owner_elsewhere = owner_elsewhere
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # Engine state of recently used games, with their (fixed once started) seats.
        self._cache: OrderedDict[int, _Live] = OrderedDict()
        self._cache_size = cache_size

    # --- guild settings ---------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.db.read() as s:
            row = await s.get(GuildSettings, guild_id)
            return row or GuildSettings(
                guild_id=guild_id,
                default_expansions=[],
                turn_timeout_seconds=None,
                timeout_policy=DEFAULT_TIMEOUT_POLICY,
                options={},
            )

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some of default_expansions, turn_timeout_seconds,
        timeout_policy, games_channel_id, options."""
        allowed = {
            "default_expansions",
            "turn_timeout_seconds",
            "timeout_policy",
            "games_channel_id",
            "options",
        }
        unknown = set(changes) - allowed
        if unknown:
            raise UnknownSetting(sorted(unknown)[0])
        if "default_expansions" in changes:
            changes["default_expansions"] = _check_expansions(changes["default_expansions"])
        if "timeout_policy" in changes:
            _check_policy(changes["timeout_policy"])
        if "turn_timeout_seconds" in changes:
            _check_timeout(changes["turn_timeout_seconds"])
        async with self.db.write() as s:
            row = await s.get(GuildSettings, guild_id)
            if row is None:
                row = GuildSettings(
                    guild_id=guild_id,
                    default_expansions=[],
                    timeout_policy=DEFAULT_TIMEOUT_POLICY,
                    options={},
                )
                s.add(row)
            for key, value in changes.items():
                setattr(row, key, value)
            await s.flush()
            return row

    # --- lobby -------------------------------------------------------------------
    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        thread_id: int | None = None,
        expansions: Iterable[str] | None = None,
        seed: int | None = None,
        decks: dict[str, list[str]] | None = None,
        options: GameOptions | None = None,
        league_id: int | None = None,
    ) -> GameInfo:
        """A new game in its lobby, without seats. Unset expansions and options
        take the guild's defaults; an unset seed is random."""
        settings = await self.guild_settings(guild_id)
        opts = options or GameOptions()
        exps = _check_expansions(
            settings.default_expansions if expansions is None else list(expansions)
        )
        timeout = (
            opts.turn_timeout_seconds
            if opts.turn_timeout_seconds is not None
            else settings.turn_timeout_seconds
        )
        policy = opts.timeout_policy or settings.timeout_policy or DEFAULT_TIMEOUT_POLICY
        _check_timeout(timeout)
        _check_policy(policy)
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 2**63:
            raise BadSeed()
        if decks is not None and not (
            isinstance(decks, dict)
            and all(
                isinstance(v, list) and all(isinstance(c, str) for c in v) for v in decks.values()
            )
        ):
            raise BadDecks()
        _check_json(opts.extra, "options")
        now = utcnow()
        async with self.db.write() as s:
            row = GameRow(
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=thread_id,
                host_id=host_id,
                status=LOBBY,
                expansions=exps,
                seed=seed,
                decks=decks,
                turn_timeout_seconds=timeout,
                timeout_policy=policy,
                options=dict(opts.extra),
                league_id=league_id,
                version=0,
                flow=flows.current(),
                log_flow=flows.current(),
                created_at=now,
                updated_at=now,
            )
            s.add(row)
            await s.flush()
            return _info(row, [])

    async def add_seat(
        self,
        game_id: int,
        display_name: str,
        *,
        user_id: int | None = None,
        is_ai: bool = False,
        colour: str | None = None,
        dm_reachable: bool = True,
    ) -> SeatInfo:
        """Seat a human (``user_id``) or an AI (``is_ai=True``, no user) at the
        next free seat index."""
        name = display_name.strip() if isinstance(display_name, str) else ""
        if not name or len(name) > MAX_NAME:
            raise BadName(MAX_NAME)
        if is_ai == (user_id is not None):
            raise SeatKind()
        async with self._lock(game_id), self.db.write() as s:
            row, seats = await self._load_rows(s, game_id)
            _require_lobby(row)
            if len(seats) >= MAX_PLAYERS:
                raise TableFull(MAX_PLAYERS)  # B-1
            if user_id is not None and any(x.user_id == user_id for x in seats):
                raise AlreadySeated()
            taken = {x.colour for x in seats}
            if colour is None:
                colour = next(c for c in COLOURS if c not in taken)
            elif colour not in COLOURS:
                raise UnknownColour(colour, COLOURS)
            elif colour in taken:
                raise ColourTaken(colour)
            seat = Seat(
                game_id=game_id,
                seat_index=len(seats),
                user_id=user_id,
                display_name=name,
                colour=colour,
                is_ai=is_ai,
                dm_reachable=dm_reachable,
                mute_reminders=False,
            )
            s.add(seat)
            row.updated_at = utcnow()
            await s.flush()
            return _seat_info(seat)

    async def remove_seat(self, game_id: int, seat_index: int) -> None:
        """Free a lobby seat; later seats move up one so indexes stay 0..n-1."""
        async with self._lock(game_id), self.db.write() as s:
            row, seats = await self._load_rows(s, game_id)
            _require_lobby(row)
            if not 0 <= seat_index < len(seats):
                raise NoSuchSeat(game_id, seat_index)
            await s.execute(
                delete(Seat).where(Seat.game_id == game_id, Seat.seat_index == seat_index)
            )
            # One row at a time, upwards, so (game_id, seat_index) stays unique.
            for later in range(seat_index + 1, len(seats)):
                await s.execute(
                    update(Seat)
                    .where(Seat.game_id == game_id, Seat.seat_index == later)
                    .values(seat_index=later - 1)
                )
            row.updated_at = utcnow()

    async def set_seat_flags(
        self,
        game_id: int,
        seat_index: int,
        *,
        dm_reachable: bool | None = None,
        mute_reminders: bool | None = None,
    ) -> SeatInfo:
        async with self._lock(game_id), self.db.write() as s:
            _, seats = await self._load_rows(s, game_id)
            seat = next((x for x in seats if x.seat_index == seat_index), None)
            if seat is None:
                raise NoSuchSeat(game_id, seat_index)
            if dm_reachable is not None:
                seat.dm_reachable = dm_reachable
            if mute_reminders is not None:
                seat.mute_reminders = mute_reminders
            await s.flush()
            return _seat_info(seat)

    async def start_game(self, game_id: int, *, by_user: int | None = None) -> LoadedGame:
        """Lobby -> active: build the engine game from the seats (B-1: 2 to 6)."""
        async with self._lock(game_id), self.db.write() as s:
            row, seats = await self._load_rows(s, game_id)
            _require_lobby(row)
            if by_user is not None and by_user != row.host_id:
                raise HostOnly("start")
            # A game starts under the current rules flow (engine.flows).
            row.flow = row.log_flow = flows.current()
            try:
                game = Game(
                    [x.display_name for x in seats],
                    row.expansions,
                    row.seed,
                    row.decks or None,
                    row.flow,
                )
            except ValueError as exc:
                raise SetupRefused(str(exc)) from None
            now = utcnow()
            row.status, row.started_at, row.updated_at = ACTIVE, now, now
            if game.finished:  # a fixed empty tile deck: over before it began
                row.status, row.finished_at = FINISHED, now
                await self._finish(s, game_id, [_seat_info(x) for x in seats], game)
            await s.flush()
            self._remember(game_id, game, seats, None)
            return LoadedGame(_info(row, seats), game)

    async def abandon_game(self, game_id: int) -> GameInfo:
        """End a lobby or active game without results; its timers go too."""
        async with self._lock(game_id), self.db.write() as s:
            row, seats = await self._load_rows(s, game_id)
            if row.status in OVER:
                raise GameFinished(game_id, row.status)
            now = utcnow()
            row.status, row.finished_at, row.updated_at = ABANDONED, now, now
            await s.execute(_timers_of(game_id))
            await s.flush()
            return _info(row, seats)

    async def set_thread(self, game_id: int, thread_id: int) -> GameInfo:
        """Where the game is played (the Discord thread of its lobby)."""
        async with self._lock(game_id), self.db.write() as s:
            row, seats = await self._load_rows(s, game_id)
            row.thread_id = thread_id
            row.updated_at = utcnow()
            await s.flush()
            return _info(row, seats)

    async def update_options(self, game_id: int, **changes: Any) -> GameInfo:
        """Merge ``changes`` into the game's JSON options (e.g. resigned seats)."""
        _check_json(changes, "options")
        async with self._lock(game_id), self.db.write() as s:
            row, seats = await self._load_rows(s, game_id)
            row.options = {**(row.options or {}), **changes}
            row.updated_at = utcnow()
            await s.flush()
            return _info(row, seats)

    async def take_back(
        self,
        game_id: int,
        keep: int,
        *,
        expected_version: int,
        expected_stamp: dt.datetime | None = None,
    ) -> GameInfo:
        """Drop the logged actions from index ``keep`` on (an undo), in one
        transaction, if the game is still at ``expected_version`` and (when
        given) its last action is the one stored at ``expected_stamp`` (not
        another action of the same index after an undo elsewhere); the cached
        engine state is dropped with them (the next load replays)."""
        if not 0 <= keep < expected_version:
            raise NothingToTakeBack()
        async with self._lock(game_id):
            try:
                async with self.db.write() as s:
                    if expected_stamp is not None:
                        stamp = (
                            await s.execute(select(_last_stamp()).where(GameRow.id == game_id))
                        ).scalar_one_or_none()
                        if stamp != expected_stamp:
                            raise StaleGame()
                    bumped = await s.execute(
                        update(GameRow)
                        .where(
                            GameRow.id == game_id,
                            GameRow.version == expected_version,
                            GameRow.status == ACTIVE,
                        )
                        .values(version=keep, updated_at=utcnow())
                        .execution_options(synchronize_session=False)
                    )
                    if bumped.rowcount != 1:  # type: ignore[attr-defined]
                        raise StaleGame()
                    await s.execute(
                        delete(ActionLog).where(
                            ActionLog.game_id == game_id, ActionLog.index >= keep
                        )
                    )
            finally:
                self._forget(game_id)
            return await self.game_info(game_id)

    # --- reading -------------------------------------------------------------------
    async def game_info(self, game_id: int) -> GameInfo:
        async with self.db.read() as s:
            row, seats = await self._load_rows(s, game_id)
            return _info(row, seats)

    async def load_game(self, game_id: int, *, private: bool = False) -> LoadedGame:
        """The game's engine state (lobby games have none: GameNotStarted).
        ``private=True`` gives a fresh replay the caller owns (e.g. for AI lookahead)."""
        async with self.db.read() as s:
            row, seats, stamp = await self._load_stamped(s, game_id)
            if row.status == LOBBY:
                raise GameNotStarted(game_id)
            if private:
                game = await self._replay(s, row, seats)
            else:
                game = await self._engine_game(s, row, seats, stamp)
            return LoadedGame(_info(row, seats), game, stamp)

    async def list_active_games(
        self, *, guild_id: int | None = None, user_id: int | None = None
    ) -> list[GameInfo]:
        """Active games, oldest first; optionally of one guild and/or one user."""
        return await self.list_games(statuses=(ACTIVE,), guild_id=guild_id, user_id=user_id)

    async def list_games(
        self,
        *,
        statuses: Sequence[str] = (LOBBY, ACTIVE),
        guild_id: int | None = None,
        user_id: int | None = None,
        thread_id: int | None = None,
    ) -> list[GameInfo]:
        q = select(GameRow).where(GameRow.status.in_(list(statuses))).order_by(GameRow.id)
        if guild_id is not None:
            q = q.where(GameRow.guild_id == guild_id)
        if thread_id is not None:
            q = q.where(GameRow.thread_id == thread_id)
        if user_id is not None:
            q = q.where(GameRow.id.in_(select(Seat.game_id).where(Seat.user_id == user_id)))
        async with self.db.read() as s:
            rows = list((await s.execute(q)).scalars())
            seats = await self._seats_of(s, [r.id for r in rows])
            return [_info(r, seats.get(r.id, [])) for r in rows]

    async def export_record(self, game_id: int) -> dict[str, Any]:
        """The game's record (NOTATION.md) straight from the store."""
        async with self.db.read() as s:
            row, seats = await self._load_rows(s, game_id)
            actions = await self._actions(s, game_id, 0, row.version)
            return record_of(row, [x.display_name for x in seats], actions, row.flow)

    async def game_results(self, game_id: int) -> list[GameResult]:
        async with self.db.read() as s:
            q = select(GameResult).where(GameResult.game_id == game_id)
            return list((await s.execute(q.order_by(GameResult.seat_index))).scalars())

    # --- playing ---------------------------------------------------------------------
    async def act(
        self, game_id: int, user_id: int, action: Action, *, expected_version: int | None = None
    ) -> ActResult:
        """Apply ``action`` for ``user_id`` in game ``game_id``. ``player`` may be
        left out (the user's seat is filled in). ``expected_version``, when given,
        is the version the user saw: any change since raises StaleGame."""

        def seat_for(seats: Sequence[SeatInfo], waiting: tuple[int, ...]) -> int:
            mine = [x.index for x in seats if x.user_id == user_id]
            if not mine:
                raise NotSeated(game_id)
            asked = action.get("player") if isinstance(action, dict) else None
            if asked in mine:
                return int(asked)
            if asked is not None:
                raise NotYourSeat(asked)
            return next((i for i in mine if i in waiting), mine[0])

        return await self._act(game_id, seat_for, action, expected_version)

    async def act_as_ai(
        self,
        game_id: int,
        seat: int,
        action: Action,
        *,
        expected_version: int | None = None,
        allow_human: bool = False,
    ) -> ActResult:
        """Apply ``action`` for an AI seat. ``allow_human=True`` lets the bot act
        for a human seat (a turn-timeout policy)."""

        def seat_for(seats: Sequence[SeatInfo], waiting: tuple[int, ...]) -> int:
            held = next((x for x in seats if x.index == seat), None)
            if held is None:
                raise NoSuchSeat(game_id, seat)
            if not held.is_ai and not allow_human:
                raise NotAiSeat(seat)
            asked = action.get("player", seat) if isinstance(action, dict) else seat
            if asked != seat:
                raise NotYourSeat(asked)
            return seat

        return await self._act(game_id, seat_for, action, expected_version)

    async def _act(
        self,
        game_id: int,
        seat_for: Callable[[Sequence[SeatInfo], tuple[int, ...]], int],
        action: Action,
        expected_version: int | None,
    ) -> ActResult:
        async with self._lock(game_id):
            touched: Game | None = None  # set once the engine state may be ahead of the DB
            try:
                async with self.db.write() as s:
                    # Fast path: status, version and the last action's stamp only;
                    # the cached game and seats serve when the cache is current
                    # (the common case).
                    head = (
                        await s.execute(
                            select(
                                GameRow.status, GameRow.version, _last_stamp(), GameRow.guild_id
                            ).where(GameRow.id == game_id)
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
                    live = self._current(game_id, index, stamp)
                    if live is None:
                        row, seat_rows, now_stamp = await self._load_stamped(s, game_id)
                        await self._engine_game(s, row, seat_rows, now_stamp)
                        live = self._cache[game_id]
                        if len(live.game.actions) != index:
                            raise StaleGame()  # changed since the fast path looked
                    game, seats = live.game, live.seats
                    decision = game.pending
                    if decision is None:
                        raise GameFinished(game_id)
                    seat = seat_for(seats, decision.players)
                    if seat not in decision.players:
                        raise NotYourTurn([game.players[p] for p in decision.players])
                    act = _plain_action(action, seat, index)
                    touched = game
                    try:
                        events = game.apply(act)
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
                    # Still the state the action was checked against: same
                    # version, same last action (another process may have
                    # undone and replayed since the fast path looked).
                    guard = [GameRow.id == game_id, GameRow.version == index]
                    if live.stamp is not None:
                        guard.append(_last_stamp() == live.stamp)
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
                            game_id=game_id, index=index, seat=seat, action=act, created_at=now
                        )
                    )
                    if game.finished:
                        await self._finish(s, game_id, seats, game)
                    owner = self.owner_elsewhere(guild_id) if self.owner_elsewhere else None
                    if owner is not None:
                        # The owner follows up (announces, AI seats, timers), even
                        # if this process dies right after the commit.
                        payload = {"since": index, "until": index + 1}
                        await self.timers.hand_off(s, game_id, payload, owner)
            except IntegrityError:
                # Another process stored this index first (the version check
                # normally catches that earlier).
                self._forget(game_id)
                raise StaleGame() from None
            except OperationalError as exc:
                # PostgreSQL's serialization failure: a concurrent transaction
                # changed what this one read. Busy, full or lost databases are
                # StoreUnavailable already (db.session), never "stale".
                self._forget(game_id)
                if str(getattr(exc.orig, "sqlstate", "")) == "40001":
                    raise StaleGame() from None
                raise
            except BaseException:
                if touched is not None:
                    self._forget(game_id)
                raise
            self._remember(game_id, game, seats, now)
            return ActResult(game_id, index, index + 1, seat, events, game, game.finished)

    # --- internals -------------------------------------------------------------------
    @asynccontextmanager
    async def _lock(self, game_id: int) -> AsyncIterator[None]:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        async with lock:
            yield

    def _remember(
        self,
        game_id: int,
        game: Game,
        seats: Sequence[Seat | SeatInfo],
        stamp: dt.datetime | None,
    ) -> None:
        infos = tuple(x if isinstance(x, SeatInfo) else _seat_info(x) for x in seats)
        self._cache[game_id] = _Live(game, infos, stamp)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def _current(self, game_id: int, version: int, stamp: dt.datetime | None) -> _Live | None:
        """The cached state when it is exactly at ``version`` with the stored
        last action (a game someone applied to outside the service is not: its
        action count differs; nor one undone and replayed elsewhere: its stamp)."""
        live = self._cache.get(game_id)
        if live is None or len(live.game.actions) != version or live.stamp != stamp:
            return None
        self._cache.move_to_end(game_id)
        return live

    async def _load_rows(self, s: AsyncSession, game_id: int) -> tuple[GameRow, list[Seat]]:
        row = await s.get(GameRow, game_id)
        if row is None:
            raise GameNotFound(game_id)
        seats = (await self._seats_of(s, [game_id])).get(game_id, [])
        return row, seats

    async def _load_stamped(
        self, s: AsyncSession, game_id: int
    ) -> tuple[GameRow, list[Seat], dt.datetime | None]:
        """The game's rows and the stamp of its last action, read together."""
        found = (
            await s.execute(select(GameRow, _last_stamp()).where(GameRow.id == game_id))
        ).one_or_none()
        if found is None:
            raise GameNotFound(game_id)
        row, stamp = found
        seats = (await self._seats_of(s, [game_id])).get(game_id, [])
        return row, seats, stamp

    async def _seats_of(self, s: AsyncSession, game_ids: list[int]) -> dict[int, list[Seat]]:
        out: dict[int, list[Seat]] = {}
        if not game_ids:
            return out
        q = select(Seat).where(Seat.game_id.in_(game_ids)).order_by(Seat.game_id, Seat.seat_index)
        for seat in (await s.execute(q)).scalars():
            out.setdefault(seat.game_id, []).append(seat)
        return out

    async def _actions(self, s: AsyncSession, game_id: int, start: int, stop: int) -> list[Action]:
        """Logged actions start..stop-1; gaps mean a broken store."""
        return (await self._log(s, game_id, start, stop))[0]

    async def _log(
        self, s: AsyncSession, game_id: int, start: int, stop: int
    ) -> tuple[list[Action], dt.datetime | None]:
        """Logged actions start..stop-1 and the stamp of the last one, read in
        one statement (so they agree whatever another process commits)."""
        q = (
            select(ActionLog.index, ActionLog.action, ActionLog.created_at)
            .where(ActionLog.game_id == game_id, ActionLog.index >= start, ActionLog.index < stop)
            .order_by(ActionLog.index)
        )
        rows = [tuple(r) for r in (await s.execute(q)).all()]
        if [r[0] for r in rows] != list(range(start, stop)):
            raise CorruptGame(game_id, "the action log does not match its version")
        return [r[1] for r in rows], (rows[-1][2] if rows else None)

    async def _stamp(self, s: AsyncSession, game_id: int, count: int) -> dt.datetime | None:
        """When action ``count - 1`` was stored (None for none, or when it is gone)."""
        if count == 0:
            return None
        q = select(ActionLog.created_at).where(
            ActionLog.game_id == game_id, ActionLog.index == count - 1
        )
        return (await s.execute(q)).scalar_one_or_none()

    async def _engine_game(
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
                known = await self._stamp(s, row.id, have) if have < row.version else None
            if have <= row.version and known == live.stamp:
                if have == row.version:
                    self._cache.move_to_end(row.id)
                    return cached
                try:
                    actions, last = await self._log(s, row.id, have, row.version)
                    for a in actions:
                        cached.apply(a)
                except (IllegalAction, CorruptGame):
                    self._forget(row.id)
                else:
                    self._remember(row.id, cached, live.seats, last)
                    return cached
            self._forget(row.id)
        game, last = await self._replay_stamped(s, row, seats)
        self._remember(row.id, game, seats, last)
        return game

    async def _replay(self, s: AsyncSession, row: GameRow, seats: list[Seat]) -> Game:
        return (await self._replay_stamped(s, row, seats))[0]

    async def _replay_stamped(
        self, s: AsyncSession, row: GameRow, seats: list[Seat]
    ) -> tuple[Game, dt.datetime | None]:
        actions, stamp = await self._log(s, row.id, 0, row.version)
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

    async def _finish(
        self, s: AsyncSession, game_id: int, seats: Sequence[SeatInfo], game: Game
    ) -> None:
        """Write the immutable results (B-10: ties share the victory) and drop timers."""
        now = utcnow()
        scores = game.final_scores()
        ranks = [1 + sum(o > sc for o in scores) for sc in scores]
        shared = ranks.count(1) > 1
        await s.execute(
            insert(GameResult),
            [
                {
                    "game_id": game_id,
                    "seat_index": x.index,
                    "user_id": x.user_id,
                    "is_ai": x.is_ai,
                    "rank": ranks[x.index],
                    "score": scores[x.index],
                    "shared_win": shared and ranks[x.index] == 1,
                    "created_at": now,
                }
                for x in seats
            ],
        )
        await s.execute(_timers_of(game_id))


# --- helpers -----------------------------------------------------------------------------
def _last_stamp() -> Any:
    """SQL: when the game's last action was stored (correlated with ``games``)."""
    return (
        select(ActionLog.created_at)
        .where(ActionLog.game_id == GameRow.id, ActionLog.index == GameRow.version - 1)
        .scalar_subquery()
    )


def _timers_of(game_id: int) -> Any:
    """SQL: drop a game's timers at its end; handoffs stay for the owner to
    announce what happened (db.timers)."""
    return delete(Timer).where(Timer.game_id == game_id, Timer.kind != HANDOFF)


def _plain_action(action: Action, seat: int, index: int) -> Action:
    """The action as it will be logged: a JSON object with its seat filled in.
    Anything that would not come back identical from JSON is refused, so that
    the log replays exactly."""
    if not isinstance(action, dict):
        raise NotJson(index, "object")
    act = {**action, "player": seat}
    try:
        same = json.loads(json.dumps(act)) == act
    except (TypeError, ValueError):
        same = False
    if not same:
        raise NotJson(index, "values")
    return act


def _check_expansions(expansions: Any) -> list[str]:
    if not isinstance(expansions, list | tuple) or not all(isinstance(e, str) for e in expansions):
        raise BadExpansions()
    known = known_expansions()
    unknown = [e for e in expansions if e not in known]
    if unknown:
        raise UnknownExpansion(unknown[0], known)
    return list(dict.fromkeys(expansions))


def _check_policy(policy: Any) -> None:
    if policy not in TIMEOUT_POLICIES:
        raise UnknownPolicy(policy, TIMEOUT_POLICIES)


def _check_timeout(seconds: Any) -> None:
    if seconds is not None and (
        not isinstance(seconds, int) or isinstance(seconds, bool) or seconds <= 0
    ):
        raise BadTimeout()


def _check_json(value: Any, what: str) -> None:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        raise BadOptions(what) from None


def _require_lobby(row: GameRow) -> None:
    if row.status != LOBBY:
        raise GameNotInLobby(row.id, row.status)


def _seat_info(x: Seat) -> SeatInfo:
    return SeatInfo(
        x.seat_index, x.user_id, x.display_name, x.colour, x.is_ai, x.dm_reachable, x.mute_reminders
    )


def _info(row: GameRow, seats: list[Seat]) -> GameInfo:
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
        seats=tuple(_seat_info(x) for x in seats),
        created_at=row.created_at,
        updated_at=row.updated_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
    )


__all__ = [
    "ActResult",
    "GameInfo",
    "GameOptions",
    "GameService",
    "LoadedGame",
    "SeatInfo",
]
