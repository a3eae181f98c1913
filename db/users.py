"""Per-user settings (the ``user_settings`` table), read and written here only.

A user without a row has the defaults: pings and DMs on, automatic answers
on, never away.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from sqlalchemy import select

from db.models import UserSettings
from db.session import Database
from db.values import UserPrefs

SETTABLE = frozenset(f.name for f in fields(UserPrefs)) - {"user_id"}


def _prefs(row: UserSettings) -> UserPrefs:
    return UserPrefs(**{f.name: getattr(row, f.name) for f in fields(UserPrefs)})


class UserSettingsStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get_many(self, user_ids: list[int]) -> dict[int, UserPrefs]:
        """Settings of each user (defaults for users without a row)."""
        wanted = sorted(set(user_ids))
        out = {u: UserPrefs(u) for u in wanted}
        if not wanted:
            return out
        async with self.db.read() as s:
            rows = await s.scalars(select(UserSettings).where(UserSettings.user_id.in_(wanted)))
            for row in rows:
                out[row.user_id] = _prefs(row)
        return out

    async def update(self, user_id: int, **changes: Any) -> UserPrefs:
        unknown = set(changes) - SETTABLE
        if unknown:
            raise ValueError(f"unknown user setting {sorted(unknown)[0]!r}")
        async with self.db.write() as s:
            row = await s.get(UserSettings, user_id)
            if row is None:
                defaults = UserPrefs(user_id)
                row = UserSettings(**{f.name: getattr(defaults, f.name) for f in fields(UserPrefs)})
                s.add(row)
            for key, value in changes.items():
                setattr(row, key, value)
            await s.flush()
            return _prefs(row)
