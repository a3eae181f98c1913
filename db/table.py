"""A game opened for one interaction (or timer, or follow-up): its per-game
lock held, its rows and engine state read once, every change made through it.

``async with store.open(game_id) as table`` (db.service) takes the game's
one lock in this process and reads the game in one read transaction:
``table.info`` (its stored facts), ``table.game`` (its engine state, None
for a lobby). Each write is one transaction that leaves the table up to
date (the new facts, the same engine object moved on), so whoever holds the
table passes it on instead of reading the game again. Opening the same game
again in the same task gives the same table (the lock is held already).

The lock serialises everything one process does to a game (actions, AI
answers, announcements, timers); across processes the store's version
check keeps each game exact (db.acting).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select, update

from db import acting
from db.errors import (
    AlreadySeated,
    BadName,
    ColourTaken,
    GameFinished,
    GameNotInLobby,
    GameNotStarted,
    HostOnly,
    NoSuchSeat,
    NotAiSeat,
    NothingToTakeBack,
    NotSeated,
    NotYourSeat,
    SeatKind,
    SetupRefused,
    StaleGame,
    TableFull,
    TooFewPlayers,
    UnknownColour,
)
from db.guilds import check_json
from db.live import (
    game_info,
    last_stamp,
    load_rows,
    load_stamped,
    replay,
    seat_info,
    with_stored_ai,
)
from db.models import ActionLog, Seat
from db.models import Game as GameRow
from db.values import (
    ABANDONED,
    ACTIVE,
    COLOURS,
    FINISHED,
    LOBBY,
    MAX_NAME,
    OVER,
    ActResult,
    GameInfo,
    SeatInfo,
    TimerInfo,
    new_seed,
    utcnow,
)
from engine import flows
from engine.actions import GameAction
from engine.game import MAX_PLAYERS, MIN_PLAYERS, Game
from engine.phases import Action
from engine.seat import AiSeat, ai_seats_from_record, check_ai_seats

if TYPE_CHECKING:
    from db.service import GameService


class OpenGame:
    def __init__(self, store: GameService, game_id: int) -> None:
        self.store = store
        self.game_id = game_id
        self._info: GameInfo | None = None
        self.game: Game | None = None  # the engine state (None: a lobby, or not read)
        self.stamp: dt.datetime | None = None  # when its last action was stored
        # The game's timers as of the last transaction that read them (None: not read).
        self.timers: list[TimerInfo] | None = None

    @property
    def info(self) -> GameInfo:
        if self._info is None:
            raise RuntimeError(f"game {self.game_id} was opened without reading it")
        return self._info

    @property
    def loaded(self) -> bool:
        return self._info is not None

    @property
    def started(self) -> Game:
        """The engine state of a game that has started (GameNotStarted otherwise)."""
        if self.game is None:
            raise GameNotStarted(self.game_id)
        return self.game

    # --- reading ---------------------------------------------------------------------------
    async def load(self, *, private: bool = False) -> OpenGame:
        """Read the game (one read transaction): its facts and, once started,
        its engine state (``private``: a fresh replay the caller owns)."""
        store = self.store
        async with store.db.read() as s:
            row, seats, stamp = await load_stamped(s, self.game_id)
            game = None
            if row.status != LOBBY:
                if private:
                    game = (await replay(s, row, seats))[0]
                else:
                    game = await store.live.state(s, row, seats, stamp)
            self._info, self.game, self.stamp = game_info(row, seats), game, stamp
        return self

    # --- playing ---------------------------------------------------------------------------
    async def act(
        self, user_id: int, action: GameAction | Action, *, expected_version: int | None = None
    ) -> ActResult:
        """Apply ``action`` for the user ``user_id`` (the user's seat is filled
        into a record dict without one). ``expected_version``: the version the
        user saw (any change since: StaleGame)."""

        def seat_for(seats: Sequence[SeatInfo], waiting: tuple[int, ...], asked: int | None) -> int:
            mine = [x.index for x in seats if x.user_id == user_id]
            if not mine:
                raise NotSeated(self.game_id)
            if asked in mine:
                return int(asked)
            if asked is not None:
                raise NotYourSeat(asked)
            return next((i for i in mine if i in waiting), mine[0])

        return await self._apply(seat_for, action, expected_version)

    async def act_as(
        self,
        seat: int,
        action: GameAction | Action,
        *,
        expected_version: int | None = None,
        allow_human: bool = False,
    ) -> ActResult:
        """Apply ``action`` for an AI seat; ``allow_human=True`` lets the bot
        act for a human seat (a time limit's policy, an automatic answer)."""

        def seat_for(seats: Sequence[SeatInfo], waiting: tuple[int, ...], asked: int | None) -> int:
            held = next((x for x in seats if x.index == seat), None)
            if held is None:
                raise NoSuchSeat(self.game_id, seat)
            if not held.is_ai and not allow_human:
                raise NotAiSeat(seat)
            if asked is not None and asked != seat:
                raise NotYourSeat(asked)
            return seat

        return await self._apply(seat_for, action, expected_version)

    async def _apply(
        self, seat_for: acting.SeatFor, action: GameAction | Action, expected: int | None
    ) -> ActResult:
        try:
            done = await acting.apply(
                self.store, self.game_id, seat_for, action, expected, with_timers=self.loaded
            )
        except BaseException:
            if self.game is not None and not self.store.live.holds(self.game_id, self.game):
                # The engine object may be ahead of the store: read it again.
                self.game, self._info = None, None
            raise
        result = done.result
        self.game, self.stamp, self.timers = result.game, done.stamp, done.timers
        if self._info is not None:
            changes: dict[str, Any] = {"version": result.version, "updated_at": done.stamp}
            if result.finished:
                changes.update(status=FINISHED, finished_at=done.stamp)
            self._info = dataclasses.replace(self._info, **changes)
        return result

    async def take_back(
        self,
        keep: int,
        *,
        expected_version: int | None = None,
        expected_stamp: dt.datetime | None = None,
    ) -> GameInfo:
        """Drop the logged actions from index ``keep`` on (an undo), in one
        transaction, if the game is still at the version read (or
        ``expected_version``) and its last action is the one read (or stored
        at ``expected_stamp``; not another action of the same index after an
        undo elsewhere). The cached engine state goes with them: the game is
        read again (a replay)."""
        if self.loaded:
            expected_version = self.info.version if expected_version is None else expected_version
            expected_stamp = expected_stamp or self.stamp
        if expected_version is None or not 0 <= keep < expected_version:
            raise NothingToTakeBack()
        try:
            async with self.store.db.write() as s:
                if expected_stamp is not None:
                    stamp = (
                        await s.execute(select(last_stamp()).where(GameRow.id == self.game_id))
                    ).scalar_one_or_none()
                    if stamp != expected_stamp:
                        raise StaleGame()
                bumped = await s.execute(
                    update(GameRow)
                    .where(
                        GameRow.id == self.game_id,
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
                        ActionLog.game_id == self.game_id, ActionLog.index >= keep
                    )
                )
        finally:
            self.store.live.forget(self.game_id)
            self.game = None
        await self.load()
        return self.info

    # --- the lobby and the game's stored facts ------------------------------------------------
    async def add_seat(
        self,
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
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
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
                game_id=self.game_id,
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
            self._info = game_info(row, [*seats, seat])
            return seat_info(seat)

    async def remove_seat(self, seat_index: int) -> GameInfo:
        """Free a lobby seat; later seats move up one so indexes stay 0..n-1."""
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            _require_lobby(row)
            if not 0 <= seat_index < len(seats):
                raise NoSuchSeat(self.game_id, seat_index)
            # The seats left, read before the updates below renumber the rows.
            left = [seat_info(x) for x in seats if x.seat_index != seat_index]
            await s.execute(
                delete(Seat).where(Seat.game_id == self.game_id, Seat.seat_index == seat_index)
            )
            # One row at a time, upwards, so (game_id, seat_index) stays unique.
            for later in range(seat_index + 1, len(seats)):
                await s.execute(
                    update(Seat)
                    .where(Seat.game_id == self.game_id, Seat.seat_index == later)
                    .values(seat_index=later - 1)
                )
            row.updated_at = utcnow()
            self._info = game_info(
                row, [dataclasses.replace(x, index=i) for i, x in enumerate(left)]
            )
            return self._info

    async def reorder_seats(self, order: Sequence[int]) -> GameInfo:
        """Seat the lobby's seats in ``order`` (a permutation of their indexes:
        ``order[i]`` is the seat that becomes seat i), e.g. a rematch's first
        seat moved on by one."""
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            _require_lobby(row)
            if sorted(order) != list(range(len(seats))):
                raise NoSuchSeat(self.game_id, len(seats))
            # Out of the way first, so that (game_id, seat_index) stays unique.
            for seat in seats:
                seat.seat_index += len(seats)
            await s.flush()
            for new, old in enumerate(order):
                seats[old].seat_index = new
            await s.flush()
            row.updated_at = utcnow()
            ordered = sorted(seats, key=lambda x: x.seat_index)
            self._info = game_info(row, ordered)
            return self._info

    async def set_seat_flags(
        self,
        seat_index: int,
        *,
        dm_reachable: bool | None = None,
        mute_reminders: bool | None = None,
    ) -> SeatInfo:
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            seat = next((x for x in seats if x.seat_index == seat_index), None)
            if seat is None:
                raise NoSuchSeat(self.game_id, seat_index)
            if dm_reachable is not None:
                seat.dm_reachable = dm_reachable
            if mute_reminders is not None:
                seat.mute_reminders = mute_reminders
            await s.flush()
            self._info = game_info(row, seats)
            return seat_info(seat)

    async def start(
        self, *, by_user: int | None = None, ai_levels: Mapping[int, str] | None = None
    ) -> GameInfo:
        """Lobby -> active: build the engine game from the seats (B-1: 2 to 6).
        ``ai_levels``: the level of each AI seat (by index); each gets its own
        seed, drawn now apart from the game's, stored with the game (the
        record's "ai")."""
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            _require_lobby(row)
            if by_user is not None and by_user != row.host_id:
                raise HostOnly("start")
            levels = dict(ai_levels or {})
            for index in levels:
                if not any(x.seat_index == index and x.is_ai for x in seats):
                    raise NotAiSeat(index)
            # A lobby's fixed AI seeds by seat (db.service.create_game), else new ones.
            fixed = {int(k): v["seed"] for k, v in (row.ai or {}).items()}
            ai = {
                index: AiSeat(level, fixed[index] if index in fixed else new_seed())
                for index, level in sorted(levels.items())
            }
            # A game starts under the current rules flow (engine.flows).
            row.flow = row.log_flow = flows.current()
            try:
                game = Game(
                    [x.display_name for x in seats],
                    row.expansions,
                    row.seed,
                    row.decks or None,
                    row.flow,
                    ai,
                )
            except ValueError as exc:
                if len(seats) < MIN_PLAYERS:  # B-1, the one refusal a player can meet here
                    raise TooFewPlayers(str(exc), MIN_PLAYERS) from None
                raise SetupRefused(str(exc)) from None
            # Stored even when empty: a stand-in of this game gets its own seed too.
            row.ai = {str(seat): entry.to_record() for seat, entry in ai.items()}
            now = utcnow()
            row.status, row.started_at, row.updated_at = ACTIVE, now, now
            if game.finished:  # a fixed empty tile deck: over before it began
                row.status, row.finished_at = FINISHED, now
                await acting.finish(s, self.game_id, [seat_info(x) for x in seats], game)
            await s.flush()
            self.store.live.remember(self.game_id, game, seats, None)
            self._info, self.game, self.stamp = game_info(row, seats), game, None
            return self._info

    async def stand_in(self, seat: int, level: str) -> None:
        """The AI takes a person's seat over (a time limit ran out, the player
        resigned): the seat gets its own seed, drawn now and stored with the
        game (the record's "ai") before the AI's first choice there, so that
        the game replays and its AI plays alike. Nothing to do for a seat that
        has an entry, or a game started before AI seeds were stored (its AI
        keeps the seed game seed x 10 + seat, as it always had)."""
        game = self.started
        if seat in game.ai_seats or self.info.ai is None:
            return
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            # Another process may have stored the seat's entry meanwhile: that one stays.
            stored = ai_seats_from_record(row.ai or {}, len(seats))
            if seat not in stored:
                stored = check_ai_seats({**stored, seat: AiSeat(level, new_seed())}, len(seats))
                row.ai = {str(k): v.to_record() for k, v in sorted(stored.items())}
                await s.flush()
            self._info = game_info(row, seats)
        with_stored_ai(game, row)

    async def abandon(self) -> GameInfo:
        """End a lobby or active game without results; its timers go too."""
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            if row.status in OVER:
                raise GameFinished(self.game_id, row.status)
            now = utcnow()
            row.status, row.finished_at, row.updated_at = ABANDONED, now, now
            await s.execute(acting.drop_timers(self.game_id))
            await s.flush()
            self._info = game_info(row, seats)
            self.timers = [] if self.timers is not None else None
            return self._info

    async def set_thread(self, thread_id: int) -> GameInfo:
        """Where the game is played (the Discord thread of its lobby)."""
        return await self._change(thread_id=thread_id)

    async def update_options(self, **changes: Any) -> GameInfo:
        """Merge ``changes`` into the game's JSON options (e.g. resigned seats)."""
        check_json(changes, "options")
        return await self._change(options=changes)

    async def _change(self, **values: Any) -> GameInfo:
        async with self.store.db.write() as s:
            row, seats = await load_rows(s, self.game_id)
            for key, value in values.items():
                if key == "options":
                    value = {**(row.options or {}), **value}
                setattr(row, key, value)
            row.updated_at = utcnow()
            await s.flush()
            self._info = game_info(row, seats)
            return self._info


def _require_lobby(row: GameRow) -> None:
    if row.status != LOBBY:
        raise GameNotInLobby(row.id, row.status)
