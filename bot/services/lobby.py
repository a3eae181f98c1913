"""Lobbies: open one, join, leave, add AI seats, cancel, start."""

from __future__ import annotations

import logging

from bot import options
from bot.errors import BadReminder, BadTimeLimit, HostCannotLeave, LeagueMembersOnly
from bot.services.access import Caller, seat_of, visible_game
from bot.services.context import Context
from bot.services.deadlines import REMIND_ONLY
from bot.services.turns import Turns
from bot.settings import TIMEOUT_POLICIES
from bot.text import ENGLISH
from db.errors import HostOnly, UnknownPolicy
from db.service import GameInfo, GameOptions

log = logging.getLogger(__name__)

HOUR = 3600


class Lobby:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def create(
        self,
        caller: Caller,
        *,
        expansions: list[str],
        timeout_hours: float | None = None,
        policy: str | None = None,
        reminder_hours: float | None = None,
        league: str | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        decks: dict[str, list[str]] | None = None,
    ) -> GameInfo:
        """A new lobby in the caller's server and channel, the caller seated as host."""
        settings = self.ctx.settings
        policy = policy or settings.timeout_policy
        if policy not in TIMEOUT_POLICIES:
            raise UnknownPolicy(policy, TIMEOUT_POLICIES)
        hours = settings.turn_timeout_hours if timeout_hours is None else timeout_hours
        if hours is not None and hours <= 0:
            raise BadTimeLimit()
        reminder = reminder_hours or settings.reminder_hours
        if reminder <= 0:
            raise BadReminder()
        guild_id = caller.guild_id or 0
        league_id = None
        if league:
            league_id = (await self.ctx.leagues.get(guild_id, league)).id
            if not await self.ctx.leagues.is_member(league_id, caller.user_id):
                raise LeagueMembersOnly("host", league)
        game_options = GameOptions(
            turn_timeout_seconds=None if hours is None else max(1, round(hours * HOUR)),
            # db knows "ai" (act for the player) and "remind"; skip is an AI policy here.
            timeout_policy=REMIND_ONLY if policy == REMIND_ONLY else "ai",
            extra={options.POLICY: policy, options.REMINDER_HOURS: reminder},
        )
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
        await store.add_seat(info.id, caller.name, user_id=caller.user_id)
        log.info("game %s created in guild %s", info.id, guild_id)
        return await store.game_info(info.id)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.ctx.store.set_thread(game_id, thread_id)

    async def set_lobby_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self.ctx.store.update_options(
            game_id, **{options.LOBBY_MESSAGE: [channel_id, message_id]}
        )

    async def join(self, caller: Caller, game_id: int) -> GameInfo:
        info = await visible_game(self.ctx.store, caller, game_id)
        if info.league_id is not None and not await self.ctx.leagues.is_member(
            info.league_id, caller.user_id
        ):
            raise LeagueMembersOnly("join")
        await self.ctx.store.add_seat(game_id, caller.name, user_id=caller.user_id)
        return await self._changed(game_id)

    async def leave(self, caller: Caller, game_id: int) -> GameInfo:
        info = await visible_game(self.ctx.store, caller, game_id)
        seat = seat_of(info, caller)
        if caller.user_id == info.host_id:
            raise HostCannotLeave()
        await self.ctx.store.remove_seat(game_id, seat.index)
        return await self._changed(game_id)

    async def add_ai(self, caller: Caller, game_id: int) -> GameInfo:
        info = await visible_game(self.ctx.store, caller, game_id)
        if caller.user_id != info.host_id:
            raise HostOnly("add_ai")
        n = sum(1 for s in info.seats if s.is_ai) + 1
        # The seat's name is stored with the game (records), so in one language.
        await self.ctx.store.add_seat(game_id, ENGLISH("lobby.ai_name", number=n), is_ai=True)
        return await self._changed(game_id)

    async def cancel(self, caller: Caller, game_id: int) -> GameInfo:
        info = await visible_game(self.ctx.store, caller, game_id)
        if caller.user_id != info.host_id:
            raise HostOnly("cancel")
        info = await self.ctx.store.abandon_game(game_id)
        await self.ctx.notifier.lobby(info)
        return info

    async def start(self, caller: Caller, game_id: int) -> GameInfo:
        await visible_game(self.ctx.store, caller, game_id)
        async with self.ctx.lock(game_id):
            loaded = await self.ctx.store.start_game(game_id, by_user=caller.user_id)
            log.info("game %s started with %s seats", game_id, len(loaded.info.seats))
            await self.ctx.notifier.lobby(loaded.info)
            await self.turns.after_safely(game_id, [], None, hand_all=True)
        return await self.ctx.store.game_info(game_id)

    async def _changed(self, game_id: int) -> GameInfo:
        info = await self.ctx.store.game_info(game_id)
        await self.ctx.notifier.lobby(info)
        return info
