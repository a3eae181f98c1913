"""Whole games through the store on each backend: the stored record replays to
the same game the players saw (docs/notation.md record = log + setup)."""

from __future__ import annotations

import random

import pytest

from db import Database, GameService
from db.values import FINISHED
from engine.expansions import known_expansions
from engine.record import replay
from tests.db.play import new_table, play_random
from tests.quick import slow_after

# Base game, each expansion that exists now, and all of them together. A
# whole game is an action at a time through the store (seconds on PostgreSQL):
# the quick run plays the base game; expansions' records go through the store
# in its end-to-end game too.
SETUPS = slow_after([(), *((e,) for e in known_expansions()), tuple(known_expansions())])


@pytest.mark.parametrize("expansions", SETUPS, ids=lambda e: "+".join(e) or "base")
async def test_full_game_round_trip(service: GameService, db_url: str, expansions: tuple) -> None:
    table = await new_table(service, ("human", "ai", "human", "ai"), expansions=expansions)
    played = await play_random(service, table, random.Random(11))

    info = await service.game_info(table.game_id)
    assert info.status == FINISHED
    assert info.version == len(played) > 0
    record = await service.export_record(table.game_id)
    assert record["actions"] == played
    assert record["expansions"] == list(expansions)
    assert record["players"] == info.players

    # The record alone rebuilds the game: same final scores as the live game.
    live = (await service.load_game(table.game_id)).game
    rebuilt = replay(record)
    assert rebuilt.finished and live.finished
    assert rebuilt.final_scores() == live.final_scores()
    assert rebuilt.record() == live.record() == record

    # A second process (no cache) loads the same game from the log.
    other = GameService(Database(db_url))
    try:
        cold = (await other.load_game(table.game_id)).game
        assert cold is not live
        assert cold.final_scores() == live.final_scores()
        assert cold.record() == record
    finally:
        await other.db.dispose()

    # B-10 results: written once, ties share rank 1.
    results = await service.game_results(table.game_id)
    scores = live.final_scores()
    assert [r.score for r in results] == scores
    best = max(scores)
    assert [r.rank == 1 for r in results] == [s == best for s in scores]
    assert all(r.shared_win == (r.rank == 1 and scores.count(best) > 1) for r in results)
    assert [r.user_id for r in results] == [table.users[i] for i in range(4)]


async def test_cache_catches_up_with_another_process(service: GameService, db_url: str) -> None:
    """A game advanced by another process is caught up from the log, not stale."""
    table = await new_table(service)
    rng = random.Random(3)
    await play_random(service, table, rng, limit=6)
    other = GameService(Database(db_url))
    try:
        await play_random(other, table, rng, limit=5)
        mine = (await service.load_game(table.game_id)).game
        theirs = (await other.load_game(table.game_id)).game
        assert len(mine.actions) == len(theirs.actions) == 11
        assert mine.record() == theirs.record()
        await play_random(service, table, rng, limit=3)
        assert (await service.game_info(table.game_id)).version == 14
    finally:
        await other.db.dispose()


async def test_private_load_is_a_separate_copy(service: GameService) -> None:
    table = await new_table(service)
    await play_random(service, table, random.Random(5), limit=4)
    shared = (await service.load_game(table.game_id)).game
    mine = (await service.load_game(table.game_id, private=True)).game
    assert mine is not shared and mine.record() == shared.record()
    # Playing on the private copy does not leak into the store.
    seat = mine.pending.players[0]
    mine.apply(mine.legal_actions(seat)[0])
    assert (await service.game_info(table.game_id)).version == 4
    assert len((await service.load_game(table.game_id)).game.actions) == 4


async def test_shared_game_applied_outside_the_service_is_not_trusted(
    service: GameService,
) -> None:
    """Someone calling apply() on a shared game must not desynchronise the store."""
    table = await new_table(service)
    await play_random(service, table, random.Random(8), limit=2)
    shared = (await service.load_game(table.game_id)).game
    seat = shared.pending.players[0]
    shared.apply(shared.legal_actions(seat)[0])  # misuse: not stored
    again = (await service.load_game(table.game_id)).game
    assert len(again.actions) == 2
