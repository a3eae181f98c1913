"""A small Discord on 127.0.0.1: the REST API v10 (aiohttp) and the Gateway
(WebSocket, zlib-stream), enough for the bot's unmodified discord.py client.

Every request is checked (tests/e2e/validation.py), rate-limited
(tests/e2e/ratelimits.py), permission-checked (tests/e2e/world.py) and logged
as a :class:`Call`; interactions are tracked as :class:`Inter` with their
acknowledgements. Tests read the log through tests/e2e/figures.py and the
simulated members (tests/e2e/members.py).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import re
import secrets
import struct
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.e2e import validation as val
from tests.e2e.ratelimits import RateLimits
from tests.e2e.simclock import SimClock
from tests.e2e.world import (
    DM,
    EPHEMERAL,
    PUBLIC_THREAD,
    THREADS,
    Attachment,
    Channel,
    Guild,
    Message,
    Overwrite,
    P,
    Role,
    World,
    pinged,
    snowflake,
)

API = "/api/v10"
INTERACTION_DEADLINE = 3.0  # seconds for the first callback
TOKEN_LIFETIME = 15 * 60.0  # follow-ups with the interaction token
HEARTBEAT_MS = 41_250
# After the simulated clock skipped, a session sent nothing for this long (on
# that clock) is asked for a heartbeat (op 1, as Discord may ask): its answer
# keeps discord.py's 60 s gateway read timeout, on the same clock, from firing.
QUIET_SESSION = 30.0
# Gateway intents (only those whose events the fake sends)
GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12


class DiscordError(Exception):
    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            out["errors"] = self.errors
        return out


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


@dataclass
class Call:
    """One REST request the fake answered."""

    method: str
    path: str
    template: str
    status: int = 0
    code: int | None = None
    at: float = field(default_factory=time.monotonic)
    clock: float = 0.0  # when, on the simulated clock of the rate limits
    body: Any = None
    files: list[tuple[str, int]] = field(default_factory=list)
    interactions: tuple[int, ...] = ()  # interactions being handled meanwhile
    visible: bool = False  # created or edited a message someone can see
    message_id: int | None = None
    channel_id: int | None = None
    created: bool = False
    launcher: bool = False  # the test launcher's own request, not the bot's


@dataclass
class Inter:
    """An interaction the fake dispatched and what the bot answered."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    message_id: int | None = None  # the message whose component was used
    dispatched: float = 0.0
    acks: list[tuple[float, int]] = field(default_factory=list)  # (time, callback type)
    late: bool = False
    original_id: int | None = None
    choices: list[dict[str, Any]] | None = None  # autocomplete answer
    modal: dict[str, Any] | None = None
    settled: float | None = None  # when the harness saw the bot idle again

    @property
    def acked(self) -> bool:
        return bool(self.acks)


@dataclass
class Violation:
    kind: str  # validation, unknown-route, protocol, late-ack, double-ack, no-ack
    method: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.detail}"


Handler = Callable[["Request"], Awaitable[tuple[int, Any]]]


@dataclass
class Request:
    method: str
    path: str
    match: re.Match[str]
    json: Any
    files: list[tuple[str, str, bytes]]  # (field, filename, data)
    query: dict[str, str]
    call: Call

    def arg(self, name: str) -> str:
        return self.match.group(name)


class Session:
    """One gateway connection (a shard of the bot)."""

    def __init__(self, ws: web.WebSocketResponse, clock: SimClock) -> None:
        self.ws = ws
        self.clock = clock
        self.last_sent = clock.now()  # on the simulated clock
        self.seq = 0
        self.acked_seq = 0  # the sequence of the client's latest heartbeat
        self.shard: tuple[int, int] = (0, 1)
        self.intents = 0
        self.session_id = secrets.token_hex(16)
        self.identified = asyncio.Event()
        self.compress = zlib.compressobj()
        self._lock = asyncio.Lock()

    def owns(self, guild_id: int) -> bool:
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id

    async def send(self, op: int, d: Any = None, t: str | None = None) -> int:
        async with self._lock:
            s = None
            if op == 0:
                self.seq += 1
                s = self.seq
            data = json.dumps({"op": op, "d": d, "s": s, "t": t}).encode()
            frame = self.compress.compress(data) + self.compress.flush(zlib.Z_SYNC_FLUSH)
            self.last_sent = self.clock.now()
            await self.ws.send_bytes(frame)
            return self.seq

    def heard(self, seq: int) -> None:
        self.acked_seq = max(self.acked_seq, seq)


@dataclass
class Server:
    """A further guild of the fake (:meth:`FakeDiscord.add_server`)."""

    guild: Guild
    channel: Channel
    player_role: Role

    @property
    def member_of(self) -> tuple[Guild, Role]:
        return self.guild, self.player_role


class FakeDiscord:
    """The fake: ``await fake.start()``, point the bot at ``fake.api_url``."""

    def __init__(
        self,
        *,
        bot_permissions: int | None = None,
        openapi: val.OpenAPI | None = None,
        rate_limit_scale: float = 1.0,
    ) -> None:
        from tests.e2e.world import DEFAULT_BOT_PERMISSIONS, PLAYER_PERMISSIONS

        self.world = World()
        self.openapi = openapi
        # Discord's time for the rate limits: the bot processes follow its skips.
        self.clock = SimClock()
        self.clock.listen(self._skipped)
        self.limits = RateLimits(scale=rate_limit_scale, clock=self.clock)
        self.calls: list[Call] = []
        self.interactions: dict[int, Inter] = {}
        self.violations: list[Violation] = []
        self.allowed: set[str] = set()  # violation kinds a test expects
        self.commands: dict[tuple[int | None, str, int], dict[str, Any]] = {}
        self.sessions: list[Session] = []
        self.identifies = 0
        self.active: set[int] = set()  # interactions being handled now
        self.connected = asyncio.Event()
        self._background: set[asyncio.Future[None]] = set()
        w = self.world
        self.bot_user = w.add_user("Carcassonne", bot=True)
        self.app_id = self.bot_user.id  # as on Discord: the bot user's id is the app's
        # Shaped as Discord's: the bot user's id in base64, a stamp, a secret
        # (the bot checks the shape before it asks anyone).
        user = base64.urlsafe_b64encode(str(self.bot_user.id).encode()).decode().rstrip("=")
        self.token = f"{user}.e2e000.{secrets.token_urlsafe(30)}"
        self.owner = w.add_user("Owner")
        self.guild = w.add_guild("Table Top", self.owner)
        self.bot_role = w.add_role(
            self.guild,
            "Carcassonne",
            DEFAULT_BOT_PERMISSIONS if bot_permissions is None else bot_permissions,
            managed=True,
        )
        self.player_role = w.add_role(self.guild, "Players", PLAYER_PERMISSIONS)
        w.add_member(self.guild, self.bot_user, [self.bot_role])
        w.add_member(self.guild, self.owner, [self.player_role])
        self.channel = w.add_channel(self.guild, "games")
        # A channel where the bot may read but not post (an overwrite denies it).
        self.quiet_channel = w.add_channel(self.guild, "announcements")
        self.quiet_channel.overwrites.append(
            Overwrite(self.bot_role.id, 0, deny=P.SEND_MESSAGES | P.CREATE_PUBLIC_THREADS)
        )
        self._routes = self._route_table()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- life cycle -----------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.base_url + API

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{channel}/{id}/{name}", self._attachment)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.world.base_url = self.base_url

    async def stop(self) -> None:
        for s in list(self.sessions):
            with contextlib.suppress(Exception):
                await s.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def add_member(
        self,
        name: str,
        *,
        dm_open: bool = True,
        server: Server | None = None,
        locale: str = "en-US",
        admin: bool = False,
    ) -> int:
        """A new user, a member of the first guild (or of ``server``) with the
        Players role (and the Admins role, Manage Server, with ``admin``),
        whose Discord client speaks ``locale``."""
        user = self.world.add_user(name, dm_open=dm_open)
        user.locale = locale
        guild, role = (self.guild, self.player_role) if server is None else server.member_of
        roles = [role]
        if admin:
            admins = next((r for r in guild.roles.values() if r.name == "Admins"), None)
            if admins is None:
                admins = self.world.add_role(guild, "Admins", P.MANAGE_GUILD)
            roles.append(admins)
        self.world.add_member(guild, user, roles)
        return user.id

    def add_server(self, name: str, *, shard: tuple[int, int] | None = None) -> Server:
        """Another guild set up as the first (the owner, the Players and bot
        roles, ``#games``), with an id that Discord puts on ``shard`` = (i, n)
        when given. Add it before the bot connects: its gateway sessions only
        learn guilds at IDENTIFY."""
        from tests.e2e.world import PLAYER_PERMISSIONS

        w = self.world
        guild_id = snowflake()
        if shard is not None:
            while (guild_id >> 22) % shard[1] != shard[0]:
                guild_id += 1 << 22
        guild = w.add_guild(name, self.owner, guild_id)
        bot_role = w.add_role(guild, "Carcassonne", self.bot_role.permissions, managed=True)
        player_role = w.add_role(guild, "Players", PLAYER_PERMISSIONS)
        w.add_member(guild, self.bot_user, [bot_role])
        w.add_member(guild, self.owner, [player_role])
        return Server(guild, w.add_channel(guild, "games"), player_role)

    def set_bot_permissions(self, value: int) -> None:
        self.bot_role.permissions = value

    def problems(self) -> list[Violation]:
        return [v for v in self.violations if v.kind not in self.allowed]

    def violation(self, kind: str, method: str, path: str, detail: str) -> None:
        self.violations.append(Violation(kind, method, path, detail))

    # --- gateway --------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if request.query.get("compress") not in ("zlib-stream", None):
            await ws.close(code=4000, message=b"unsupported compression")
            return ws
        session = Session(ws, self.clock)
        self.sessions.append(session)
        try:
            await session.send(10, {"heartbeat_interval": HEARTBEAT_MS})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                await self._gateway_op(session, payload.get("op"), payload.get("d"))
        finally:
            self.sessions.remove(session)
            if not self.sessions:
                self.connected.clear()
        return ws

    async def _gateway_op(self, session: Session, op: int, d: Any) -> None:
        if op == 1:  # heartbeat: d is the last sequence the client read
            session.heard(d or 0)
            await session.send(11)
        elif op == 2:  # identify
            if d.get("token") != self.token:
                await session.ws.close(code=4004, message=b"Authentication failed.")
                return
            shard = d.get("shard") or [0, 1]
            if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
                await session.ws.close(code=4010, message=b"Invalid shard.")
                return
            session.shard = (int(shard[0]), int(shard[1]))
            session.intents = int(d.get("intents", 0))
            self.identifies += 1
            guilds = [g for g in self.world.guilds.values() if session.owns(g.id)]
            await session.send(
                0,
                {
                    "v": 10,
                    "user": self.bot_user.to_json(),
                    "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                    "session_id": session.session_id,
                    "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                    "shard": list(session.shard),
                    "application": {"id": str(self.app_id), "flags": 0},
                },
                "READY",
            )
            for g in guilds:
                await session.send(0, g.to_json(self.world), "GUILD_CREATE")
            session.identified.set()
            self.connected.set()
        elif op == 6:  # resume: nothing was missed that matters here
            session.identified.set()
            await session.send(0, {}, "RESUMED")
            self.connected.set()

    def _skipped(self, seconds: float) -> None:
        now = self.clock.now()
        for s in self.sessions:
            if s.identified.is_set() and now - s.last_sent > QUIET_SESSION:
                s.last_sent = now
                self._later(self._ask_heartbeat(s))

    @staticmethod
    async def _ask_heartbeat(session: Session) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await session.send(1)

    def session_for(self, guild_id: int | None) -> Session | None:
        # The newest connection first: a killed process's may linger a moment.
        for s in reversed(self.sessions):
            if not s.identified.is_set():
                continue
            if guild_id is None and s.shard[0] == 0:  # DMs go to shard 0
                return s
            if guild_id is not None and s.owns(guild_id):
                return s
        return None

    async def dispatch(self, event: str, data: Any, guild_id: int | None, intent: int) -> None:
        session = self.session_for(guild_id)
        if session is not None and session.intents & intent:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await session.send(0, data, event)

    # --- interactions ---------------------------------------------------------------------
    async def interact(
        self,
        user_id: int,
        channel_id: int,
        itype: int,
        data: dict[str, Any],
        *,
        message: Message | None = None,
    ) -> tuple[Inter, Session | None, int]:
        """Create an interaction and send INTERACTION_CREATE to the bot's
        shard; returns it, the session and the dispatch's sequence number."""
        w = self.world
        channel = w.channels[channel_id]
        inter = Inter(
            snowflake(),
            "itok." + secrets.token_urlsafe(40),
            itype,
            user_id,
            channel_id,
            channel.guild_id,
            data,
            message_id=message.id if message else None,
        )
        self.interactions[inter.id] = inter
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.app_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel_id),
            "channel": channel.to_json(w),
            "token": inter.token,
            "version": 1,
            "locale": w.users[user_id].locale,
            "entitlements": [],
            "attachment_size_limit": val.MAX_FILE_BYTES,
        }
        guild = w.guild_of(channel)
        if guild is not None:
            member = guild.member_json(w, user_id)
            member["permissions"] = str(w.permissions(user_id, channel))
            payload.update(
                guild_id=str(guild.id),
                member=member,
                guild_locale=guild.preferred_locale,
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                app_permissions=str(w.permissions(self.bot_user.id, channel)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=w.users[user_id].to_json(),
                app_permissions=str(w.permissions(self.bot_user.id, channel)),
                authorizing_integration_owners={"0": str(user_id)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.to_json(w)
        session = self.session_for(channel.guild_id)
        inter.dispatched = time.monotonic()
        self.active.add(inter.id)
        seq = 0
        if session is not None:
            try:
                seq = await session.send(0, payload, "INTERACTION_CREATE")
            except (ConnectionError, RuntimeError):
                session = None
        return inter, session, seq

    def _interaction(self, req: Request, *, callback: bool) -> Inter:
        key = "interaction_id" if callback else "webhook_token"
        inter = None
        if callback:
            inter = self.interactions.get(int(req.arg(key)))
            if inter is not None and inter.token != req.arg("interaction_token"):
                inter = None
        else:
            inter = next((i for i in self.interactions.values() if i.token == req.arg(key)), None)
            if inter is not None and int(req.arg("webhook_id")) != self.app_id:
                inter = None
        if inter is None:
            if callback:
                raise DiscordError(404, 10062, "Unknown interaction")
            raise DiscordError(404, 10015, "Unknown Webhook")
        return inter

    async def _callback(self, req: Request) -> tuple[int, Any]:
        inter = self._interaction(req, callback=True)
        now = time.monotonic()
        body = req.json or {}
        rtype = body.get("type")
        if inter.acked:
            self.violation(
                "double-ack", req.method, req.path, f"interaction {inter.id} type {rtype}"
            )
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - inter.dispatched > INTERACTION_DEADLINE:
            inter.late = True
            self.violation(
                "late-ack", req.method, req.path, f"{now - inter.dispatched:.2f}s after dispatch"
            )
            raise DiscordError(404, 10062, "Unknown interaction")
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}.get(inter.type, set())
        if rtype not in allowed:
            why = f"type {rtype} for interaction type {inter.type}"
            raise self._invalid(req, [val.Problem(("type",), "INTERACTION_CALLBACK_TYPE", why)])
        data = body.get("data") or {}
        problems: list[val.Problem] = []
        if rtype in (4, 7):
            problems += val.message_limits(data, interaction=True)
            problems += val.file_limits([(n, b) for _, n, b in req.files])
        if rtype == 8:
            problems += val.autocomplete_limits(data.get("choices") or [])
        if problems:
            raise self._invalid(
                req, [val.Problem(("data", *p.path), p.code, p.message) for p in problems]
            )
        inter.acks.append((now, rtype))
        message: Message | None = None
        if rtype == 4:
            message = self._new_message(
                inter.channel_id, data, req.files, interaction=inter, call=req.call
            )
            inter.original_id = message.id
        elif rtype == 5:
            message = self._new_message(
                inter.channel_id,
                {"flags": data.get("flags", 0)},
                [],
                interaction=inter,
                call=req.call,
            )
            message.loading = True
            req.call.visible = False
            inter.original_id = message.id
        elif rtype in (6, 7):
            inter.original_id = inter.message_id
            if rtype == 7 and inter.message_id is not None:
                message = self._edit_message(
                    self.world.messages[inter.message_id], data, req.files, req.call
                )
        elif rtype == 8:
            inter.choices = list(data.get("choices") or [])
        elif rtype == 9:
            inter.modal = data
        out: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            }
        }
        if inter.original_id is not None:
            out["interaction"]["response_message_id"] = str(inter.original_id)
        if message is not None:
            out["resource"] = {"type": rtype, "message": message.to_json(self.world)}
        elif rtype != 8:
            out["resource"] = {"type": rtype}
        return 200, out

    def _webhook_inter(self, req: Request) -> Inter:
        inter = self._interaction(req, callback=False)
        if time.monotonic() - inter.dispatched > TOKEN_LIFETIME:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if not inter.acked:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return inter

    async def _followup(self, req: Request) -> tuple[int, Any]:
        inter = self._webhook_inter(req)
        body = req.json or {}
        self._check_message(req, body, interaction=True)
        original = self.world.messages.get(inter.original_id or 0)
        if original is not None and original.loading:
            # The first follow-up after a deferred reply fills in the "thinking" message.
            original.loading = False
            body = {k: v for k, v in body.items() if k != "flags"}
            message = self._edit_message(original, body, req.files, req.call)
        else:
            message = self._new_message(
                inter.channel_id, body, req.files, interaction=inter, call=req.call
            )
        return 200, message.to_json(self.world)

    def _webhook_message(self, req: Request, inter: Inter) -> Message:
        mid = req.arg("message_id")
        message_id = inter.original_id if mid == "@original" else int(mid)
        message = self.world.messages.get(message_id or 0)
        if message is None or (mid != "@original" and message.interaction_id != inter.id):
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _webhook_edit(self, req: Request) -> tuple[int, Any]:
        inter = self._webhook_inter(req)
        message = self._webhook_message(req, inter)
        body = req.json or {}
        self._check_message(req, body, interaction=True)
        message.loading = False
        return 200, self._edit_message(message, body, req.files, req.call).to_json(self.world)

    async def _webhook_get(self, req: Request) -> tuple[int, Any]:
        inter = self._webhook_inter(req)
        return 200, self._webhook_message(req, inter).to_json(self.world)

    async def _webhook_delete(self, req: Request) -> tuple[int, Any]:
        inter = self._webhook_inter(req)
        message = self._webhook_message(req, inter)
        self.world.messages.pop(message.id, None)
        return 204, None

    # --- messages -------------------------------------------------------------------------
    def _invalid(self, req: Request, problems: list[val.Problem]) -> DiscordError:
        detail = "; ".join(
            f"{'.'.join(map(str, p.path)) or '(body)'}: {p.message}" for p in problems
        )
        self.violation("validation", req.method, req.path, detail)
        return DiscordError(400, 50035, "Invalid Form Body", val.discord_errors(problems))

    def _check_message(self, req: Request, body: dict[str, Any], *, interaction: bool) -> None:
        problems = val.message_limits(body, interaction=interaction)
        problems += val.file_limits([(n, b) for _, n, b in req.files])
        if problems:
            raise self._invalid(req, problems)

    def _channel(self, channel_id: int) -> Channel:
        channel = self.world.channels.get(channel_id)
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _require(self, channel: Channel, *perms: int) -> None:
        have = self.world.permissions(self.bot_user.id, channel)
        if not have & P.VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        for p in perms:
            if have & p != p:
                raise missing_permissions()

    def _attachments(
        self, files: list[tuple[str, str, bytes]], meta: list[dict[str, Any]] | None
    ) -> list[Attachment]:
        out = []
        for field_name, filename, data in files:
            index = field_name[len("files[") : -1] if field_name.startswith("files[") else "0"
            info = next((m for m in meta or [] if str(m.get("id")) == index), {})
            name = info.get("filename") or filename
            kind = "image/png" if data.startswith(b"\x89PNG") else "application/octet-stream"
            if name.endswith(".json"):
                kind = "application/json"
            width = height = None
            if kind == "image/png" and len(data) >= 24:
                width, height = struct.unpack(">II", data[16:24])
            alt = str(info.get("description") or "")
            out.append(Attachment(snowflake(), name, kind, data, width, height, alt))
        return out

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes]],
        *,
        interaction: Inter | None = None,
        call: Call,
    ) -> Message:
        w = self.world
        flags = int(body.get("flags") or 0)
        message = Message(
            snowflake(),
            channel_id,
            self.bot_user.id,
            content=body.get("content") or "",
            components=list(body.get("components") or []),
            embeds=list(body.get("embeds") or []),
            attachments=self._attachments(files, body.get("attachments")),
            flags=flags,
        )
        message.mentions = pinged(message.content, body.get("allowed_mentions"), w.users)
        if interaction is not None:
            message.webhook_id = self.app_id
            message.interaction_id = interaction.id
            if flags & EPHEMERAL:
                message.visible_to = interaction.user_id
        channel = w.channels[channel_id]
        channel.message_count += 1
        message.snapshot()
        w.messages[message.id] = message
        call.visible, call.created = True, True
        call.message_id, call.channel_id = message.id, channel_id
        if not message.ephemeral:
            intent = DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES
            self._later(
                self.dispatch("MESSAGE_CREATE", message.to_json(w), channel.guild_id, intent)
            )
        return message

    def _edit_message(
        self,
        message: Message,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes]],
        call: Call,
    ) -> Message:
        w = self.world
        if "content" in body:
            message.content = body["content"] or ""
            message.mentions = pinged(message.content, body.get("allowed_mentions"), w.users)
        if "components" in body:
            message.components = list(body["components"] or [])
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "attachments" in body or files:
            keep_ids = {str(a.get("id")) for a in body.get("attachments") or []}
            kept = [a for a in message.attachments if str(a.id) in keep_ids]
            message.attachments = kept + self._attachments(files, body.get("attachments"))
        message.edits += 1
        message.changed = time.monotonic()
        message.snapshot()
        call.visible = True
        call.message_id, call.channel_id = message.id, message.channel_id
        channel = w.channels.get(message.channel_id)
        if channel is not None and not message.ephemeral:
            intent = DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES
            self._later(
                self.dispatch("MESSAGE_UPDATE", message.to_json(w), channel.guild_id, intent)
            )
        return message

    def _later(self, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _create_message(self, req: Request) -> tuple[int, Any]:
        channel = self._channel(int(req.arg("channel_id")))
        body = req.json or {}
        self._check_message(req, body, interaction=False)
        if channel.type == DM:
            user = self.world.users[channel.recipients[0]]
            if not user.dm_open:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            send = P.SEND_MESSAGES_IN_THREADS if channel.type in THREADS else P.SEND_MESSAGES
            perms = [send] + ([P.ATTACH_FILES] if req.files else [])
            self._require(channel, *perms)
        message = self._new_message(channel.id, body, req.files, call=req.call)
        return 200, message.to_json(self.world)

    def _message(self, req: Request) -> tuple[Channel, Message]:
        channel = self._channel(int(req.arg("channel_id")))
        message = self.world.messages.get(int(req.arg("message_id")))
        if message is None or message.channel_id != channel.id or message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return channel, message

    async def _edit_channel_message(self, req: Request) -> tuple[int, Any]:
        channel, message = self._message(req)
        body = req.json or {}
        self._check_message(req, body, interaction=False)
        if message.author_id != self.bot_user.id or message.webhook_id is not None:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if channel.type != DM:
            self._require(channel)
        return 200, self._edit_message(message, body, req.files, req.call).to_json(self.world)

    async def _get_message(self, req: Request) -> tuple[int, Any]:
        channel, message = self._message(req)
        if channel.type != DM:
            self._require(channel, P.READ_MESSAGE_HISTORY)
        return 200, message.to_json(self.world)

    async def _delete_message(self, req: Request) -> tuple[int, Any]:
        channel, message = self._message(req)
        if message.author_id != self.bot_user.id:
            self._require(channel, P.MANAGE_MESSAGES)
        del self.world.messages[message.id]
        return 204, None

    async def _history(self, req: Request) -> tuple[int, Any]:
        channel = self._channel(int(req.arg("channel_id")))
        if channel.type != DM:
            self._require(channel, P.READ_MESSAGE_HISTORY)
        limit = min(100, int(req.query.get("limit", 50)))
        msgs = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel.id and not m.ephemeral
        ]
        msgs.sort(key=lambda m: m.id, reverse=True)
        return 200, [m.to_json(self.world) for m in msgs[:limit]]

    # --- channels, threads, DMs, users ----------------------------------------------------
    async def _get_channel(self, req: Request) -> tuple[int, Any]:
        channel = self._channel(int(req.arg("channel_id")))
        if channel.type != DM:  # DM channels are the bot's own
            self._require(channel)
        return 200, channel.to_json(self.world)

    def _new_thread(
        self, parent: Channel, body: dict[str, Any], thread_id: int, kind: int
    ) -> Channel:
        name = body.get("name") or ""
        problems = []
        if not 1 <= len(name) <= 100:
            problems.append(val.Problem(("name",), "BASE_TYPE_BAD_LENGTH", "1 to 100."))
        duration = body.get("auto_archive_duration", 1440)
        if duration not in (60, 1440, 4320, 10080):
            problems.append(
                val.Problem(("auto_archive_duration",), "BASE_TYPE_CHOICES", "60/1440/4320/10080")
            )
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body", val.discord_errors(problems))
        thread = Channel(
            thread_id,
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=duration,
        )
        self.world.channels[thread.id] = thread
        data = thread.to_json(self.world) | {"newly_created": True}
        self._later(self.dispatch("THREAD_CREATE", data, parent.guild_id, GUILDS))
        return thread

    async def _thread_from_message(self, req: Request) -> tuple[int, Any]:
        parent, message = self._message(req)
        if parent.type != 0:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        self._require(parent, P.CREATE_PUBLIC_THREADS)
        if message.id in self.world.channels:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        try:
            thread = self._new_thread(parent, req.json or {}, message.id, PUBLIC_THREAD)
        except DiscordError as exc:
            self.violation("validation", req.method, req.path, exc.message + json.dumps(exc.errors))
            raise
        return 201, thread.to_json(self.world)

    async def _thread_alone(self, req: Request) -> tuple[int, Any]:
        parent = self._channel(int(req.arg("channel_id")))
        body = req.json or {}
        kind = int(body.get("type") or 12)  # Discord's default here is a private thread
        self._require(
            parent, P.CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else P.CREATE_PRIVATE_THREADS
        )
        try:
            thread = self._new_thread(parent, body, snowflake(), kind)
        except DiscordError as exc:
            self.violation("validation", req.method, req.path, exc.message + json.dumps(exc.errors))
            raise
        return 201, thread.to_json(self.world)

    async def _edit_channel(self, req: Request) -> tuple[int, Any]:
        channel = self._channel(int(req.arg("channel_id")))
        body = req.json or {}
        if channel.type not in THREADS:
            self._require(channel, P.MANAGE_CHANNELS)
        elif channel.owner_id != self.bot_user.id or set(body) - {
            "name",
            "archived",
            "auto_archive_duration",
        }:
            self._require(channel, P.MANAGE_THREADS)
        if "name" in body:
            channel.name = body["name"]
        if "archived" in body:
            channel.archived = bool(body["archived"])
        if "auto_archive_duration" in body:
            channel.auto_archive_duration = int(body["auto_archive_duration"])
        self._later(
            self.dispatch("THREAD_UPDATE", channel.to_json(self.world), channel.guild_id, GUILDS)
        )
        return 200, channel.to_json(self.world)

    async def _create_dm(self, req: Request) -> tuple[int, Any]:
        uid = int((req.json or {}).get("recipient_id", 0))
        if uid not in self.world.users:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return 200, self.world.dm_channel(uid).to_json(self.world)

    async def _get_user(self, req: Request) -> tuple[int, Any]:
        user = self.world.users.get(int(req.arg("user_id")))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return 200, user.to_json()

    async def _me(self, req: Request) -> tuple[int, Any]:
        return 200, self.bot_user.to_json() | {"verified": True, "mfa_enabled": False, "flags": 0}

    async def _application(self, req: Request) -> tuple[int, Any]:
        return 200, {
            "id": str(self.app_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.to_json(),
            "team": None,
            "verify_key": secrets.token_hex(32),
            "flags": 0,
            "bot": self.bot_user.to_json(),
            "interactions_endpoint_url": None,
        }

    async def _gateway_bot(self, req: Request) -> tuple[int, Any]:
        return 200, {
            "url": f"ws://127.0.0.1:{self.port}/gateway",
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000 - self.identifies,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            },
        }

    # --- application commands -------------------------------------------------------------
    async def _put_commands(self, req: Request) -> tuple[int, Any]:
        body = req.json if isinstance(req.json, list) else []
        guild = req.match.groupdict().get("guild_id")
        scope = int(guild) if guild else None
        problems = val.command_limits(body)
        if problems:
            raise self._invalid(req, problems)
        old = {k: v for k, v in self.commands.items() if k[0] == scope}
        for k in old:
            del self.commands[k]
        out = []
        for c in body:
            key = (scope, c["name"], int(c.get("type", 1)))
            previous = old.get(key)
            stored = dict(c)
            stored.update(
                id=previous["id"] if previous else str(snowflake()),
                application_id=str(self.app_id),
                version=str(snowflake()),
                type=int(c.get("type", 1)),
            )
            stored.setdefault("default_member_permissions", None)
            if stored["default_member_permissions"] is not None:  # Discord answers a string
                stored["default_member_permissions"] = str(stored["default_member_permissions"])
            stored.setdefault("nsfw", False)
            if scope is not None:
                stored["guild_id"] = str(scope)
            self.commands[key] = stored
            out.append(stored)
        return 200, out

    async def _get_commands(self, req: Request) -> tuple[int, Any]:
        guild = req.match.groupdict().get("guild_id")
        scope = int(guild) if guild else None
        return 200, [v for k, v in self.commands.items() if k[0] == scope]

    def command(self, name: str, guild_id: int | None = None) -> dict[str, Any] | None:
        for scope in (guild_id, None):
            found = self.commands.get((scope, name, 1))
            if found is not None:
                return found
        return None

    # --- the REST entry -------------------------------------------------------------------
    def _route_table(self) -> list[tuple[str, str, re.Pattern[str], Handler]]:
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self._me),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/gateway/bot", self._gateway_bot),
            ("GET", "/users/{user_id}", self._get_user),
            ("POST", "/users/@me/channels", self._create_dm),
            ("PUT", "/applications/{application_id}/commands", self._put_commands),
            ("GET", "/applications/{application_id}/commands", self._get_commands),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._put_commands,
            ),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._get_commands,
            ),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("PATCH", "/channels/{channel_id}", self._edit_channel),
            ("POST", "/channels/{channel_id}/messages", self._create_message),
            ("GET", "/channels/{channel_id}/messages", self._history),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_channel_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self._thread_from_message,
            ),
            ("POST", "/channels/{channel_id}/threads", self._thread_alone),
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self._callback),
            ("POST", "/webhooks/{webhook_id}/{webhook_token}", self._followup),
            (
                "GET",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self._webhook_get,
            ),
            (
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self._webhook_edit,
            ),
            (
                "DELETE",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self._webhook_delete,
            ),
        ]
        out = []
        for method, template, handler in table:
            pattern = re.escape(template)
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", pattern)
            out.append((method, template, re.compile(f"^{pattern}$"), handler))
        # Literal segments first (/users/@me before /users/{user_id}).
        out.sort(key=lambda r: -len(re.sub(r"\{[^}]+\}", "", r[1])))
        return out

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        aid = int(request.match_info["id"])
        for m in self.world.messages.values():
            for a in m.attachments:
                if a.id == aid:
                    return web.Response(body=a.data, content_type=a.content_type)
        raise web.HTTPNotFound()

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method
        call = Call(method, path, "", interactions=tuple(sorted(self.active)))
        call.clock = self.clock.now()
        call.launcher = request.headers.get("User-Agent", "").startswith("e2e-launcher")
        self.calls.append(call)
        status, body, headers = await self._handle(request, method, path, call)
        call.status = status
        if isinstance(body, dict) and "code" in body and status >= 400:
            call.code = body["code"]
        if body is None:
            return web.Response(status=status, headers=headers)
        # Exactly "application/json", as Discord sends it (discord.py compares it).
        return web.Response(
            body=json.dumps(body).encode(),
            status=status,
            headers={**headers, "Content-Type": "application/json"},
        )

    async def _handle(
        self, request: web.Request, method: str, path: str, call: Call
    ) -> tuple[int, Any, dict[str, str]]:
        route = next(
            ((t, m, h) for mth, t, p, h in self._routes if mth == method and (m := p.match(path))),
            None,
        )
        if route is None:
            self.violation("unknown-route", method, path, "the fake does not implement this route")
            return 404, {"code": 0, "message": "404: Not Found"}, {}
        template, match, handler = route
        call.template = template
        webhook = template.startswith(("/webhooks", "/interactions"))
        if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            return 401, {"code": 0, "message": "401: Unauthorized"}, {}
        try:
            body, files = await _read_body(request)
        except ValueError as exc:
            self.violation("protocol", method, path, str(exc))
            return 400, {"code": 50109, "message": "The request body contains invalid JSON."}, {}
        call.body = body
        call.files = [(n, len(b)) for _, n, b in files]
        req = Request(method, path, match, body, files, dict(request.query), call)
        if self.openapi is not None:
            problems = self.openapi.check(method, path, body)
            if problems:
                error = self._invalid(req, problems)
                return error.status, error.body(), {}
        major = _major(match)
        verdict = self.limits.check(method, template, major)
        if not verdict.allowed:
            headers = verdict.headers | {
                "Via": "1.1 google",  # discord.py takes a 429 without it for a Cloudflare ban
                "Retry-After": f"{verdict.retry_after:.0f}",
                "X-RateLimit-Scope": verdict.scope,
            }
            body429 = {
                "message": "You are being rate limited.",
                "retry_after": round(verdict.retry_after, 3),
                "global": verdict.is_global,
            }
            return 429, body429, headers
        try:
            status, out = await handler(req)
        except DiscordError as exc:
            return exc.status, exc.body(), verdict.headers
        return status, out, verdict.headers


def _major(match: re.Match[str]) -> str:
    groups = match.groupdict()
    for key in ("channel_id", "guild_id"):
        if key in groups:
            return f"{key}={groups[key]}"
    if "webhook_token" in groups:
        return f"webhook={groups['webhook_id']}/{groups['webhook_token']}"
    if "interaction_token" in groups:
        return f"interaction={groups['interaction_id']}"
    return ""


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, str, bytes]]]:
    if not request.can_read_body:
        return None, []
    kind = request.content_type
    if kind == "multipart/form-data":
        reader = await request.multipart()
        payload: Any = None
        files: list[tuple[str, str, bytes]] = []
        async for part in reader:
            name = part.name or ""  # type: ignore[union-attr]
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data)
            elif name.startswith("files[") or name == "file":
                files.append((name, part.filename or name, bytes(data)))  # type: ignore[union-attr]
            else:
                raise ValueError(f"unexpected multipart field {name!r}")
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc}") from None
