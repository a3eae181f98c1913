"""The fake Discord itself, without the bot: it must refuse what Discord
refuses, rate-limit as Discord does and speak the gateway protocol, or the
game tests prove nothing."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

import aiohttp
import pytest

from tests.e2e import validation as val
from tests.e2e.fake import FakeDiscord
from tests.e2e.world import P, snowflake

pytestmark = pytest.mark.smoke  # quick (no bot process): make test runs them


def test_openapi_document_is_present() -> None:
    """Visible in the test report when schema validation is skipped."""
    if val.openapi_path() is None:
        pytest.skip(
            "Discord's OpenAPI document not found (set DISCORD_OPENAPI): request bodies are "
            "checked against the documented limits only"
        )
    assert val.load_openapi() is not None


async def send(
    http: aiohttp.ClientSession, channel: int, body: dict[str, Any]
) -> tuple[int, Any, Any]:
    async with http.post(f"channels/{channel}/messages", json=body) as r:
        return r.status, await r.json(), r.headers


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"content": "x" * 2001}, "content"),
        (
            {"content": "hi", "components": [row(*(button(f"b{i}") for i in range(6)))]},
            "components",
        ),
        ({"content": "hi", "components": [row(button("same")), row(button("same"))]}, "components"),
        ({"content": "hi", "components": [row(button(f"r{i}")) for i in range(6)]}, "components"),
        ({"content": "hi", "components": [row(button("x" * 101))]}, "components"),
        ({"content": "hi", "components": [row(button("a", "L" * 81))]}, "components"),
        (
            {
                "components": [
                    row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    )
                ]
            },
            "components",
        ),
        ({"content": "hi", "flags": 64}, "flags"),
        (
            {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
            "allowed_mentions",
        ),
        ({"content": 5}, "content"),
        ({"embeds": [{"title": "t" * 257}]}, "embeds"),
    ],
)
async def test_invalid_bodies_are_refused_as_discord_does(
    fake: FakeDiscord, http: aiohttp.ClientSession, body: dict[str, Any], where: str
) -> None:
    status, data, _ = await send(http, fake.channel.id, body)
    assert status == 400 and data["code"] == 50035
    assert where in data["errors"]
    assert [v.kind for v in fake.violations] == ["validation"]
    fake.allowed.add("validation")  # provoked on purpose


async def test_a_valid_message_with_a_file_is_stored(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    form = aiohttp.FormData(quote_fields=False)
    payload = {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    png = (
        b"\x89PNG\r\n\x1a\n"
        + b"\x00\x00\x00\rIHDR"
        + (64).to_bytes(4, "big")
        + (32).to_bytes(4, "big")
    )
    form.add_field("files[0]", png, filename="board.png", content_type="image/png")
    async with http.post(f"channels/{fake.channel.id}/messages", data=form) as r:
        assert r.status == 200, await r.text()
        message = await r.json()
    (attachment,) = message["attachments"]
    assert (attachment["filename"], attachment["width"], attachment["height"]) == (
        "board.png",
        64,
        32,
    )
    async with aiohttp.ClientSession() as plain, plain.get(attachment["url"]) as r:
        assert await r.read() == png
    assert fake.violations == []


async def test_channel_message_bucket_and_429(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """5 messages per 5 s per channel; the 6th gets 429 with Discord's body and headers."""
    remaining = []
    for i in range(5):
        status, _, headers = await send(http, fake.channel.id, {"content": f"m{i}"})
        assert status == 200
        remaining.append(int(headers["X-RateLimit-Remaining"]))
        assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Bucket"]
        assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 5
    assert remaining == [4, 3, 2, 1, 0]
    status, data, headers = await send(http, fake.channel.id, {"content": "one too many"})
    assert status == 429 and data["global"] is False and 0 < data["retry_after"] <= 5
    assert headers["Via"]  # discord.py treats a 429 without Via as a Cloudflare ban
    assert [w.status for w in fake.limits.waits] == [429]
    # Another channel has its own bucket.
    other = fake.world.add_channel(fake.guild, "other")
    assert (await send(http, other.id, {"content": "hi"}))[0] == 200


async def test_a_request_held_back_until_the_reset_counts_as_a_wait(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    for i in range(5):
        assert (await send(http, fake.channel.id, {"content": f"m{i}"}))[0] == 200
    fake.clock.skip(5.0)  # Discord's 5 s window passes on the simulated clock
    assert (await send(http, fake.channel.id, {"content": "after the reset"}))[0] == 200
    assert [w.status for w in fake.limits.waits] == [200]
    assert 5.0 <= fake.limits.waits[0].seconds < 5.5  # exhausted that long
    # Long after the next reset: not held back, not a wait.
    for i in range(4):
        assert (await send(http, fake.channel.id, {"content": f"n{i}"}))[0] == 200
    fake.clock.skip(30.0)
    assert (await send(http, fake.channel.id, {"content": "much later"}))[0] == 200
    assert len(fake.limits.waits) == 1


async def test_permissions_and_closed_dms(fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    status, data, _ = await send(http, fake.quiet_channel.id, {"content": "hi"})
    assert (status, data["code"]) == (403, 50013)  # an overwrite denies Send Messages
    closed = fake.add_member("Cy", dm_open=False)
    async with http.post("users/@me/channels", json={"recipient_id": str(closed)}) as r:
        dm = await r.json()
    status, data, _ = await send(http, int(dm["id"]), {"content": "your hand"})
    assert (status, data["code"]) == (403, 50007)
    fake.set_bot_permissions(P.VIEW_CHANNEL | P.SEND_MESSAGES)
    async with http.post(
        f"channels/{fake.channel.id}/messages/{snowflake()}/threads", json={"name": "t"}
    ) as r:
        assert r.status == 404  # unknown message first
    status, message, _ = await send(http, fake.channel.id, {"content": "lobby"})
    async with http.post(
        f"channels/{fake.channel.id}/messages/{message['id']}/threads", json={"name": "t"}
    ) as r:
        assert (r.status, (await r.json())["code"]) == (403, 50013)  # no Create Public Threads


async def test_threads_with_and_without_a_message(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    _, message, _ = await send(http, fake.channel.id, {"content": "lobby"})
    url = f"channels/{fake.channel.id}/messages/{message['id']}/threads"
    async with http.post(url, json={"name": "Game", "auto_archive_duration": 10080}) as r:
        thread = await r.json()
    assert r.status == 201 and thread["id"] == message["id"]  # Discord reuses the message id
    async with http.post(url, json={"name": "Again"}) as r:
        assert (r.status, (await r.json())["code"]) == (400, 160004)
    body = {"name": "Side", "type": 11, "auto_archive_duration": 60}
    async with http.post(f"channels/{fake.channel.id}/threads", json=body) as r:
        side = await r.json()
    assert r.status == 201 and side["parent_id"] == str(fake.channel.id)
    status, _, _ = await send(http, int(side["id"]), {"content": "in the thread"})
    assert status == 200


async def test_interaction_acknowledgement_rules(fake: FakeDiscord) -> None:
    uid = fake.add_member("Ada")
    async with aiohttp.ClientSession(fake.api_url + "/") as http:
        inter, _, _ = await fake.interact(
            uid, fake.channel.id, 3, {"custom_id": "x", "component_type": 2}
        )
        url = f"interactions/{inter.id}/{inter.token}/callback"
        async with http.post(url, json={"type": 6}) as r:
            assert r.status == 200
        async with http.post(url, json={"type": 6}) as r:
            assert (r.status, (await r.json())["code"]) == (400, 40060)
        late, _, _ = await fake.interact(
            uid, fake.channel.id, 3, {"custom_id": "y", "component_type": 2}
        )
        late.dispatched -= 3.5
        async with http.post(
            f"interactions/{late.id}/{late.token}/callback", json={"type": 6}
        ) as r:
            assert (r.status, (await r.json())["code"]) == (404, 10062)
        text_input = {"type": 4, "custom_id": "n", "style": 1, "label": "Name"}
        modal = {"custom_id": "m", "title": "Name", "components": [row(text_input)]}
        asked, _, _ = await fake.interact(
            uid, fake.channel.id, 2, {"id": "1", "name": "x", "type": 1}
        )
        async with http.post(
            f"interactions/{asked.id}/{asked.token}/callback", json={"type": 9, "data": modal}
        ) as r:
            assert r.status == 200 and asked.modal == modal
        fresh, _, _ = await fake.interact(
            uid, fake.channel.id, 3, {"custom_id": "z", "component_type": 2}
        )
        webhook = f"webhooks/{fake.app_id}/{fresh.token}"
        async with http.post(webhook, json={"content": "too early"}) as r:
            assert r.status == 404  # no follow-up before the first answer
        deferred = {"type": 5, "data": {"flags": 64}}
        async with http.post(f"interactions/{fresh.id}/{fresh.token}/callback", json=deferred) as r:
            assert r.status == 200
        async with http.post(webhook + "?wait=true", json={"content": "done"}) as r:
            message = await r.json()
        assert message["id"] == str(fresh.original_id)  # fills in the "thinking" message
        assert fake.world.messages[fresh.original_id].visible_to == uid
    assert sorted(v.kind for v in fake.violations) == ["double-ack", "late-ack"]
    fake.allowed |= {"double-ack", "late-ack"}


class Frames:
    """zlib-stream: one inflate context for the whole connection; a message
    ends with the Z_SYNC_FLUSH suffix."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj()

    async def read(self, n: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        buffer = b""
        while len(out) < n:
            msg = await self.ws.receive(timeout=5)
            buffer += msg.data
            if buffer.endswith(b"\x00\x00\xff\xff"):
                out.append(json.loads(self.inflate.decompress(buffer)))
                buffer = b""
        return out


async def test_gateway_hello_identify_and_shards(fake: FakeDiscord) -> None:
    """zlib-stream frames; each shard gets the guilds with (id >> 22) % count == shard."""
    other = fake.world.add_guild("Second", fake.owner, guild_id=(fake.guild.id >> 22 ^ 1) << 22)
    fake.world.add_member(other, fake.bot_user, [])
    shards = {fake.guild.id: (fake.guild.id >> 22) % 2, other.id: (other.id >> 22) % 2}
    assert sorted(shards.values()) == [0, 1]
    seen: dict[int, list[int]] = {}
    async with aiohttp.ClientSession() as http:
        for shard in (0, 1):
            url = f"ws://127.0.0.1:{fake.port}/gateway?v=10&encoding=json&compress=zlib-stream"
            async with http.ws_connect(url) as ws:
                frames = Frames(ws)
                (hello,) = await frames.read(1)
                assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
                identify = {
                    "token": fake.token,
                    "intents": 1,
                    "shard": [shard, 2],
                    "properties": {"os": "linux", "browser": "t", "device": "t"},
                }
                await ws.send_json({"op": 2, "d": identify})
                ready, *creates = await frames.read(2)
                assert ready["t"] == "READY" and ready["d"]["shard"] == [shard, 2]
                seen[shard] = [int(c["d"]["id"]) for c in creates if c["t"] == "GUILD_CREATE"]
                await ws.send_json({"op": 1, "d": ready["s"]})
                (ack,) = await frames.read(1)
                assert ack["op"] == 11
    assert seen == {s: [g for g, sh in shards.items() if sh == s] for s in (0, 1)}


async def test_a_quiet_session_is_asked_for_a_heartbeat_when_the_clock_skips(
    fake: FakeDiscord,
) -> None:
    """discord.py reads the gateway with a 60 s timeout on its loop's clock, the
    simulated one: after a skip, a session the fake sent nothing for 30 s is
    asked for a heartbeat (op 1, as Discord may ask), and its answer acked."""
    async with aiohttp.ClientSession() as http:
        url = f"ws://127.0.0.1:{fake.port}/gateway?v=10&encoding=json&compress=zlib-stream"
        async with http.ws_connect(url) as ws:
            frames = Frames(ws)
            await frames.read(1)  # HELLO
            identify = {"token": fake.token, "intents": 1, "properties": {}}
            await ws.send_json({"op": 2, "d": identify})
            ready, _ = await frames.read(2)
            fake.clock.skip(20.0)  # 20 s of silence: nothing asked yet
            fake.clock.skip(15.0)  # 35 s: a heartbeat is asked for
            (ask,) = await frames.read(1)
            assert ask["op"] == 1
            await ws.send_json({"op": 1, "d": ready["s"]})
            (ack,) = await frames.read(1)
            assert ack["op"] == 11
            fake.clock.skip(5.0)  # the fake spoke 5 s ago: not asked again
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(frames.read(1), 0.3)
