"""A player's games: the running games and open lobbies they sit in (here:
in this server; from DMs: everywhere), with whose turn it is and the time
left, for ``/games`` and for the ``game`` option's autocomplete; and a game
thread that Discord archived while its game runs."""

from __future__ import annotations

from bot.present.choices import public_waiting
from bot.present.games import GameSummary, choice_label, games_text
from bot.services.access import Caller
from bot.services.context import Context
from bot.services.deadlines import TIMEOUT
from bot.services.lobby import LOBBY_EXPIRY
from bot.services.threads import sync_thread
from bot.services.waiting import turn_number
from bot.text import Text
from db.values import ACTIVE, LOBBY, GameError, GameInfo

MAX_CHOICES = 25  # Discord's autocomplete limit


class Games:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def mine(self, caller: Caller) -> list[GameSummary]:
        """The caller's running games and open lobbies, oldest first."""
        store = self.ctx.store
        infos = await store.list_games(
            statuses=(LOBBY, ACTIVE), user_id=caller.user_id, guild_id=caller.guild_id
        )
        out = []
        for info in infos:
            try:
                out.append(await self._summary(info, caller))
            except GameError:
                continue  # gone or unreadable since it was listed: not the caller's to fix
        return out

    async def _summary(self, info: GameInfo, caller: Caller) -> GameSummary:
        seat = info.seat_of(caller.user_id)
        timers = await self.ctx.store.timers.of_game(info.id)
        if info.status == LOBBY:
            closes = min((t.due_at for t in timers if t.kind == LOBBY_EXPIRY), default=None)
            return GameSummary(info, seat.index if seat else None, closes=closes)
        game = (await self.ctx.store.load_game(info.id)).started
        waiting = public_waiting(game)  # a discreet question shows whose turn it is
        deadline = min(
            (t.due_at for t in timers if t.kind == TIMEOUT and t.seat in waiting), default=None
        )
        return GameSummary(
            info,
            seat.index if seat else None,
            waiting=waiting,
            turn=turn_number(game),
            deadline=deadline,
        )

    async def listing(self, caller: Caller) -> Text:
        """The ``/games`` answer, in the caller's words."""
        return games_text(await self.mine(caller), self.ctx.clock(), caller.words)

    async def choices(self, caller: Caller, typed: str) -> list[tuple[str, int]]:
        """(label, game id) of the caller's games matching what they typed: a
        game id, or part of an opponent's name. The game of the thread the
        caller writes in first, then those waiting for the caller, newest first."""
        typed = (typed or "").strip().lower().lstrip("#")
        found: list[tuple[tuple[bool, bool, int], str, int]] = []
        for s in await self.mine(caller):
            info = s.info
            opponents = [x.display_name.lower() for x in info.seats if x.index != s.seat]
            if typed and not (str(info.id).startswith(typed) or any(typed in n for n in opponents)):
                continue
            here = info.thread_id is not None and info.thread_id == caller.channel_id
            order = (not here, not s.my_turn, -info.id)
            found.append((order, choice_label(s, caller.words), info.id))
        found.sort(key=lambda c: c[0])
        return [(label, game_id) for _, label, game_id in found[:MAX_CHOICES]]

    async def thread_archived(self, guild_id: int, thread_id: int) -> None:
        """Discord archived a thread: if a game is open or running there, the
        thread opens again (bot.services.threads)."""
        games = await self.ctx.store.list_games(
            statuses=(LOBBY, ACTIVE), guild_id=guild_id, thread_id=thread_id
        )
        if games:
            async with self.ctx.open(games[-1].id) as table:
                await sync_thread(self.ctx, table)
