"""Each AI seat's own seed, stored with the game (issue 31): drawn when the
game starts (Add AI seat, the quick start, a rematch: all start from the
lobby) apart from the game seed, and for a stand-in when it first plays a
person's seat; the record carries them, so the game replays and its AI
plays it alike. A game stored before keeps the old seed."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import update

from bot.ai import Level
from bot.services import Services
from db.errors import BadSeed
from db.models import Game as GameRow
from engine import replay
from engine.actions import Follower, parse_action
from engine.ai import choose, seat_ai
from engine.record import new_from_setup
from engine.seat import AiSeat
from tests.fakes.services import ADA, BO

EASY = {"level": "easy"}


async def lobby_with_ai(play: Services, seed: int, *, standin: Level = Level.EASY) -> int:
    info = await play.lobby.create(
        ADA, expansions=[], timeout_hours=None, seed=seed, standin=standin
    )
    await play.lobby.join(BO, info.id)
    await play.lobby.add_ai(ADA, info.id, Level.EASY)
    return info.id


async def bo_plays_until(play: Services, gid: int, actions: int) -> None:
    """Bo plays his turns (the first placement, no follower) while the AI
    plays the others', until the game has ``actions`` actions."""
    while True:
        game = (await play.store.load_game(gid)).game
        if len(game.actions) >= actions or game.pending is None:
            return
        assert game.pending.players == (1,), "only Bo is left to ask"
        place = next(a for a in game.legal_actions(1) if a["type"] == "place")
        await play.turns.act(BO, gid, parse_action(place))
        await play.turns.act(BO, gid, Follower(1, None))


def ai_replays_alike(record: dict[str, Any], since: dict[int, int]) -> None:
    """Replaying the record step by step, the AI of every seat it played
    (``since``: the seat's first AI action) chooses each of its actions again."""
    game = new_from_setup(record)
    for index, action in enumerate(record["actions"]):
        seat = action["player"]
        if seat in since and index >= since[seat]:
            assert choose(game, seat) == action, (index, action)
        game.apply(action)
    assert replay(record).record() == record


async def test_ai_seats_get_their_own_seeds_stored_with_the_game_and_replay_alike(
    service,
) -> None:
    play, _ = service
    first, second = await lobby_with_ai(play, 7), await lobby_with_ai(play, 7)
    quick = await play.tables.quick(ADA, 2, level=Level.HARD)
    seeds = []
    for gid in (first, second, quick.id):
        await play.lobby.start(ADA, gid)
        record = await play.store.export_record(gid)
        ai = record["ai"]
        want = {"1": "hard", "2": "hard"} if gid == quick.id else {"2": "easy"}
        assert {seat: entry["level"] for seat, entry in ai.items()} == want
        seeds += [entry["seed"] for entry in ai.values()]
        game = (await play.store.load_game(gid)).game
        assert game.ai_seats == {int(k): AiSeat(**v) for k, v in ai.items()}
    # Drawn apart from the game seed: the same game seed, other AI seeds;
    # none of them the old game seed x 10 + seat.
    assert len(set(seeds)) == len(seeds) and 72 not in seeds
    assert all(0 <= s < 2**63 for s in seeds)


async def test_a_stand_in_gets_its_own_seed_when_it_first_plays_and_the_game_replays(
    service,
) -> None:
    play, _ = service
    gid = await lobby_with_ai(play, 11)
    await play.lobby.start(ADA, gid)
    await bo_plays_until(play, gid, 0)  # seat 0 (Ada) is first
    record = await play.store.export_record(gid)
    assert set(record["ai"]) == {"2"}  # Ada's seat is a person's until she resigns
    resigned_at = len(record["actions"])
    await play.seats.resign(ADA, gid)
    await bo_plays_until(play, gid, 60)
    record = await play.store.export_record(gid)
    assert record["ai"]["0"]["level"] == "easy"
    assert record["ai"]["0"]["seed"] != record["ai"]["2"]["seed"]
    game = (await play.store.load_game(gid)).game
    assert seat_ai(game, 0) == AiSeat(**record["ai"]["0"])
    assert any(a["player"] == 0 for a in record["actions"][resigned_at:])
    ai_replays_alike(record, {0: resigned_at, 2: 0})


async def test_a_game_stored_before_ai_seeds_keeps_the_old_seeds(service) -> None:
    play, _ = service
    gid = await lobby_with_ai(play, 5)
    await play.lobby.start(ADA, gid)
    async with play.store.db.write() as s:  # as a release before AI seeds stored it
        await s.execute(update(GameRow).where(GameRow.id == gid).values(ai=None))
    play.store.live.clear()
    await play.seats.resign(ADA, gid)
    await bo_plays_until(play, gid, 30)
    record = await play.store.export_record(gid)
    assert "ai" not in record
    game = (await play.store.load_game(gid)).game
    assert game.ai_seats == {}
    assert seat_ai(game, 2, "easy") == AiSeat("easy", 5 * 10 + 2)
    ai_replays_alike(
        {**record, "ai": {"0": {**EASY, "seed": 50}, "2": {**EASY, "seed": 52}}}, {0: 0, 2: 0}
    )


async def test_a_lobby_may_fix_its_ai_seeds_as_it_fixes_its_game_seed(service) -> None:
    """The demo and tests play the same game every time: fixed AI seeds by
    seat (db.service.create_game), taken by the AI seats at the start."""
    play, _ = service
    info = await play.store.create_game(1, 2, ADA.user_id, expansions=[], seed=3, ai_seeds={1: 0})
    await play.store.add_seat(info.id, "Ada", user_id=ADA.user_id)
    await play.lobby.add_ai(ADA, info.id, Level.EASY)
    await play.lobby.add_ai(ADA, info.id, Level.EASY)
    await play.lobby.start(ADA, info.id)
    ai = (await play.store.export_record(info.id))["ai"]
    assert ai["1"] == {"level": "easy", "seed": 0} and ai["2"]["seed"] not in (0, 32)
    with pytest.raises(BadSeed):
        await play.store.create_game(1, 2, ADA.user_id, expansions=[], ai_seeds={1: -1})
