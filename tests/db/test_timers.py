"""Timers: schedule, due, cancel; a game's timers go when it ends."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from db import GameNotFound, GameService
from db.errors import BadTimer
from tests.db.play import new_table, play_random

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)


async def test_timer_crud(service: GameService) -> None:
    table = await new_table(service)
    timers = service.timers
    late = await timers.schedule(table.game_id, "turn-timeout", T0 + dt.timedelta(minutes=5),
                                 seat=1, payload={"turn": 3})  # fmt: skip
    soon = await timers.schedule(table.game_id, "reminder", T0 + dt.timedelta(minutes=1), seat=1)
    assert await timers.due(T0) == []
    due = await timers.due(T0 + dt.timedelta(minutes=2))
    assert [t.id for t in due] == [soon.id]
    assert due[0].due_at == T0 + dt.timedelta(minutes=1)
    assert due[0].due_at.tzinfo is not None
    due = await timers.due(T0 + dt.timedelta(hours=1))
    assert [t.id for t in due] == [soon.id, late.id] and due[1].payload == {"turn": 3}
    assert await timers.cancel(soon.id) is True
    assert await timers.cancel(soon.id) is False
    assert await timers.cancel_for(table.game_id, kind="reminder") == 0
    assert await timers.cancel_for(table.game_id, seat=1) == 1
    assert await timers.of_game(table.game_id) == []


async def test_timer_input_is_checked(service: GameService) -> None:
    table = await new_table(service)
    with pytest.raises(GameNotFound):
        await service.timers.schedule(999, "reminder", T0)
    with pytest.raises(BadTimer, match="timezone"):
        await service.timers.schedule(table.game_id, "reminder", T0.replace(tzinfo=None))
    with pytest.raises(BadTimer, match="kind"):
        await service.timers.schedule(table.game_id, "", T0)


async def test_timers_go_when_the_game_ends(service: GameService) -> None:
    table = await new_table(service, ("human", "ai"), decks={"tiles": ["U"]})
    await service.timers.schedule(table.game_id, "turn-timeout", T0)
    await play_random(service, table, random.Random(1))
    assert (await service.game_info(table.game_id)).status == "finished"
    assert await service.timers.of_game(table.game_id) == []
    other = await new_table(service)
    await service.timers.schedule(other.game_id, "turn-timeout", T0)
    await service.abandon_game(other.game_id)
    assert await service.timers.due(T0) == []


async def test_timer_ids_are_never_reused(service: GameService) -> None:
    """A handler cancelling its timer by id must not hit a newer timer that took
    over the id of a deleted one (SQLite reuses the largest rowid otherwise)."""
    table = await new_table(service)
    first = await service.timers.schedule(table.game_id, "reminder", T0)
    assert await service.timers.cancel(first.id)
    second = await service.timers.schedule(table.game_id, "reminder", T0)
    assert second.id != first.id
    assert await service.timers.cancel(first.id) is False
    assert [t.id for t in await service.timers.of_game(table.game_id)] == [second.id]
