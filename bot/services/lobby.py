"""Lobbies: open one, join, leave, add AI seats, remove a seat, cancel,
start; a lobby nobody starts closes after a day (:func:`expire_lobby`).
Each change opens its game once (its lock held, read once: db.table) and
returns the game as it is after it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Mapping

from bot import options
from bot.ai import DEFAULT, Level, level_word, seat_level, seat_levels
from bot.errors import (
    BadInvite,
    BadReminder,
    BadTimeLimit,
    HostCannotLeave,
    LeagueGameStarted,
    LeagueMembersOnly,
    NoAiInLeague,
    NoSuchPlayer,
    ThreadBusy,
)
from bot.present.games import duration
from bot.services.access import Caller, opened, seat_of, visible
from bot.services.context import Context
from bot.services.invites import (
    Invitations,
    check_seat,
    invited,
    invited_name,
    reserved,
    uninvite,
)
from bot.services.messages import Post
from bot.services.prefs import Prefs
from bot.services.servers import resolve
from bot.services.threads import sync_thread
from bot.services.turns import Turns
from bot.text import ENGLISH, Words, escape
from db.errors import GameFinished, GameNotInLobby, HostOnly, UnknownPolicy
from db.service import OpenGame
from db.values import ACTIVE, LOBBY, OVER, TIMEOUT_POLICIES, GameInfo, GameOptions, SeatInfo
from engine.game import MAX_PLAYERS

log = logging.getLogger(__name__)

HOUR = 3600
NO_LIMIT = 0  # turn hours meaning "no time limit" (a choice of /carcassonne new)
LOBBY_EXPIRY = "lobby-expiry"  # the timer that closes a lobby nobody started
LOBBY_LIFETIME = dt.timedelta(days=1)
EXPIRED = "expired"  # options.CLOSED: the lobby closed by itself


class Lobby:
    def __init__(self, ctx: Context, turns: Turns, prefs: Prefs) -> None:
        self.ctx = ctx
        self.turns = turns
        self.invitations = Invitations(ctx, prefs)

    async def create(
        self,
        caller: Caller,
        *,
        expansions: list[str],
        timeout_hours: float | None = None,
        policy: str | None = None,
        reminder_hours: float | None = None,
        league: str | None = None,
        language: str | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        decks: dict[str, list[str]] | None = None,
        invited: Mapping[int, str] | None = None,
        private: bool = False,
        standin: Level = DEFAULT,
    ) -> GameInfo:
        """A new lobby in the caller's server and channel, the caller seated as
        host. Each setting the host leaves out is the server's, else the
        process's (bot.services.servers); the game keeps where each came from.
        ``invited``: players the host keeps seats for, with the names the
        host's select shows them by (``private``: only they may join;
        bot.services.invites); ``standin``: the level of the AI
        that plays for a player who timed out or resigned (always allowed,
        league games included)."""
        if policy is not None and policy not in TIMEOUT_POLICIES:
            raise UnknownPolicy(policy, TIMEOUT_POLICIES)
        if timeout_hours is not None and timeout_hours < 0:
            raise BadTimeLimit()
        if reminder_hours is not None and reminder_hours <= 0:
            raise BadReminder()
        guild_id = caller.guild_id or 0
        chosen = resolve(
            self.ctx.settings,
            await self.ctx.store.servers.defaults(guild_id),
            timeout_hours=timeout_hours,
            policy=policy,
            reminder_hours=reminder_hours,
            language_chosen=language,
            guild_locale=caller.guild_locale,
        )
        hours = chosen.timeout_hours
        league_id = None
        if league:
            league_id = (await self.ctx.leagues.get(guild_id, league)).id
            if not await self.ctx.leagues.is_member(league_id, caller.user_id):
                raise LeagueMembersOnly("host", league)
        game_options = GameOptions(
            turn_timeout_seconds=None if hours is None else max(1, round(hours * HOUR)),
            timeout_policy=chosen.policy,
            extra={
                options.REMINDER_HOURS: chosen.reminder_hours,
                # Public messages and images: the host's language, else the server's.
                options.LOCALE: chosen.locale,
                options.DEFAULTS: {k: v for k, v in chosen.sources.items() if v != options.HOST},
                options.STANDIN_LEVEL: standin,
            },
        )
        return await self.open(
            caller,
            expansions=expansions,
            game_options=game_options,
            league_id=league_id,
            thread_id=thread_id,
            seed=seed,
            decks=decks,
            invited=invited,
            private=private,
        )

    async def open(
        self,
        caller: Caller,
        *,
        expansions: list[str],
        game_options: GameOptions,
        league_id: int | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        decks: dict[str, list[str]] | None = None,
        invited: Mapping[int, str] | None = None,
        private: bool = False,
    ) -> GameInfo:
        """A new lobby set up as given (:meth:`create`, a rematch, a quick
        start), the caller seated as host."""
        guild_id = caller.guild_id or 0
        await self._check_thread_free(caller)
        names = {u: name for u, name in (invited or {}).items() if u != caller.user_id}
        kept = list(names)
        if len(kept) >= MAX_PLAYERS:
            raise BadInvite("many")  # B-1
        extra = dict(game_options.extra)
        if kept:
            extra[options.INVITED] = kept
            extra[options.INVITED_NAMES] = {str(u): name for u, name in names.items()}
            if private:
                extra[options.PRIVATE] = True
        game_options = dataclasses.replace(game_options, extra=extra)
        store = self.ctx.store
        info = await store.create_game(
            guild_id,
            caller.channel_id or 0,
            caller.user_id,
            thread_id=thread_id,
            expansions=expansions,
            seed=seed,
            decks=decks,
            options=game_options,
            league_id=league_id,
        )
        async with self.ctx.open(info.id, read=False) as table:
            await table.add_seat(caller.name, user_id=caller.user_id)
            closes = self.ctx.clock() + LOBBY_LIFETIME
            await store.timers.schedule(info.id, LOBBY_EXPIRY, closes)
            info = await table.update_options(**{options.CLOSES_AT: int(closes.timestamp())})
        log.info("game %s created in guild %s", info.id, guild_id)
        return info

    async def _check_thread_free(self, caller: Caller) -> None:
        """One running game per thread, so that a command used in a game's
        thread always means that game (bot.services.access.thread_game)."""
        if caller.guild_id is None or caller.channel_id is None:
            return
        running = await self.ctx.store.list_games(
            statuses=(LOBBY, ACTIVE), guild_id=caller.guild_id, thread_id=caller.channel_id
        )
        if running:
            raise ThreadBusy(running[0].id)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.ctx.store.set_thread(game_id, thread_id)

    async def set_lobby_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Where the lobby message is; the invited players are told now
        (bot.services.invites), with a link to it."""
        async with self.ctx.open(game_id, read=False) as table:
            await table.update_options(**{options.LOBBY_MESSAGE: [channel_id, message_id]})
            await self.invitations.tell(table)

    async def join(self, caller: Caller, game_id: int) -> GameInfo:
        async with opened(self.ctx, caller, game_id) as table:
            league = table.info.league_id
            if league is not None and not await self.ctx.leagues.is_member(league, caller.user_id):
                raise LeagueMembersOnly("join")
            if table.info.status == LOBBY and table.info.seat_of(caller.user_id) is None:
                check_seat(table.info, caller.user_id)  # a seat kept for someone else
            await table.add_seat(caller.name, user_id=caller.user_id)
            return await self._changed(table)

    async def leave(self, caller: Caller, game_id: int) -> GameInfo:
        async with opened(self.ctx, caller, game_id) as table:
            seat = seat_of(table.info, caller)
            if caller.user_id == table.info.host_id:
                raise HostCannotLeave()
            await table.remove_seat(seat.index)
            return await self._changed(table)

    async def add_ai(self, caller: Caller, game_id: int, level: Level = DEFAULT) -> GameInfo:
        """An AI seat at ``level``, named "AI 1 (hard)" (bot.ai)."""
        async with opened(self.ctx, caller, game_id) as table:
            info = table.info
            if caller.user_id != info.host_id:
                raise HostOnly("add_ai")
            await self.seat_ai(table, level)
            return await self._changed(table)

    async def seat_ai(self, table: OpenGame, level: Level = DEFAULT) -> SeatInfo:
        """An AI seat at the lobby's next free seat (the one way to add one:
        the lobby's button, a rematch, a quick start). Not in a seat kept for
        an invited player, nor in a league game where the server keeps AI out."""
        info = table.info
        if info.status == LOBBY:
            check_seat(info, None)
        if info.league_id is not None:
            server = await self.ctx.store.servers.defaults(info.guild_id)
            if not server.ai_in_leagues:
                raise NoAiInLeague()
        # The seat's name is stored with the game (records), so in the game's
        # language; the lowest free number, so that names stay apart after a
        # removal (whatever the level: "AI 1 (easy)" and "AI 1 (hard)" never meet).
        words = self.ctx.words(info)
        taken = {s.display_name for s in info.seats}
        n = next(
            n
            for n in range(1, len(info.seats) + 2)
            if not any(ai_name(n, words, lv) in taken for lv in Level)
        )
        name = ai_name(n, words, level)
        # The level first: a seat never plays without its own (a stale entry
        # of a seat that could not be added names no seat).
        await table.update_options(**{options.AI_LEVELS: seat_levels(info) | {name: level}})
        return await table.add_seat(name, is_ai=True)

    async def remove(self, caller: Caller, game_id: int, seat: str) -> SeatInfo:
        """The host frees a lobby seat (``seat``: a :func:`seat_key`); the
        host's own seat stays (the host cancels instead)."""
        async with opened(self.ctx, caller, game_id) as table:
            info = _host_lobby(caller, table.info)
            found = next((s for s in info.seats if seat_key(s) == seat), None)
            if found is None or found.user_id == info.host_id:
                raise NoSuchPlayer(game_id)
            await table.remove_seat(found.index)
            if found.user_id in invited(table.info):  # the host changed their mind
                await uninvite(table, found.user_id)
            await self._changed(table)
            return found

    async def withdraw(self, caller: Caller, game_id: int, user_id: int) -> str:
        """The host withdraws the invitation of a player who has not sat down
        (their kept seat opens; on a private table they may no longer join);
        the name they were invited by."""
        async with opened(self.ctx, caller, game_id) as table:
            info = _host_lobby(caller, table.info)
            if user_id not in reserved(info):
                raise NoSuchPlayer(game_id)
            name = invited_name(info, user_id)
            await uninvite(table, user_id)
            await self._changed(table)
            return name

    async def check_cancel(self, caller: Caller, game_id: int) -> GameInfo:
        """Refuse now what :meth:`cancel` would refuse (asked before the
        confirmation): only the host, only a running game, and a started
        league game never (its players resign instead: a result stays)."""
        info = (await visible(self.ctx.store, caller, game_id)).info
        _may_cancel(caller, info)
        return info

    async def cancel(self, caller: Caller, game_id: int) -> GameInfo:
        """End the game for everyone, said in its thread (the host confirmed)."""
        async with opened(self.ctx, caller, game_id) as table:
            _may_cancel(caller, table.info)
            info = await table.abandon()
            log.info("game %s cancelled by its host", game_id)
            words = self.ctx.words(info)
            host = info.seat_of(caller.user_id)
            name = escape(host.display_name if host else caller.name)
            await self.ctx.notifier.post(
                info, Post(words("lobby.cancel_notice", game=game_id, name=name))
            )
            await self.ctx.notifier.lobby(info)
            await sync_thread(self.ctx, table)
            return table.info

    async def start(self, caller: Caller, game_id: int) -> GameInfo:
        async with opened(self.ctx, caller, game_id) as table:
            await self._seat_in_order(table, caller)
            # Each AI seat's level; the store draws its own seed (db.table).
            ready = table.info
            levels = {s.index: str(seat_level(ready, s.index)) for s in ready.seats if s.is_ai}
            info = await table.start(by_user=caller.user_id, ai_levels=levels)
            log.info("game %s started with %s seats", game_id, len(info.seats))
            await self.ctx.store.timers.cancel_for(game_id, kind=LOBBY_EXPIRY)
            await self.ctx.notifier.lobby(info)
            await sync_thread(self.ctx, table)  # named after its players now
            await self.turns.after_safely(table, [], None)
            return table.info

    async def _seat_in_order(self, table: OpenGame, caller: Caller) -> None:
        """A rematch seats its players in the order it chose (the first seat
        moved on by one); whoever joined besides them sits after them."""
        order = table.info.options.get(options.SEAT_ORDER)
        if not order or caller.user_id != table.info.host_id or len(table.info.seats) < 2:
            return  # nothing to order, or a start refused anyway (B-1): the lobby stays as is
        keys = [seat_key(s) for s in table.info.seats]
        rank = {k: i for i, k in enumerate(order)}
        wanted = sorted(range(len(keys)), key=lambda i: (rank.get(keys[i], len(rank)), i))
        if wanted != list(range(len(keys))):
            await table.reorder_seats(wanted)

    async def _changed(self, table: OpenGame) -> GameInfo:
        await self.ctx.notifier.lobby(table.info)
        return table.info


def _may_cancel(caller: Caller, info: GameInfo) -> None:
    if caller.user_id != info.host_id:
        raise HostOnly("cancel")
    if info.status in OVER:
        raise GameFinished(info.id, info.status)
    if info.league_id is not None and info.status == ACTIVE:
        raise LeagueGameStarted(info.id)


def ai_name(number: int, words: Words = ENGLISH, level: Level = DEFAULT) -> str:
    """An AI seat's name: "AI 1 (hard)", in the game's language."""
    return words("lobby.ai_name", number=number, level=level_word(level, words))


def _host_lobby(caller: Caller, info: GameInfo) -> GameInfo:
    """``info``, when the caller is its host and it is still a lobby (the
    Remove select: a seat or an invitation)."""
    if caller.user_id != info.host_id:
        raise HostOnly("remove")
    if info.status != LOBBY:
        raise GameNotInLobby(info.id, info.status)
    return info


def seat_key(seat: SeatInfo) -> str:
    """Which seat a removal means, stable while others leave: the user, or
    the AI seat's (unique) name."""
    return f"u{seat.user_id}" if seat.user_id is not None else f"a:{seat.display_name}"


async def expire_lobby(ctx: Context, table: OpenGame) -> GameInfo | None:
    """Close a lobby nobody started within :data:`LOBBY_LIFETIME`, with a
    notice in its thread. Run by its timer (the game opened); a lobby that
    started or ended meanwhile is left alone (None)."""
    if table.info.status != LOBBY:
        return None
    await table.update_options(**{options.CLOSED: EXPIRED})
    info = await table.abandon()
    log.info("game %s: lobby expired", info.id)
    words = ctx.words(info)
    within = duration(LOBBY_LIFETIME.total_seconds(), words)
    await ctx.notifier.post(info, Post(words("lobby.expired_notice", game=info.id, time=within)))
    await ctx.notifier.lobby(info)
    await sync_thread(ctx, table)
    return info
