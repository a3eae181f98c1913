"""Several processes over one store (bot.shards): timers claimed only by the
owner of the game's guild and by exactly one process, handoffs kept for the
owner, wake-ups by NOTIFY, and cached games never used after another process
changed them (an undo and a new action bring the version back to the same
number: the stamp of the last action tells them apart)."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import pytest

from db import Database, GameService, StaleGame
from db.timers import HANDOFF, Wakeups, shard_of
from db.values import TimerInfo
from tests.db.play import HOST, new_table

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)
SHARD = 1 << 22  # guild ids one apart in their shard bits


def guild_on(shard: int, count: int = 2) -> int:
    guild = 1_000_000 * SHARD
    while shard_of(guild, count) != shard:
        guild += SHARD
    return guild


def retry(timer: TimerInfo) -> tuple[dt.datetime, dict[str, Any]]:
    return T0 + dt.timedelta(minutes=1), {**timer.payload, "claimed": True}


async def game_in(service: GameService, guild: int) -> int:
    info = await service.create_game(guild, 2, HOST, expansions=(), seed=3)
    await service.add_seat(info.id, "Ada", user_id=HOST)
    await service.add_seat(info.id, "Bo", user_id=HOST + 1)
    await service.start_game(info.id)
    return info.id


async def test_a_process_claims_only_the_timers_of_its_guilds(service: GameService) -> None:
    near, far = await game_in(service, guild_on(0)), await game_in(service, guild_on(1))
    for game in (near, far):
        await service.timers.schedule(game, "reminder", T0, seat=0, payload={"turn": 1})
    timers = service.timers
    got = await timers.claim_next(T0, retry, shards=(2, [1]))
    assert got is not None and got.game_id == far and got.payload == {"turn": 1}
    assert await timers.claim_next(T0, retry, shards=(2, [1])) is None  # claimed: due later
    (moved,) = await timers.of_game(far)
    assert moved.due_at == T0 + dt.timedelta(minutes=1) and moved.payload["claimed"]
    got = await timers.claim_next(T0, retry, shards=(2, [0]))
    assert got is not None and got.game_id == near
    # Timers made after a poll began wait for the next poll.
    await timers.schedule(near, "reminder", T0, seat=1)
    assert await timers.claim_next(T0, retry, created_before=T0) is None
    assert await timers.claim_next(T0, retry) is not None


async def test_each_timer_is_claimed_by_exactly_one_of_several_processes(
    service: GameService, db_url: str
) -> None:
    game = await game_in(service, guild_on(1))
    scheduled = [
        (await service.timers.schedule(game, "reminder", T0, seat=i % 2)).id for i in range(40)
    ]
    others = [GameService(Database(db_url)) for _ in range(4)]  # four processes' engines

    async def poll(store: GameService) -> list[int]:
        got: list[int] = []
        while (timer := await store.timers.claim_next(T0, retry, shards=(2, [1]))) is not None:
            got.append(timer.id)
        return got

    try:
        claims = await asyncio.gather(*(poll(s) for s in others))
    finally:
        for store in others:
            await store.db.dispose()
    every = [i for got in claims for i in got]
    assert sorted(every) == sorted(scheduled)  # each one, once


async def test_handoffs_are_no_timers_of_the_game_and_outlive_its_end(
    service: GameService,
) -> None:
    table = await new_table(service, ("human", "human"), decks={"tiles": ["U"]})
    async with service.db.write() as s:
        await service.timers.hand_off(s, table.game_id, {"since": 0, "until": 0}, shard=1)
    await service.timers.schedule(table.game_id, "reminder", T0, seat=0)
    assert [t.kind for t in await service.timers.of_game(table.game_id)] == ["reminder"]
    assert await service.timers.cancel_for(table.game_id) == 1
    await service.abandon_game(table.game_id)
    (kept,) = await service.timers.of_game(table.game_id, handoffs=True)
    assert kept.kind == HANDOFF and kept.payload == {"since": 0, "until": 0}


async def test_an_action_on_a_game_owned_elsewhere_leaves_a_handoff_in_its_transaction(
    service: GameService,
) -> None:
    far = guild_on(1)
    game = await game_in(service, far)
    service.owner_elsewhere = lambda guild: 1 if guild == far else None
    place = (await service.load_game(game)).game.legal_actions(0)[0]
    result = await service.act(game, HOST, dict(place))
    (handed,) = await service.timers.of_game(game, handoffs=True)
    assert handed.payload == {"since": result.index, "until": result.version}
    # A refused action leaves nothing.
    with pytest.raises(StaleGame):
        await service.act(game, HOST, {"type": "follower", "location": None}, expected_version=0)
    assert len(await service.timers.of_game(game, handoffs=True)) == 1


async def test_a_handoff_wakes_the_process_of_its_shard(service: GameService, backend: str) -> None:
    if backend == "sqlite":
        pytest.skip("SQLite serves one process: nobody to wake (no LISTEN/NOTIFY)")
    game = await game_in(service, guild_on(1))
    heard: asyncio.Queue[int | None] = asyncio.Queue()
    wakeups = Wakeups(service.db, heard.put_nowait)
    try:
        assert await wakeups.listen() and await wakeups.listen()  # once is enough
        await service.timers.schedule(game, HANDOFF, T0, payload={}, wake=1)
        assert await asyncio.wait_for(heard.get(), 10) == 1
    finally:
        await wakeups.close()
    assert not wakeups.listening


async def test_a_game_undone_and_replayed_elsewhere_is_not_served_from_the_cache(
    service: GameService, db_url: str
) -> None:
    """A caches the game at version 1; B takes the action back and plays
    another: version 1 again, another game. A's next action is checked
    against B's game, and A's reads show B's game."""
    table = await new_table(service, ("human", "human"), seed=5)
    gid = table.game_id
    first, second = (await service.load_game(gid)).game.legal_actions(0)[:2]
    await service.act(gid, HOST, dict(first))  # A caches version 1
    other = GameService(Database(db_url))
    try:
        await other.take_back(gid, 0, expected_version=1)
        await other.act(gid, HOST, dict(second))
        fresh = (await other.load_game(gid, private=True)).game
    finally:
        await other.db.dispose()
    assert fresh.actions == [{**second, "player": 0}]
    follower = fresh.legal_actions(0)[-1]  # legal after B's placement
    result = await service.act(gid, HOST, dict(follower), expected_version=1)
    assert result.index == 1
    stored = (await service.export_record(gid))["actions"]
    assert stored == [{**second, "player": 0}, {**follower, "player": 0}]
    assert (await service.load_game(gid)).game.actions == stored


async def test_a_take_back_of_a_game_undone_and_replayed_elsewhere_is_refused(
    service: GameService, db_url: str
) -> None:
    """A reads the game at version 1 to undo its last action; meanwhile B
    takes that action back and plays another (version 1 again). A's undo
    must not remove B's action: the last action's stamp differs."""
    table = await new_table(service, ("human", "human"), seed=5)
    gid = table.game_id
    first, second = (await service.load_game(gid)).game.legal_actions(0)[:2]
    await service.act(gid, HOST, dict(first))
    seen = await service.load_game(gid)  # what A's undo is based on
    other = GameService(Database(db_url))
    try:
        await other.take_back(gid, 0, expected_version=1)
        await other.act(gid, HOST, dict(second))
    finally:
        await other.db.dispose()
    with pytest.raises(StaleGame):
        await service.take_back(gid, 0, expected_version=1, expected_stamp=seen.stamp)
    assert (await service.export_record(gid))["actions"] == [{**second, "player": 0}]
    latest = await service.load_game(gid)
    await service.take_back(gid, 0, expected_version=1, expected_stamp=latest.stamp)
    assert (await service.export_record(gid))["actions"] == []
