"""The game store: games opened one at a time, lobbies created, games read.

Every write of a game goes through a game opened here (db.table: one
per-game lock, one read, each change one transaction), so the cache of
engine states (db.live) stays exact; the bot never writes SQL. The methods
that take a game id and change it (``add_seat``, ``act``...) open the game
for that one call. A database that cannot do the work raises
:class:`StoreUnavailable` (db.session) and changes nothing.

The store is split by concern: value types and refusals (db.values,
db.errors, no SQLAlchemy), the engine-state cache and row reading
(db.live), one action's transaction (db.acting), an opened game (db.table),
each server's defaults (db.guilds), timers (db.timers), each player's
settings (db.users), leagues (db.leagues).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import weakref
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import select

from db.errors import BadDecks, BadSeed
from db.flows import record_of
from db.guilds import Servers, check_expansions, check_json, check_policy, check_timeout
from db.live import LiveGames, game_info, load_rows, read_log, seats_of
from db.models import Game as GameRow
from db.models import GameResult, Seat
from db.session import Database
from db.table import OpenGame
from db.timers import Timers
from db.values import (
    ACTIVE,
    DEFAULT_TIMEOUT_POLICY,
    LOBBY,
    ActResult,
    GameInfo,
    GameOptions,
    LoadedGame,
    SeatInfo,
    new_seed,
    utcnow,
)
from engine import flows
from engine.actions import GameAction, is_int
from engine.phases import Action
from engine.seat import SEED_LIMIT


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
        self.servers = Servers(db)
        self.owner_elsewhere = owner_elsewhere
        self.live = LiveGames(cache_size)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._held: dict[int, tuple[asyncio.Task[Any] | None, OpenGame]] = {}

    # --- one game at a time --------------------------------------------------------------
    @asynccontextmanager
    async def open(self, game_id: int, *, read: bool = True) -> AsyncIterator[OpenGame]:
        """The game opened (db.table): its lock held and, with ``read``, the
        game read once. Opening it again in the same task gives the same table."""
        task = asyncio.current_task()
        held = self._held.get(game_id)
        if held is not None and held[0] is task:
            table = held[1]
            if read and not table.loaded:
                await table.load()
            yield table
            return
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        async with lock:
            table = OpenGame(self, game_id)
            self._held[game_id] = (task, table)
            try:
                if read:
                    await table.load()
                yield table
            finally:
                del self._held[game_id]

    # --- lobbies ---------------------------------------------------------------------------
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
        ai_seeds: Mapping[int, int] | None = None,
        options: GameOptions | None = None,
        league_id: int | None = None,
    ) -> GameInfo:
        """A new game in its lobby, without seats. Unset expansions take the
        server's default (db.guilds); the options are as given (the bot
        resolves host > server > process: bot.services.servers); an unset
        seed is random. ``ai_seeds``: fixed seeds of the AI seats by seat
        index, for a game that must play the same every time (the demo,
        tests), as ``seed`` and ``decks`` fix the rest; an AI seat without one
        draws its own when the game starts."""
        opts = options or GameOptions()
        if expansions is None:
            expansions = (await self.servers.defaults(guild_id)).default_expansions
        exps = check_expansions(list(expansions))
        timeout = opts.turn_timeout_seconds
        policy = opts.timeout_policy or DEFAULT_TIMEOUT_POLICY
        check_timeout(timeout)
        check_policy(policy)
        if seed is None:
            seed = new_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 2**63:
            raise BadSeed()
        if decks is not None and not (
            isinstance(decks, dict)
            and all(
                isinstance(v, list) and all(isinstance(c, str) for c in v) for v in decks.values()
            )
        ):
            raise BadDecks()
        fixed = dict(ai_seeds or {})
        if not all(is_int(s) and 0 <= s < SEED_LIMIT for s in fixed.values()):
            raise BadSeed()
        check_json(opts.extra, "options")
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
            if fixed:  # a lobby's fixed AI seeds by seat (the start takes them, db.table)
                row.ai = {str(i): {"seed": s} for i, s in sorted(fixed.items())}
            s.add(row)
            await s.flush()
            return game_info(row, [])

    # One change of one game, opened for it (db.table says what each does).
    async def add_seat(self, game_id: int, display_name: str, **seat: Any) -> SeatInfo:
        async with self.open(game_id, read=False) as table:
            return await table.add_seat(display_name, **seat)

    async def remove_seat(self, game_id: int, seat_index: int) -> GameInfo:
        async with self.open(game_id, read=False) as table:
            return await table.remove_seat(seat_index)

    async def set_seat_flags(self, game_id: int, seat_index: int, **flags: bool) -> SeatInfo:
        async with self.open(game_id, read=False) as table:
            return await table.set_seat_flags(seat_index, **flags)

    async def start_game(self, game_id: int, *, by_user: int | None = None) -> LoadedGame:
        async with self.open(game_id, read=False) as table:
            info = await table.start(by_user=by_user)
            return LoadedGame(info, table.game)

    async def abandon_game(self, game_id: int) -> GameInfo:
        async with self.open(game_id, read=False) as table:
            return await table.abandon()

    async def set_thread(self, game_id: int, thread_id: int) -> GameInfo:
        async with self.open(game_id, read=False) as table:
            return await table.set_thread(thread_id)

    async def update_options(self, game_id: int, **changes: Any) -> GameInfo:
        async with self.open(game_id, read=False) as table:
            return await table.update_options(**changes)

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: GameAction | Action,
        *,
        expected_version: int | None = None,
    ) -> ActResult:
        async with self.open(game_id, read=False) as table:
            return await table.act(user_id, action, expected_version=expected_version)

    async def act_as_ai(
        self,
        game_id: int,
        seat: int,
        action: GameAction | Action,
        *,
        expected_version: int | None = None,
        allow_human: bool = False,
    ) -> ActResult:
        async with self.open(game_id, read=False) as table:
            return await table.act_as(
                seat, action, expected_version=expected_version, allow_human=allow_human
            )

    async def take_back(
        self,
        game_id: int,
        keep: int,
        *,
        expected_version: int,
        expected_stamp: dt.datetime | None = None,
    ) -> GameInfo:
        async with self.open(game_id, read=False) as table:
            return await table.take_back(
                keep, expected_version=expected_version, expected_stamp=expected_stamp
            )

    # --- reading ---------------------------------------------------------------------------
    async def game_info(self, game_id: int) -> GameInfo:
        async with self.db.read() as s:
            return game_info(*await load_rows(s, game_id))

    async def read_game(self, game_id: int, *, private: bool = False) -> LoadedGame:
        """The game's facts and engine state (None for a lobby) in one read;
        ``private=True``: a fresh replay the caller owns (e.g. AI lookahead)."""
        table = await OpenGame(self, game_id).load(private=private)
        return LoadedGame(table.info, table.game, table.stamp)

    async def load_game(self, game_id: int, *, private: bool = False) -> LoadedGame:
        """:meth:`read_game` of a game that has started (GameNotStarted otherwise)."""
        table = await OpenGame(self, game_id).load(private=private)
        return LoadedGame(table.info, table.started, table.stamp)

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
            seats = await seats_of(s, [r.id for r in rows])
            return [game_info(r, seats.get(r.id, [])) for r in rows]

    async def export_record(self, game_id: int) -> dict[str, Any]:
        """The game's record (docs/notation.md) straight from the store."""
        async with self.db.read() as s:
            row, seats = await load_rows(s, game_id)
            actions = (await read_log(s, game_id, 0, row.version))[0]
            return record_of(row, [x.display_name for x in seats], actions, row.flow)

    async def game_results(self, game_id: int) -> list[GameResult]:
        async with self.db.read() as s:
            q = select(GameResult).where(GameResult.game_id == game_id)
            return list((await s.execute(q.order_by(GameResult.seat_index))).scalars())


__all__ = ["GameService", "OpenGame"]
