"""The hard level thinks off the loop (bot.services.thinking, issue 31): the
game's lock is free while it searches, its move follows as soon as it is
chosen, a choice the game has moved past is dropped, and the pool stops
with the bot."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.ai import Level, seat_level
from bot.services import Services
from bot.services import thinking as th
from engine.actions import Follower, parse_action
from tests.fakes.services import ADA


async def hard_game(play: Services, level: Level = Level.HARD) -> int:
    info = await play.lobby.create(ADA, expansions=[], timeout_hours=None)
    await play.lobby.add_ai(ADA, info.id, level)
    await play.lobby.start(ADA, info.id)
    return info.id


async def ada_plays_her_turn(play: Services, gid: int) -> None:
    game = (await play.store.load_game(gid)).game
    place = next(a for a in game.legal_actions(0) if a["type"] == "place")
    await play.turns.act(ADA, gid, parse_action(place))
    await play.turns.act(ADA, gid, Follower(0, None))


@pytest.fixture
def gated(service, monkeypatch):
    """The services with a search that waits for ``gate`` (in a thread, the
    same code path as the process pool), and the searches it was asked."""
    play, rec = service
    gate = threading.Event()
    asked: list[tuple[int, str]] = []
    real = th.think

    def think(record: dict[str, Any], seat: int, level: str) -> dict[str, Any]:
        asked.append((seat, level))
        assert gate.wait(10)
        # Quick: the easy level (the seats' stored levels left out); the
        # level is what was asked.
        return real({k: v for k, v in record.items() if k != "ai"}, seat, "easy")

    monkeypatch.setattr(th, "think", think)
    play.turns.thinker._pool = ThreadPoolExecutor(1)  # type: ignore[assignment]
    return play, rec, gate, asked


async def test_a_hard_seat_thinks_with_the_lock_free_then_moves_at_once(gated) -> None:
    play, rec, gate, asked = gated
    gid = await hard_game(play)
    info = await play.store.game_info(gid)
    assert [s.display_name for s in info.seats] == ["Ada", "AI 1 (hard)"]
    assert seat_level(info, 1) == Level.HARD
    await ada_plays_her_turn(play, gid)
    # Ada's click is answered; the AI is still thinking, and the game's lock is free.
    thinker = play.turns.thinker
    assert thinker.busy(gid) and asked == [(1, "hard")]
    async with asyncio.timeout(2):
        async with play.ctx.open(gid) as table:
            assert table.started.pending.active == 1
    posts = len(rec.posts)
    gate.set()
    await thinker.idle()
    game = (await play.store.load_game(gid)).game
    assert game.pending.active == 0  # the AI placed and answered; Ada's turn again
    assert [a["player"] for a in game.actions][-2:] == [1, 1]
    assert len(rec.posts) > posts  # the thread shows its move


async def test_a_choice_the_game_moved_past_is_dropped(gated) -> None:
    play, _, gate, asked = gated
    gid = await hard_game(play)
    await ada_plays_her_turn(play, gid)
    # Meanwhile the seat's move is made elsewhere (another process, a retry).
    async with play.ctx.open(gid) as table:
        game = table.started
        place = next(a for a in game.legal_actions(1) if a["type"] == "place")
        await table.act_as(1, parse_action(place), expected_version=len(game.actions))
    moved = len((await play.store.load_game(gid)).game.actions)
    gate.set()
    await play.turns.thinker.idle()
    game = (await play.store.load_game(gid)).game
    # The old choice (a placement) was not applied again: the game was
    # followed up as it is, a new search asked for the follower step.
    assert len(game.actions) > moved and game.pending.active == 0
    assert len(asked) == 2


async def test_normal_and_easy_seats_answer_at_once_as_before(service) -> None:
    play, _ = service
    for level in (Level.EASY, Level.NORMAL):
        gid = await hard_game(play, level)
        await ada_plays_her_turn(play, gid)
        assert not play.turns.thinker.busy(gid)
        assert (await play.store.load_game(gid)).game.pending.active == 0
    assert play.turns.thinker._pool is None  # no process started for them


async def test_the_stand_in_level_is_the_game_s_option(service) -> None:
    play, _ = service
    info = await play.lobby.create(ADA, expansions=[], standin=Level.EASY)
    assert seat_level(info, 0) == Level.EASY  # a human seat: the stand-in's level
    older = dataclasses.replace(info, options={})  # a game from before the option
    assert seat_level(older, 0) == Level.NORMAL


@pytest.mark.slow
async def test_the_real_pool_plays_a_hard_move_and_stops_with_the_bot(service) -> None:
    play, _ = service
    gid = await hard_game(play)
    await ada_plays_her_turn(play, gid)
    thinker = play.turns.thinker
    assert thinker.busy(gid)
    await asyncio.wait_for(thinker.idle(), 120)
    assert (await play.store.load_game(gid)).game.pending.active == 0
    pool = thinker._pool
    assert pool is not None
    await thinker.shutdown()
    assert thinker._pool is None
    with pytest.raises(RuntimeError):
        pool.submit(th.think, {}, 0, "easy")  # shut down
