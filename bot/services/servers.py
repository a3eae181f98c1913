"""Each server's own defaults for new games (``/server-settings``, Manage
Server by default: Discord's command permissions decide who may use it), and
what a new game gets: the host's choice, else the server's setting, else the
process's (bot.settings); the game language: the host's, else the server's,
else Discord's server locale (:func:`resolve`). The store keeps the
settings (db.guilds); this module gives them their meaning."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.errors import BadSetting
from bot.options import BOT, DISCORD, HOST, SERVER
from bot.present.servers import UNSET
from bot.readers import MAX_HOURS
from bot.settings import Settings
from bot.text import language, languages
from db.service import GameService
from db.values import NO_LIMIT, REMIND, ServerDefaults

HOUR = 3600
# What /server-settings sets: its verbs, as db.guilds names them.
SETTINGS = {
    "limit": "turn_timeout_seconds",
    "policy": "timeout_policy",
    "reminder": "reminder_hours",
    "language": "locale",
    "league_ai": "league_ai",
}


@dataclass(frozen=True, slots=True)
class NewGameSettings:
    """What a new game is set up with and where each came from (``sources``:
    setting -> HOST, SERVER, BOT or DISCORD)."""

    timeout_hours: float | None  # None: no time limit
    policy: str
    reminder_hours: float
    locale: str
    sources: dict[str, str] = field(default_factory=dict)


def resolve(
    settings: Settings,
    server: ServerDefaults,
    *,
    timeout_hours: float | None = None,
    policy: str | None = None,
    reminder_hours: float | None = None,
    language_chosen: str | None = None,
    guild_locale: str | None = None,
) -> NewGameSettings:
    """Host > server > process; a turn limit of 0 (any source) is none, and
    without a limit the game only reminds."""
    sources: dict[str, str] = {}
    server_hours = (
        None if server.turn_timeout_seconds is None else server.turn_timeout_seconds / HOUR
    )
    hours, sources["limit"] = _first(
        (HOST, timeout_hours), (SERVER, server_hours), (BOT, settings.turn_timeout_hours)
    )
    policy, sources["policy"] = _first(
        (HOST, policy), (SERVER, server.timeout_policy), (BOT, settings.timeout_policy)
    )
    if not hours:  # no time limit: reminders only
        hours, policy = None, REMIND
        sources.pop("policy")
    reminder_hours, sources["reminder"] = _first(
        (HOST, reminder_hours), (SERVER, server.reminder_hours), (BOT, settings.reminder_hours)
    )
    chosen, sources["language"] = _first(
        (HOST, language_chosen or None), (SERVER, server.locale or None), (DISCORD, guild_locale)
    )
    locale = language(chosen)
    return NewGameSettings(hours, policy, float(reminder_hours), locale, sources)


def _first(*candidates: tuple[str, Any]) -> tuple[Any, str]:
    """The first value set (not None) and whose it is; the last one is the
    fallback, whatever its value (the process's None: no time limit)."""
    for source, value in candidates[:-1]:
        if value is not None:
            return value, source
    return candidates[-1][1], candidates[-1][0]


def change_of(verb: str, value: str | None, now: ServerDefaults) -> dict[str, Any]:
    """The stored change a panel choice asks for (BadSetting: not one offered)."""
    if verb == "league_ai":  # a toggle
        return {"league_ai": not now.ai_in_leagues}
    if verb not in SETTINGS or value is None:
        raise BadSetting(verb)
    column = SETTINGS[verb]
    if value == UNSET:
        return {column: None}
    try:
        if verb == "limit":
            hours = float(value)
            if not 0 <= hours <= MAX_HOURS:
                raise BadSetting(verb)
            return {column: NO_LIMIT if hours == 0 else max(1, round(hours * HOUR))}
        if verb == "reminder":
            return {column: float(value)}
    except (ValueError, OverflowError):
        raise BadSetting(verb) from None
    if verb == "language" and value not in languages():
        raise BadSetting(verb)
    return {column: value}  # a policy: the store checks it


class ServerSettings:
    def __init__(self, store: GameService) -> None:
        self.store = store

    async def get(self, guild_id: int) -> ServerDefaults:
        return await self.store.servers.defaults(guild_id)

    async def change(self, guild_id: int, verb: str, value: str | None) -> ServerDefaults:
        now = await self.get(guild_id)
        return await self.store.servers.update(guild_id, **change_of(verb, value, now))
