"""Due timers: reminders, turn limits and AI retries.

Timers live in the database (db.timers), so they survive a restart. Each due
timer is first *claimed*: its due time moves to a retry time (a back-off
that doubles with every attempt, up to :data:`RETRY_MAX`) in the claiming
transaction, so only one process handles it: the one that owns the game's
guild (bot.shards), which also runs the handoffs other processes leave it
(bot.services.handoff). Once handled it is removed and the
game's timers are set again. A handler that fails — a busy or failing
database above all — leaves the claimed timer to fire again at its retry
time: a timer is never lost to an error; only a game that is gone or over
drops its timers.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from bot import metrics
from bot.ai import OFF_LOOP, standin_level
from bot.present import choices as ch
from bot.present.choices import legal
from bot.services.context import Context, ai_move
from bot.services.deadlines import (
    AI_RETRY,
    DISCREET,
    REMINDER,
    TIMEOUT,
    Deadlines,
    discreet_question,
)
from bot.services.handoff import run_handoff
from bot.services.invites import INVITE, Invitations
from bot.services.lobby import LOBBY_EXPIRY, expire_lobby
from bot.services.messages import Post
from bot.services.standin import passive_action, timeout_action
from bot.services.threads import THREAD_SYNC, sync_thread
from bot.services.turns import Turns
from bot.services.waiting import WaitingKey, turn_number
from bot.shards import Shards
from bot.text import Words, escape, mention
from db.errors import GameFinished, GameNotFound, GameNotStarted, StaleGame, StoreUnavailable
from db.service import OpenGame
from db.timers import HANDOFF
from db.values import ACTIVE, REMIND, GameInfo, TimerInfo, utcnow
from engine.game import Game
from engine.phases import Event

log = logging.getLogger(__name__)

RETRY_FIRST = dt.timedelta(minutes=1)
RETRY_MAX = dt.timedelta(minutes=30)
GONE = (GameNotFound, GameFinished, GameNotStarted)  # nothing left to time


def retry_delay(attempt: int) -> dt.timedelta:
    """Back-off before attempt ``attempt + 1`` of a timer (1 min, 2, 4, ... 30)."""
    return min(RETRY_FIRST * (1 << max(attempt - 1, 0)), RETRY_MAX)


class TurnTimers:
    def __init__(self, ctx: Context, turns: Turns, deadlines: Deadlines) -> None:
        self.ctx = ctx
        self.turns = turns
        self.deadlines = deadlines
        self.prefs = deadlines.prefs

    async def fire_due(self, now: dt.datetime | None = None, limit: int = 100) -> int:
        """Handle the timers due at ``now`` of the guilds this process owns
        (at most ``limit``, and not those their handlers set meanwhile), each
        claimed just before it is handled; returns how many were handled."""
        now = now or self.ctx.clock()
        started = utcnow()  # the store's clock, which stamps new timers
        timers = self.ctx.store.timers
        shards = Shards.of(self.ctx.settings).claims

        def plan(timer: TimerInfo) -> tuple[dt.datetime, dict[str, Any]]:
            attempt = int(timer.payload.get("attempt", 0)) + 1
            return now + retry_delay(attempt), {**timer.payload, "attempt": attempt}

        handled = 0
        for _ in range(limit):
            try:
                timer = await timers.claim_next(now, plan, shards=shards, created_before=started)
            except StoreUnavailable as exc:
                # Untouched, the timer stays due: the next poll tries again.
                log.warning(
                    "timers not claimed: the store is unavailable (%s)", exc.what, exc_info=exc
                )
                break
            if timer is None:
                break  # none left (or all being handled elsewhere)
            metrics.timer_fired(timer.kind, (utcnow() - timer.due_at).total_seconds())
            retry_at, payload = plan(timer)
            attempt = payload["attempt"]
            try:
                await self._fire(timer)
            except GONE as exc:
                log.info("timer %s of game %s dropped: %s", timer.id, timer.game_id, exc.code)
                await self._drop(timer)
                continue
            except StaleGame:
                # Another process changed the game meanwhile (a DM answer reaches
                # shard 0's): at the retry the handler sees whether it still applies.
                log.info(
                    "timer %s of game %s: the game changed meanwhile; next at %s",
                    timer.id,
                    timer.game_id,
                    retry_at,
                )
                continue
            except StoreUnavailable as exc:
                log.warning(
                    "timer %s of game %s: the store is unavailable (%s); "
                    "attempt %s failed, next at %s",
                    timer.id,
                    timer.game_id,
                    exc.what,
                    attempt,
                    retry_at,
                    exc_info=exc,
                )
                continue
            except Exception:
                log.exception(
                    "timer %s of game %s failed (attempt %s); next at %s",
                    timer.id,
                    timer.game_id,
                    attempt,
                    retry_at,
                )
                continue
            handled += 1
            log.info("timer %s of game %s fired (%s)", timer.id, timer.game_id, timer.kind)
        return handled

    async def _fire(self, timer: TimerInfo) -> None:
        """Handle one claimed timer, then set the game's timers again in its
        place, the game opened once for both."""
        if timer.kind == HANDOFF:  # its follow-up sets the game's timers itself
            await run_handoff(self.ctx, self.turns, timer)
            await self._drop(timer)
            return
        async with self.ctx.open(timer.game_id) as table:
            await self.handle(table, timer)
            await self._done(table, timer)

    async def _done(self, table: OpenGame, timer: TimerInfo) -> None:
        """Set the game's timers again in place of a handled one (a reminder's
        successor is set here), in one transaction. If the store fails on the
        way, the claimed timer fires again at its retry time (handlers check it
        is still due)."""
        try:
            if not table.loaded:
                await table.load()
            await self.deadlines.reconcile(table, replacing=timer.id)
        except StoreUnavailable as exc:
            log.warning(
                "timer %s of game %s handled but not removed (%s)",
                timer.id,
                timer.game_id,
                exc.what,
                exc_info=exc,
            )

    async def _drop(self, timer: TimerInfo) -> None:
        try:
            await self.ctx.store.timers.cancel(timer.id)
        except StoreUnavailable as exc:
            log.warning(
                "timer %s of game %s not removed (%s)",
                timer.id,
                timer.game_id,
                exc.what,
                exc_info=exc,
            )

    async def handle(self, table: OpenGame, timer: TimerInfo) -> None:
        """What a due timer does to its game (opened: ``table``)."""
        if timer.kind == LOBBY_EXPIRY:  # a lobby nobody started closes (bot.services.lobby)
            await expire_lobby(self.ctx, table)
            return
        if timer.kind == THREAD_SYNC:  # a thread edit that had to wait (bot.services.threads)
            await sync_thread(self.ctx, table)
            return
        if timer.kind == INVITE:  # an invited player's quiet hours are over
            await Invitations(self.ctx, self.prefs).tell(table, only=timer.payload.get("user"))
            return
        info = table.info
        if info.status == ACTIVE and timer.kind == DISCREET:
            await self._discreet(table, timer)
            return
        if info.status != ACTIVE or timer.seat is None:
            return
        game = table.started
        if timer.kind == AI_RETRY:
            await self.turns.after(table, [], WaitingKey.of(game))
            return
        d = game.pending
        stale = timer.payload.get("turn") != turn_number(game)
        if d is None or timer.seat not in d.players or stale:
            return  # the seat has acted since
        if timer.kind == REMINDER:
            await self._remind(info, timer.seat, game)
        elif timer.kind == TIMEOUT:
            await self._timeout(table, timer.seat)

    async def _discreet(self, table: OpenGame, timer: TimerInfo) -> None:
        """The delay of a discreet question passed: answer for each player
        still asked who keeps automatic answers on — their only answer, or,
        holding a card, the one that lets the question pass — alike,
        privately, in seat order (bot.services.deadlines)."""
        info = table.info
        game = table.started
        before = WaitingKey.of(game)
        users = {s.index: s.user_id for s in info.seats if s.user_id is not None}
        prefs = await self.prefs.many(list(users.values()))
        ai = self.ctx.ai_seats(info)
        auto = {i for i, u in users.items() if i not in ai and prefs[u].auto_answer}
        events: list[Event] = []
        while True:
            d = game.pending
            if d is None or discreet_question(game) != timer.payload:
                break  # answered, or another question since
            seat = next((p for p in d.players if p in auto), None)
            if seat is None:
                break
            offered = legal(game, seat)
            action = offered[0] if len(offered) == 1 else passive_action(offered)
            if action is None:
                break
            user = users[seat]
            assert user is not None
            result = await table.act(user, action, expected_version=table.info.version)
            game = result.game
            events += result.events
        # Whether a seat had anything to play is secret: no public word, no INFO line.
        log.debug("game %s: automatic answers to a discreet question", info.id)
        if events:
            await self.turns.after_safely(table, events, before)

    async def _remind(self, info: GameInfo, seat_index: int, game: Game) -> None:
        assert game.pending is not None
        seat = info.seats[seat_index]
        if seat.mute_reminders or seat.user_id is None:
            return
        mine = (await self.prefs.many([seat.user_id]))[seat.user_id]
        if self.prefs.quiet(mine):
            return  # the next reminder comes once they are back (bot.services.deadlines)
        words = self.ctx.words(info)
        prompt = ch.public_prompt(game, game.pending, words)
        if ch.is_discreet(game.pending) and mine.dms and seat.dm_reachable:
            # Who has not answered a discreet question yet is nobody else's business.
            mine_words = Words(mine.locale) if mine.locale else words  # the reader's
            prompt_dm = ch.public_prompt(game, game.pending, mine_words)
            name = escape(seat.display_name)
            text = mine_words("timer.reminder", who=name, game=info.id, prompt=prompt_dm)
            post = Post(text, info=info, locale=mine_words.locale)
            if await self.ctx.notifier.dm(seat.user_id, post):
                return
        who = mention(seat.user_id) if mine.mentions else escape(seat.display_name)
        await self.ctx.notifier.post(
            info,
            Post(
                words("timer.reminder", who=who, game=info.id, prompt=prompt),
                mentions=[seat.user_id] if mine.mentions else [],
                buttons=["turn"],
            ),
        )

    async def _timeout(self, table: OpenGame, seat: int) -> None:
        """The time limit passed: the game's policy plays for the seat (a
        question out of turn is let pass)."""
        info = table.info
        policy = info.timeout_policy
        if policy == REMIND:
            return
        game = table.started
        before = WaitingKey.of(game)
        events: list[Event] = []
        start_turn = turn_number(game)
        discreet = False
        while True:
            d = game.pending
            if d is None or seat not in d.players or turn_number(game) != start_turn:
                break
            discreet = discreet or ch.is_discreet(d)
            action = timeout_action(game, seat, policy)
            if action is None:
                level = standin_level(info)
                await table.stand_in(seat, level)  # its own seed, before its first choice
                if level in OFF_LOOP:  # a search: the rest of the turn in another process
                    self.turns.thinker.start(
                        table.game_id, game, seat, level, human=True, turn=start_turn
                    )
                    break
                action = ai_move(game, seat, level)
            result = await table.act_as(
                seat, action, expected_version=table.info.version, allow_human=True
            )
            game = result.game
            events += result.events
        if discreet:
            # Whether the seat had anything to play there is secret: no public word.
            log.debug("game %s: seat %s timed out on a discreet question", info.id, seat)
        else:
            words = self.ctx.words(info)
            name = escape(info.seats[seat].display_name)
            await self.ctx.notifier.post(info, Post(words(f"timer.timed_out.{policy}", name=name)))
            log.info("game %s: seat %s timed out (%s)", info.id, seat, policy)
        await self.turns.after_safely(table, events, before)
