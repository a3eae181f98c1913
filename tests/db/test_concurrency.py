"""200 conflicting actions on one game at once: exactly the legal ones are
applied, each once, in a gap-free log (version == number of actions)."""

from __future__ import annotations

import asyncio
import random

import pytest

from db import ActionRejected, ActResult, Database, GameService, NotYourTurn, StaleGame
from engine.game import Game
from engine.phases import Action, IllegalAction
from engine.record import replay
from tests.db.play import Table, act_for, new_table

N = 200


def conflicting_actions(start: Game, rng: random.Random) -> list[Action]:
    """Half legal in submission order, half conflicting: actions legal in an
    earlier state (a double click, a second process) or by the wrong seat."""
    sim = replay(start.record())
    earlier: list[Action] = []
    out: list[Action] = []
    while len(out) < N and sim.pending is not None:
        seat = sim.pending.players[0]
        legal = sim.legal_actions(seat)
        roll = rng.random()
        if roll < 0.5:
            action = rng.choice(legal)
            sim.apply(action)
        elif roll < 0.8 and earlier:
            action = rng.choice(earlier)
        else:
            other = (seat + 1) % len(sim.players)
            action = {**rng.choice(legal), "player": other}
        earlier.append(action)
        out.append(action)
    return out


def expected_log(start: Game, actions: list[Action]) -> list[Action]:
    """What a one-at-a-time store must keep: the actions legal when their turn came."""
    sim = replay(start.record())
    kept = []
    for action in actions:
        try:
            sim.apply(action)
        except IllegalAction:
            continue
        kept.append(action)
    return kept


async def test_200_concurrent_actions_keep_exactly_the_legal_ones(service: GameService) -> None:
    table = await new_table(service, ("human", "human"), seed=21)
    start = (await service.load_game(table.game_id, private=True)).game
    actions = conflicting_actions(start, random.Random(1))
    assert len(actions) == N

    # One process: calls queue on the game's lock in the order they were made.
    results = await asyncio.gather(
        *(act_for(service, table, a) for a in actions), return_exceptions=True
    )
    accepted = [r for r in results if isinstance(r, ActResult)]
    refused = [r for r in results if not isinstance(r, ActResult)]
    assert all(isinstance(r, ActionRejected | NotYourTurn) for r in refused), refused[:3]

    want = expected_log(start, actions)
    assert 0 < len(want) < N
    record = await service.export_record(table.game_id)
    assert record["actions"] == want
    assert [r.index for r in accepted] == list(range(len(want)))
    assert (await service.game_info(table.game_id)).version == len(want)
    assert replay(record).record() == record


async def test_two_processes_racing_lose_nothing_and_duplicate_nothing(
    service: GameService, db_url: str
) -> None:
    table = await new_table(service, ("human", "human"), seed=22)
    start = (await service.load_game(table.game_id, private=True)).game
    actions = conflicting_actions(start, random.Random(2))
    other = GameService(Database(db_url))
    try:
        results = await asyncio.gather(
            *(act_for(service if i % 2 else other, table, a) for i, a in enumerate(actions)),
            return_exceptions=True,
        )
    finally:
        await other.db.dispose()
    await _check_consistent(service, table, actions, results)


async def _check_consistent(
    service: GameService, table: Table, actions: list[Action], results: list[object]
) -> None:
    accepted = [(a, r) for a, r in zip(actions, results, strict=True) if isinstance(r, ActResult)]
    refused = [r for r in results if not isinstance(r, ActResult)]
    assert all(isinstance(r, ActionRejected | NotYourTurn | StaleGame) for r in refused), [
        repr(r) for r in refused[:3]
    ]
    record = await service.export_record(table.game_id)
    log = record["actions"]
    # Every success is in the log at its index, and the log holds nothing else.
    assert sorted(r.index for _, r in accepted) == list(range(len(log)))
    for action, result in accepted:
        assert log[result.index] == action
    assert (await service.game_info(table.game_id)).version == len(log)
    assert replay(record).record() == record


async def test_version_check_turns_a_lost_race_into_stale_game(
    service: GameService, db_url: str, backend: str
) -> None:
    """Process B commits an action while process A is between loading and
    saving: A fails with StaleGame and changes nothing."""
    if backend == "sqlite":
        pytest.skip(
            "SQLite writers hold the file lock from BEGIN IMMEDIATE: they queue, never race"
        )
    table = await new_table(service, ("human", "human"), seed=23)
    other = GameService(Database(db_url))
    try:
        game = (await service.load_game(table.game_id, private=True)).game
        first = game.legal_actions(0)[0]
        game.apply(first)
        follow = game.legal_actions(0)[0]
        original = service.live.state

        async def load_then_lose_race(*args: object) -> Game:
            loaded = await original(*args)  # type: ignore[arg-type]
            await act_for(other, table, first)  # B wins while A's transaction is open
            return loaded

        service.live.state = load_then_lose_race  # type: ignore[method-assign]
        service.live.forget(table.game_id)  # no cached state: A loads inside its transaction
        with pytest.raises(StaleGame):
            await act_for(service, table, first)
        service.live.state = original  # type: ignore[method-assign]

        record = await service.export_record(table.game_id)
        assert record["actions"] == [first]
        # The loser's cache was dropped: its next call sees B's action.
        result = await act_for(service, table, follow)
        assert result.index == 1
    finally:
        await other.db.dispose()


async def test_a_read_sees_one_snapshot_while_another_process_takes_back(
    service: GameService, db_url: str, backend: str
) -> None:
    """A game's row and its action log read in one read session agree even
    when another process takes actions back in between (PostgreSQL reads at
    REPEATABLE READ; a load never mistakes the race for a corrupt log)."""
    from sqlalchemy import func, select, text

    from db.models import ActionLog
    from db.models import Game as GameRow
    from tests.db.play import HOST

    table = await new_table(service, ("human", "human"), seed=5)
    gid = table.game_id
    place = (await service.load_game(gid)).game.legal_actions(0)[0]
    await service.act(gid, HOST, dict(place))
    other = GameService(Database(db_url))
    try:
        async with service.db.read() as s:
            if backend == "postgres":
                level = (await s.execute(text("SHOW transaction_isolation"))).scalar()
                assert level == "repeatable read"
            version = (await s.execute(select(GameRow.version).where(GameRow.id == gid))).scalar()
            await other.take_back(gid, 0, expected_version=1)  # committed meanwhile
            logged = (
                await s.execute(select(func.count()).where(ActionLog.game_id == gid))
            ).scalar()
            assert (version, logged) == (1, 1)
    finally:
        await other.db.dispose()
    assert (await service.load_game(gid)).info.version == 0
