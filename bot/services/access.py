"""Who asks, from where, and which game they mean.

A game is seen and played only from its own server, and from direct
messages by its players: from anywhere else it does not exist (the same
answer as for a game id that was never used, so ids reveal nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NoGame, SeveralGames
from bot.text import Words
from db.errors import GameNotFound, NotSeated
from db.models import ACTIVE, LOBBY, STATUSES
from db.service import GameInfo, GameService, SeatInfo


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


async def visible_game(store: GameService, caller: Caller, game_id: int) -> GameInfo:
    info = await store.game_info(game_id)
    check_visible(info, caller)
    return info


async def find_game(store: GameService, caller: Caller, game_id: int | None) -> GameInfo:
    """The game a command means: the one given; else the game of the thread
    the command is used in (seated or not: spectators read the board there);
    else the user's only active game (here: in this server, or anywhere from DMs)."""
    if game_id is not None:
        return await visible_game(store, caller, game_id)
    here = await thread_game(store, caller)
    if here is not None:
        return here
    games = await store.list_games(
        statuses=(LOBBY, ACTIVE), user_id=caller.user_id, guild_id=caller.guild_id
    )
    active = [g for g in games if g.status == ACTIVE]
    if len(active) == 1:
        return active[0]
    if len(games) == 1:
        return games[0]
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
