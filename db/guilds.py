"""Each server's defaults for new games (the ``guild_settings`` table), and
what any game may be set up with: known expansions, a timeout policy of the
one vocabulary (db.values), a positive time limit, options that are JSON.
A server without a row has the defaults: the base game, no time limit,
reminders only."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
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
from db.values import DEFAULT_TIMEOUT_POLICY, TIMEOUT_POLICIES
from engine.expansions import known_expansions

SETTABLE = frozenset(
    {"default_expansions", "turn_timeout_seconds", "timeout_policy", "games_channel_id", "options"}
)


@dataclass(frozen=True, slots=True)
class ServerDefaults:
    """A server's defaults for new games."""

    guild_id: int
    default_expansions: tuple[str, ...] = ()
    turn_timeout_seconds: int | None = None
    timeout_policy: str = DEFAULT_TIMEOUT_POLICY
    games_channel_id: int | None = None
    options: dict[str, Any] = field(default_factory=dict)


def _defaults(row: GuildSettings) -> ServerDefaults:
    return ServerDefaults(
        row.guild_id,
        tuple(row.default_expansions or ()),
        row.turn_timeout_seconds,
        row.timeout_policy or DEFAULT_TIMEOUT_POLICY,
        row.games_channel_id,
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
        if "timeout_policy" in changes:
            check_policy(changes["timeout_policy"])
        if "turn_timeout_seconds" in changes:
            check_timeout(changes["turn_timeout_seconds"])
        if "options" in changes:
            check_json(changes["options"], "options")
        async with self.db.write() as s:
            row = await s.get(GuildSettings, guild_id)
            if row is None:
                row = GuildSettings(
                    guild_id=guild_id,
                    default_expansions=[],
                    timeout_policy=DEFAULT_TIMEOUT_POLICY,
                    options={},
                )
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


def check_json(value: Any, what: str) -> None:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        raise BadOptions(what) from None
