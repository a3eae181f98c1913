"""Each server's defaults for new games (the ``guild_settings`` table, set
with ``/server-settings``), and what any game may be set up with: known
expansions, a timeout policy of the one vocabulary (db.values), a positive
time limit, options that are JSON. A setting left unset (None) is the
process's (bot.settings): the bot resolves host choice > server > process
(bot.services.servers). A server without a row has every setting unset."""

from __future__ import annotations

import json
from typing import Any

from db.errors import (
    BadExpansions,
    BadOptions,
    BadTimeout,
    UnknownExpansion,
    UnknownPolicy,
    UnknownSetting,
)
from db.models import GuildSettings
from db.session import Database
from db.values import NO_LIMIT, TIMEOUT_POLICIES, ServerDefaults
from engine.expansions import known_expansions

SETTABLE = frozenset(
    {
        "default_expansions",
        "turn_timeout_seconds",
        "timeout_policy",
        "reminder_hours",
        "locale",
        "league_ai",
        "options",
    }
)
MAX_REMINDER_HOURS = 720.0
MAX_LOCALE = 16


def _defaults(row: GuildSettings) -> ServerDefaults:
    return ServerDefaults(
        row.guild_id,
        tuple(row.default_expansions or ()),
        row.turn_timeout_seconds,
        row.timeout_policy,
        row.reminder_hours,
        row.locale,
        row.league_ai,
        dict(row.options or {}),
    )


class Servers:
    """The ``guild_settings`` table, read and written here only."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def defaults(self, guild_id: int) -> ServerDefaults:
        async with self.db.read() as s:
            row = await s.get(GuildSettings, guild_id)
            return _defaults(row) if row is not None else ServerDefaults(guild_id)

    async def update(self, guild_id: int, **changes: Any) -> ServerDefaults:
        """Change some of :data:`SETTABLE`."""
        unknown = set(changes) - SETTABLE
        if unknown:
            raise UnknownSetting(sorted(unknown)[0])
        if "default_expansions" in changes:
            changes["default_expansions"] = check_expansions(changes["default_expansions"])
        if changes.get("timeout_policy") is not None:
            check_policy(changes["timeout_policy"])
        if changes.get("turn_timeout_seconds") not in (None, NO_LIMIT):
            check_timeout(changes["turn_timeout_seconds"])
        if "reminder_hours" in changes:
            check_reminder(changes["reminder_hours"])
        if "locale" in changes:
            check_locale(changes["locale"])
        if "league_ai" in changes and not isinstance(changes["league_ai"], bool | None):
            raise BadOptions("league_ai")
        if "options" in changes:
            check_json(changes["options"], "options")
        async with self.db.write() as s:
            row = await s.get(GuildSettings, guild_id)
            if row is None:
                row = GuildSettings(guild_id=guild_id, default_expansions=[], options={})
                s.add(row)
            for key, value in changes.items():
                setattr(row, key, value)
            await s.flush()
            return _defaults(row)


# --- what a game may be set up with -----------------------------------------------------------
def check_expansions(expansions: Any) -> list[str]:
    if not isinstance(expansions, list | tuple) or not all(isinstance(e, str) for e in expansions):
        raise BadExpansions()
    known = known_expansions()
    unknown = [e for e in expansions if e not in known]
    if unknown:
        raise UnknownExpansion(unknown[0], known)
    return list(dict.fromkeys(expansions))


def check_policy(policy: Any) -> None:
    if policy not in TIMEOUT_POLICIES:
        raise UnknownPolicy(policy, TIMEOUT_POLICIES)


def check_timeout(seconds: Any) -> None:
    if seconds is not None and (
        not isinstance(seconds, int) or isinstance(seconds, bool) or seconds <= 0
    ):
        raise BadTimeout()


def check_reminder(hours: Any) -> None:
    if hours is not None and (
        not isinstance(hours, int | float)
        or isinstance(hours, bool)
        or not 0 < hours <= MAX_REMINDER_HOURS
    ):
        raise BadOptions("reminder_hours")


def check_locale(locale: Any) -> None:
    if locale is not None and (not isinstance(locale, str) or not 0 < len(locale) <= MAX_LOCALE):
        raise BadOptions("locale")


def check_json(value: Any, what: str) -> None:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        raise BadOptions(what) from None
