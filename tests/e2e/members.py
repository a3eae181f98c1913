"""Simulated server members: they use slash commands (with options checked
against the commands the bot synced), autocomplete, buttons, selects and
modals, and read what Discord would show them.

Every action dispatches an interaction and returns once the bot has handled
it (read the dispatch, then no task left running: tests/e2e/launcher.py), so
an :class:`Outcome` holds everything the action caused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tests.e2e.botproc import BotProcess
from tests.e2e.fake import Call, FakeDiscord, Inter, Server
from tests.e2e.world import DM, Attachment, Message, P, iter_components

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
BUTTON, STRING_SELECT = 2, 3
USER = 6  # a user option
OPTION_TYPES = {3: str, 4: int, 10: float, 5: bool}


class MemberError(AssertionError):
    """The member cannot do that (no such component, option, message...)."""


class NotPermitted(MemberError):
    """Discord does not offer the member that command: its
    ``default_member_permissions`` are more than the member has there."""


@dataclass
class Outcome:
    """One interaction and what the bot did while handling it."""

    inter: Inter
    calls: list[Call]
    fake: FakeDiscord

    @property
    def messages(self) -> list[Message]:
        """Messages created or edited while handling it (as they are now)."""
        ids = dict.fromkeys(c.message_id for c in self.calls if c.visible and c.message_id)
        return [self.fake.world.messages[i] for i in ids if i in self.fake.world.messages]

    @property
    def reply(self) -> Message | None:
        """The answer the member saw last: the original response or a follow-up."""
        answers = [
            m
            for m in self.messages
            if m.interaction_id == self.inter.id or m.id == self.inter.original_id
        ]
        return answers[-1] if answers else None

    @property
    def text(self) -> str:
        return self.reply.content if self.reply is not None else ""

    @property
    def latency(self) -> float | None:
        """Dispatch to the last visible update, in seconds."""
        times = [c.at for c in self.calls if c.visible]
        return max(times) - self.inter.dispatched if times else None


class Harness:
    """The fake Discord, the bot process and the members of one test."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess) -> None:
        self.fake = fake
        self.bot = bot
        self.members: dict[str, Member] = {}

    def member(
        self,
        name: str,
        *,
        dm_open: bool = True,
        server: Server | None = None,
        locale: str = "en-US",
        admin: bool = False,
    ) -> Member:
        """A member of the first guild (or of ``server``: FakeDiscord.add_server),
        whose Discord client speaks ``locale`` ("fr", "nl", "en-US"); ``admin``:
        with the Admins role too (Manage Server)."""
        if name not in self.members:
            uid = self.fake.add_member(
                name, dm_open=dm_open, server=server, locale=locale, admin=admin
            )
            self.members[name] = Member(self, uid, name)
        return self.members[name]

    async def run(
        self,
        user_id: int,
        channel_id: int,
        itype: int,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> Outcome:
        start = len(self.fake.calls)
        inter, session, seq = await self.fake.interact(
            user_id, channel_id, itype, data, message=message
        )
        try:
            if session is not None:
                await self.bot.idle(seq, shard=session.shard[0])
        finally:
            inter.settled = time.monotonic()
            self.fake.active.discard(inter.id)
        if session is not None and not inter.acked:
            # Discord shows "This interaction failed" to the member.
            self.fake.violation("no-ack", "INTERACTION", str(inter.id), f"type {itype} {data}")
        calls = [c for c in self.fake.calls[start:] if inter.id in c.interactions]
        return Outcome(inter, calls, self.fake)


class Member:
    def __init__(self, harness: Harness, user_id: int, name: str) -> None:
        self.harness = harness
        self.fake = harness.fake
        self.id = user_id
        self.name = name
        self.last_action = 0.0  # monotonic time of the member's latest interaction
        self.outcomes: list[Outcome] = []

    def __repr__(self) -> str:
        return f"<Member {self.name}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    # --- reading --------------------------------------------------------------------------
    def can_see(self, m: Message) -> bool:
        if m.loading:
            return m.visible_to in (None, self.id)
        if m.visible_to is not None:
            return m.visible_to == self.id
        channel = self.fake.world.channels.get(m.channel_id)
        if channel is None:
            return False
        if channel.type == DM:
            return self.id in channel.recipients
        return True

    def visible(self) -> list[Message]:
        return [m for m in self.fake.world.messages.values() if self.can_see(m)]

    def channel_messages(self, channel_id: int) -> list[Message]:
        """What the member sees in a channel or thread (edits applied), oldest first."""
        return [m for m in self.visible() if m.channel_id == channel_id]

    def ephemerals(self) -> list[Message]:
        return [m for m in self.visible() if m.visible_to == self.id]

    def dms(self) -> list[Message]:
        cid = self.fake.world.dm_channels.get(self.id)
        return [m for m in self.visible() if m.channel_id == cid]

    def pings(self) -> list[Message]:
        return [m for m in self.visible() if self.id in m.mentions]

    def images(self) -> list[Attachment]:
        return [a for m in self.visible() for a in m.attachments if a.is_image]

    # --- slash commands and autocomplete --------------------------------------------------
    def _command_data(
        self,
        command: str,
        options: dict[str, Any],
        channel_id: int,
        focused: str | None = None,
        current: str = "",
    ) -> dict[str, Any]:
        parts = command.split()
        w = self.fake.world
        guild_id = w.channels[channel_id].guild_id
        top = self.fake.command(parts[0], guild_id)
        if top is None:
            raise MemberError(f"no synced command /{parts[0]}")
        needed = top.get("default_member_permissions")
        if needed is not None:  # Discord shows the command only to members with them
            have = w.permissions(self.id, w.channels[channel_id])
            if have & int(needed) != int(needed) or (int(needed) == 0 and have != P.ALL):
                raise NotPermitted(f"/{parts[0]} needs permissions {P.names(int(needed))}")
        node: dict[str, Any] = top
        chain: list[dict[str, Any]] = []
        for name in parts[1:]:
            sub = next(
                (o for o in node.get("options") or [] if o["name"] == name and o["type"] in (1, 2)),
                None,
            )
            if sub is None:
                raise MemberError(f"/{command}: no subcommand {name!r}")
            chain.append(sub)
            node = sub
        defs = {o["name"]: o for o in node.get("options") or []}
        values: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, value in options.items():
            d = defs.get(name)
            if d is None:
                raise MemberError(f"/{command} has no option {name!r} (has {sorted(defs)})")
            if d["type"] == USER:  # a member: its id, and the member as Discord resolves it
                uid = int(getattr(value, "id", value))
                guild = w.guilds[guild_id] if guild_id is not None else None
                resolved.setdefault("users", {})[str(uid)] = w.users[uid].to_json()
                if guild is not None and uid in guild.members:
                    member = guild.member_json(w, uid)
                    del member["user"]
                    member["permissions"] = str(w.permissions(uid, w.channels[channel_id]))
                    resolved.setdefault("members", {})[str(uid)] = member
                value = str(uid)
            values.append({"name": name, "type": d["type"], "value": _option_value(d, value)})
        if focused is not None:
            d = defs.get(focused)
            if d is None or not d.get("autocomplete"):
                raise MemberError(f"/{command} option {focused!r} has no autocomplete")
            values = [v for v in values if v["name"] != focused]
            values.append({"name": focused, "type": d["type"], "value": current, "focused": True})
        given = {v["name"] for v in values}
        missing = [n for n, d in defs.items() if d.get("required") and n not in given]
        if missing and focused is None:
            raise MemberError(f"/{command}: missing required option(s) {missing}")
        opts: list[dict[str, Any]] = values
        for sub in reversed(chain):
            opts = [{"name": sub["name"], "type": sub["type"], "options": opts}]
        data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in top:
            data["guild_id"] = top["guild_id"]
        return data

    async def slash(self, command: str, *, channel: int | None = None, **options: Any) -> Outcome:
        """``/command sub option:value``: ``await ada.slash("carcassonne new", expansions="-")``."""
        cid = channel or self.fake.channel.id
        data = self._command_data(command, options, cid)
        return await self._run(cid, APPLICATION_COMMAND, data)

    async def autocomplete(
        self,
        command: str,
        option: str,
        current: str = "",
        *,
        channel: int | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        cid = channel or self.fake.channel.id
        data = self._command_data(command, options, cid, focused=option, current=current)
        outcome = await self._run(cid, AUTOCOMPLETE, data)
        if outcome.inter.choices is None:
            raise MemberError(f"no autocomplete answer for /{command} {option}")
        return outcome.inter.choices

    # --- components -----------------------------------------------------------------------
    def _component(
        self, message: Message, kind: int, *, label: str | None = None, custom_id: str | None = None
    ) -> dict[str, Any]:
        if not self.can_see(message):
            raise MemberError(f"{self.name} cannot see message {message.id}")
        found = [
            c
            for c in iter_components(message.components)
            if c.get("type") == kind
            and (custom_id is None or c.get("custom_id") == custom_id)
            and (label is None or c.get("label") == label)
        ]
        if not found:
            raise MemberError(
                f"no component label={label!r} custom_id={custom_id!r} in {message.custom_ids()}"
            )
        if found[0].get("disabled"):
            raise MemberError(f"component {found[0].get('custom_id')} is disabled")
        return found[0]

    async def click(
        self, message: Message, *, label: str | None = None, custom_id: str | None = None
    ) -> Outcome:
        c = self._component(message, BUTTON, label=label, custom_id=custom_id)
        data = {"custom_id": c["custom_id"], "component_type": BUTTON}
        return await self._run(message.channel_id, COMPONENT, data, message)

    async def select(
        self, message: Message, values: list[str], *, custom_id: str | None = None
    ) -> Outcome:
        c = self._component(message, STRING_SELECT, custom_id=custom_id)
        offered = [o["value"] for o in c.get("options") or []]
        bad = [v for v in values if v not in offered]
        lo, hi = c.get("min_values", 1), c.get("max_values", 1)
        if bad or not lo <= len(values) <= hi:
            raise MemberError(f"cannot select {values} from {offered} ({lo}..{hi})")
        data = {"custom_id": c["custom_id"], "component_type": STRING_SELECT, "values": values}
        return await self._run(message.channel_id, COMPONENT, data, message)

    async def submit_modal(self, shown: Outcome, values: dict[str, str]) -> Outcome:
        modal = shown.inter.modal
        if modal is None:
            raise MemberError("that interaction showed no modal")
        rows = []
        for c in iter_components(modal.get("components") or []):
            if c.get("type") == 4:  # text input
                answer = {
                    "type": 4,
                    "custom_id": c["custom_id"],
                    "value": values.get(c["custom_id"], ""),
                }
                rows.append({"type": 1, "components": [answer]})
        data = {"custom_id": modal["custom_id"], "components": rows}
        return await self._run(shown.inter.channel_id, MODAL_SUBMIT, data)

    async def _run(
        self, channel_id: int, itype: int, data: dict[str, Any], message: Message | None = None
    ) -> Outcome:
        self.last_action = time.monotonic()
        outcome = await self.harness.run(self.id, channel_id, itype, data, message)
        self.outcomes.append(outcome)
        return outcome


def _option_value(d: dict[str, Any], value: Any) -> Any:
    choices = d.get("choices")
    if choices:
        for c in choices:
            if value in (c["value"], c["name"]):
                return c["value"]
        raise MemberError(
            f"option {d['name']}: {value!r} is not one of {[c['name'] for c in choices]}"
        )
    kind = OPTION_TYPES.get(d["type"])
    if kind is None:
        return str(value)
    converted = kind(value)
    for key, test in (("min_value", lambda a, b: a >= b), ("max_value", lambda a, b: a <= b)):
        if key in d and not test(converted, d[key]):
            raise MemberError(f"option {d['name']}: {value!r} out of range")
    return converted
