"""Playing: a player's action, then everything that follows a change — AI
seats answer (a person's automatic answers to a discreet question wait for
its delay: bot.services.deadlines), the turn's public message follows the game, whoever acts
next is pinged, changed hands go out by DM and the game's timers are set again.

Every change of a game runs under the game's lock (bot.services.context).
The player's action is stored first (all or nothing, db.service); what
follows cannot undo it, so a failure there is logged and retried by the
scheduler (:meth:`Turns.retry_followups`), never reported to the player as
"nothing changed".

A choice offered at an earlier version of the game (a panel, an
autocomplete value) still counts when the player has been waiting on the
same question since and the action is still legal: other players' answers
to a question asked of several at once do not make it stale. Otherwise it
is refused with "that choice is no longer open" (bot.errors.StaleChoice).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, replace

from bot.errors import CannotFollow, CannotPlace, StaleChoice
from bot.present import choices as ch
from bot.present import values
from bot.present.choices import follower_action, place_action
from bot.services.access import Caller, seat_of, visible_game
from bot.services.announce import Announcer, Ask
from bot.services.context import Context, ai_for
from bot.services.deadlines import AI_RETRY, Deadlines
from bot.services.handoff import Owners
from bot.services.legality import is_legal
from bot.services.prefs import Prefs
from bot.services.threads import sync_thread
from bot.services.waiting import WaitingKey
from bot.services.waiting import turn_number as turn_of
from bot.text import Text, join
from db.errors import StaleGame, StoreError
from db.service import ActResult
from engine.game import Game
from engine.phases import Action, Event
from engine.views import PublicView, public_view

log = logging.getLogger(__name__)

AI_RETRY_AFTER = dt.timedelta(minutes=5)


@dataclass
class Followup:
    """What is left after a stored change whose follow-up failed: its events
    and the waiting key before it, to announce; or, once ``announced``, the
    game's timers only."""

    events: list[Event]
    before: WaitingKey | None
    announced: bool = False


def still_open(game: Game, seat: int, offered_at: int, action: Action) -> bool:
    """A choice offered to ``seat`` at version ``offered_at`` may still be
    taken: the seat has been asked since then without acting (so it is the
    same question) and the action is legal now."""
    d = game.pending
    now = len(game.actions)
    if d is None or seat not in d.players or not 0 <= offered_at <= now:
        return False
    if any(a.get("player") == seat for a in game.actions[offered_at:now]):
        return False
    return is_legal(game, {**action, "player": seat})


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

    # --- a player's action ---------------------------------------------------------
    async def act(
        self,
        caller: Caller,
        game_id: int,
        action: Action,
        *,
        version: int | None = None,
        offered_at: int | None = None,
    ) -> ActResult:
        """Apply a user's action (then AI seats, announcements, timers).
        ``version``: refuse it if the game changed at all since (StaleGame);
        ``offered_at``: the version a choice was offered at (see the module)."""
        await visible_game(self.ctx.store, caller, game_id)
        async with self.ctx.lock(game_id):
            loaded = await self.ctx.store.load_game(game_id)
            if offered_at is not None:
                seat = seat_of(loaded.info, caller)
                current = loaded.info.version
                if offered_at != current and not still_open(
                    loaded.game, seat.index, offered_at, action
                ):
                    raise StaleChoice("gone")
                version = current
            before = WaitingKey.of(loaded.game)
            result = await self.ctx.store.act(
                game_id, caller.user_id, action, expected_version=version
            )
            log.info("game %s: seat %s played %s", game_id, result.seat, action.get("type"))
            await self.after_safely(game_id, result.events, before)
            return result

    async def place(
        self,
        caller: Caller,
        game_id: int,
        x: int,
        y: int,
        rotation: int,
        *,
        offered_at: int | None = None,
    ) -> ActResult:
        return await self.act(caller, game_id, place_action(x, y, rotation), offered_at=offered_at)

    async def follower(
        self, caller: Caller, game_id: int, location: str | None, *, offered_at: int | None = None
    ) -> ActResult:
        return await self.act(caller, game_id, follower_action(location), offered_at=offered_at)

    async def place_typed(
        self, caller: Caller, game_id: int, cell: str, rotation: str | None
    ) -> tuple[ActResult, tuple[int, int, int]]:
        """/place as typed: a cell as ``x,y`` or the number the board shows,
        and a rotation in degrees, which may be left out when only one is
        legal there. Returns the result and the placement made."""
        await visible_game(self.ctx.store, caller, game_id)
        game = (await self.ctx.store.load_game(game_id)).game
        where = values.parse_place(cell)
        numbers = ch.numbered_cells(game)
        shown = values.shown_value(cell)
        if isinstance(where, int):
            found = next((c for c, n in numbers.items() if n == where), None)
            if found is None:
                raise CannotPlace("cell", text=shown, count=len(numbers))
            where = found
        if where not in numbers:
            raise CannotPlace("cell", text=shown, count=len(numbers))
        x, y = where
        wanted = values.parse_rotation(rotation)
        legal = ch.all_rotations_at(game, x, y)
        if wanted is None:
            distinct = ch.rotations_at(game, x, y)
            if len(distinct) != 1:
                raise CannotPlace("which", x=x, y=y, count=len(distinct))
            wanted = distinct[0]
        elif wanted not in legal:
            options = join([Text(str(r)) for r in legal], ", ")
            raise CannotPlace("rotation", x=x, y=y, rotation=wanted, legal=options)
        result = await self.act(caller, game_id, place_action(x, y, wanted))
        return result, (x, y, wanted)

    async def follower_typed(
        self, caller: Caller, game_id: int, text: str
    ) -> tuple[ActResult, str | None]:
        """/follower as typed: a spot's number on the follower picture, a
        location from the autocomplete, or none."""
        await visible_game(self.ctx.store, caller, game_id)
        game = (await self.ctx.store.load_game(game_id)).game
        spots = ch.follower_spots(game)
        location = values.parse_follower(text)
        if location is not None and location.isdigit():  # a spot's number (any digits)
            n = values.whole_number(location)
            if n is None or not 1 <= n <= len(spots):
                raise CannotFollow(values.shown_value(text))
            location = spots[n - 1]
        elif location is not None and location not in spots:
            raise CannotFollow(values.shown_value(text))
        return await self.act(caller, game_id, follower_action(location)), location

    async def choose(
        self, caller: Caller, game_id: int, offered_at: int, key: str
    ) -> tuple[ActResult, Text]:
        """Apply the action whose digest is ``key`` (bot.present.choices.action_key),
        offered to the user's seat at version ``offered_at``; returns the result
        and the choice in the caller's words."""
        info = await visible_game(self.ctx.store, caller, game_id)
        loaded = await self.ctx.store.load_game(game_id)
        seat = seat_of(info, caller)
        found = next(
            (c for c in ch.choices(loaded.game, seat.index, caller.words) if c.key == key), None
        )
        if found is None:
            raise StaleChoice("gone")
        result = await self.act(caller, game_id, dict(found.action), offered_at=offered_at)
        return result, found.label

    # --- after every change ---------------------------------------------------------
    async def waiting_key(self, game_id: int) -> WaitingKey | None:
        try:
            game = (await self.ctx.store.load_game(game_id)).game
        except StoreError:
            return None
        return WaitingKey.of(game)

    async def after_safely(
        self,
        game_id: int,
        events: list[Event],
        before: WaitingKey | None,
        *,
        hand_all: bool = False,
    ) -> None:
        """:meth:`after`, keeping what failed for the scheduler to finish; or
        handed to the process that owns the game (bot.services.handoff).
        (``hand_all`` is accepted for callers of old: hands go by DM when
        something is received, bot.services.announce.)"""
        if self.owners is not None and await self.owners.follow_up(game_id):
            return
        progress = Followup(list(events), before)
        try:
            await self.after(game_id, events, before, progress=progress)
        except Exception:
            log.warning(
                "game %s: the follow-up of a stored change failed (%s); retrying later",
                game_id,
                "timers" if progress.announced else "announcements",
                exc_info=True,
            )
            self._keep(game_id, progress)

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
            async with self.ctx.lock(game_id):
                if not followup.announced:
                    await self.after_safely(game_id, followup.events, followup.before)
                else:
                    try:
                        await self.deadlines.reconcile(game_id)
                    except Exception:
                        log.warning("game %s: timers still not set", game_id, exc_info=True)
                        self._keep(game_id, followup)
            done += game_id not in self.followups
        return done

    async def after(
        self,
        game_id: int,
        events: list[Event],
        before: WaitingKey | None,
        *,
        progress: Followup | None = None,
    ) -> None:
        """AI seats answer, and questions are answered for players with
        nothing to play who chose so; then announce, send hands, set timers
        (``progress`` notes when only the timers are left)."""
        store = self.ctx.store
        loaded = await store.load_game(game_id)
        info, game = loaded.info, loaded.game
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
            try:
                actor, action = self._stand_in(game, ai_seats)
                if actor is None or action is None:
                    break
                result = await store.act_as_ai(
                    game_id,
                    actor,
                    action,
                    expected_version=len(game.actions),
                    allow_human=not info.seats[actor].is_ai,
                )
            except Exception as exc:
                # Announce what happened so far; the scheduler tries again.
                if isinstance(exc, StaleGame):  # a player moved at the same moment: no fault
                    log.info("game %s: moved on before a stand-in's answer; tried again", game_id)
                else:
                    log.exception("game %s: a stand-in could not move", game_id)
                await store.timers.schedule(
                    game_id,
                    AI_RETRY,
                    self.ctx.clock() + AI_RETRY_AFTER,
                    seat=game.pending.players[0],
                )
                break
            ended = result.game.finished or turn_of(result.game) != key.turn
            if boards is not None and key.turn not in boards and ended:
                boards[key.turn] = public_view(result.game)
            game = result.game
            all_events += result.events
        if game.finished:
            info = await store.game_info(game_id)  # status and results are final now
            if info.league_id is not None:
                # Results are written by the store when the game finishes; ratings follow.
                await self.ctx.leagues.rate_game(info.id)
        elif info.version != len(game.actions):
            info = replace(info, version=len(game.actions))  # panels offered from here
        await self.announcer.announce(info, game, all_events, before, asks, boards)
        if game.finished:
            await self.ctx.notifier.lobby(info)  # the lobby message says it is over
        if progress is not None:
            progress.announced = True
        await self.deadlines.reconcile(game_id, info, game)
        if game.finished:
            await sync_thread(self.ctx, game_id)  # archived (after reconcile: it may set a timer)

    @staticmethod
    def _stand_in(game: Game, ai_seats: set[int]) -> tuple[int | None, Action | None]:
        """An AI seat the game waits for, and its move. A person's automatic
        answer to a discreet question waits for the question's delay, alike
        whatever they hold (bot.services.deadlines, DISCREET)."""
        d = game.pending
        assert d is not None
        for p in d.players:
            if p in ai_seats:
                return p, ai_for(game, p).choose(game, p)
        return None, None
