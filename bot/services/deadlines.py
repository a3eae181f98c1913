"""The timers a game needs now: for each human seat it waits for, a
reminder and (unless the policy only reminds) the time limit, kept while the
same seat waits in the same turn; every other reminder or limit of the game
goes. Timers of other kinds (AI retries, a thread edit that had to wait, a
lobby's expiry) belong to their own services and are left alone.

A question out of turn (bets, the mastermind's cell, an attack) has its own,
shorter limit (``options.QUESTION_HOURS``, 12 h unless the game says
otherwise, never longer than the turn limit). A player away or in quiet
hours (bot.services.prefs) is not reminded then, and their limit pauses, by
at most ``options.AWAY_HOURS`` per wait; then the game's policy applies.

A discreet question (an attack, X-4.9; a modifier, X-3.2) also gets one
timer of the game, :data:`DISCREET`, due a fixed delay after the question
is put (``options.DISCREET_SECONDS``, 90 s unless the game says otherwise):
then the bot answers for every player still asked who keeps automatic
answers on, whatever they hold (bot.services.timers). So the game moves on
at the same moment whether anyone holds a card or not; only a player's own
choice (answering sooner, or automatic answers off) changes when.
"""

from __future__ import annotations

import datetime as dt

from bot import options
from bot.present.choices import is_discreet
from bot.services.context import Context
from bot.services.prefs import Prefs, due_with_pauses, unavailable_until
from bot.services.waiting import turn_number
from db.service import OpenGame
from db.timers import NewTimer
from db.values import ACTIVE, REMIND, GameInfo, TimerInfo, UserPrefs
from engine.game import Game

REMINDER = "reminder"
TIMEOUT = "timeout"
AI_RETRY = "ai-retry"  # an AI move that failed, tried again later
AI_RETRY_AFTER = dt.timedelta(minutes=5)
DISCREET = "discreet-answer"  # automatic answers to a discreet question, after a delay
OWN = (REMINDER, TIMEOUT, DISCREET)  # the kinds this module sets and cancels


def reminder_hours(info: GameInfo, default: float) -> float:
    return float(info.options.get(options.REMINDER_HOURS, default))


def question_limit(info: GameInfo) -> dt.timedelta | None:
    """The time limit of a question out of turn (None: the game has no limits)."""
    if not info.turn_timeout_seconds:
        return None
    hours = float(info.options.get(options.QUESTION_HOURS, options.DEFAULT_QUESTION_HOURS))
    return min(dt.timedelta(hours=hours), dt.timedelta(seconds=info.turn_timeout_seconds))


def discreet_delay(info: GameInfo) -> dt.timedelta:
    """How long after a discreet question is put the automatic answers go."""
    try:
        seconds = float(
            info.options.get(options.DISCREET_SECONDS, options.DEFAULT_DISCREET_SECONDS)
        )
    except (TypeError, ValueError):
        seconds = options.DEFAULT_DISCREET_SECONDS
    return dt.timedelta(seconds=min(max(seconds, 0.0), 86_400.0))


def discreet_question(game: Game) -> dict[str, int | str] | None:
    """The pending discreet question as a timer's payload (the turn, the
    step and how many actions there were when it was put), or None."""
    d = game.pending
    if d is None or not is_discreet(d):
        return None
    answers = {spec.type for spec in game.hooks.for_step(d.step)} | set(d.types)
    actions = game.actions.typed()
    opened = len(actions)
    while opened and actions[opened - 1].TYPE in answers:
        opened -= 1  # answers given to it since it was put
    return {"turn": turn_number(game), "step": d.step, "opened": opened}


def away_allowance(info: GameInfo) -> dt.timedelta:
    hours = float(info.options.get(options.AWAY_HOURS, options.DEFAULT_AWAY_HOURS))
    return dt.timedelta(hours=max(0.0, hours))


def own_step(game: Game, seat: int) -> bool:
    """Whether ``seat`` is asked in its own turn (not a question out of turn)."""
    d = game.pending
    return d is not None and game.turn is not None and game.turn.player == seat == d.active


class Deadlines:
    def __init__(self, ctx: Context, prefs: Prefs) -> None:
        self.ctx = ctx
        self.prefs = prefs

    async def reconcile(self, table: OpenGame, *, replacing: int | None = None) -> None:
        """Set the game's timers as it needs them now, in one transaction
        (none when they are as needed). ``replacing``: a timer just handled,
        removed in that same transaction, so that no timer is lost on the way."""
        timers = table.timers
        if timers is None:
            timers = await self.ctx.store.timers.of_game(table.game_id)
        existing = [t for t in timers if t.id != replacing]
        cancel = [] if replacing is None else [replacing]
        add: list[NewTimer] = []
        if table.info.status != ACTIVE:
            cancel += [t.id for t in existing if t.kind in OWN or t.kind == AI_RETRY]
        else:
            await self._plan(table, existing, cancel, add)
        new = await self.ctx.store.timers.change(table.game_id, cancel=cancel, add=add)
        table.timers = [t for t in existing if t.id not in cancel] + new

    async def _plan(
        self, table: OpenGame, existing: list[TimerInfo], cancel: list[int], add: list[NewTimer]
    ) -> None:
        """What to cancel and add (into ``cancel`` and ``add``)."""
        info, game = table.info, table.started
        d = game.pending
        ai = self.ctx.ai_seats(info)
        waiting = {p for p in d.players if p not in ai} if d is not None else set()
        turn = turn_number(game)
        question = discreet_question(game) if waiting else None
        have: set[tuple[int | None, str]] = set()
        for t in existing:
            if t.kind not in OWN:
                continue  # another service's timer (a thread edit that waits, ...)
            if t.kind == DISCREET:
                if question is not None and t.payload == question:
                    have.add((None, DISCREET))
                else:
                    cancel.append(t.id)
            elif t.seat in waiting and t.payload.get("turn") == turn:
                have.add((t.seat, t.kind))
            else:
                cancel.append(t.id)
        if not waiting:
            return
        now = self.ctx.clock()
        if question is not None and (None, DISCREET) not in have:
            add.append(NewTimer(DISCREET, now + discreet_delay(info), payload=question))
        users = {p: info.seats[p].user_id for p in waiting}
        prefs = await self.prefs.many([u for u in users.values() if u is not None])
        hours = reminder_hours(info, self.ctx.settings.reminder_hours)
        limited = bool(info.turn_timeout_seconds) and info.timeout_policy != REMIND
        for seat in sorted(waiting):
            user = users[seat]
            mine = prefs.get(user) if user is not None else None
            # At a discreet question the bot answers for a player with automatic
            # answers on: no reminder, which would say who has not answered yet.
            answered_for = question is not None and (mine is None or mine.auto_answer)
            if (seat, REMINDER) not in have and not answered_for:
                due = now + dt.timedelta(hours=hours)
                if mine is not None:
                    due = unavailable_until(mine, due) or due  # not while away or quiet
                add.append(NewTimer(REMINDER, due, seat, {"turn": turn}))
            if limited and (seat, TIMEOUT) not in have:
                due = self.limit_due(info, game, seat, mine, now)
                add.append(NewTimer(TIMEOUT, due, seat, {"turn": turn}))

    def limit_due(
        self, info: GameInfo, game: Game, seat: int, prefs: UserPrefs | None, now: dt.datetime
    ) -> dt.datetime:
        """When ``seat``'s time to answer runs out, from ``now``."""
        limit = dt.timedelta(seconds=info.turn_timeout_seconds or 0)
        if not own_step(game, seat):
            limit = question_limit(info) or limit
        if prefs is None:
            return now + limit
        return due_with_pauses(prefs, now, limit, away_allowance(info))
