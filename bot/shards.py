"""Which gateway shards this process holds, and so which guilds it owns.

Discord puts guild G on shard ``(G >> 22) % shard_count``; a process that
holds that shard receives G's events and interactions, and it *owns* G's
games: it fires their timers, plays their AI seats and sends their
announcements (bot.services.handoff). Direct messages all arrive on shard 0,
whatever the game's guild; the services are database-backed, so a DM click
works in any process, and the follow-up goes to the owner.

Unset ``SHARD_IDS``: this process holds every shard (``SHARD_COUNT`` of
them, or as many as Discord recommends) and owns every guild.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.settings import Settings
from db.timers import ShardFilter, shard_of


@dataclass(frozen=True, slots=True)
class Shards:
    count: int | None = None  # None: Discord's recommendation (one process, all shards)
    ids: tuple[int, ...] | None = None  # None: all of them

    @classmethod
    def of(cls, settings: Settings) -> Shards:
        return cls(settings.shard_count, settings.shard_ids)

    @property
    def everything(self) -> bool:
        """True when this process holds every shard (it owns every guild)."""
        return self.ids is None or self.count is None or len(self.ids) == self.count

    def holds(self, shard: int) -> bool:
        return self.ids is None or shard in self.ids

    def owns(self, guild_id: int) -> bool:
        if self.everything:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    def elsewhere(self, guild_id: int) -> int | None:
        """The shard holding ``guild_id`` when another process holds it, else None."""
        if self.everything:
            return None
        assert self.count is not None
        shard = shard_of(guild_id, self.count)
        return None if self.owns(guild_id) else shard

    @property
    def claims(self) -> ShardFilter | None:
        """The timers this process claims (db.timers); None: every timer."""
        if self.everything:
            return None
        assert self.count is not None and self.ids is not None
        return (self.count, self.ids)

    def describe(self) -> str:
        if self.count is None:
            return "every shard Discord recommends (one process)"
        if self.everything:
            return "the only shard" if self.count == 1 else f"all {self.count} shards"
        assert self.ids is not None
        held = "shard" if len(self.ids) == 1 else "shards"
        return f"{held} {','.join(map(str, self.ids))} of {self.count}"
