"""Lobbies: seats, colours, starting (B-1: 2 to 6 players), guild defaults."""

from __future__ import annotations

import pytest

from db import GameNotInLobby, GameOptions, GameService
from db.errors import (
    AlreadySeated,
    BadName,
    BadTimeout,
    ColourTaken,
    HostOnly,
    NoSuchSeat,
    SeatKind,
    SetupRefused,
    TableFull,
    UnknownColour,
    UnknownExpansion,
    UnknownPolicy,
    UnknownSetting,
)
from db.values import COLOURS, DEFAULT_TIMEOUT_POLICY
from engine.expansions import known_expansions
from tests.db.play import CHANNEL, GUILD, HOST, new_table


async def test_seats_fill_in_order_and_close_gaps(service: GameService) -> None:
    info = await service.create_game(GUILD, CHANNEL, HOST, seed=1)
    assert info.status == "lobby" and info.version == 0 and info.seats == ()
    a = await service.add_seat(info.id, "Ada", user_id=1)
    b = await service.add_seat(info.id, "Bot", is_ai=True)
    c = await service.add_seat(info.id, "Cy", user_id=3, colour="black")
    assert [a.index, b.index, c.index] == [0, 1, 2]
    assert [a.colour, b.colour, c.colour] == [COLOURS[0], COLOURS[1], "black"]
    assert b.user_id is None and b.is_ai
    await service.remove_seat(info.id, 0)
    seats = (await service.game_info(info.id)).seats
    assert [(s.index, s.display_name) for s in seats] == [(0, "Bot"), (1, "Cy")]
    with pytest.raises(NoSuchSeat, match="seat=7"):
        await service.remove_seat(info.id, 7)


async def test_seat_requests_that_cannot_be_met(service: GameService) -> None:
    info = await service.create_game(GUILD, CHANNEL, HOST)
    await service.add_seat(info.id, "Ada", user_id=1)
    with pytest.raises(AlreadySeated):
        await service.add_seat(info.id, "Ada again", user_id=1)
    with pytest.raises(ColourTaken):
        await service.add_seat(info.id, "Bo", user_id=2, colour=COLOURS[0])
    with pytest.raises(UnknownColour, match="mauve"):
        await service.add_seat(info.id, "Bo", user_id=2, colour="mauve")
    with pytest.raises(SeatKind):
        await service.add_seat(info.id, "Odd", user_id=2, is_ai=True)
    with pytest.raises(BadName):
        await service.add_seat(info.id, "  ", user_id=2)
    for i in range(5):
        await service.add_seat(info.id, f"Bot {i}", is_ai=True)
    with pytest.raises(TableFull, match="most=6"):
        await service.add_seat(info.id, "Seventh", user_id=7)


async def test_start_needs_host_and_two_players(service: GameService) -> None:
    info = await service.create_game(GUILD, CHANNEL, HOST)
    await service.add_seat(info.id, "Ada", user_id=HOST)
    with pytest.raises(SetupRefused, match="2 to 6 players") as refused:
        await service.start_game(info.id)
    assert refused.value.key == "error.too_few_players"  # worded per language (B-1)
    assert refused.value.fields["count"] == 2
    await service.add_seat(info.id, "Bo", user_id=2)
    with pytest.raises(HostOnly, match="start"):
        await service.start_game(info.id, by_user=2)
    loaded = await service.start_game(info.id, by_user=HOST)
    assert loaded.info.status == "active" and loaded.info.started_at is not None
    assert loaded.game.players == ["Ada", "Bo"] and loaded.game.pending is not None
    with pytest.raises(GameNotInLobby):
        await service.add_seat(info.id, "Late", user_id=3)
    with pytest.raises(GameNotInLobby):
        await service.start_game(info.id)


async def test_setup_is_checked(service: GameService) -> None:
    with pytest.raises(UnknownExpansion, match="name='dragons'"):
        await service.create_game(GUILD, CHANNEL, HOST, expansions=["dragons"])
    with pytest.raises(UnknownPolicy):
        await service.create_game(GUILD, CHANNEL, HOST, options=GameOptions(timeout_policy="x"))
    with pytest.raises(BadTimeout):
        await service.create_game(GUILD, CHANNEL, HOST, options=GameOptions(turn_timeout_seconds=0))


async def test_guild_defaults_apply_to_new_games(service: GameService) -> None:
    exps = list(known_expansions()[:1])
    await service.servers.update(
        GUILD, default_expansions=exps, turn_timeout_seconds=600, timeout_policy="skip"
    )
    assert (await service.servers.defaults(GUILD)).timeout_policy == "skip"
    info = await service.create_game(GUILD, CHANNEL, HOST)
    assert list(info.expansions) == exps
    # Time limits are resolved by the bot (host > server > process: bot.services.servers).
    assert (info.turn_timeout_seconds, info.timeout_policy) == (None, DEFAULT_TIMEOUT_POLICY)
    own = await service.create_game(
        GUILD, CHANNEL, HOST, expansions=[], options=GameOptions(turn_timeout_seconds=60)
    )
    assert own.expansions == () and own.turn_timeout_seconds == 60
    with pytest.raises(UnknownSetting, match="colour"):
        await service.servers.update(GUILD, colour="red")
    with pytest.raises(UnknownPolicy):  # one vocabulary: ai, skip, remind
        await service.servers.update(GUILD, timeout_policy="abandon")


async def test_listing_active_games(service: GameService) -> None:
    a = await new_table(service, ("human", "human"))
    b = await new_table(service, ("human", "ai"))
    lobby = await new_table(service, start=False)
    await service.abandon_game(b.game_id)
    active = await service.list_active_games(guild_id=GUILD)
    assert [g.id for g in active] == [a.game_id]
    assert [g.id for g in await service.list_active_games(guild_id=GUILD + 1)] == []
    mine = await service.list_games(user_id=a.users[0])  # also seated in b and lobby
    assert {g.id for g in mine} == {a.game_id, lobby.game_id}


async def test_seat_flags(service: GameService) -> None:
    table = await new_table(service)
    seat = await service.set_seat_flags(table.game_id, 0, dm_reachable=False, mute_reminders=True)
    assert (seat.dm_reachable, seat.mute_reminders) == (False, True)
    info = await service.game_info(table.game_id)
    assert (info.seats[0].dm_reachable, info.seats[0].mute_reminders) == (False, True)
