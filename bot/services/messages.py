"""What the services send: :class:`Post` (a thread post or a DM) through a
:class:`Notifier` (Discord in bot.ui.notifier, files in the offline demo,
fakes in tests). No Discord types here.

A post with a ``key`` is a message the bot keeps up to date (a turn's public
message, a player's hand DM): the first post with that key creates it, later
ones edit it, unless ``fresh`` asks for a new message. Images may be drawn
late (``draw``): the Discord notifier sends after the acting player's answer,
so the drawing is off that answer's path too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.present.hands import hand_sections, hand_text
from bot.present.panel import Panel
from bot.render import hand_async
from bot.text import Text, Words
from db.values import GameInfo
from engine.views import PrivateView

Image = tuple[str, bytes]  # file name, PNG or GIF bytes
Drawing = Callable[[], Awaitable[list[Image]]]

# Link buttons a DM may carry (bot.ui.notifier builds their URLs): the game's
# thread, or a message of the game by its key (a turn's: its board).
LINK_THREAD = "thread"


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
    key: str | None = None  # a message kept up to date (see the module doc)
    fresh: bool = False  # with ``key``: a new message rather than an edit
    draw: Drawing | None = None  # images drawn when the message is sent
    keep_image: bool = False  # an edit that leaves the message's images as they are
    links: list[str] = field(default_factory=list)  # LINK_THREAD or message keys (DMs)
    info: GameInfo | None = None  # the game a DM is about (its links and order)
    locale: str | None = None  # a DM's language (its reader's), else the game's
    refused: Callable[[], Awaitable[None]] | None = None  # the DM could not be delivered
    alt: dict[str, str] = field(default_factory=dict)  # file name -> the image in words

    async def images(self) -> list[Image]:
        """Every image of the post, drawing the late ones now."""
        out: list[Image] = [] if self.image is None else [(self.filename, self.image)]
        if self.draw is not None:
            out += await self.draw()
        return out


class Notifier(Protocol):
    async def post(self, info: GameInfo, message: Post) -> None: ...

    async def dm(self, user_id: int, message: Post) -> bool:
        """Send a direct message; False when the user cannot be messaged
        (a notifier that sends later calls ``message.refused`` instead)."""
        ...

    async def lobby(self, info: GameInfo) -> None:
        """Refresh the lobby message of a game (seats, status)."""
        ...

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        """Rename (``name``, unless None) and archive or reopen the game's
        thread where that changes it; True when the thread was edited."""
        ...


async def hand_post(info: GameInfo, view: PrivateView, words: Words) -> Post:
    """A seat's hidden hand in words and as an image (private), drawn when sent."""
    hand = hand_text(view, words)
    text = words("hand.head", game=info.id, hand=hand)
    if not view.hidden:
        return Post(Text(text), filename="hand.png")
    sections = hand_sections(view, words)

    async def draw() -> list[Image]:
        return [("hand.png", await hand_async(view, sections, words))]

    lines = " · ".join(line.removeprefix("- ") for line in str(hand).splitlines())
    alt = {"hand.png": str(words("image.alt.hand", hand=Text(lines)))}
    return Post(Text(text), filename="hand.png", draw=draw, alt=alt)
