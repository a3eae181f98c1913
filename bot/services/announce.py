"""After a change: the public turn message, the pings of whoever must act,
questions asked privately, hands by DM (the private side and what is
remembered of each game: bot.services.mailer).

One public message per turn, kept up to date: it is created when the game
first waits for a human in that turn (with the board, the tile to place and
the legal cells numbered), edited as the turn goes on and, once the turn is
over, left with the turn's summary in words. Turns played by AI seats that
nobody had to wait on get no message of their own: their summary opens the
next message. The next human to play is pinged once, by that message, and
told once more when a turn that waited on others' answers comes back to
them (they did not act last, and may have left): by DM, else by a ping.

Questions out of turn (bets, the mastermind's cell, attacks) go to each asked
player by DM, with a link to the thread and the board, or, when DMs are not
possible, as a ping in the thread answered with "Answer privately". A
discreet question (bot.expansions.adapter) is never shown by name: its
public trace is the same whether the player asked holds a card or not (the
same neutral ping for players without DMs; the turn message unchanged until
it is answered).

Hidden information (hands, gift cards, chip faces) only ever goes to DMs or
ephemeral replies; thread posts carry public views and public events only,
and INFO logs name seats, never hidden things.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from bot import options
from bot.present import choices as ch
from bot.present import events as ev
from bot.present import panel as pn
from bot.present import turn as tp
from bot.render import board_alt, board_async, final_alt, final_async, timelapse_async
from bot.services.mailer import Announcement, Ask, Mailer, digest_of
from bot.services.messages import LINK_THREAD, Image, Post
from bot.services.waiting import WaitingKey, turn_number
from bot.text import Text, Words, escape, join, mention
from db.service import OpenGame
from db.values import ACTIVE, SeatInfo, ranks, winners
from engine.phases import STEP_PLACE, Event
from engine.views import PublicView, public_view

log = logging.getLogger(__name__)

__all__ = ["Announcer", "Ask", "turn_key"]


def turn_key(number: int) -> str:
    return f"turn:{number}"


class Announcer(Mailer):
    # --- after every change ---------------------------------------------------------
    async def announce(
        self,
        table: OpenGame,
        events: list[Event],
        before: WaitingKey | None,
        asks: list[Ask],
        boards: dict[int, PublicView] | None = None,
    ) -> None:
        """Announce the change that brought ``table``'s game where it is now.
        ``boards``: the board after each turn, for a game without human
        players (each of its turns gets a message with its own board)."""
        a = await self.announcement(table.info, table.started, events, before, asks, boards)
        game = a.game
        now_turn = turn_number(game)
        first = before.turn if before is not None else 1  # None: the game's start
        # Questions first: their pings come before the turn message changes,
        # whatever was answered automatically meanwhile (discreet steps).
        await self._questions(a)
        # Turns that ended.
        last_done = now_turn if game.finished else now_turn - 1
        for number in range(first, last_done + 1):
            if number in a.notes.opened:
                await self._turn_post(a, number, None, final=True)
            elif boards is not None and number in boards:
                await self._robot_turn(a, number, boards[number])
            elif number not in a.notes.carry:
                a.notes.carry.append(number)
        if game.finished:
            await self._final(a)
            await self._hands(a)
            self._forget(a.info.id)
            return
        d = game.pending
        assert d is not None
        if not ch.is_discreet(d):
            await self._current(a, now_turn, before)
        await self._hands(a)

    # --- the current turn's message ---------------------------------------------------------
    async def _current(self, a: Announcement, number: int, before: WaitingKey | None) -> None:
        info, notes, humans = a.info, a.notes, a.humans
        d = a.game.pending
        assert d is not None
        waiting = [p for p in d.players if p in humans and p not in a.ai]
        if not waiting:
            return
        active = d.active
        own_place = STEP_PLACE in d.types and active in waiting
        if (
            active in waiting
            and (number, active) in notes.mentioned
            and before is not None
            and before.turn == number
            and active not in before.players
        ):
            # The turn waited on others (an attack's answers, a question out of
            # turn) and comes back to its player, who did not act last: told once more.
            await self._goes_on(a, number, active)
            return
        ping: list[int] = []
        if own_place and (number, active) not in notes.mentioned:
            ping = [active]
        elif number not in notes.opened:
            # Opened by a question out of turn: ping those asked who have no DMs.
            ping = [p for p in waiting if not self._dm_ok(info, humans[p], a.prefs)]
        ping = [p for p in ping if self._may_ping(humans[p], a.prefs)]
        if number not in notes.opened:
            notes.opened.add(number)
            await self._turn_post(a, number, ping, create=True)
            notes.carry.clear()
        else:
            await self._turn_post(a, number, None)
            if ping:
                await self._your_turn_ping(a, number, ping[0])
        for p in ping:
            notes.mentioned.add((number, p))
        if own_place and active not in ping and (number, active) not in notes.mentioned:
            # No ping allowed now (quiet hours, or pings off): a DM if allowed.
            notes.mentioned.add((number, active))
            await self._your_turn_dm(a, number, active)

    async def _turn_post(
        self,
        a: Announcement,
        number: int,
        ping: list[int] | None,
        *,
        create: bool = False,
        final: bool = False,
    ) -> None:
        """Create or update turn ``number``'s message (with the turns carried
        before it when it is created)."""
        info, game, words = a.info, a.game, a.words
        key = turn_key(number)
        events = a.log.end if number > len(a.log.turns) else a.log.of(number)
        seat = tp.player_of(events)
        parts = []
        if create:
            parts = [tp.section(game, n, a.log.of(n), None, words) for n in a.notes.carry]
        who: Text | None = None
        status: Text | None = None
        d = game.pending
        if not final and d is not None:
            if ping and seat is not None and seat in ping and STEP_PLACE in d.types:
                who = words("turn.header_you", who=mention(info.seats[seat].user_id or 0))
                status = words("turn.status.place")
            else:
                status = self._status(a, ping)
        parts.append(tp.section(game, number, events, who, words))
        text = tp.message(parts, status, words)
        if create:
            a.notes.shown[key] = digest_of(text)
            board = ch.shown_view(game)
            cells = ch.legal_cells(game) if d is not None and STEP_PLACE in d.types else []

            async def draw() -> list[Image]:
                return [("board.png", await board_async(board, cells, words))]

            await self.ctx.notifier.post(
                info,
                Post(
                    text,
                    mentions=[u for p in ping or [] if (u := info.seats[p].user_id) is not None],
                    buttons=["turn", "hand"],
                    turn=number,
                    key=key,
                    draw=draw,
                    alt={"board.png": board_alt(board, words, cells)},
                ),
            )
            return
        digest = digest_of((text, final))
        if a.notes.shown.get(key) == digest:
            return
        a.notes.shown[key] = digest
        await self.ctx.notifier.post(
            info,
            Post(
                text,
                buttons=[] if final else ["turn", "hand"],
                turn=number,
                key=key,
                keep_image=True,
            ),
        )

    async def _robot_turn(self, a: Announcement, number: int, board: PublicView) -> None:
        """A turn of a game without human players: its message, with its board."""
        words = a.words
        text = tp.message([tp.section(a.game, number, a.log.of(number), None, words)], None, words)

        async def draw() -> list[Image]:
            return [("board.png", await board_async(board, (), words))]

        alt = {"board.png": board_alt(board, words)}
        await self.ctx.notifier.post(
            a.info, Post(text, turn=number, key=turn_key(number), draw=draw, alt=alt)
        )

    def _status(self, a: Announcement, ping: list[int] | None) -> Text:
        d = a.game.pending
        assert d is not None
        who = join(
            [
                mention(a.info.seats[p].user_id or 0)
                if ping and p in ping
                else escape(a.game.players[p])
                for p in d.players
            ],
            ", ",
        )
        prompt = ch.public_prompt(a.game, d, a.words)
        return a.words("turn.status.waiting", names=who, prompt=prompt)

    async def _goes_on(self, a: Announcement, number: int, active: int) -> None:
        """The turn message brought up to date, and its player told that the
        turn goes on: by DM where possible (the thread gets no message for
        one player), else pinged in the thread."""
        await self._turn_post(a, number, None)
        seat = a.humans[active]
        if self._dm_ok(a.info, seat, a.prefs):
            await self._your_turn_dm(a, number, active)
        elif self._may_ping(seat, a.prefs):
            await self._your_turn_ping(a, number, active, "turn.your_turn_goes_on")

    async def _your_turn_dm(self, a: Announcement, number: int, active: int) -> None:
        """A DM that it is ``active``'s turn, where DMs are possible and not quiet now."""
        seat = a.humans[active]
        if self._dm_ok(a.info, seat, a.prefs) and not self._quiet(seat, a.prefs):
            mine = self._reader(seat, a.prefs, a.words)
            await self._dm(
                a.info,
                seat,
                Post(
                    mine("turn.your_turn_dm", game=a.info.id, turn=number),
                    links=[turn_key(number), LINK_THREAD],
                    info=a.info,
                    locale=mine.locale,
                ),
            )

    async def _your_turn_ping(
        self, a: Announcement, number: int, seat: int, key: str = "turn.your_turn_ping"
    ) -> None:
        user = a.info.seats[seat].user_id
        if user is None:
            return
        await self.ctx.notifier.post(
            a.info,
            Post(
                a.words(key, who=mention(user), turn=number),
                mentions=[user],
                buttons=["turn", "hand"],
                turn=number,
            ),
        )

    # --- questions out of turn ---------------------------------------------------------------
    async def _questions(self, a: Announcement) -> None:
        """Each question put to players out of their turn: by DM (the
        question, or for a discreet one already answered for them, a note
        saying so), else a ping in the thread. A discreet question pings every
        player asked who has no DMs, whether they still have to answer or not."""
        info, game, humans = a.info, a.game, a.humans
        d = game.pending
        now = WaitingKey.of(game)
        for ask in a.asks:
            active = game.turn.player if game.turn is not None else None
            asked = [p for p in ask.seats if p in humans and p not in a.ai and p != active]
            still = now is not None and (now.turn, now.step) == (ask.turn, ask.step)
            thread: list[int] = []
            for p in asked:
                seat = humans[p]
                open_now = still and d is not None and p in d.players
                if self._dm_ok(info, seat, a.prefs):
                    mine = self._reader(seat, a.prefs, a.words)
                    if open_now:
                        await self._ask_by_dm(a, seat, mine, discreet=ask.discreet)
                    elif ask.discreet:
                        await self._dm(
                            info,
                            seat,
                            Post(
                                mine("turn.answered_for_you", game=info.id),
                                info=info,
                                locale=mine.locale,
                            ),
                            reask=True,
                        )
                elif ask.discreet or open_now:
                    thread.append(p)
            if not thread or (not ask.discreet and ask.turn not in a.notes.opened):
                continue  # (a turn's message about to be created pings them itself)
            await self._thread_ask(a, thread, ask.discreet)

    async def _thread_ask(self, a: Announcement, seats: list[int], discreet: bool) -> None:
        humans, words, game = a.humans, a.words, a.game
        pinged = [p for p in seats if self._may_ping(humans[p], a.prefs)]
        names = join(
            [
                mention(humans[p].user_id or 0) if p in pinged else escape(humans[p].display_name)
                for p in seats
            ],
            ", ",
        )
        d = game.pending
        if discreet or d is None:
            text = words("turn.asks_discreet", names=names, game=a.info.id, turn=turn_number(game))
        else:
            prompt = ch.step_prompt(game, d, words)
            text = words("turn.asks", names=names, game=a.info.id, prompt=prompt)
        await self.ctx.notifier.post(
            a.info,
            Post(
                text,
                mentions=[u for p in pinged if (u := humans[p].user_id) is not None],
                buttons=["answer", "hand"],
                turn=turn_number(game),
            ),
        )

    async def _ask_by_dm(
        self, a: Announcement, seat: SeatInfo, words: Words, *, discreet: bool
    ) -> None:
        info, game = a.info, a.game
        d = game.pending
        assert d is not None
        panel = pn.build(game, info, seat.index, words, ai_seats=a.ai)
        text = words("turn.asks_you", game=info.id, prompt=ch.step_prompt(game, d, words))
        links = [LINK_THREAD]
        if a.notes.opened:
            links.insert(0, turn_key(max(a.notes.opened)))
        post = Post(text, panel=panel, links=links, info=info, locale=words.locale)
        await self._dm(info, seat, post, reask=True)

    # --- the end ---------------------------------------------------------------------------
    async def _final(self, a: Announcement) -> None:
        info, game, words = a.info, a.game, a.words
        players = list(game.players)
        scores = list(game.scores)
        resigned = set(info.options.get(options.RESIGNED, []))
        places = ranks(scores, resigned)  # a resignation is a loss, as in the standings
        parts = [tp.section(game, n, a.log.of(n), None, words) for n in a.notes.carry]
        end_lines = ev.turn_lines(players, a.log.end, words)
        result = [
            words("final.over", head=ev.final_head(players, winners(places), words, resigned)),
            ev.ranking(players, scores, places, words),
        ]
        if end_lines:
            result.append(words("final.end_scoring", lines=ev.bullets(end_lines, words, 900)))
        result.append(words("final.images"))
        if info.league_id is not None:
            result.append(words("final.league"))
        result.append(words("final.record", game=info.id))
        text = tp.message([*parts, join(result)], None, words)
        view = public_view(game)
        if resigned:  # the image names a seat the AI finished as such (drawn, not markdown)
            marked = [
                str(words("image.resigned_name", name=Text(n))) if i in resigned else n
                for i, n in enumerate(view.players)
            ]
            view = replace(view, players=tuple(marked))
        rows = [
            (str(k), v)
            for k, v in ev.breakdown(players, ev.public(list(game.events)), words).items()
        ]
        record = game.record()

        async def draw() -> list[Image]:
            out: list[Image] = [
                ("final-score.png", await final_async(view, rows, words)),
                ("board.png", await board_async(view, (), words, whole=True)),
            ]
            try:
                out.append(("replay.gif", await timelapse_async(record, words)))
            except Exception:
                log.exception("game %s: the replay could not be drawn", info.id)
            return out

        await self.ctx.notifier.post(
            info,
            Post(
                text,
                filename="final-score.png",
                turn=game.turns_played,
                draw=draw,
                key="final",
                buttons=["rematch"],  # for its players (bot.services.tables)
                alt={
                    "final-score.png": final_alt(view, words),
                    "board.png": board_alt(view, words, whole=True),
                    "replay.gif": str(words("image.alt.replay")),
                },
            ),
        )

    async def dm_refused(self, game_id: int, seat_index: int, *, reask: bool = False) -> None:
        """Discord refused a DM to a seat: note it, tell the thread once and,
        for a question, ask it there (the same neutral words for a discreet
        question, answered or not)."""
        key = (game_id, seat_index)
        first = key not in self._no_dm
        self._no_dm.add(key)
        async with self.ctx.open(game_id) as table:
            await self._refused(table, seat_index, first=first, reask=reask)

    async def _refused(self, table: OpenGame, seat_index: int, *, first: bool, reask: bool) -> None:
        info = table.info
        seat = info.seats[seat_index]
        words = self.ctx.words(info)
        if first:
            log.info("game %s: seat %s cannot receive DMs", info.id, seat_index)
            if seat.dm_reachable:
                await table.set_seat_flags(seat_index, dm_reachable=False)
                text = words("dm.refused", name=escape(seat.display_name))
                await self.ctx.notifier.post(info, Post(text, buttons=["hand", "answer"]))
        if not reask or info.status != ACTIVE or table.game is None:
            return
        d = table.game.pending
        if d is None:
            return
        discreet = ch.is_discreet(d)
        if not discreet and seat_index not in d.players:
            return
        a = await self.announcement(info, table.game)
        await self._thread_ask(a, [seat_index], discreet)
