"""Each player's own settings (``/settings``) and what follows from them.

- ``mentions``: the bot may ping them (their turn, a question); off: their
  name is written without a ping (and a DM tells them instead, if allowed).
- ``dms``: the bot may DM them (questions out of turn, their hand); off:
  questions come as a ping in the game's thread, answered with the thread's
  "Answer privately" button, and the hand with "Show my hand".
- ``auto_answer``: a discreet question they leave open (an attack, X-4.9; a
  scoring with a modifier question, X-3.2) is answered for them privately
  once the question's delay has passed, alike whatever they hold: their only
  answer, or the one that lets it pass (bot.services.deadlines). Nothing
  public says so.
- away until a date, and daily quiet hours in their own time: the bot does
  not ping or remind them then, and their turn limits pause, up to what the
  game allows per wait (``options.AWAY_HOURS``); when the limit then passes
  the game's own policy applies (the AI stands in only if it says so).

Settings are cached for a minute per process (they change rarely; a change
made here is seen at once).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

from db.session import Database
from db.users import UserSettingsStore
from db.values import UserPrefs

CACHE_SECONDS = 60.0
DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)
MAX_AWAY = dt.timedelta(days=366)
MAX_LOCALE = 16


class BadSetting(ValueError):
    pass


def quiet_window(prefs: UserPrefs, at: dt.datetime) -> tuple[dt.datetime, dt.datetime] | None:
    """The quiet period holding ``at`` (UTC), or None."""
    if prefs.quiet_from is None or prefs.quiet_to is None or prefs.quiet_from == prefs.quiet_to:
        return None
    offset = dt.timedelta(minutes=prefs.utc_offset)
    local = at + offset
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    for day in (-DAY, dt.timedelta(0)):
        start = midnight + day + prefs.quiet_from * HOUR
        end = midnight + day + prefs.quiet_to * HOUR
        if end <= start:
            end += DAY
        if start <= local < end:
            return start - offset, end - offset
    return None


def unavailable_until(prefs: UserPrefs, at: dt.datetime) -> dt.datetime | None:
    """When the user is available again, if they are away or quiet at ``at``."""
    end: dt.datetime | None = None
    t = at
    for _ in range(4):  # away, then quiet hours right after it, and so on
        nxt = None
        if prefs.away_until is not None and prefs.away_until > t:
            nxt = prefs.away_until
        window = quiet_window(prefs, t)
        if window is not None:
            nxt = max(nxt or window[1], window[1])
        if nxt is None:
            break
        end = t = nxt
    return end


def next_quiet(prefs: UserPrefs, at: dt.datetime) -> dt.datetime | None:
    """When the next quiet period after ``at`` starts (None: no quiet hours)."""
    if prefs.quiet_from is None or prefs.quiet_to is None or prefs.quiet_from == prefs.quiet_to:
        return None
    offset = dt.timedelta(minutes=prefs.utc_offset)
    local = at + offset
    start = local.replace(hour=prefs.quiet_from, minute=0, second=0, microsecond=0)
    if start <= local:
        start += DAY
    return start - offset


def due_with_pauses(
    prefs: UserPrefs, start: dt.datetime, limit: dt.timedelta, allowance: dt.timedelta
) -> dt.datetime:
    """When a limit of ``limit`` started at ``start`` runs out if it pauses
    while the user is away or quiet, by at most ``allowance`` in all."""
    t, left, paused = start, limit, dt.timedelta(0)
    zero = dt.timedelta(0)
    for _ in range(1000):  # a few steps per day of the limit
        if left <= zero:
            break
        back = unavailable_until(prefs, t) if paused < allowance else None
        if back is not None:
            skip = min(back - t, allowance - paused)
            t, paused = t + skip, paused + skip
            continue
        step = left
        quiet = next_quiet(prefs, t) if paused < allowance else None
        if quiet is not None:
            step = min(step, quiet - t)
        t, left = t + step, left - step
    return t + max(left, zero)


class Prefs:
    def __init__(self, db: Database, clock: Callable[[], dt.datetime]) -> None:
        self.store = UserSettingsStore(db)
        self.clock = clock
        self._cache: dict[int, tuple[float, UserPrefs]] = {}

    async def get(self, user_id: int) -> UserPrefs:
        return (await self.many([user_id]))[user_id]

    async def many(self, user_ids: list[int]) -> dict[int, UserPrefs]:
        now = time.monotonic()
        out: dict[int, UserPrefs] = {}
        missing = []
        for u in set(user_ids):
            cached = self._cache.get(u)
            if cached is not None and now - cached[0] < CACHE_SECONDS:
                out[u] = cached[1]
            else:
                missing.append(u)
        if missing:
            for u, p in (await self.store.get_many(missing)).items():
                self._cache[u] = (now, p)
                out[u] = p
        return out

    async def seen_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the language of the user's client (an interaction's
        ``locale``) for the DMs sent outside an interaction; written only
        when it changed."""
        if not locale or len(locale) > MAX_LOCALE:
            return
        if (await self.get(user_id)).locale != locale:
            await self.update(user_id, locale=locale)

    async def update(self, user_id: int, **changes: Any) -> UserPrefs:
        self._check(changes)
        prefs = await self.store.update(user_id, **changes)
        self._cache[user_id] = (time.monotonic(), prefs)
        return prefs

    def _check(self, changes: dict[str, Any]) -> None:
        for key in ("quiet_from", "quiet_to"):
            value = changes.get(key)
            if value is not None and not (isinstance(value, int) and 0 <= value <= 23):
                raise BadSetting(key)
        offset = changes.get("utc_offset")
        if offset is not None and not (isinstance(offset, int) and -14 * 60 <= offset <= 14 * 60):
            raise BadSetting("utc_offset")
        away = changes.get("away_until")
        if away is not None:
            now = self.clock()
            if not isinstance(away, dt.datetime) or away.tzinfo is None or away > now + MAX_AWAY:
                raise BadSetting("away_until")

    def quiet(self, prefs: UserPrefs, at: dt.datetime | None = None) -> bool:
        """Away or in quiet hours now: no pings, no reminders."""
        return unavailable_until(prefs, at or self.clock()) is not None
