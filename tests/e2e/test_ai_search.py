"""A hard AI's search never slows other games (issue 31): the same short
game of two players is played twice, alone and while a game of hard AI
seats searches move after move in another thread of the same bot; the click
latency of each is printed, and the second stays within 1.5 times the first.
The search runs in another process and never holds a game's lock
(bot.services.thinking); the bot's own process keeps the CPU for clicks."""

from __future__ import annotations

import asyncio

import pytest

from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness
from tests.e2e.player import Player
from tests.e2e.table import open_table, play_table, table_figures

DECK = {"tiles": shuffled(16, "tiles", base_bag())[:12]}
SLACK_MS = 50  # a fast baseline's click is a few tens of ms: timer grain, not a slowdown


@pytest.mark.slow
async def test_clicks_in_other_games_stay_quick_while_a_hard_ai_searches(
    harness: Harness, request: pytest.FixtureRequest
) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    alone = await open_table(harness, [ada, bo], seed=3, decks=DECK)
    assert (await play_table(harness, alone, seed=2)).finished
    quiet = await table_figures(harness, alone, "clicks, no search running", request.config)

    # Cy plays a game with two hard AI seats, at once whenever it is her turn:
    # the two searches take nearly all of the game's time.
    busy = await open_table(harness, [cy], ai_seats=2, ai_level="hard")
    stop = asyncio.Event()

    async def cy_plays() -> None:
        player = Player([cy], {busy.thread_id}, seed=1)
        while not stop.is_set():
            if not await player.step():
                await asyncio.sleep(0.2)

    async def ai_moves() -> int:
        game = (await game_state(harness.bot.database_url, busy.game_id)).game
        return sum(1 for a in game.actions if a["player"] != 0)

    cy_task = asyncio.create_task(cy_plays())
    try:
        async with asyncio.timeout(180):  # the search's process started and warm
            while await ai_moves() == 0:
                await asyncio.sleep(0.5)
        before = await ai_moves()
        again = await open_table(harness, [ada, bo], seed=3, decks=DECK)
        assert (await play_table(harness, again, seed=2)).finished
    finally:
        stop.set()
        await cy_task
    loud = await table_figures(harness, again, "clicks, a hard search running", request.config)

    assert await ai_moves() > before  # the hard seats searched meanwhile
    alone_p95, loud_p95 = quiet["click_to_final_ms_p95"], loud["click_to_final_ms_p95"]
    print(f"\nclick p95: {alone_p95} ms alone, {loud_p95} ms while a hard AI searches")
    assert loud_p95 <= 1.5 * alone_p95 + SLACK_MS, (alone_p95, loud_p95)
