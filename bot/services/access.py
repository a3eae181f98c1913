"""Who asks, from where, and which game they mean.

A game is seen and played only from its own server, and from direct
messages by its players: from anywhere else it does not exist (the same
answer as for a game id that was never used, so ids reveal nothing).
A command reads its game once: :func:`visible` to read it, :func:`opened`
to change it (its lock held, db.table).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from bot.errors import NoGame, SeveralGames
from bot.services.context import Context
from bot.text import Words
from db.errors import GameNotFound, NotSeated
from db.service import GameService, OpenGame
from db.values import ACTIVE, LOBBY, STATUSES, GameInfo, LoadedGame, SeatInfo


@dataclass(frozen=True, slots=True)
class Caller:
    """A user asking: ``guild_id`` None means a direct message."""

    user_id: int
    guild_id: int | None = None
    channel_id: int | None = None
    name: str = ""
    locale: str | None = None  # the user's Discord client language
    guild_locale: str | None = None  # the server's preferred language

    @property
    def words(self) -> Words:
        """Words for answers to this user only (ephemeral replies, panels)."""
        return Words(self.locale or Words().locale)


def check_visible(info: GameInfo, caller: Caller) -> None:
    if caller.guild_id is None:
        if info.seat_of(caller.user_id) is None:
            raise GameNotFound(info.id)
    elif caller.guild_id != info.guild_id:
        raise GameNotFound(info.id)


def seat_of(info: GameInfo, caller: Caller) -> SeatInfo:
    seat = info.seat_of(caller.user_id)
    if seat is None:
        raise NotSeated(info.id)
    return seat


async def visible(store: GameService, caller: Caller, game_id: int) -> LoadedGame:
    """The game read once (facts and engine state), if the caller may see it."""
    loaded = await store.read_game(game_id)
    check_visible(loaded.info, caller)
    return loaded


@asynccontextmanager
async def opened(ctx: Context, caller: Caller, game_id: int) -> AsyncIterator[OpenGame]:
    """The game opened for a change (its lock held, read once), if the
    caller may see it."""
    async with ctx.open(game_id) as table:
        check_visible(table.info, caller)
        yield table


async def find_game(store: GameService, caller: Caller, game_id: int | None) -> int:
    """The game a command means: the one given (whoever reads or changes it
    checks that the caller may see it); else the game of the thread the
    command is used in (seated or not: spectators read the board there);
    else the user's only active game (here: in this server, or anywhere from DMs)."""
    if game_id is not None:
        return game_id
    here = await thread_game(store, caller)
    if here is not None:
        return here.id
    games = await store.list_games(
        statuses=(LOBBY, ACTIVE), user_id=caller.user_id, guild_id=caller.guild_id
    )
    active = [g for g in games if g.status == ACTIVE]
    if len(active) == 1:
        return active[0].id
    if len(games) == 1:
        return games[0].id
    if not games:
        raise NoGame()
    raise SeveralGames()


async def thread_game(store: GameService, caller: Caller) -> GameInfo | None:
    """The game played in the thread the caller writes in, if any: a running
    one before a finished one (a thread may hold a new game after an old
    one), the caller's own before another, the latest before older ones."""
    if caller.guild_id is None or caller.channel_id is None:
        return None
    games = await store.list_games(
        statuses=STATUSES, guild_id=caller.guild_id, thread_id=caller.channel_id
    )
    if not games:
        return None
    return max(
        games,
        key=lambda g: (g.status in (LOBBY, ACTIVE), g.seat_of(caller.user_id) is not None, g.id),
    )
