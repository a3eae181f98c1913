"""The bot's game service: lobbies, turns, AI seats, private updates, undo,
timers and the end of a game, on top of db.GameService and the engine.

No Discord types here: messages go out through a :class:`Notifier` (Discord
in bot.notify, files in the offline demo, fakes in tests). Every change of a
game goes through :meth:`PlayService._change`, which holds a per-game lock
while it applies the action, lets AI seats answer, announces each finished
turn with its board, pings whoever must act next, sends changed private
hands and reschedules the game's timers.

Hidden information (hands, gift cards, chip faces) only ever goes to
:meth:`Notifier.dm` or to ephemeral replies; thread posts carry public views
and public events only, and INFO logs name action types, never their fields.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot import choices as ch
from bot import panel as pn
from bot import store, words
from bot.leagues import LeagueError, LeagueService
from bot.render import board_async, hand_async
from bot.settings import TIMEOUT_POLICIES, Settings
from db.errors import (
    GameFinished,
    InvalidSetup,
    NotYourTurn,
    SeatError,
    StaleGame,
    StoreError,
)
from db.models import ACTIVE, LOBBY, utcnow
from db.service import ActResult, GameInfo, GameOptions, GameService, SeatInfo
from db.timers import TimerInfo
from engine.ai import AI
from engine.game import Game
from engine.phases import Action, Event
from engine.views import PrivateView, private_view, public_view

log = logging.getLogger(__name__)

REMINDER = "reminder"
TIMEOUT = "timeout"
AI_RETRY = "ai-retry"  # an AI move that failed, tried again later
MAX_MESSAGE = 2000
RETRY_AFTER = dt.timedelta(minutes=5)  # a timer whose handler failed
# Option keys kept in the game's JSON options.
OPT_POLICY = "on_timeout"  # bot policy: ai / skip / remind (db knows ai/remind/abandon)
OPT_REMINDER_HOURS = "reminder_hours"
OPT_RESIGNED = "resigned"
OPT_LOBBY_MESSAGE = "lobby_message"  # [channel id, message id] of the lobby post


class Notifier(Protocol):
    async def post(self, info: GameInfo, message: Post) -> None: ...

    async def dm(self, user_id: int, message: Post) -> bool:
        """Send a direct message; False when the user cannot be messaged."""
        ...

    async def lobby(self, info: GameInfo) -> None:
        """Refresh the lobby message of a game (seats, status)."""
        ...


@dataclass(slots=True)
class Post:
    """A message: public (thread) or private (DM). ``buttons`` are verbs of
    bot.ui's persistent game buttons; ``panel`` a seat's action panel."""

    text: str
    image: bytes | None = None
    filename: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    buttons: list[str] = field(default_factory=list)
    panel: pn.Panel | None = None
    turn: int | None = None  # the turn this post shows (demo file names)


@dataclass(slots=True)
class Chunk:
    """Events of one finished (or current) turn and the view after it."""

    events: list[Event]
    view: Any
    turn: int


class PlayService:
    def __init__(
        self,
        store_: GameService,
        settings: Settings,
        notifier: Notifier,
        *,
        clock: Callable[[], dt.datetime] = utcnow,
    ) -> None:
        self.store = store_
        self.db = store_.db
        self.timers = store_.timers
        self.settings = settings
        self.notifier = notifier
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._hidden: dict[tuple[int, int], str] = {}  # (game, seat) -> digest sent
        self.leagues = LeagueService(self.db)
        self._no_dm: set[tuple[int, int]] = set()  # DMs refused in this process

    # --- lobby -------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        expansions: list[str],
        timeout_hours: float | None = None,
        policy: str | None = None,
        reminder_hours: float | None = None,
        league: str | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        decks: dict[str, list[str]] | None = None,
    ) -> GameInfo:
        """A new lobby with the host seated."""
        policy = policy or self.settings.timeout_policy
        if policy not in TIMEOUT_POLICIES:
            raise InvalidSetup(f"unknown timeout policy {policy!r}: {', '.join(TIMEOUT_POLICIES)}")
        hours = self.settings.turn_timeout_hours if timeout_hours is None else timeout_hours
        if hours is not None and hours <= 0:
            raise InvalidSetup("the turn time limit must be a positive number of hours")
        reminder = reminder_hours or self.settings.reminder_hours
        if reminder <= 0:
            raise InvalidSetup("reminders need a positive number of hours")
        league_id = None
        if league:
            try:
                league_id = (await self.leagues.get(guild_id, league)).id
            except LeagueError as exc:
                raise InvalidSetup(str(exc)) from None
            if not await self.leagues.is_member(league_id, host_id):
                raise InvalidSetup(f"only members of {league} may play its games: /league join")
        options = GameOptions(
            turn_timeout_seconds=None if hours is None else max(1, round(hours * 3600)),
            # db knows "ai" (act for the player) and "remind"; skip is an AI policy here.
            timeout_policy="remind" if policy == "remind" else "ai",
            extra={OPT_POLICY: policy, OPT_REMINDER_HOURS: reminder},
        )
        info = await self.store.create_game(
            guild_id,
            channel_id,
            host_id,
            thread_id=thread_id,
            expansions=expansions,
            seed=seed,
            decks=decks,
            options=options,
            league_id=league_id,
        )
        await self.store.add_seat(info.id, host_name, user_id=host_id)
        log.info("game %s created in guild %s", info.id, guild_id)
        return await self.store.game_info(info.id)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await store.set_thread(self.db, game_id, thread_id)

    async def set_lobby_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        await store.update_options(
            self.db, game_id, **{OPT_LOBBY_MESSAGE: [channel_id, message_id]}
        )

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        info = await self.store.game_info(game_id)
        if info.league_id is not None and not await self.leagues.is_member(info.league_id, user_id):
            raise SeatError("this is a league game: only league members may join (/league join)")
        await self.store.add_seat(game_id, name, user_id=user_id)
        return await self._lobby_changed(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        info = await self.store.game_info(game_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise SeatError("you have no seat in this game")
        if user_id == info.host_id:
            raise SeatError("the host cannot leave; use /carcassonne cancel to drop the game")
        await self.store.remove_seat(game_id, seat.index)
        return await self._lobby_changed(game_id)

    async def add_ai(self, game_id: int, user_id: int) -> GameInfo:
        info = await self.store.game_info(game_id)
        if user_id != info.host_id:
            raise NotYourTurn("only the host can add AI seats")
        n = sum(1 for s in info.seats if s.is_ai) + 1
        await self.store.add_seat(game_id, f"AI {n}", is_ai=True)
        return await self._lobby_changed(game_id)

    async def cancel(self, game_id: int, user_id: int) -> GameInfo:
        info = await self.store.game_info(game_id)
        if user_id != info.host_id:
            raise NotYourTurn("only the host can cancel the game")
        info = await self.store.abandon_game(game_id)
        await self.notifier.lobby(info)
        return info

    async def start(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            loaded = await self.store.start_game(game_id, by_user=user_id)
            log.info("game %s started with %s seats", game_id, len(loaded.info.seats))
            await self.notifier.lobby(loaded.info)
            await self._after(game_id, [], None, hand_all=True)
        return await self.store.game_info(game_id)

    async def _lobby_changed(self, game_id: int) -> GameInfo:
        info = await self.store.game_info(game_id)
        await self.notifier.lobby(info)
        return info

    # --- reading -----------------------------------------------------------------
    async def game_for(self, user_id: int, channel_id: int | None, game_id: int | None) -> int:
        """The game a command means: the one given, else the game of this
        thread/channel, else the user's only active game."""
        if game_id is not None:
            return game_id
        games = await self.store.list_games(statuses=(LOBBY, ACTIVE), user_id=user_id)
        here = [g for g in games if channel_id in (g.thread_id, g.channel_id)]
        if len([g for g in here if g.thread_id == channel_id]) == 1:
            return next(g.id for g in here if g.thread_id == channel_id)
        active = [g for g in games if g.status == ACTIVE]
        if len(active) == 1:
            return active[0].id
        if not games:
            raise SeatError("you are not playing any game")
        raise SeatError("you play several games: run the command in the game's thread or name it")

    async def seat_of(self, game_id: int, user_id: int) -> tuple[GameInfo, SeatInfo]:
        info = await self.store.game_info(game_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise NotYourTurn(f"you do not have a seat in game #{game_id}")
        return info, seat

    async def panel(
        self,
        game_id: int,
        user_id: int,
        *,
        cell: tuple[int, int] | None = None,
        page: int = 0,
        action_page: int = 0,
    ) -> pn.Panel:
        loaded = await self.store.load_game(game_id)
        seat = loaded.info.seat_of(user_id)
        if seat is None:
            raise NotYourTurn(f"you do not have a seat in game #{game_id}")
        return pn.build(
            loaded.game,
            loaded.info,
            seat.index,
            cell=cell,
            page=page,
            action_page=action_page,
            ai_seats=self._ai(loaded.info),
        )

    async def hand(self, game_id: int, user_id: int) -> Post:
        """The user's private hand (ephemeral reply or DM)."""
        loaded = await self.store.load_game(game_id)
        seat = loaded.info.seat_of(user_id)
        if seat is None:
            raise NotYourTurn(f"you do not have a seat in game #{game_id}")
        view = private_view(loaded.game, seat.index)
        return await self._hand_post(loaded.info, view)

    async def board(self, game_id: int) -> Post:
        loaded = await self.store.load_game(game_id)
        game = loaded.game
        view = public_view(game)
        image = await board_async(view, ch.legal_cells(game))
        text = f"Game #{game_id}\n" + words.scores_text(
            list(game.players), list(game.scores), list(game.supply)
        )
        return Post(text, image)

    async def scores(self, game_id: int) -> str:
        loaded = await self.store.load_game(game_id)
        game = loaded.game
        head = f"Game #{game_id}: " + ("over" if game.finished else f"turn {game.turns_played + 1}")
        table = words.breakdown(list(game.players), words.public(game.events))
        lines = [head, words.scores_text(list(game.players), list(game.scores), list(game.supply))]
        if table:
            lines.append(
                "Points so far: "
                + "; ".join(
                    f"{k}: "
                    + ", ".join(f"{p} {v}" for p, v in zip(game.players, vals, strict=False))
                    for k, vals in table.items()
                )
            )
        return "\n".join(lines)

    async def record(self, game_id: int) -> dict[str, Any]:
        """The game record. A running game's record would show hidden choices
        (staked chip faces, cards), so it is only given once the game is over."""
        info = await self.store.game_info(game_id)
        if info.status in (LOBBY, ACTIVE):
            raise GameFinished(
                f"game #{game_id} is still {info.status}: its record is available when it is over"
            )
        return await self.store.export_record(game_id)

    # --- playing -----------------------------------------------------------------
    async def act(
        self, game_id: int, user_id: int, action: Action, *, version: int | None = None
    ) -> ActResult:
        """Apply a user's action (then AI seats, announcements, timers)."""
        async with self._lock(game_id):
            before = await self._waiting_key(game_id)
            result = await self.store.act(game_id, user_id, action, expected_version=version)
            log.info("game %s: seat %s played %s", game_id, result.seat, action.get("type"))
            await self._after(game_id, result.events, before)
            return result

    async def act_index(self, game_id: int, user_id: int, version: int, index: int) -> ActResult:
        """Apply the ``index``-th legal action of the user's seat at ``version``
        (the value a button or autocomplete choice carries)."""
        loaded = await self.store.load_game(game_id)
        if loaded.info.version != version:
            raise StaleGame("the game moved on since this choice was offered; try again")
        seat = loaded.info.seat_of(user_id)
        if seat is None:
            raise NotYourTurn(f"you do not have a seat in game #{game_id}")
        legal = loaded.game.legal_actions(seat.index)
        if not 0 <= index < len(legal):
            raise StaleGame("that choice is no longer offered; try again")
        return await self.act(game_id, user_id, dict(legal[index]), version=version)

    async def undo(self, game_id: int, user_id: int) -> int:
        """Take back the user's last action in their own turn (and AI answers
        after it) unless something hidden was revealed since (undo_floor).
        Returns how many actions were removed."""
        async with self._lock(game_id):
            loaded = await self.store.load_game(game_id)
            info, game = loaded.info, loaded.game
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotYourTurn(f"you do not have a seat in game #{game_id}")
            if info.status != ACTIVE:
                raise GameFinished(f"game #{game_id} is {info.status}")
            keep = pn.undo_target(game, seat.index, self._ai(info))
            if keep is None:
                raise NotYourTurn(
                    "nothing to take back: only your own choices in your current turn, "
                    "before a tile or card is drawn or revealed"
                )
            removed = info.version - keep
            await store.truncate_log(self.db, game_id, keep, info.version)
            log.info("game %s: seat %s took back %s action(s)", game_id, seat.index, removed)
            await self.notifier.post(
                info, Post(f"{seat.display_name} took back their last choice.")
            )
            await self._reschedule(game_id)
            return removed

    async def resign(self, game_id: int, user_id: int) -> GameInfo:
        """The user leaves a running game: the AI plays their seat from now on
        (scores stay); when no human is left the game is abandoned."""
        async with self._lock(game_id):
            info, seat = await self.seat_of(game_id, user_id)
            if info.status != ACTIVE:
                raise GameFinished(f"game #{game_id} is {info.status}")
            resigned = sorted({*info.options.get(OPT_RESIGNED, []), seat.index})
            await store.update_options(self.db, game_id, **{OPT_RESIGNED: resigned})
            info = await self.store.game_info(game_id)
            await self.notifier.post(
                info, Post(f"{seat.display_name} resigned; the AI plays their seat from now on.")
            )
            if all(s.is_ai or s.index in resigned for s in info.seats):
                info = await self.store.abandon_game(game_id)
                await self.notifier.post(info, Post("No human player is left: game abandoned."))
                return info
            before = await self._waiting_key(game_id)
            await self._after(game_id, [], before)
            return await self.store.game_info(game_id)

    async def mute(self, game_id: int, user_id: int, muted: bool) -> None:
        _, seat = await self.seat_of(game_id, user_id)
        await self.store.set_seat_flags(game_id, seat.index, mute_reminders=muted)

    async def resume_all(self) -> int:
        """At start-up: let AI seats answer in active games left waiting for
        them (a process stopped between a player's action and the AI's)."""
        resumed = 0
        for info in await self.store.list_active_games():
            try:
                game = (await self.store.load_game(info.id)).game
                d = game.pending
                if d is None or not set(d.players) & self._ai(info):
                    continue
                async with self._lock(info.id):
                    await self._after(info.id, [], await self._waiting_key(info.id))
                resumed += 1
            except Exception:
                log.exception("game %s could not be resumed", info.id)
        return resumed

    # --- timers ------------------------------------------------------------------
    async def fire_due(self, now: dt.datetime | None = None) -> int:
        """Handle every due timer; returns how many were handled.

        A timer is removed before it is handled: removing it afterwards could
        delete a new timer that reused its id (SQLite reuses the highest rowid),
        and only the process whose removal succeeds handles it. A handler that
        fails unexpectedly puts the timer back, to be tried again later."""
        handled = 0
        for timer in await self.timers.due(now or self.clock()):
            if not await self.timers.cancel(timer.id):
                continue  # handled elsewhere meanwhile
            try:
                await self.on_timer(timer)
            except StoreError as exc:
                log.info("timer %s of game %s dropped: %s", timer.id, timer.game_id, exc.message)
            except Exception:
                log.exception("timer %s of game %s failed", timer.id, timer.game_id)
                await self.timers.schedule(
                    timer.game_id,
                    timer.kind,
                    self.clock() + RETRY_AFTER,
                    seat=timer.seat,
                    payload=timer.payload,
                )
                continue
            handled += 1
        return handled

    async def on_timer(self, timer: TimerInfo) -> None:
        async with self._lock(timer.game_id):
            info = await self.store.game_info(timer.game_id)
            if info.status != ACTIVE or timer.seat is None:
                return
            if timer.kind == AI_RETRY:
                await self._after(timer.game_id, [], await self._waiting_key(timer.game_id))
                return
            loaded = await self.store.load_game(timer.game_id)
            game = loaded.game
            d = game.pending
            if d is None or timer.seat not in d.players or timer.payload.get("turn") != _turn(game):
                return  # stale: the seat has acted since
            seat = info.seats[timer.seat]
            if timer.kind == REMINDER:
                if not seat.mute_reminders and seat.user_id is not None:
                    await self.notifier.post(
                        info,
                        Post(
                            f"<@{seat.user_id}>, reminder: game #{info.id} waits for you "
                            f"({ch.step_prompt(game, d)}). Mute reminders with "
                            "`/carcassonne mute`.",
                            mentions=[seat.user_id],
                            buttons=["turn"],
                        ),
                    )
                hours = float(info.options.get(OPT_REMINDER_HOURS, self.settings.reminder_hours))
                await self.timers.schedule(
                    info.id,
                    REMINDER,
                    self.clock() + dt.timedelta(hours=hours),
                    seat=timer.seat,
                    payload={"turn": _turn(game)},
                )
            elif timer.kind == TIMEOUT:
                await self._timeout(info, timer.seat)

    async def _timeout(self, info: GameInfo, seat: int) -> None:
        """The turn limit passed: the game's policy plays for the seat."""
        policy = str(info.options.get(OPT_POLICY, info.timeout_policy))
        if policy == "remind":
            return
        before = await self._waiting_key(info.id)
        events: list[Event] = []
        start_turn = None
        while True:
            loaded = await self.store.load_game(info.id)
            game = loaded.game
            d = game.pending
            if start_turn is None:
                start_turn = _turn(game)
            if d is None or seat not in d.players or _turn(game) != start_turn:
                break
            action = self._timeout_action(game, seat, policy)
            result = await self.store.act_as_ai(
                info.id, seat, action, expected_version=loaded.info.version, allow_human=True
            )
            events += result.events
        name = info.seats[seat].display_name
        what = "played a minimal turn" if policy == "skip" else "played"
        await self.notifier.post(
            info, Post(f"{name}'s time ran out: the AI {what} for them (policy: {policy}).")
        )
        log.info("game %s: seat %s timed out (%s)", info.id, seat, policy)
        await self._after(info.id, events, before)

    def _timeout_action(self, game: Game, seat: int, policy: str) -> Action:
        d = game.pending
        assert d is not None
        legal = game.legal_actions(seat)
        own_turn = d.active == seat and game.turn is not None and game.turn.player == seat
        if not own_turn:
            # Bets and reactions on another player's turn: pass / let it pass.
            passive = ch.passive_action(legal)
            if passive is not None:
                return passive
        if policy == "skip":
            minimal = ch.minimal_action(game, seat)
            if minimal is not None:
                return minimal
        return self._ai_for(game, seat).choose(game, seat)

    async def _reschedule(
        self, game_id: int, info: GameInfo | None = None, game: Game | None = None
    ) -> None:
        """Timers of the seats now waiting: a reminder and the turn limit each,
        kept while the same seat waits in the same turn."""
        info = info or await self.store.game_info(game_id)
        existing = await self.timers.of_game(game_id)
        if info.status != ACTIVE:
            for t in existing:
                await self.timers.cancel(t.id)
            return
        if game is None:
            game = (await self.store.load_game(game_id)).game
        d = game.pending
        waiting = set()
        if d is not None:
            waiting = {p for p in d.players if p not in self._ai(info)}
        turn = _turn(game)
        have: set[tuple[int | None, str]] = set()
        for t in existing:
            if t.kind == AI_RETRY:
                continue
            if t.seat in waiting and t.payload.get("turn") == turn:
                have.add((t.seat, t.kind))
            else:
                await self.timers.cancel(t.id)
        now = self.clock()
        hours = float(info.options.get(OPT_REMINDER_HOURS, self.settings.reminder_hours))
        policy = str(info.options.get(OPT_POLICY, info.timeout_policy))
        for seat in sorted(waiting):
            if (seat, REMINDER) not in have:
                await self.timers.schedule(
                    game_id,
                    REMINDER,
                    now + dt.timedelta(hours=hours),
                    seat=seat,
                    payload={"turn": turn},
                )
            if info.turn_timeout_seconds and policy != "remind" and (seat, TIMEOUT) not in have:
                await self.timers.schedule(
                    game_id,
                    TIMEOUT,
                    now + dt.timedelta(seconds=info.turn_timeout_seconds),
                    seat=seat,
                    payload={"turn": turn},
                )

    # --- after every change --------------------------------------------------------
    async def _after(
        self,
        game_id: int,
        events: list[Event],
        before: tuple[int, str, tuple[int, ...]] | None,
        *,
        hand_all: bool = False,
    ) -> None:
        """AI seats answer; then announce turns, ping, send hands, timers."""
        loaded = await self.store.load_game(game_id)
        info, game = loaded.info, loaded.game
        chunks: list[Chunk] = []
        current: list[Event] = list(events)
        turn = _turn(game)
        last_turn = before[0] if before else turn
        if last_turn != turn or game.finished:
            chunks.append(Chunk(current, public_view(game), last_turn))
            current = []
        all_events = list(events)
        ai_seats = self._ai(info)
        while game.pending is not None:
            d = game.pending
            actor = next((p for p in d.players if p in ai_seats), None)
            if actor is None:
                break
            try:
                action = self._ai_for(game, actor).choose(game, actor)
                result = await self.store.act_as_ai(
                    game_id,
                    actor,
                    action,
                    expected_version=len(game.actions),
                    allow_human=not info.seats[actor].is_ai,
                )
            except Exception:
                # Announce what happened so far; the scheduler tries the AI again.
                log.exception("game %s: the AI for seat %s could not move", game_id, actor)
                await self.timers.schedule(
                    game_id, AI_RETRY, self.clock() + RETRY_AFTER, seat=actor
                )
                break
            game = result.game
            current += result.events
            all_events += result.events
            if _turn(game) != turn or game.finished:
                chunks.append(Chunk(current, public_view(game), turn))
                current, turn = [], _turn(game)
        if current and not chunks:
            chunks.append(Chunk(current, None, turn))
        elif current:
            chunks[-1].events += current
        if game.finished:
            info = await self.store.game_info(game_id)  # status and results are final now
        await self._announce(info, game, chunks, before)
        await self._send_hands(info, game, all_events, hand_all)
        await self._reschedule(game_id, info, game)
        if game.finished:
            for key in [k for k in self._hidden if k[0] == game_id]:
                del self._hidden[key]

    async def _announce(
        self,
        info: GameInfo,
        game: Game,
        chunks: list[Chunk],
        before: tuple[int, str, tuple[int, ...]] | None,
    ) -> None:
        players = list(game.players)
        posts: list[Post] = []
        for c in chunks:
            text = words.events_text(players, c.events)
            if c.view is None:
                if text:
                    posts.append(Post(text, turn=c.turn))
                continue
            posts.append(
                Post(text or f"Turn {c.turn} done.", await board_async(c.view), turn=c.turn)
            )
        if game.finished:
            final = words.final_text(
                players, list(game.scores), list(game.winners()), words.public(game.events)
            )
            if info.league_id is not None:
                # Results are written by the store when the game finishes; ratings follow.
                await self.leagues.rate_game(info.id)
                final += "\nLeague ratings updated (`/league standings`)."
            image = await board_async(public_view(game))
            posts.append(
                Post(
                    final + f"\nDownload the record with `/carcassonne record game:{info.id}`.",
                    image,
                    filename="final-board.png",
                    turn=game.turns_played,
                )
            )
        else:
            ping = self._ping(info, game, before)
            if ping is not None:
                if (
                    posts
                    and posts[-1].image is not None
                    and "place" in (game.pending.types if game.pending else ())
                ):
                    # One message: the last turn's events and the board to play on.
                    ping.text = _join(posts.pop().text, ping.text)
                ping.image = await board_async(public_view(game), ch.legal_cells(game))
                posts.append(ping)
        for post in posts:
            await self.notifier.post(info, post)
        if not game.finished:
            await self._ask_privately(info, game, before)

    def _ping(
        self, info: GameInfo, game: Game, before: tuple[int, str, tuple[int, ...]] | None
    ) -> Post | None:
        d = game.pending
        if d is None:
            return None
        key = (_turn(game), d.step, d.players)
        humans = [p for p in d.players if p not in self._ai(info)]
        if (before is not None and before == key) or not humans:
            return None
        fresh = [
            p
            for p in humans
            if before is None or before[0] != key[0] or before[1] != d.step or p not in before[2]
        ]
        if not fresh:
            return None
        seats = info.seats
        names = ", ".join(_mention(seats[p]) for p in fresh)
        mentions = [seats[p].user_id for p in fresh if seats[p].user_id is not None]
        tile = f" Tile: **{game.turn.tile}**." if game.turn is not None else ""
        own = d.active in fresh and game.turn is not None and game.turn.player == d.active
        if own and len(fresh) == 1:
            text = (
                f"{names}, your turn in game #{info.id} ({ch.step_prompt(game, d)}).{tile} "
                "Press **Take turn** or use `/place`."
            )
            buttons = ["turn", "hand"]
        else:
            text = (
                f"Game #{info.id} asks {names}: {ch.step_prompt(game, d)}. "
                "Answer in your DMs or with **Answer privately**."
            )
            buttons = ["answer", "hand"]
        return Post(text, mentions=[m for m in mentions if m is not None], buttons=buttons)

    async def _ask_privately(
        self, info: GameInfo, game: Game, before: tuple[int, str, tuple[int, ...]] | None
    ) -> None:
        """Out-of-turn questions (bets, reactions) go to each asked seat by DM."""
        d = game.pending
        if d is None:
            return
        if before is not None and before[0] == _turn(game) and before[1] == d.step:
            asked = [p for p in d.players if p not in before[2]]
        else:
            asked = list(d.players)
        for p in asked:
            seat = info.seats[p]
            own = game.turn is not None and game.turn.player == p and d.active == p
            if own or p in self._ai(info) or seat.user_id is None or not seat.dm_reachable:
                continue
            panel = pn.build(game, info, p, ai_seats=self._ai(info))
            await self._dm(
                info,
                seat,
                Post(f"Game #{info.id} asks you: {ch.step_prompt(game, d)}.", panel=panel),
            )

    async def _send_hands(
        self, info: GameInfo, game: Game, events: list[Event], hand_all: bool
    ) -> None:
        """DM each human seat whose private view changed (a private event for
        them, or a different hand than the last one sent)."""
        touched = {e["private"] for e in events if isinstance(e.get("private"), int)}
        for seat in info.seats:
            if seat.is_ai or seat.user_id is None:
                continue
            view = private_view(game, seat.index)
            digest = _digest(view.hidden)
            key = (info.id, seat.index)
            known = self._hidden.get(key)
            changed = (known is not None and known != digest) or seat.index in touched
            if hand_all and view.hidden and any(view.hidden.values()):
                changed = True
            self._hidden[key] = digest
            if not changed or not seat.dm_reachable:
                continue
            await self._dm(info, seat, await self._hand_post(info, view))

    async def _dm(self, info: GameInfo, seat: SeatInfo, post: Post) -> None:
        assert seat.user_id is not None
        key = (info.id, seat.index)
        if key in self._no_dm:
            return
        if await self.notifier.dm(seat.user_id, post):
            return
        log.info("game %s: seat %s cannot receive DMs", info.id, seat.index)
        self._no_dm.add(key)
        if seat.dm_reachable:
            await self.store.set_seat_flags(info.id, seat.index, dm_reachable=False)
            await self.notifier.post(
                info,
                Post(
                    f"I cannot send direct messages to {seat.display_name}. "
                    "Use `/hand` or **Show my hand** / **Answer privately** here instead.",
                    buttons=["hand", "answer"],
                ),
            )

    async def _hand_post(self, info: GameInfo, view: PrivateView) -> Post:
        text = f"Game #{info.id}, your hand:\n" + hand_text(view)
        image = await hand_async(view) if view.hidden else None
        return Post(text, image, filename="hand.png")

    # --- helpers -------------------------------------------------------------------
    async def _waiting_key(self, game_id: int) -> tuple[int, str, tuple[int, ...]] | None:
        try:
            game = (await self.store.load_game(game_id)).game
        except StoreError:
            return None
        d = game.pending
        return None if d is None else (_turn(game), d.step, d.players)

    def _ai(self, info: GameInfo) -> set[int]:
        resigned = set(info.options.get(OPT_RESIGNED, []))
        return {s.index for s in info.seats if s.is_ai or s.index in resigned}

    def _ai_for(self, game: Game, seat: int) -> AI:
        return AI(seed=game.seed * 10 + seat)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock


def hand_text(view: PrivateView) -> str:
    """A seat's hidden things in words (private: DMs and ephemeral replies)."""
    hidden = view.hidden
    if not hidden or not any(hidden.values()):
        return "nothing (no gifts, cards or chips)."
    lines = []
    for key, value in hidden.items():
        label = {"gifts": "Gifts", "hand": "Christmas cards", "chips": "Chips in supply"}.get(
            key, ch.humanize(key)
        )
        if isinstance(value, list):
            items = []
            for v in value:
                if isinstance(v, dict):
                    name = v.get("name") or ch.humanize(v.get("card", "?"))
                    extra = ", ".join(str(v[k]) for k in ("deck", "class") if k in v)
                    text = f" - {v['text']}" if v.get("text") else ""
                    items.append(f"{name} ({extra}){text}" if extra else f"{name}{text}")
                else:
                    items.append(ch.humanize(v) if key == "gifts" else str(v))
            lines.append(f"{label}: " + ("; ".join(items) if items else "none"))
        else:
            lines.append(f"{label}: {value}")
    return "\n".join(lines)


def _turn(game: Game) -> int:
    return game.turns_played + 1 if not game.finished else game.turns_played


def _digest(hidden: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(hidden, sort_keys=True, default=str).encode()).hexdigest()


def _mention(seat: SeatInfo) -> str:
    return f"<@{seat.user_id}>" if seat.user_id is not None else seat.display_name


def _join(a: str, b: str) -> str:
    text = f"{a}\n{b}" if a else b
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - len(b) - 10].rsplit("\n", 1)[0] + "\n...\n" + b
    return text
