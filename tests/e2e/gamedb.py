"""Reading (and, before a game starts, dealing) the bot's games in its
database from the test process: the figures need the number of turns, the
tests whether a game finished. The player itself never looks here."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update

from db import Database, GameService
from db.models import Game as GameRow
from db.values import LOBBY
from engine.game import MAX_PLAYERS


async def game_state(database_url: str, game_id: int) -> Any:
    """The bot's :class:`db.service.LoadedGame` (info and engine game) now."""
    database = Database(database_url)
    try:
        return await GameService(database).load_game(game_id)
    finally:
        await database.dispose()


async def finished(database_url: str, game_id: int) -> bool:
    loaded = await game_state(database_url, game_id)
    return bool(loaded.info.status == "finished")


async def deal(
    database_url: str,
    game_id: int,
    *,
    seed: int | None = None,
    decks: dict[str, list[str]] | None = None,
) -> None:
    """Fix a lobby's seed, AI seeds and decks before Start (what
    GameService.create_game's ``seed``/``ai_seeds``/``decks`` do;
    /carcassonne new has no such options)."""
    database = Database(database_url)
    try:
        async with database.write() as session:
            values: dict[str, Any] = {}
            if seed is not None:
                values["seed"] = seed
                # The AI seats' seeds too (db.service.create_game's ai_seeds): those
                # of records before AI seeds were stored, so the games stay as they were.
                values["ai"] = {str(i): {"seed": seed * 10 + i} for i in range(MAX_PLAYERS)}
            if decks is not None:
                values["decks"] = decks
            await session.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == LOBBY)
                .values(**values)
            )
    finally:
        await database.dispose()
