"""After a change: each finished turn with its board in the thread, the
ping of whoever must act next, questions asked privately, changed hands by DM.

Hidden information (hands, gift cards, chip faces) only ever goes to
``Notifier.dm`` or to ephemeral replies; thread posts carry public views and
public events only, and INFO logs name seats, never hidden things.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any

from bot.present import choices as ch
from bot.present import events as ev
from bot.present import panel as pn
from bot.render import board_async
from bot.services.context import Context
from bot.services.messages import Post, hand_post
from bot.services.waiting import WaitingKey
from bot.text import Text, Words, escape, join, mention
from db.service import GameInfo, SeatInfo
from engine.game import Game
from engine.phases import STEP_PLACE, Event
from engine.views import PublicView, private_view, public_view

log = logging.getLogger(__name__)

MAX_MESSAGE = 2000


@dataclass(slots=True)
class Chunk:
    """Events of one finished (or current) turn and the view after it."""

    events: list[Event]
    view: PublicView | None
    turn: int


class Announcer:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._hidden: dict[tuple[int, int], str] = {}  # (game, seat) -> digest sent
        self._no_dm: set[tuple[int, int]] = set()  # DMs refused in this process

    async def announce(
        self, info: GameInfo, game: Game, chunks: list[Chunk], before: WaitingKey | None
    ) -> None:
        words = self.ctx.words(info)
        players = list(game.players)
        posts: list[Post] = []
        for c in chunks:
            text = ev.events_text(players, c.events, words)
            if c.view is None:
                if text:
                    posts.append(Post(text, turn=c.turn))
                continue
            posts.append(
                Post(
                    text or words("turn.done", turn=c.turn), await board_async(c.view), turn=c.turn
                )
            )
        if game.finished:
            posts.append(await self._final(info, game, words))
        else:
            ping = self._ping(info, game, before, words)
            if ping is not None:
                if posts and posts[-1].image is not None and STEP_PLACE in _types(game):
                    # One message: the last turn's events and the board to play on.
                    ping.text = _join(posts.pop().text, ping.text)
                ping.image = await board_async(public_view(game), ch.legal_cells(game))
                posts.append(ping)
        for post in posts:
            await self.ctx.notifier.post(info, post)
        if not game.finished:
            await self._ask_privately(info, game, before)

    async def _final(self, info: GameInfo, game: Game, words: Words) -> Post:
        players = list(game.players)
        public = ev.public(game.events)
        parts = [ev.final_text(players, list(game.scores), list(game.winners()), public, words)]
        if info.league_id is not None:
            parts.append(words("final.league"))
        parts.append(words("final.record", game=info.id))
        image = await board_async(public_view(game))
        return Post(join(parts), image, filename="final-board.png", turn=game.turns_played)

    def _ping(
        self, info: GameInfo, game: Game, before: WaitingKey | None, words: Words
    ) -> Post | None:
        key = WaitingKey.of(game)
        d = game.pending
        if key is None or d is None or key == before:
            return None
        ai = self.ctx.ai_seats(info)
        fresh = [p for p in key.newly_asked(before) if p not in ai]
        if not fresh:
            return None
        seats = info.seats
        names = join([_mention(seats[p]) for p in fresh], ", ")
        mentions = [u for p in fresh if (u := seats[p].user_id) is not None]
        prompt = ch.step_prompt(game, d, words)
        own = d.active in fresh and game.turn is not None and game.turn.player == d.active
        if own and len(fresh) == 1:
            tile = words("turn.tile", tile=Text(game.turn.tile)) if game.turn else Text("")
            text = words("turn.your_turn", names=names, game=info.id, prompt=prompt, tile=tile)
            buttons = ["turn", "hand"]
        else:
            text = words("turn.asks", game=info.id, names=names, prompt=prompt)
            buttons = ["answer", "hand"]
        return Post(text, mentions=mentions, buttons=buttons)

    async def _ask_privately(self, info: GameInfo, game: Game, before: WaitingKey | None) -> None:
        """Out-of-turn questions (bets, reactions) go to each asked seat by DM."""
        key = WaitingKey.of(game)
        d = game.pending
        if key is None or d is None:
            return
        ai = self.ctx.ai_seats(info)
        for p in key.newly_asked(before):
            seat = info.seats[p]
            own = game.turn is not None and game.turn.player == p and d.active == p
            if own or p in ai or seat.user_id is None or not seat.dm_reachable:
                continue
            words = self.ctx.words(info)
            panel = pn.build(game, info, p, words, ai_seats=ai)
            prompt = ch.step_prompt(game, d, words)
            await self._dm(
                info, seat, Post(words("turn.asks_you", game=info.id, prompt=prompt), panel=panel)
            )

    async def send_hands(
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
            await self._dm(info, seat, await hand_post(info, view, self.ctx.words(info)))
        if game.finished:
            for k in [k for k in self._hidden if k[0] == info.id]:
                del self._hidden[k]

    async def _dm(self, info: GameInfo, seat: SeatInfo, post: Post) -> None:
        assert seat.user_id is not None
        key = (info.id, seat.index)
        if key in self._no_dm:
            return
        if await self.ctx.notifier.dm(seat.user_id, post):
            return
        log.info("game %s: seat %s cannot receive DMs", info.id, seat.index)
        self._no_dm.add(key)
        if seat.dm_reachable:
            await self.ctx.store.set_seat_flags(info.id, seat.index, dm_reachable=False)
            words = self.ctx.words(info)
            await self.ctx.notifier.post(
                info,
                Post(
                    words("dm.refused", name=escape(seat.display_name)), buttons=["hand", "answer"]
                ),
            )


def _types(game: Game) -> tuple[str, ...]:
    return game.pending.types if game.pending is not None else ()


def _digest(hidden: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(hidden, sort_keys=True, default=str).encode()).hexdigest()


def _mention(seat: SeatInfo) -> Text:
    return mention(seat.user_id) if seat.user_id is not None else escape(seat.display_name)


def _join(a: str, b: str) -> Text:
    text = f"{a}\n{b}" if a else b
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - len(b) - 10].rsplit("\n", 1)[0] + "\n...\n" + b
    return Text(text)
