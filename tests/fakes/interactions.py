"""Fake Discord objects for driving the bot's cogs and components in tests.

Built on discord.py's real classes (``MagicMock(spec=...)``), as python-discord's
test helpers do: an attribute or method the real class lacks fails the test.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord

from bot.app import CarcassonneBot
from bot.settings import Settings
from bot.ui.confirm import ConfirmButton
from bot.ui.lobby import LobbyButton, RemoveSeat
from bot.ui.panel import PanelButton, PanelSelect
from bot.ui.rules import RulesButton
from bot.ui.settings import SettingsButton, SettingsSelect
from bot.ui.thread import ThreadButton

GUILD = 4242
CHANNEL = 100
DYNAMIC_ITEMS: tuple[type[Any], ...] = (
    LobbyButton,
    RemoveSeat,
    ConfirmButton,
    RulesButton,
    ThreadButton,
    PanelButton,
    PanelSelect,
    SettingsButton,
    SettingsSelect,
)
_ids = itertools.count(10_000)


def settings_for(db_file: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": None,
        "database_url": f"sqlite+aiosqlite:///{db_file}",
        "turn_timeout_hours": None,
        "reminder_hours": 12.0,
        "command_hash_file": db_file.parent / "commands.sha256",
        "demo_output_dir": db_file.parent / "demo",
    }
    values.update(overrides)
    return Settings(**values)


def forbidden() -> discord.Forbidden:
    response = MagicMock(status=403, reason="Forbidden")
    return discord.Forbidden(
        response, {"code": 50007, "message": "Cannot send messages to this user"}
    )


def not_found_interaction() -> discord.NotFound:
    response = MagicMock(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})


class World:
    """Channels and users the fake bot can see; records what it sends (edits
    are applied to the recorded message and kept in ``edits``)."""

    def __init__(self) -> None:
        self.channels: dict[int, Any] = {}
        self.users: dict[int, Any] = {}
        self.channel = self.text_channel(CHANNEL)

    def _messageable(self, spec: Any, channel_id: int) -> Any:
        ch = MagicMock(spec=spec)
        ch.id = channel_id
        ch.mention = f"<#{channel_id}>"
        ch.sent = []
        ch.edits = []
        by_id: dict[int, dict[str, Any]] = {}

        async def send(*args: Any, **kwargs: Any) -> Any:
            kwargs.setdefault("content", args[0] if args else None)
            files = kwargs.pop("files", None)
            if files:
                kwargs["file"] = files[0]
                kwargs["files"] = files
            msg = self.message(ch)
            kwargs["id"] = msg.id
            ch.sent.append(kwargs)
            by_id[msg.id] = kwargs
            return msg

        def partial(message_id: int) -> Any:
            part = MagicMock(spec=discord.PartialMessage)

            async def edit(**kwargs: Any) -> Any:
                ch.edits.append((message_id, kwargs))
                if message_id in by_id:
                    by_id[message_id].update(
                        {k: v for k, v in kwargs.items() if k != "attachments"}
                    )
                    if kwargs.get("attachments"):
                        by_id[message_id]["file"] = kwargs["attachments"][0]
                return MagicMock(spec=discord.Message)

            part.edit = AsyncMock(side_effect=edit)
            return part

        ch.send = AsyncMock(side_effect=send)
        ch.get_partial_message = MagicMock(side_effect=partial)
        self.channels[channel_id] = ch
        return ch

    def text_channel(self, channel_id: int) -> Any:
        return self._messageable(discord.TextChannel, channel_id)

    def thread(self, thread_id: int) -> Any:
        th = self._messageable(discord.Thread, thread_id)
        th.name, th.owner_id, th.archived, th.auto_archive_duration = "", 0, False, 10080
        th.edit = AsyncMock()
        return th

    def message(self, channel: Any) -> Any:
        msg = MagicMock(spec=discord.Message)
        msg.id = next(_ids)
        msg.channel = channel

        async def create_thread(*, name: str, **_: Any) -> Any:
            return self.thread(next(_ids))

        msg.create_thread = AsyncMock(side_effect=create_thread)
        return msg

    def user(self, user_id: int, name: str, *, dm_ok: bool = True) -> Any:
        u = MagicMock(spec=discord.Member)
        u.id = user_id
        u.name = name
        u.display_name = name
        u.mention = f"<@{user_id}>"
        dm = self._messageable(discord.DMChannel, next(_ids))
        u.dm_channel = dm
        u.dms = dm.sent

        async def send(*args: Any, **kwargs: Any) -> Any:
            if not dm_ok:
                raise forbidden()
            kwargs.setdefault("content", args[0] if args else None)
            dm.sent.append(kwargs)
            return MagicMock(spec=discord.Message)

        if not dm_ok:
            dm.send = AsyncMock(side_effect=forbidden())
        u.send = AsyncMock(side_effect=send)
        self.users[user_id] = u
        return u

    def attach(self, bot: CarcassonneBot) -> None:
        bot.get_channel = self.channels.get  # type: ignore[method-assign,assignment]
        bot.get_user = self.users.get  # type: ignore[method-assign,assignment]

        async def create_dm(user: Any) -> Any:
            return self.users[user.id].dm_channel

        bot.create_dm = create_dm  # type: ignore[method-assign,assignment]


async def drain(bot: CarcassonneBot) -> None:
    """Wait until the bot has sent what its handlers left for later (the outbox)."""
    await bot.notifier.drain()


async def make_bot(db_file: Path, world: World, **overrides: Any) -> CarcassonneBot:
    bot = CarcassonneBot(settings_for(db_file, **overrides), sync_commands=False)
    await bot.start_services()
    world.attach(bot)
    return bot


def interaction(
    bot: CarcassonneBot,
    user: Any,
    channel: Any,
    *,
    namespace: dict[str, Any] | None = None,
    values: list[str] | None = None,
    guild_id: int | None = GUILD,
) -> Any:
    inter = MagicMock(spec=discord.Interaction)
    inter.id = next(_ids)
    inter.client = bot
    inter.user = user
    inter.guild_id = guild_id
    inter.channel = channel
    inter.channel_id = channel.id
    inter.namespace = SimpleNamespace(**(namespace or {}))
    inter.data = {"values": values or []}
    inter.message = MagicMock(spec=discord.Message)
    state = {"done": False}
    inter.sent = []  # everything answered to this interaction, in order

    async def ack(*args: Any, **kwargs: Any) -> None:
        if state["done"]:
            raise discord.InteractionResponded(inter)
        state["done"] = True
        if kwargs.get("content") is not None or args:
            kwargs.setdefault("content", args[0] if args else None)
            inter.sent.append(kwargs)

    response = MagicMock(spec=discord.InteractionResponse)
    response.is_done.side_effect = lambda: state["done"]
    response.defer = AsyncMock(side_effect=ack)
    response.send_message = AsyncMock(side_effect=ack)
    response.edit_message = AsyncMock(side_effect=ack)
    inter.response = response

    async def follow(*args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("content", args[0] if args else None)
        inter.sent.append(kwargs)
        return MagicMock(spec=discord.WebhookMessage)

    inter.followup = MagicMock(spec=discord.Webhook)
    inter.followup.send = AsyncMock(side_effect=follow)
    inter.edit_original_response = AsyncMock(side_effect=follow)
    return inter


def last_text(inter: Any) -> str:
    assert inter.sent, "the interaction got no answer"
    return str(inter.sent[-1].get("content"))


def custom_ids(view: discord.ui.View | None) -> list[str]:
    if view is None:
        return []
    out = []
    for item in view.children:
        cid = getattr(item, "custom_id", None)
        if cid:
            out.append(cid)
    return out


async def click(
    bot: CarcassonneBot,
    user: Any,
    channel: Any,
    custom_id: str,
    value: str | None = None,
    *,
    guild_id: int | None = GUILD,
) -> Any:
    """A click as discord.py dispatches it: the registered dynamic item's
    template matches the id, from_custom_id builds the item, callback runs."""
    inter = interaction(bot, user, channel, values=[value] if value else None, guild_id=guild_id)
    registered = bot._connection._view_store._dynamic_items
    matches = [
        cls
        for cls in DYNAMIC_ITEMS
        if re.fullmatch(cls.__discord_ui_compiled_template__, custom_id)
    ]
    assert len(matches) <= 1, f"{custom_id!r} matches several dynamic items: {matches}"
    for cls in matches:
        assert registered.get(cls.__discord_ui_compiled_template__) is cls, f"{cls} not registered"
        match = re.fullmatch(cls.__discord_ui_compiled_template__, custom_id)
        assert match is not None
        if cls in (PanelSelect, RemoveSeat):
            base: discord.ui.Item[Any] = discord.ui.Select(
                custom_id=custom_id,
                options=[discord.SelectOption(label=value or "-", value=value or "-")],
            )
        else:
            base = discord.ui.Button(label="x", custom_id=custom_id)
        item = await cls.from_custom_id(inter, base, match)
        if isinstance(item, PanelSelect) and value is not None:
            item.item._values = [value]  # what discord.py's _refresh_state sets
        await item.callback(inter)
        await drain(bot)
        return inter
    raise AssertionError(f"no dynamic item matches {custom_id!r}")


def app_command(bot: CarcassonneBot, name: str) -> Any:
    """A top-level slash command as the tree holds it (cog or built)."""
    command = bot.tree.get_command(name)
    assert command is not None, f"no /{name} command"
    return command


async def autocomplete(command: Any, inter: Any, option: str, current: str) -> list[Any]:
    """Run an option's autocomplete as the tree does (bound to its cog or not)."""
    fn = command._params[option].autocomplete
    assert fn is not None, f"/{command.name} {option} has no autocomplete"
    if getattr(fn, "pass_command_binding", False):
        return list(await fn(command.binding, inter, current))
    return list(await fn(inter, current))


async def run_command(command: Any, inter: Any, **kwargs: Any) -> Any:
    """Run a slash command's callback as the tree does, errors to the funnel."""
    from bot.ui import funnel

    try:
        if command.binding is not None:
            await command.callback(command.binding, inter, **kwargs)
        else:
            await command.callback(inter, **kwargs)
    except Exception as exc:
        await funnel.handle(inter, exc)
    await drain(inter.client)
    return inter


def registered_templates(bot: CarcassonneBot) -> set[str]:
    store = bot._connection._view_store
    return {p.pattern for p in store._dynamic_items}


def all_text(channel: Any) -> str:
    return "\n".join(str(m.get("content")) for m in channel.sent)


def record_of(inter: Any) -> dict[str, Any]:
    file = inter.sent[-1]["file"]
    file.fp.seek(0)
    return json.loads(file.fp.read())


async def invoke(command: Any, cog: Any, inter: Any, **kwargs: Any) -> Any:
    """Run a slash command's callback as the command tree does: an error goes
    to the tree's error handler (bot.ui.funnel.handle)."""
    from bot.ui import funnel

    try:
        await command.callback(cog, inter, **kwargs)
    except Exception as exc:
        await funnel.handle(inter, exc)
    await drain(inter.client)
    return inter
