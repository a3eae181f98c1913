"""What the fake Discord knows: users, guilds, roles, channels, threads, DMs and
messages, serialised the way Discord's API v10 shapes them.

Permissions follow Discord's algorithm (base permissions from @everyone and
the member's roles, then the channel's overwrites: @everyone, roles, member;
threads use their parent's), so the fake can refuse what the bot may not do.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any

from bot import permissions as bot_permissions

DISCORD_EPOCH_MS = 1_420_070_400_000
_increment = itertools.count(1)


def snowflake(at: float | None = None) -> int:
    """A Discord-shaped id: milliseconds since 2015 in the high bits."""
    ms = int((time.time() if at is None else at) * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_increment) % 4096)


def iso(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).isoformat()


class P:
    """Permission bits (Discord's values)."""

    CREATE_INSTANT_INVITE = 1 << 0
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1

    @classmethod
    def names(cls, value: int) -> list[str]:
        return [
            k for k, v in vars(cls).items() if k.isupper() and k != "ALL" and v & value == v and v
        ]


# What the bot's role gets by default: exactly what the bot's invite URL asks
# for (bot.permissions, the one list). Tests override it with the
# ``bot_permissions`` fixture.
DEFAULT_BOT_PERMISSIONS = bot_permissions.permissions().value
# What players get (the "Players" role); @everyone gets nothing, so the bot's
# own role decides what the bot may do.
PLAYER_PERMISSIONS = DEFAULT_BOT_PERMISSIONS | P.USE_APPLICATION_COMMANDS | P.ADD_REACTIONS

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREADS = (PUBLIC_THREAD, PRIVATE_THREAD)
EPHEMERAL = 1 << 6


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dm_open: bool = True  # False: DMs to this user fail with 403 / 50007
    locale: str = "en-US"  # the language of their Discord client (interactions' ``locale``)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            out["bot"] = True
        return out


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    recipients: list[int] = field(default_factory=list)  # DMs
    archived: bool = False
    auto_archive_duration: int = 1440
    created: float = field(default_factory=time.time)
    message_count: int = 0

    def to_json(self, world: World) -> dict[str, Any]:
        out: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0}
        if self.type == DM:
            out["recipients"] = [world.users[u].to_json() for u in self.recipients]
            out["last_message_id"] = None
            return out
        out.update(
            guild_id=str(self.guild_id),
            name=self.name,
            parent_id=None if self.parent_id is None else str(self.parent_id),
            rate_limit_per_user=0,
            last_message_id=None,
        )
        if self.type in THREADS:
            out.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=1,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(self.created),
                    "locked": False,
                    "create_timestamp": iso(self.created),
                },
            )
        else:
            out.update(
                position=0,
                topic=None,
                nsfw=False,
                permission_overwrites=[o.to_json() for o in self.overwrites],
            )
        return out


@dataclass
class Attachment:
    id: int
    filename: str
    content_type: str
    data: bytes
    width: int | None = None
    height: int | None = None
    description: str = ""  # alt text: the image in words

    @property
    def is_image(self) -> bool:
        return self.content_type.startswith("image/")

    def to_json(self, base: str, channel_id: int) -> dict[str, Any]:
        url = f"{base}/attachments/{channel_id}/{self.id}/{self.filename}"
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.width is not None:
            out.update(width=self.width, height=self.height)
        if self.description:
            out["description"] = self.description
        return out


@dataclass
class Message:
    """A message as it is now; ``versions`` keeps what it was after each
    create/edit (content, components, attachment names) for tests."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    mentions: list[int] = field(default_factory=list)  # users actually pinged
    visible_to: int | None = None  # ephemeral: only this user sees it
    webhook_id: int | None = None
    interaction_id: int | None = None  # the interaction it answers
    loading: bool = False  # a deferred "thinking" response not yet filled in
    created: float = field(default_factory=time.monotonic)
    changed: float = field(default_factory=time.monotonic)  # last create/edit
    edits: int = 0
    versions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def snapshot(self) -> None:
        self.versions.append(
            {
                "content": self.content,
                "components": self.components,
                "attachments": [a.filename for a in self.attachments],
                "alt": [a.description for a in self.attachments if a.description],
                "mentions": list(self.mentions),
            }
        )

    def to_json(self, world: World) -> dict[str, Any]:
        channel = world.channels.get(self.channel_id)
        out: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 0,
            "author": world.users[self.author_id].to_json(),
            "content": self.content,
            "timestamp": iso(time.time()),
            "edited_timestamp": iso(time.time()) if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [world.users[u].to_json() for u in self.mentions if u in world.users],
            "mention_roles": [],
            "attachments": [a.to_json(world.base_url, self.channel_id) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if channel is not None and channel.guild_id is not None:
            out["guild_id"] = str(channel.guild_id)
        if self.webhook_id is not None:
            out["webhook_id"] = str(self.webhook_id)
            out["application_id"] = str(self.webhook_id)
        if self.interaction_id is not None:
            out["type"] = 20  # CHAT_INPUT_COMMAND reply (or 19 REPLY); either parses
        return out


def iter_components(components: list[dict[str, Any]]) -> Any:
    for c in components:
        yield c
        yield from iter_components(c.get("components", []))


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, list[int]] = field(default_factory=dict)  # user -> role ids
    joined: float = field(default_factory=time.time)
    preferred_locale: str = "en-US"  # the server's language (interactions' ``guild_locale``)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]  # Discord: the @everyone role's id is the guild's

    def member_json(self, world: World, user_id: int) -> dict[str, Any]:
        return {
            "user": world.users[user_id].to_json(),
            "roles": [str(r) for r in self.members[user_id]],
            "joined_at": iso(self.joined),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "pending": False,
            "communication_disabled_until": None,
        }

    def to_json(self, world: World) -> dict[str, Any]:
        channels = [c for c in world.channels.values() if c.guild_id == self.id]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(self.joined),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [self.member_json(world, u) for u in self.members],
            "channels": [c.to_json(world) for c in channels if c.type not in THREADS],
            "threads": [c.to_json(world) for c in channels if c.type in THREADS],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


class World:
    """Everything the fake Discord stores."""

    def __init__(self) -> None:
        self.base_url = ""  # set by the server once it listens
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, int] = {}  # user -> DM channel

    # --- building -------------------------------------------------------------------------
    def add_user(self, name: str, *, bot: bool = False, dm_open: bool = True) -> User:
        user = User(snowflake(), name, bot=bot, dm_open=dm_open)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, owner: User, guild_id: int | None = None) -> Guild:
        guild = Guild(guild_id or snowflake(), name, owner.id)
        guild.roles[guild.id] = Role(guild.id, "@everyone", 0)
        self.guilds[guild.id] = guild
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int, *, managed: bool = False) -> Role:
        role = Role(snowflake(), name, permissions, position=len(guild.roles), managed=managed)
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, user: User, roles: list[Role]) -> None:
        guild.members[user.id] = [r.id for r in roles]

    def add_channel(self, guild: Guild, name: str, **kwargs: Any) -> Channel:
        channel = Channel(snowflake(), TEXT, name, guild.id, **kwargs)
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user_id: int) -> Channel:
        cid = self.dm_channels.get(user_id)
        if cid is None:
            channel = Channel(snowflake(), DM, recipients=[user_id])
            self.channels[channel.id] = channel
            self.dm_channels[user_id] = cid = channel.id
        return self.channels[cid]

    # --- permissions ----------------------------------------------------------------------
    def permissions(self, user_id: int, channel: Channel) -> int:
        """Discord's computation: base from roles, then the channel's overwrites."""
        if channel.type == DM:
            return P.VIEW_CHANNEL | P.SEND_MESSAGES | P.READ_MESSAGE_HISTORY | P.ATTACH_FILES
        if channel.type in THREADS and channel.parent_id is not None:
            channel = self.channels[channel.parent_id]
        assert channel.guild_id is not None
        guild = self.guilds[channel.guild_id]
        if user_id == guild.owner_id:
            return P.ALL
        roles = guild.members.get(user_id)
        if roles is None:
            return 0
        base = guild.everyone.permissions
        for r in roles:
            base |= guild.roles[r].permissions
        if base & P.ADMINISTRATOR:
            return P.ALL
        by_id = {o.id: o for o in channel.overwrites}
        everyone = by_id.get(guild.id)
        if everyone is not None:
            base = (base & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for r in roles:
            o = by_id.get(r)
            if o is not None and o.type == 0:
                allow |= o.allow
                deny |= o.deny
        base = (base & ~deny) | allow
        own = by_id.get(user_id)
        if own is not None and own.type == 1:
            base = (base & ~own.deny) | own.allow
        if not base & P.VIEW_CHANNEL:
            return 0  # Discord: no view, no other channel permission
        return base

    def guild_of(self, channel: Channel) -> Guild | None:
        if channel.guild_id is None:
            return None
        return self.guilds.get(channel.guild_id)


MENTION = re.compile(r"<@!?(\d+)>")


def pinged(content: str, allowed: dict[str, Any] | None, users: dict[int, User]) -> list[int]:
    """Users a message pings: mentioned in its content and allowed to be
    (``allowed_mentions``: ``parse`` with "users", or an explicit ``users`` list)."""
    found = [int(m) for m in MENTION.findall(content or "")]
    found = [u for u in dict.fromkeys(found) if u in users]
    if allowed is None:
        return found
    if "users" in (allowed.get("parse") or []):
        return found
    explicit = {int(u) for u in allowed.get("users") or []}
    return [u for u in found if u in explicit]
