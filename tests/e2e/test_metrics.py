"""Issue 34: the Prometheus endpoint (METRICS_ADDRESS), scraped while a real
game runs through the bot and the fake Discord: the figures an operator
watches move — games running, actions, interactions and their answer times,
Discord requests, renders — and the shard is reported connected."""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness
from tests.e2e.table import open_table, play_table
from tests.pgserver import _free_port

PORT = _free_port()


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.1  # figures, not rate limits, are tested here


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(
        fake, tmp_path, METRICS_ADDRESS=f"127.0.0.1:{PORT}", TIMER_POLL_SECONDS="0.5"
    )
    await process.start()
    yield process
    await process.stop()


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def scrape() -> Samples:
    def get() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/metrics", timeout=10) as answer:
            return answer.read().decode()

    page = await asyncio.to_thread(get)
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(page)
        for s in family.samples
    }


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of ``name`` over every sample whose labels include ``labels``."""
    return sum(v for (n, ls), v in samples.items() if n == name and set(labels.items()) <= set(ls))


async def test_the_figures_move_while_a_game_is_played(harness: Harness) -> None:
    before = await scrape()
    assert total(before, "carcassonne_shard_connected", shard="0") == 1
    assert total(before, "carcassonne_games_running") == 0
    ada, bo = harness.member("Ada"), harness.member("Bo")
    deck = shuffled(4, "tiles", base_bag())[:4]
    table = await open_table(harness, [ada, bo], ai_seats=1, seed=4, decks={"tiles": deck})
    for _ in range(40):  # the timer poll counts the games every 0.5 s
        during = await scrape()
        if total(during, "carcassonne_games_running") >= 1:
            break
        await asyncio.sleep(0.25)
    assert total(during, "carcassonne_games_running") == 1
    await play_table(harness, table)
    after = await scrape()

    def moved(name: str, **labels: str) -> float:
        return total(after, name, **labels) - total(before, name, **labels)

    game = (await game_state(harness.bot.database_url, table.game_id)).game
    assert game.finished and moved("carcassonne_actions_total") == len(game.actions)
    assert moved("carcassonne_interactions_total", type="application_command") >= 1
    assert moved("carcassonne_interactions_total", type="component") >= 3
    answered = moved("carcassonne_interaction_answer_seconds_count")
    assert answered >= 4 and moved("carcassonne_interaction_answer_seconds_sum") > 0
    assert moved("carcassonne_discord_requests_total", resource="channels", status="2xx") >= 3
    assert moved("carcassonne_discord_requests_total", resource="interactions") >= answered
    assert moved("carcassonne_render_seconds_count", image="board") >= 2
    assert total(after, "carcassonne_shard_connected", shard="0") == 1
    assert total(after, "carcassonne_database_errors_total") == 0
    assert total(after, "carcassonne_interaction_errors_total", kind="unexpected") == 0
