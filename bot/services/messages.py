"""What the services send: :class:`Post` (a thread post or a DM) through a
:class:`Notifier` (Discord in bot.ui.notifier, files in the offline demo,
fakes in tests). No Discord types here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from bot.present.hands import hand_text
from bot.present.panel import Panel
from bot.render import hand_async
from bot.text import Text, Words
from db.service import GameInfo
from engine.views import PrivateView


@dataclass(slots=True)
class Post:
    """A message: public (thread) or private (DM). ``buttons`` are verbs of
    the persistent game buttons (turn, answer, hand); ``panel`` a seat's
    action panel; ``mentions`` the users it may ping (nobody else)."""

    text: str
    image: bytes | None = None
    filename: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    buttons: list[str] = field(default_factory=list)
    panel: Panel | None = None
    turn: int | None = None  # the turn this post shows (demo file names)


class Notifier(Protocol):
    async def post(self, info: GameInfo, message: Post) -> None: ...

    async def dm(self, user_id: int, message: Post) -> bool:
        """Send a direct message; False when the user cannot be messaged."""
        ...

    async def lobby(self, info: GameInfo) -> None:
        """Refresh the lobby message of a game (seats, status)."""
        ...

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        """Rename (``name``, unless None) and archive or reopen the game's
        thread where that changes it; True when the thread was edited."""
        ...


async def hand_post(info: GameInfo, view: PrivateView, words: Words) -> Post:
    """A seat's hidden hand in words and as an image (private)."""
    text = words("hand.head", game=info.id, hand=hand_text(view, words))
    image = await hand_async(view) if view.hidden else None
    return Post(Text(text), image, filename="hand.png")
