"""Issue 29: a game opened once (db.table). Its one lock is held while it is
open (opening it again in the same task gives the same table, another task
waits), it is read once, and every change leaves it up to date without a
read of the game: the engine state moves on, the facts follow."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event

from db.errors import ActionRejected, NotYourTurn, StaleGame
from db.service import GameService
from engine.actions import Follower, Place, parse_action
from tests.db.play import HOST, act_for, new_table


@contextmanager
def transactions(service: GameService) -> Iterator[list[str]]:
    """The transactions begun on the store's engine meanwhile ("read"/"write")."""
    from db.session import TRANSACTION

    seen: list[str] = []

    def begun(conn: Any) -> None:
        seen.append(str(conn.get_execution_options().get(TRANSACTION)))

    engine = service.db.engine.sync_engine
    event.listen(engine, "begin", begun)
    try:
        yield seen
    finally:
        event.remove(engine, "begin", begun)


async def test_an_action_on_an_opened_game_reads_it_once(service: GameService) -> None:
    table = await new_table(service, ("human", "human"))
    with transactions(service) as seen:
        async with service.open(table.game_id) as game:
            engine = game.started
            x, y, r = engine.legal_placements()[0]
            result = await game.act(HOST, Place(0, x, y, r))
            assert game.info.version == result.version == 1
            assert game.game is engine and len(engine.actions) == 1  # the same state, moved on
            assert game.timers is not None  # read in the action's own transaction
            await game.act(HOST, Follower(0, None))
            assert game.info.version == 2
    assert seen == ["read", "write", "write"]


async def test_opening_again_in_the_same_task_gives_the_same_table(service: GameService) -> None:
    table = await new_table(service, ("human", "human"))
    async with service.open(table.game_id) as outer:
        async with service.open(table.game_id) as inner:
            assert inner is outer
        # A one-call change made meanwhile (the store's own wrapper) shares it too.
        await service.set_seat_flags(table.game_id, 1, mute_reminders=True)
        assert outer.info.seats[1].mute_reminders


async def test_another_task_waits_for_the_game(service: GameService) -> None:
    table = await new_table(service, ("human", "human"))
    order: list[str] = []

    async def other() -> None:
        async with service.open(table.game_id) as game:
            order.append(f"other saw version {game.info.version}")

    async with service.open(table.game_id) as game:
        waiting = asyncio.create_task(other())
        await asyncio.sleep(0.05)
        assert not order  # still waiting for the lock
        x, y, r = game.started.legal_placements()[0]
        await game.act(HOST, Place(0, x, y, r))
        order.append("acted")
    await waiting
    assert order == ["acted", "other saw version 1"]


async def test_a_refusal_leaves_the_opened_game_as_it_was(service: GameService) -> None:
    table = await new_table(service, ("human", "human"))
    async with service.open(table.game_id) as game:
        engine = game.started
        with pytest.raises(NotYourTurn):
            await game.act(HOST + 1, Place(1, 0, 1, 0))
        with pytest.raises(ActionRejected):
            await game.act(HOST, Place(0, 50, 50, 0))
        assert game.game is engine and game.info.version == 0
        x, y, r = engine.legal_placements()[0]
        assert (await game.act(HOST, Place(0, x, y, r))).version == 1


async def test_a_game_changed_elsewhere_is_stale_for_the_opened_table(
    service: GameService,
) -> None:
    """Another process acts between the read and the action: the action is
    refused (StaleGame) with the version the table read, and changes nothing."""
    from db.session import Database

    table = await new_table(service, ("human", "human"))
    other = GameService(Database(service.db.url))
    try:
        async with service.open(table.game_id) as game:
            first = parse_action(game.started.legal_actions(0)[0])
            await act_for(other, table, first.to_record())
            with pytest.raises(StaleGame):
                await game.act(HOST, first, expected_version=game.info.version)
        assert (await service.game_info(table.game_id)).version == 1
    finally:
        await other.db.dispose()


async def test_a_removed_seat_leaves_the_table_with_the_others_renumbered(
    service: GameService,
) -> None:
    table = await new_table(service, ("human", "human", "ai"), start=False)
    async with service.open(table.game_id) as game:
        info = await game.remove_seat(1)
        assert [(s.index, s.display_name) for s in info.seats] == [(0, "Player 0"), (1, "Bot 2")]
        assert game.info is info
    stored = await service.game_info(table.game_id)
    assert [(s.index, s.display_name) for s in stored.seats] == [(0, "Player 0"), (1, "Bot 2")]
