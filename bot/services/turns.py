"""Playing: a player's action, then everything that follows a change — AI
seats answer (a person's automatic answers to a discreet question wait for
its delay: bot.services.deadlines), the turn's public message follows the
game, whoever acts next is pinged, changed hands go out by DM and the game's
timers are set again.

One action is one opened game (bot.services.context): the game's lock held
and the game read once; the action is built as the engine's typed action
for the player's seat and stored (all or nothing, db.acting); what follows
gets the opened game and the events, and the player's panel is built from
the game as it is then. What follows cannot undo the action, so a failure
there is logged and retried by the scheduler (:meth:`Turns.retry_followups`),
never reported to the player as "nothing changed".

A choice offered at an earlier version of the game (a panel, an
autocomplete value) still counts when the player has been waiting on the
same question since and the action is still legal: other players' answers
to a question asked of several at once do not make it stale. Otherwise it
is refused with "that choice is no longer open" (bot.errors.StaleChoice).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.ai import OFF_LOOP, seat_level
from bot.errors import CannotFollow, CannotPlace, StaleChoice
from bot.present import choices as ch
from bot.present import panel as pn
from bot.present import values
from bot.services.access import Caller, opened, seat_of
from bot.services.announce import Announcer, Ask
from bot.services.context import Context, ai_move
from bot.services.deadlines import AI_RETRY, AI_RETRY_AFTER, Deadlines
from bot.services.handoff import Owners
from bot.services.prefs import Prefs
from bot.services.thinking import Thinker
from bot.services.threads import sync_thread
from bot.services.waiting import WaitingKey
from bot.services.waiting import turn_number as turn_of
from bot.text import Text, join
from db.errors import StaleGame
from db.service import OpenGame
from db.values import ActResult
from engine.actions import Follower, GameAction, Place
from engine.game import Game
from engine.phases import Event
from engine.views import PublicView, public_view

log = logging.getLogger(__name__)

# The action a player means in the game as it is now, for their seat (it
# may refuse: an unknown cell, a choice that has gone).
Pick = Callable[[Game, int], GameAction]


@dataclass(frozen=True, slots=True)
class Move:
    """A player's action done: what the store says, the action itself, its
    words when it was a listed choice, and the player's panel once
    everything that followed is done (their next choices)."""

    result: ActResult
    action: GameAction
    panel: pn.Panel
    label: Text | None = None


@dataclass
class Followup:
    """What is left after a stored change whose follow-up failed: its events
    and the waiting key before it, to announce; or, once ``announced``, the
    game's timers only."""

    events: list[Event]
    before: WaitingKey | None
    announced: bool = False


def still_open(game: Game, seat: int, offered_at: int, action: GameAction) -> bool:
    """A choice offered to ``seat`` at version ``offered_at`` may still be
    taken: the seat has been asked since then without acting (so it is the
    same question) and the action is legal now."""
    d = game.pending
    now = len(game.actions)
    if d is None or seat not in d.players or not 0 <= offered_at <= now:
        return False
    if any(a.player == seat for a in game.actions.typed()[offered_at:now]):
        return False
    return game.is_legal(action)


class Turns:
    def __init__(
        self,
        ctx: Context,
        announcer: Announcer,
        deadlines: Deadlines,
        prefs: Prefs,
        owners: Owners | None = None,
    ) -> None:
        self.ctx = ctx
        self.announcer = announcer
        self.deadlines = deadlines
        self.prefs = prefs
        self.owners = owners  # None: this process owns every game
        # Games whose follow-up failed after a stored change.
        self.followups: dict[int, Followup] = {}
        self.thinker = Thinker(ctx, self)  # AI levels that search, off the loop

    # --- a player's action ---------------------------------------------------------
    async def act(
        self,
        caller: Caller,
        game_id: int,
        pick: Pick | GameAction,
        *,
        version: int | None = None,
        offered_at: int | None = None,
    ) -> Move:
        """Apply the action the user means (then AI seats, announcements,
        timers). ``version``: refuse it if the game changed at all since
        (StaleGame); ``offered_at``: the version a choice was offered at (see
        the module)."""
        async with opened(self.ctx, caller, game_id) as table:
            game = table.started
            seat = seat_of(table.info, caller).index
            action = pick if isinstance(pick, GameAction) else pick(game, seat)
            if offered_at is not None:
                current = table.info.version
                if offered_at != current and not still_open(game, seat, offered_at, action):
                    raise StaleChoice("gone")
                version = current
            before = WaitingKey.of(game)
            result = await table.act(caller.user_id, action, expected_version=version)
            log.info("game %s: seat %s played %s", game_id, result.seat, action.TYPE)
            await self.after_safely(table, result.events, before)
            if not table.loaded:
                await table.load()  # the follow-up failed part-way: the game as stored
            panel = pn.build(
                table.started,
                table.info,
                seat,
                caller.words,
                ai_seats=self.ctx.ai_seats(table.info),
            )
            return Move(result, action, panel)

    async def place(
        self,
        caller: Caller,
        game_id: int,
        x: int,
        y: int,
        rotation: int,
        *,
        offered_at: int | None = None,
    ) -> Move:
        return await self.act(
            caller, game_id, lambda _, seat: Place(seat, x, y, rotation), offered_at=offered_at
        )

    async def follower(
        self, caller: Caller, game_id: int, location: str | None, *, offered_at: int | None = None
    ) -> Move:
        return await self.act(
            caller, game_id, lambda _, seat: Follower(seat, location), offered_at=offered_at
        )

    async def place_typed(
        self, caller: Caller, game_id: int, cell: str, rotation: str | None
    ) -> Move:
        """/place as typed: a cell as ``x,y`` or the number the board shows,
        and a rotation in degrees, which may be left out when only one is
        legal there. The move's action is the placement made."""
        where = values.parse_place(cell)
        wanted = values.parse_rotation(rotation)

        def pick(game: Game, seat: int) -> GameAction:
            numbers = ch.numbered_cells(game)
            shown = values.shown_value(cell)
            spot = (
                next((c for c, n in numbers.items() if n == where), None)
                if isinstance(where, int)
                else where
            )
            if spot is None or spot not in numbers:
                raise CannotPlace("cell", text=shown, count=len(numbers))
            x, y = spot
            legal = ch.all_rotations_at(game, x, y)
            turn = wanted
            if turn is None:
                distinct = ch.rotations_at(game, x, y)
                if len(distinct) != 1:
                    raise CannotPlace("which", x=x, y=y, count=len(distinct))
                turn = distinct[0]
            elif turn not in legal:
                options = join([Text(str(r)) for r in legal], ", ")
                raise CannotPlace("rotation", x=x, y=y, rotation=turn, legal=options)
            return Place(seat, x, y, turn)

        return await self.act(caller, game_id, pick)

    async def follower_typed(self, caller: Caller, game_id: int, text: str) -> Move:
        """/follower as typed: a spot's number on the follower picture, a
        location from the autocomplete, or none."""
        location = values.parse_follower(text)

        def pick(game: Game, seat: int) -> GameAction:
            spots = ch.follower_spots(game)
            spot = location
            if spot is not None and spot.isdigit():  # a spot's number (any digits)
                n = values.whole_number(spot)
                if n is None or not 1 <= n <= len(spots):
                    raise CannotFollow(values.shown_value(text))
                spot = spots[n - 1]
            elif spot is not None and spot not in spots:
                raise CannotFollow(values.shown_value(text))
            return Follower(seat, spot)

        return await self.act(caller, game_id, pick)

    async def choose(self, caller: Caller, game_id: int, offered_at: int, key: str) -> Move:
        """Apply the action whose digest is ``key`` (bot.present.choices.action_key),
        offered to the user's seat at version ``offered_at``; the move's label
        is the choice in the caller's words."""
        chosen: list[ch.Choice] = []

        def pick(game: Game, seat: int) -> GameAction:
            found = next((c for c in ch.choices(game, seat, caller.words) if c.key == key), None)
            if found is None:
                raise StaleChoice("gone")
            chosen.append(found)
            return found.action

        move = await self.act(caller, game_id, pick, offered_at=offered_at)
        return Move(move.result, move.action, move.panel, chosen[0].label)

    # --- after every change ---------------------------------------------------------
    async def after_safely(
        self, table: OpenGame, events: list[Event], before: WaitingKey | None
    ) -> None:
        """:meth:`after`, keeping what failed for the scheduler to finish; or
        handed to the process that owns the game (bot.services.handoff)."""
        if self.owners is not None and await self.owners.follow_up(table):
            return
        progress = Followup(list(events), before)
        try:
            await self.after(table, events, before, progress=progress)
        except Exception:
            log.warning(
                "game %s: the follow-up of a stored change failed (%s); retrying later",
                table.game_id,
                "timers" if progress.announced else "announcements",
                exc_info=True,
            )
            self._keep(table.game_id, progress)

    def _keep(self, game_id: int, progress: Followup) -> None:
        old = self.followups.get(game_id)
        if old is not None and not old.announced:
            # Still to announce from the earlier state, with these events too.
            events = old.events + ([] if progress.announced else progress.events)
            progress = Followup(events, old.before)
        self.followups[game_id] = progress

    async def retry_followups(self) -> int:
        """Finish follow-ups that failed (the scheduler calls this each tick):
        what was announced is not announced again."""
        done = 0
        for game_id in list(self.followups):
            followup = self.followups.pop(game_id)
            try:
                async with self.ctx.open(game_id) as table:
                    if not followup.announced:
                        await self.after_safely(table, followup.events, followup.before)
                    else:
                        await self.deadlines.reconcile(table)
            except Exception:
                log.warning("game %s: follow-up still not done", game_id, exc_info=True)
                self._keep(game_id, followup)
            done += game_id not in self.followups
        return done

    async def after(
        self,
        table: OpenGame,
        events: list[Event],
        before: WaitingKey | None,
        *,
        progress: Followup | None = None,
    ) -> None:
        """AI seats answer; then announce, send hands, set timers (``progress``
        notes when only the timers are left). Everything reads ``table``, kept
        up to date by each answer: nothing is read again."""
        game = table.started
        info = table.info
        all_events = list(events)
        ai_seats = self.ctx.ai_seats(info)
        asks: list[Ask] = []
        seen = before
        # A game nobody human plays (the demo) shows every turn's own board.
        boards: dict[int, PublicView] | None = (
            {} if all(s.user_id is None for s in info.seats) else None
        )
        while game.pending is not None and not self.ctx.stopping:
            key = WaitingKey.of(game)
            assert key is not None
            fresh = tuple(key.newly_asked(seen))
            if fresh:
                asks.append(Ask(key.turn, key.step, fresh, ch.is_discreet(game.pending)))
            seen = key
            actor = next((p for p in game.pending.players if p in ai_seats), None)
            if actor is None:
                break  # a person's turn (their automatic answers wait: bot.services.deadlines)
            level = seat_level(info, actor)
            if not info.seats[actor].is_ai:  # a stand-in: its own seed, before its first choice
                await table.stand_in(actor, level)
            if level in OFF_LOOP:
                # A search: in another process, the lock let go; its move follows
                # as soon as it is chosen (bot.services.thinking).
                human = not info.seats[actor].is_ai
                self.thinker.start(table.game_id, game, actor, level, human=human, turn=None)
                break
            try:
                # In a thread: the loop goes on serving other games' clicks
                # while it decides (tens of ms; this game's lock is held).
                move = await asyncio.to_thread(ai_move, game, actor, level)
                result = await table.act_as(
                    actor,
                    move,
                    expected_version=len(game.actions),
                    allow_human=not info.seats[actor].is_ai,
                )
            except Exception as exc:
                # Announce what happened so far; the scheduler tries again.
                if isinstance(exc, StaleGame):  # a player moved at the same moment: no fault
                    log.info("game %s: moved on before a stand-in's answer", table.game_id)
                else:
                    log.exception("game %s: a stand-in could not move", table.game_id)
                if not table.loaded:
                    await table.load()
                retry = await self.ctx.store.timers.schedule(
                    table.game_id, AI_RETRY, self.ctx.clock() + AI_RETRY_AFTER, seat=actor
                )
                if table.timers is not None:
                    table.timers.append(retry)
                game = table.started
                break
            ended = result.game.finished or turn_of(result.game) != key.turn
            if boards is not None and key.turn not in boards and ended:
                boards[key.turn] = public_view(result.game)
            game = result.game
            all_events += result.events
        info = table.info
        if game.finished and info.league_id is not None:
            # Results are written by the store when the game finishes; ratings follow.
            await self.ctx.leagues.rate_game(info.id)
        await self.announcer.announce(table, all_events, before, asks, boards)
        if game.finished:
            await self.ctx.notifier.lobby(info)  # the lobby message says it is over
        if progress is not None:
            progress.announced = True
        await self.deadlines.reconcile(table)
        if game.finished:
            await sync_thread(self.ctx, table)  # archived (after reconcile: it may set a timer)
