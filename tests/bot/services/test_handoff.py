"""Two processes' game services over one store (bot.shards, bot.services.handoff):
a game changed by one process is never played from another's stale cache on
the timer and AI paths, and a DM answer to a game of another process's server
is stored where it arrives and followed up, announced and timed by the owner."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.services import Caller, Services
from bot.settings import Settings
from db import migrate
from db.service import GameService
from db.session import Database
from db.timers import shard_of
from db.values import utcnow
from engine.actions import Follower, parse_action
from engine.game import shuffled
from engine.tiles import base_bag, expansion_tiles
from tests import pgserver
from tests.fakes.services import Recorder

# Every test here runs on SQLite and on a throwaway PostgreSQL (tests/pgserver.py).
backend = pgserver.backend
db_url = pgserver.db_url

FAR = next(g for g in range(1 << 40, (1 << 40) + (4 << 22), 1 << 22) if shard_of(g, 2) == 1)
ADA, BO = 10, 11


@dataclass
class Process:
    services: Services
    rec: Recorder
    db: Database

    @property
    def store(self) -> GameService:
        return self.services.store


@pytest.fixture
async def processes(db_url: str) -> AsyncIterator[list[Process]]:
    """Two processes' services over one database: shard 0 (DMs arrive here)
    and shard 1 (which owns FAR's games), of 2."""
    await migrate.upgrade_async(db_url)
    made: list[Process] = []
    for shard in (0, 1):
        db = Database(db_url)
        rec = Recorder()
        settings = Settings(database_url=db_url, shard_count=2, shard_ids=(shard,))
        made.append(Process(Services(GameService(db), settings, rec), rec, db))
    yield made
    for p in made:
        await p.db.dispose()


def in_far(user: int) -> Caller:
    return Caller(user, guild_id=FAR, channel_id=2, name=f"User {user}")


def by_dm(user: int) -> Caller:
    return Caller(user, name=f"User {user}")


async def far_game(owner: Process, *, ai: bool = False, **options: object) -> int:
    lobby = owner.services.lobby
    info = await lobby.create(in_far(ADA), **options)  # type: ignore[arg-type]
    if ai:
        await lobby.add_ai(in_far(ADA), info.id)
    else:
        await lobby.join(in_far(BO), info.id)
    await lobby.start(in_far(ADA), info.id)
    return info.id


async def placed_elsewhere(owner: Process, gid: int, *, then_follower: bool) -> dict[str, object]:
    """The owner places Ada's tile (and caches the game at version 1); another
    process takes it back and places it elsewhere: version 1 again, another
    game (then, when asked, plays Ada's follower step too). Returns where."""
    first, second = (await owner.store.load_game(gid)).game.legal_actions(0)[:2]
    await owner.services.turns.act(in_far(ADA), gid, parse_action(first))
    other = GameService(Database(owner.db.url))
    try:
        await other.take_back(gid, 0, expected_version=1)
        await other.act(gid, ADA, dict(second))
        if then_follower:
            game = (await other.load_game(gid)).game
            await other.act(gid, ADA, dict(game.legal_actions(0)[0]))
    finally:
        await other.db.dispose()
    return {**second, "player": 0}


async def stored_and_seen(owner: Process, gid: int) -> list[dict[str, object]]:
    """The stored log, checked to be what the owner and a fresh replay see."""
    stored = (await owner.store.export_record(gid))["actions"]
    assert (await owner.store.load_game(gid)).game.actions == stored
    assert (await GameService(owner.db).load_game(gid)).game.actions == stored
    return list(stored)


async def test_a_time_limit_plays_on_the_stored_game_not_a_stale_copy(
    processes: list[Process],
) -> None:
    """The owner's time limit plays Ada's follower for the placement that is
    stored, not for the one the owner cached."""
    _, owner = processes
    gid = await far_game(owner, expansions=[], timeout_hours=1.0, policy="ai", seed=4)
    placed = await placed_elsewhere(owner, gid, then_follower=False)
    assert await owner.services.timers.fire_due(utcnow() + dt.timedelta(hours=2)) >= 1
    stored = await stored_and_seen(owner, gid)
    assert stored[0] == placed and len(stored) >= 2


async def test_ai_seats_answer_on_the_stored_game_not_a_stale_copy(
    processes: list[Process],
) -> None:
    _, owner = processes
    gid = await far_game(owner, ai=True, expansions=[], seed=4)
    placed = await placed_elsewhere(owner, gid, then_follower=True)  # the AI seat's turn now
    assert await owner.services.resume_all() == 1  # the AI path, as at a start
    stored = await stored_and_seen(owner, gid)
    assert stored[0] == placed and any(a["player"] == 1 for a in stored)


async def test_a_dm_answer_is_followed_up_by_the_process_owning_the_server(
    processes: list[Process],
) -> None:
    dms, owner = processes
    bets = list(expansion_tiles("bets"))
    deck = [bets[0], *shuffled(1, "tiles", base_bag())[:5]]
    gid = await far_game(owner, expansions=["bets"], decks={"tiles": deck}, seed=2)
    game = (await owner.store.load_game(gid)).game
    await owner.services.turns.act(in_far(ADA), gid, parse_action(game.legal_actions(0)[0]))
    await owner.services.turns.act(in_far(ADA), gid, Follower(0, None))
    game = (await owner.store.load_game(gid)).game
    if game.pending is None or game.pending.step != "bets":
        pytest.skip("this bookmaker tile closed every feature: no bets step (T-2)")
    assert any(p.panel is not None for p in owner.rec.dms.get(BO, []))  # asked by DM
    posts = len(owner.rec.posts)

    # Bo stakes from his DMs: they reach shard 0's process.
    stake = next(a for a in game.legal_actions(1) if a["type"] == "stake")
    result = (await dms.services.turns.act(by_dm(BO), gid, parse_action(stake))).result
    handed = await dms.store.timers.of_game(gid, handoffs=True)
    assert [t.payload for t in handed] == [{"since": result.index, "until": result.version}]
    assert dms.rec.posts == [] and dms.rec.dms == {}  # nothing sent from here
    assert await dms.services.timers.fire_due() == 0  # not its to run
    # The owner runs it: the stake is announced there, as its own would be.
    assert await owner.services.timers.fire_due() == 1
    assert await owner.store.timers.of_game(gid, handoffs=True) == []
    assert len(owner.rec.posts) > posts

    # Bo resigns from his DMs: the notice and the AI taking over come from the owner.
    posts = len(owner.rec.posts)
    await dms.services.seats.resign(by_dm(BO), gid)
    assert dms.rec.posts == []
    kinds = [t.payload for t in await dms.store.timers.of_game(gid, handoffs=True)]
    assert "post" in kinds[0] and "since" in kinds[1]
    assert await owner.services.timers.fire_due() == 2
    texts = [p.text for p in owner.rec.posts[posts:]]
    assert "resigned" in texts[0]
    game = (await owner.store.load_game(gid)).game
    assert game.pending is None or 1 not in game.pending.players  # the AI answered for Bo
