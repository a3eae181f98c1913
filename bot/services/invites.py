"""Private tables: seats the host keeps for named players (``/carcassonne
new`` with players invited; a rematch invites the last game's players).

Only an invited player may take a kept seat; the other seats stay open
unless the host made the table private (:func:`check_seat`). Each invited
player is told once, with a link, as their ``/settings`` allow: a ping in
the game's thread, else a DM, else nothing (they find the lobby where it
was opened); while they are away or in quiet hours, when that ends (a timer
of the game: :data:`INVITE`)."""

from __future__ import annotations

import logging

from bot import options
from bot.errors import SeatReserved
from bot.services.context import Context
from bot.services.messages import LINK_THREAD, Post
from bot.services.prefs import Prefs, unavailable_until
from bot.text import Words, escape, mention
from db.service import OpenGame
from db.values import LOBBY, GameInfo
from engine.game import MAX_PLAYERS

log = logging.getLogger(__name__)

INVITE = "invite"  # the timer that tells an invited player once their quiet hours end


def invited(info: GameInfo) -> list[int]:
    return [int(u) for u in info.options.get(options.INVITED, [])]


def invited_name(info: GameInfo, user_id: int) -> str:
    """The name a player was invited by (a lobby from before names were
    kept: their user id)."""
    return str(info.options.get(options.INVITED_NAMES, {}).get(str(user_id), user_id))


async def uninvite(table: OpenGame, user_id: int) -> None:
    """``user_id`` is no longer invited: no seat kept, no name, not to be told."""
    info = table.info
    names = dict(info.options.get(options.INVITED_NAMES, {}))
    names.pop(str(user_id), None)
    kept = [u for u in invited(info) if u != user_id]
    await table.update_options(**{options.INVITED: kept, options.INVITED_NAMES: names})


def reserved(info: GameInfo) -> list[int]:
    """Invited players who have not sat down yet: their seats are kept."""
    seated = {s.user_id for s in info.seats}
    return [u for u in invited(info) if u not in seated]


def check_seat(info: GameInfo, user_id: int | None) -> None:
    """May a seat go to ``user_id`` (None: an AI seat the host adds)?"""
    if user_id is not None and user_id in reserved(info):
        return
    if user_id is not None and info.options.get(options.PRIVATE):
        raise SeatReserved("private", info.id)
    free = MAX_PLAYERS - len(info.seats)
    if reserved(info) and free <= len(reserved(info)):
        raise SeatReserved("reserved", info.id)


class Invitations:
    def __init__(self, ctx: Context, prefs: Prefs) -> None:
        self.ctx = ctx
        self.prefs = prefs

    async def tell(self, table: OpenGame, only: int | None = None) -> None:
        """Tell each invited player not told yet (or ``only`` that one: their
        timer), as their settings allow."""
        info = table.info
        if info.status != LOBBY:
            return
        told = set(info.options.get(options.TOLD, []))
        waiting = [u for u in reserved(info) if u not in told and only in (None, u)]
        if not waiting:
            return
        now = self.ctx.clock()
        prefs = await self.prefs.many(waiting)
        words = self.ctx.words(info)
        host = info.seat_of(info.host_id)
        host_name = escape(host.display_name if host else "?")
        for user in waiting:
            mine = prefs.get(user)
            later = unavailable_until(mine, now) if mine is not None else None
            if later is not None:  # away or quiet: told when that ends
                await self.ctx.store.timers.schedule(info.id, INVITE, later, payload={"user": user})
                continue
            told.add(user)
            if mine is None or mine.mentions:
                text = words("invite.ping", who=mention(user), host=host_name, game=info.id)
                await self.ctx.notifier.post(info, Post(text, mentions=[user]))
            elif mine.dms:
                reader = mine.locale or words.locale
                text = Words(reader)("invite.dm", host=host_name, game=info.id)
                post = Post(text, links=[LINK_THREAD], info=info, locale=reader)
                await self.ctx.notifier.dm(user, post)
            log.info("game %s: an invited player was told", info.id)
        await table.update_options(**{options.TOLD: sorted(told)})
