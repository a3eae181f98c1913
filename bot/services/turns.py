"""Playing: a player's action, then everything that follows a change — AI
seats answer, finished turns are announced, whoever acts next is pinged,
changed hands go out by DM and the game's timers are set again.

Every change of a game runs under the game's lock (bot.services.context).
The player's action is stored first (all or nothing, db.service); what
follows cannot undo it, so a failure there is logged and retried by the
scheduler (:meth:`Turns.retry_followups`), never reported to the player as
"nothing changed".
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from bot.errors import StaleChoice
from bot.present.choices import follower_action, place_action
from bot.services.access import Caller, seat_of, visible_game
from bot.services.announce import Announcer, Chunk
from bot.services.context import Context, ai_for
from bot.services.deadlines import AI_RETRY, Deadlines
from bot.services.handoff import Owners
from bot.services.legality import is_legal
from bot.services.threads import sync_thread
from bot.services.waiting import WaitingKey, turn_number
from db.errors import StoreError
from db.service import ActResult
from engine.phases import Action, Event
from engine.views import public_view

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


class Turns:
    def __init__(
        self,
        ctx: Context,
        announcer: Announcer,
        deadlines: Deadlines,
        owners: Owners | None = None,
    ) -> None:
        self.ctx = ctx
        self.announcer = announcer
        self.deadlines = deadlines
        self.owners = owners  # None: this process owns every game
        # Games whose follow-up failed after a stored change.
        self.followups: dict[int, Followup] = {}

    # --- a player's action ---------------------------------------------------------
    async def act(
        self, caller: Caller, game_id: int, action: Action, *, version: int | None = None
    ) -> ActResult:
        """Apply a user's action (then AI seats, announcements, timers)."""
        await visible_game(self.ctx.store, caller, game_id)
        async with self.ctx.lock(game_id):
            before = await self.waiting_key(game_id)
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
        version: int | None = None,
    ) -> ActResult:
        return await self.act(caller, game_id, place_action(x, y, rotation), version=version)

    async def follower(
        self, caller: Caller, game_id: int, location: str | None, *, version: int | None = None
    ) -> ActResult:
        return await self.act(caller, game_id, follower_action(location), version=version)

    async def choose(self, caller: Caller, game_id: int, version: int, index: int) -> ActResult:
        """Apply the ``index``-th legal action of the user's seat at ``version``
        (the value a button or autocomplete choice carries)."""
        info = await visible_game(self.ctx.store, caller, game_id)
        loaded = await self.ctx.store.load_game(game_id)
        if loaded.info.version != version:
            raise StaleChoice("moved_on")
        seat = seat_of(info, caller)
        legal = loaded.game.legal_actions(seat.index)
        if not 0 <= index < len(legal) or not is_legal(loaded.game, legal[index]):
            raise StaleChoice("gone")
        return await self.act(caller, game_id, dict(legal[index]), version=version)

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
        handed to the process that owns the game (bot.services.handoff)."""
        if self.owners is not None and await self.owners.follow_up(game_id):
            return
        progress = Followup(list(events), before)
        try:
            await self.after(game_id, events, before, hand_all=hand_all, progress=progress)
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
        hand_all: bool = False,
        progress: Followup | None = None,
    ) -> None:
        """AI seats answer; then announce turns, ping, send hands, set timers
        (``progress`` notes when only the timers are left)."""
        store = self.ctx.store
        loaded = await store.load_game(game_id)
        info, game = loaded.info, loaded.game
        chunks: list[Chunk] = []
        current: list[Event] = list(events)
        turn = turn_number(game)
        last_turn = before.turn if before else turn
        if last_turn != turn or game.finished:
            chunks.append(Chunk(current, public_view(game), last_turn))
            current = []
        all_events = list(events)
        ai_seats = self.ctx.ai_seats(info)
        while game.pending is not None:
            actor = next((p for p in game.pending.players if p in ai_seats), None)
            if actor is None:
                break
            try:
                action = ai_for(game, actor).choose(game, actor)
                result = await store.act_as_ai(
                    game_id,
                    actor,
                    action,
                    expected_version=len(game.actions),
                    allow_human=not info.seats[actor].is_ai,
                )
            except Exception:
                # Announce what happened so far; the scheduler tries the AI again.
                log.exception("game %s: the AI for seat %s could not move", game_id, actor)
                await store.timers.schedule(
                    game_id, AI_RETRY, self.ctx.clock() + AI_RETRY_AFTER, seat=actor
                )
                break
            game = result.game
            current += result.events
            all_events += result.events
            if turn_number(game) != turn or game.finished:
                chunks.append(Chunk(current, public_view(game), turn))
                current, turn = [], turn_number(game)
        if current and not chunks:
            chunks.append(Chunk(current, None, turn))
        elif current:
            chunks[-1].events += current
        if game.finished:
            info = await store.game_info(game_id)  # status and results are final now
            if info.league_id is not None:
                # Results are written by the store when the game finishes; ratings follow.
                await self.ctx.leagues.rate_game(info.id)
        await self.announcer.announce(info, game, chunks, before)
        if game.finished:
            await self.ctx.notifier.lobby(info)  # the lobby message says it is over
        await self.announcer.send_hands(info, game, all_events, hand_all)
        if progress is not None:
            progress.announced = True
        await self.deadlines.reconcile(game_id, info, game)
        if game.finished:
            await sync_thread(self.ctx, game_id)  # archived (after reconcile: it may set a timer)
