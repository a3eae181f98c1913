"""Child process of test_crash: plays random legal actions on one game as fast
as it can, printing each applied index, until it is killed or the game ends."""

from __future__ import annotations

import asyncio
import random
import sys

from db import Database, GameService
from tests.db.play import Table, act_for


async def main(url: str, game_id: int, seed: int, users: dict[int, int | None]) -> None:
    service = GameService(Database(url))
    table = Table(game_id, users)
    rng = random.Random(seed)
    while True:
        game = (await service.load_game(game_id)).game
        if game.pending is None:
            break
        seat = rng.choice(game.pending.players)
        result = await act_for(service, table, rng.choice(game.legal_actions(seat)))
        print(result.index, flush=True)
    await service.db.dispose()
    print("done", flush=True)


if __name__ == "__main__":
    url, game_id, seed, *seats = sys.argv[1:]
    users = {i: None if u == "ai" else int(u) for i, u in enumerate(seats)}
    asyncio.run(main(url, int(game_id), int(seed), users))
