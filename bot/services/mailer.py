"""What the announcer remembers of each game, one change to announce as one
value (:class:`Announcement`), and the private side: hands and questions by
DM, each in its reader's language, and who may be pinged or DMed (their
/settings). :class:`bot.services.announce.Announcer` builds on it; a DM
that Discord refuses is handed back to it (``dm_refused``), which asks the
question in the thread instead.

Hidden information goes only to its owner's DMs; INFO logs name seats, never
hidden things.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from bot.present import hands as hd
from bot.present import turn as tp
from bot.services.context import Context
from bot.services.messages import LINK_THREAD, Post, hand_post
from bot.services.prefs import Prefs
from bot.services.waiting import WaitingKey
from bot.text import Words, join
from db.values import GameInfo, SeatInfo, UserPrefs
from engine.game import Game
from engine.phases import Event
from engine.views import PublicView, private_view


@dataclass
class GameNotes:
    """What the announcer remembers of one game (memory only: after a restart
    the next message starts afresh)."""

    opened: set[int] = field(default_factory=set)  # turns with a message
    mentioned: set[tuple[int, int]] = field(default_factory=set)  # (turn, seat) pinged
    carry: list[int] = field(default_factory=list)  # turns to show in the next message
    shown: dict[str, str] = field(default_factory=dict)  # message key -> digest sent
    hands: dict[int, str] = field(default_factory=dict)  # seat -> hidden digest
    hand_dm: set[int] = field(default_factory=set)  # seats with a hand DM to edit


@dataclass(frozen=True, slots=True)
class Ask:
    """Players a question was put to (when it opened, before any answer)."""

    turn: int
    step: str
    seats: tuple[int, ...]
    discreet: bool


@dataclass(frozen=True)
class Announcement:
    """One change of one game to announce, with everything its parts read:
    the game's facts and engine state as they are now, the events, who the
    game waited for before (None: its start), the questions put meanwhile,
    the boards of turns nobody human played, and what follows from the game
    (its words, its human seats, the AI seats, the players' settings, the
    turns' public events, what was already sent)."""

    info: GameInfo
    game: Game
    events: list[Event]
    before: WaitingKey | None
    asks: list[Ask]
    boards: dict[int, PublicView] | None
    words: Words
    notes: GameNotes
    humans: dict[int, SeatInfo]
    ai: set[int]
    prefs: dict[int, UserPrefs]
    log: tp.TurnLog


class Mailer:
    def __init__(self, ctx: Context, prefs: Prefs) -> None:
        self.ctx = ctx
        self.prefs = prefs
        self._notes: dict[int, GameNotes] = {}
        self._no_dm: set[tuple[int, int]] = set()  # DMs refused in this process

    def notes(self, game_id: int) -> GameNotes:
        found = self._notes.get(game_id)
        if found is None:
            found = self._notes[game_id] = GameNotes()
        return found

    async def announcement(
        self,
        info: GameInfo,
        game: Game,
        events: list[Event] | None = None,
        before: WaitingKey | None = None,
        asks: list[Ask] | None = None,
        boards: dict[int, PublicView] | None = None,
    ) -> Announcement:
        humans = {s.index: s for s in info.seats if s.user_id is not None and not s.is_ai}
        prefs = await self.prefs.many([s.user_id for s in humans.values() if s.user_id])
        return Announcement(
            info,
            game,
            list(events or []),
            before,
            list(asks or []),
            boards,
            self.ctx.words(info),
            self.notes(info.id),
            humans,
            self.ctx.ai_seats(info),
            prefs,
            tp.turn_log(game),
        )

    def _forget(self, game_id: int) -> None:
        self._notes.pop(game_id, None)
        self._no_dm = {k for k in self._no_dm if k[0] != game_id}

    # --- hands by DM -----------------------------------------------------------------------
    async def _hands(self, a: Announcement) -> None:
        """A DM when a seat received something (a card, a gift); the same DM
        edited when its hand changed otherwise (a chip staked, a card played)."""
        if a.game.finished:
            return
        for index, seat in a.humans.items():
            view = private_view(a.game, index)
            digest = digest_of(view.hidden)
            known = a.notes.hands.get(index)
            a.notes.hands[index] = digest
            if known == digest or not self._dm_ok(a.info, seat, a.prefs):
                continue
            mine = self._reader(seat, a.prefs, a.words)
            news = hd.received(index, a.events, mine)
            if not news and (known is None or index not in a.notes.hand_dm):
                continue
            post = await hand_post(a.info, view, mine)
            if news:
                post.text = join([*news, post.text])
            post.key, post.fresh, post.info = f"hand:{a.info.id}", bool(news), a.info
            post.locale = mine.locale
            post.links = [LINK_THREAD]
            a.notes.hand_dm.add(index)
            await self._dm(a.info, seat, post)

    # --- DMs --------------------------------------------------------------------------------
    @staticmethod
    def _reader(seat: SeatInfo, prefs: dict[int, UserPrefs], words: Words) -> Words:
        """A DM's words: its reader's language when known (their client's,
        last seen), else the game's."""
        p = prefs.get(seat.user_id or 0)
        return Words(p.locale) if p is not None and p.locale else words

    def _dm_ok(self, info: GameInfo, seat: SeatInfo, prefs: dict[int, UserPrefs]) -> bool:
        if seat.user_id is None or not seat.dm_reachable or (info.id, seat.index) in self._no_dm:
            return False
        p = prefs.get(seat.user_id)
        return p is None or p.dms

    def _may_ping(self, seat: SeatInfo, prefs: dict[int, UserPrefs]) -> bool:
        if seat.user_id is None:
            return False
        p = prefs.get(seat.user_id)
        return p is None or (p.mentions and not self.prefs.quiet(p))

    def _quiet(self, seat: SeatInfo, prefs: dict[int, UserPrefs]) -> bool:
        p = prefs.get(seat.user_id or 0)
        return p is not None and self.prefs.quiet(p)

    async def _dm(self, info: GameInfo, seat: SeatInfo, post: Post, *, reask: bool = False) -> None:
        """DM a seat; if Discord refuses, the thread is told (once) and, for a
        question (``reask``), the seat is asked there instead."""
        assert seat.user_id is not None
        post.info = info

        async def refused() -> None:
            await self.dm_refused(info.id, seat.index, reask=reask)

        post.refused = refused
        if not await self.ctx.notifier.dm(seat.user_id, post):
            await refused()

    async def dm_refused(self, game_id: int, seat_index: int, *, reask: bool = False) -> None:
        raise NotImplementedError  # the announcer's: it asks in the thread instead


def digest_of(value: Any) -> str:
    """A short fingerprint of what was sent (to skip sending it again)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()
