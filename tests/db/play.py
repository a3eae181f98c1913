"""Helpers of the store tests: tables of players and AI-like random play."""

from __future__ import annotations

import random
from dataclasses import dataclass

from db import ActResult, GameService
from engine.phases import Action

HOST = 1000
GUILD, CHANNEL = 1, 2


@dataclass(frozen=True)
class Table:
    game_id: int
    users: dict[int, int | None]  # seat -> user id (None: AI seat)


async def new_table(
    service: GameService,
    seats: tuple[str, ...] = ("human", "ai", "human"),
    *,
    expansions: tuple[str, ...] = (),
    seed: int = 7,
    decks: dict[str, list[str]] | None = None,
    start: bool = True,
) -> Table:
    """A game with one seat per entry of ``seats`` ("human" or "ai")."""
    info = await service.create_game(
        GUILD, CHANNEL, HOST, expansions=expansions, seed=seed, decks=decks
    )
    users: dict[int, int | None] = {}
    for i, kind in enumerate(seats):
        if kind == "ai":
            await service.add_seat(info.id, f"Bot {i}", is_ai=True)
            users[i] = None
        else:
            users[i] = HOST + i
            await service.add_seat(info.id, f"Player {i}", user_id=HOST + i)
    if start:
        await service.start_game(info.id, by_user=HOST)
    return Table(info.id, users)


async def act_for(service: GameService, table: Table, action: Action) -> ActResult:
    """Send ``action`` the way the bot would: humans by user id, AIs by seat."""
    seat = action["player"]
    user = table.users[seat]
    if user is None:
        return await service.act_as_ai(table.game_id, seat, action)
    return await service.act(table.game_id, user, action)


async def play_random(
    service: GameService, table: Table, rng: random.Random, limit: int | None = None
) -> list[Action]:
    """Play random legal actions (as an AI would choose among them) until the
    game ends or ``limit`` actions were applied; return them."""
    played: list[Action] = []
    while limit is None or len(played) < limit:
        game = (await service.load_game(table.game_id)).game
        decision = game.pending
        if decision is None:
            break
        seat = rng.choice(decision.players)
        action = rng.choice(game.legal_actions(seat))
        await act_for(service, table, action)
        played.append(action)
    return played
