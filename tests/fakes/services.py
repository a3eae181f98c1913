"""The game services without Discord (bot.services): what they post and DM is
recorded, and two callers to act as."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.services import Caller, Post
from db.values import GameInfo
from engine.actions import GameAction, parse_action
from engine.game import Game


def as_seat(record: dict[str, object]) -> Callable[[Game, int], GameAction]:
    """A record action without its seat, as the action of the player's seat
    (what a panel or command builds: bot.services.turns.Pick)."""
    return lambda game, seat: parse_action({**record, "player": seat})


@dataclass
class Recorder:
    """The notifier the services talk to: posts, DMs (refused for the users in
    ``refuse``, as Discord refuses a closed DM) and thread changes."""

    posts: list[Post] = field(default_factory=list)
    dms: dict[int, list[Post]] = field(default_factory=dict)
    refuse: set[int] = field(default_factory=set)
    threads: list[tuple[int, str | None, bool]] = field(default_factory=list)

    async def post(self, info: GameInfo, message: Post) -> None:
        self.posts.append(message)

    async def dm(self, user_id: int, message: Post) -> bool:
        if user_id in self.refuse:
            return False
        self.dms.setdefault(user_id, []).append(message)
        return True

    async def lobby(self, info: GameInfo) -> None:
        return None

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        self.threads.append((info.id, name, archived))
        return True


ADA = Caller(10, guild_id=1, channel_id=2, name="Ada")
BO = Caller(11, guild_id=1, channel_id=2, name="Bo")
