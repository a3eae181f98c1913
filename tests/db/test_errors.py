"""Clear typed errors, and a refused call changes nothing."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import delete, update

from db import (
    ActionRejected,
    CorruptGame,
    Database,
    GameFinished,
    GameNotFound,
    GameNotStarted,
    GameService,
    NotYourTurn,
    StaleGame,
)
from db.errors import NoSuchSeat, NotAiSeat, NotSeated, NotYourSeat
from db.models import ActionLog
from engine.phases import IllegalAction
from tests.db.play import HOST, act_for, new_table, play_random


async def _snapshot(service: GameService, game_id: int) -> tuple[int, list]:
    record = await service.export_record(game_id)
    return (await service.game_info(game_id)).version, record["actions"]


async def test_unknown_game(service: GameService) -> None:
    with pytest.raises(GameNotFound, match="game=999"):
        await service.act(999, HOST, {"type": "follower", "location": None})
    with pytest.raises(GameNotFound):
        await service.load_game(999)
    with pytest.raises(GameNotFound):
        await service.export_record(999)
    with pytest.raises(GameNotFound):
        await service.act_as_ai(999, 0, {"type": "follower", "location": None})


async def test_user_without_a_seat(service: GameService) -> None:
    table = await new_table(service)
    before = await _snapshot(service, table.game_id)
    game = (await service.load_game(table.game_id)).game
    action = game.legal_actions(0)[0]
    with pytest.raises(NotSeated):
        await service.act(table.game_id, 424242, action)
    assert await _snapshot(service, table.game_id) == before


async def test_wrong_turn_names_who_is_awaited(service: GameService) -> None:
    table = await new_table(service, ("human", "human"))
    game = (await service.load_game(table.game_id)).game
    action = {k: v for k, v in game.legal_actions(0)[0].items() if k != "player"}
    before = await _snapshot(service, table.game_id)
    with pytest.raises(NotYourTurn, match=r"waiting=\['Player 0'\]"):
        await service.act(table.game_id, table.users[1], action)
    # Naming someone else's seat is refused as well.
    with pytest.raises(NotYourSeat, match="seat=0"):
        await service.act(table.game_id, table.users[1], {**action, "player": 0})
    assert await _snapshot(service, table.game_id) == before


async def test_ai_entry_point_only_for_ai_seats(service: GameService) -> None:
    table = await new_table(service, ("human", "ai"))
    game = (await service.load_game(table.game_id)).game
    action = game.legal_actions(0)[0]
    with pytest.raises(NotAiSeat, match="seat=0"):
        await service.act_as_ai(table.game_id, 0, action)
    with pytest.raises(NoSuchSeat, match="seat=5"):
        await service.act_as_ai(table.game_id, 5, action)
    # A turn-timeout policy may act for a human seat explicitly.
    result = await service.act_as_ai(table.game_id, 0, action, allow_human=True)
    assert result.index == 0 and result.version == 1


async def test_rejected_action_changes_nothing_and_gives_the_engine_reason(
    service: GameService,
) -> None:
    table = await new_table(service, ("human", "human"))
    await play_random(service, table, random.Random(4), limit=3)
    before = await _snapshot(service, table.game_id)
    game = (await service.load_game(table.game_id)).game
    seat = game.pending.players[0]
    bad = {"player": seat, "type": "place", "x": 50, "y": 50, "rotation": 0}
    with pytest.raises(IllegalAction) as engine_says:
        (await service.load_game(table.game_id, private=True)).game.apply(bad)
    with pytest.raises(ActionRejected) as exc:
        await act_for(service, table, bad)
    assert exc.value.reason == str(engine_says.value)
    assert exc.value.index == 3
    assert await _snapshot(service, table.game_id) == before
    # A shape the engine's parser refuses (it reads every action): nothing changes.
    with pytest.raises(ActionRejected, match="'x' must be an integer"):
        await act_for(service, table, {**bad, "x": {1, 2}})
    with pytest.raises(ActionRejected, match="must be a JSON object"):
        await service.act(table.game_id, table.users[seat], ["place"])  # type: ignore[arg-type]
    assert await _snapshot(service, table.game_id) == before
    # The game goes on normally afterwards.
    await play_random(service, table, random.Random(5), limit=2)
    assert (await service.game_info(table.game_id)).version == 5


async def test_expected_version_detects_a_changed_game(service: GameService) -> None:
    table = await new_table(service, ("human", "human"))
    game = (await service.load_game(table.game_id)).game
    action = game.legal_actions(0)[0]
    with pytest.raises(StaleGame):
        await act_for_expected(service, table, action, 3)
    result = await act_for_expected(service, table, action, 0)
    assert result.version == 1


async def act_for_expected(service, table, action, version):  # type: ignore[no-untyped-def]
    return await service.act(
        table.game_id, table.users[action["player"]], action, expected_version=version
    )


async def test_finished_and_abandoned_games_refuse_actions(service: GameService) -> None:
    # A fixed two-tile deck keeps the game short (docs/notation.md decks).
    table = await new_table(service, ("human", "ai"), decks={"tiles": ["U", "V"]})
    await play_random(service, table, random.Random(6))
    info = await service.game_info(table.game_id)
    assert info.status == "finished" and info.version == 4
    with pytest.raises(GameFinished, match="status='finished'"):
        await service.act(table.game_id, table.users[0], {"type": "follower", "location": None})
    with pytest.raises(GameFinished):
        await service.act_as_ai(table.game_id, 1, {"type": "follower", "location": None})
    assert len(await service.game_results(table.game_id)) == 2

    other = await new_table(service, ("human", "human"))
    await service.abandon_game(other.game_id)
    with pytest.raises(GameFinished, match="abandoned"):
        await service.act(other.game_id, other.users[0], {"type": "follower", "location": None})
    assert await service.game_results(other.game_id) == []


async def test_lobby_game_cannot_be_played(service: GameService) -> None:
    table = await new_table(service, start=False)
    with pytest.raises(GameNotStarted):
        await service.act(table.game_id, table.users[0], {"type": "follower", "location": None})
    with pytest.raises(GameNotStarted):
        await service.load_game(table.game_id)


async def test_a_broken_log_is_reported_not_replayed_wrongly(
    service: GameService, db_url: str
) -> None:
    table = await new_table(service, ("human", "human"))
    await play_random(service, table, random.Random(12), limit=6)
    async with service.db.write() as s:  # tamper: action 2 becomes illegal
        await s.execute(
            update(ActionLog)
            .where(ActionLog.game_id == table.game_id, ActionLog.index == 2)
            .values(action={"player": 0, "type": "place", "x": 99, "y": 99, "rotation": 0})
        )
    fresh = GameService(Database(db_url))
    try:
        with pytest.raises(CorruptGame, match="action 2 does not replay"):
            await fresh.load_game(table.game_id)
        async with fresh.db.write() as s:  # tamper: a gap in the log
            await s.execute(
                delete(ActionLog).where(ActionLog.game_id == table.game_id, ActionLog.index == 4)
            )
        with pytest.raises(CorruptGame, match="does not match its version"):
            await fresh.load_game(table.game_id)
    finally:
        await fresh.db.dispose()
