"""bot.metrics: each figure moves where it is counted (the store's engine,
timers, renders, Discord's HTTP client, shards), the endpoint serves them,
and an address that cannot be listened on stops ``run`` in one line. The
whole set, scraped while a real game runs, is tests/e2e/test_metrics.py."""

from __future__ import annotations

import asyncio
import datetime as dt
import socket
import urllib.request
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from prometheus_client import REGISTRY
from sqlalchemy import text, update

from bot import metrics, render
from bot.services import Services
from bot.settings import Settings
from db import migrate
from db.models import Timer
from db.service import GameService
from db.session import Database
from db.values import utcnow
from tests.bot.cli.test_cli import python_m_bot
from tests.bot.services.test_services import two_player_game
from tests.fakes.services import ADA, Recorder
from tests.pgserver import _free_port


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture
async def watched(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'play.sqlite3'}"
    await migrate.upgrade_async(url)
    db = Database(url)
    metrics.watch_database(db.engine)
    services = Services(GameService(db), Settings(database_url=url), Recorder())
    yield services, db
    await db.dispose()


async def test_actions_timer_lag_games_running_and_database_errors(watched) -> None:
    play, db = watched
    actions = value("carcassonne_actions_total")
    lag = value("carcassonne_timer_lag_seconds_sum", kind="timeout")
    fired = value("carcassonne_timer_lag_seconds_count", kind="timeout")
    game_id = await two_player_game(play, "skip")
    await metrics.count_games(db)
    assert value("carcassonne_games_running") == 1
    # The turn's time limit came due 90 s ago: it fires 90 s late.
    async with db.write() as s:
        await s.execute(
            update(Timer)
            .where(Timer.game_id == game_id, Timer.kind == "timeout")
            .values(due_at=utcnow() - dt.timedelta(seconds=90))
        )
    assert await play.timers.fire_due() >= 1
    assert value("carcassonne_timer_lag_seconds_count", kind="timeout") == fired + 1
    assert value("carcassonne_timer_lag_seconds_sum", kind="timeout") - lag >= 90
    # The skipped turn stored its actions (a placement and no follower), each counted once.
    stored = len((await play.store.load_game(game_id)).game.actions)
    assert stored >= 2 and value("carcassonne_actions_total") - actions == stored

    others = value("carcassonne_database_errors_total", kind="other")
    with pytest.raises(Exception, match="nosuch"):
        async with db.read() as s:
            await s.execute(text("SELECT * FROM nosuch"))
    assert value("carcassonne_database_errors_total", kind="other") == others + 1
    rolled_back = value("carcassonne_actions_total")
    with pytest.raises(RuntimeError):
        async with db.write() as s:
            await s.execute(
                text(
                    'INSERT INTO actions (game_id, "index", seat, action, created_at) '
                    "VALUES (:g, 999, 0, '{}', CURRENT_TIMESTAMP)"
                ),
                {"g": game_id},
            )
            raise RuntimeError("rolled back")
    assert value("carcassonne_actions_total") == rolled_back  # never stored, never counted


async def test_store_transactions_are_counted_as_reads_and_writes_and_whose(watched) -> None:
    """Issue 29: the store's transactions by kind, for an interaction (marked
    where its handler starts) or in the background; each interaction's own."""
    play, _ = watched
    game_id = await two_player_game(play, "skip")
    reads = value("carcassonne_store_transactions_total", kind="read", by="interaction")
    writes = value("carcassonne_store_transactions_total", kind="write", by="interaction")
    background = value("carcassonne_store_transactions_total", kind="read", by="background")
    await play.store.game_info(game_id)  # nobody's interaction: background
    assert value("carcassonne_store_transactions_total", kind="read", by="background") == (
        background + 1
    )

    async def clicked() -> metrics.StoreUse | None:
        metrics.serving(777)  # what a component's callback does first (bot.ui.views)
        game = (await play.store.load_game(game_id)).started
        x, y, r = game.legal_placements()[0]
        await play.turns.place(ADA, game_id, x, y, r)  # a read of the game and the move
        return metrics.store_use(777)

    use = await asyncio.create_task(clicked())  # a handler's task of its own
    assert use is not None and use.writes == 1 and use.reads == use.game_reads == 2
    assert value("carcassonne_store_transactions_total", kind="read", by="interaction") == (
        reads + 2
    )
    assert value("carcassonne_store_transactions_total", kind="write", by="interaction") == (
        writes + 1
    )


async def test_render_times_are_counted() -> None:
    before = value("carcassonne_render_seconds_count", image="tile")
    await render.tile_async("A", [0, 90])
    assert value("carcassonne_render_seconds_count", image="tile") == before + 1


async def test_discord_requests_answers_and_rate_limits() -> None:
    async def callback(request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def limited(request: web.Request) -> web.Response:
        return web.json_response({"retry_after": 1.5}, status=429, headers={"Retry-After": "1.5"})

    app = web.Application()
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", callback)
    app.router.add_get("/api/v10/channels/{id}", limited)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}/api/v10"
    answered = value("carcassonne_interaction_answer_seconds_count", type="component")
    waits = value("carcassonne_discord_rate_limit_waits_total", by="discord")
    waited = value("carcassonne_discord_rate_limit_wait_seconds_total", by="discord")
    calls = value("carcassonne_discord_requests_total", resource="interactions", status="2xx")
    try:
        metrics.interaction_arrived(4242, "component")
        async with aiohttp.ClientSession(trace_configs=[metrics.http_trace()]) as http:
            async with http.post(f"{base}/interactions/4242/tok-en/callback", json={}) as r:
                assert r.status == 204
            async with http.get(f"{base}/channels/1") as r:
                assert r.status == 429
    finally:
        await runner.cleanup()
    assert value("carcassonne_interaction_answer_seconds_count", type="component") == answered + 1
    assert value("carcassonne_interactions_total", type="component") >= 1
    assert (
        value("carcassonne_discord_requests_total", resource="interactions", status="2xx")
        == calls + 1
    )
    assert value("carcassonne_discord_rate_limit_waits_total", by="discord") == waits + 1
    assert value("carcassonne_discord_rate_limit_wait_seconds_total", by="discord") == waited + 1.5


class _Shard:
    def __init__(self, closed: bool, latency: float) -> None:
        self.closed, self.latency = closed, latency

    def is_closed(self) -> bool:
        return self.closed


def test_shard_status_is_read_at_each_scrape() -> None:
    shards: dict[int, Any] = {0: _Shard(False, 0.042), 1: _Shard(True, float("inf"))}
    metrics.watch_shards(lambda: shards)
    assert value("carcassonne_shard_connected", shard="0") == 1
    assert value("carcassonne_shard_connected", shard="1") == 0
    assert value("carcassonne_shard_latency_seconds", shard="0") == pytest.approx(0.042)
    shards[1] = _Shard(False, 0.05)  # reconnected
    assert value("carcassonne_shard_connected", shard="1") == 1


def test_the_endpoint_serves_the_figures() -> None:
    port = _free_port()
    server = metrics.serve("127.0.0.1", port)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
            page = answer.read().decode()
    finally:
        server.shutdown()
    names = ["carcassonne_actions_total", "carcassonne_games_running", "carcassonne_render_seconds"]
    names.append("carcassonne_interaction_answer_seconds_bucket")
    for name in names:
        assert name in page, name


def test_an_address_in_use_stops_run_in_one_line(tmp_path: Path) -> None:
    from tests.fakes.discord_stub import GOOD_TOKEN

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = python_m_bot(
            tmp_path,
            "run",
            DISCORD_TOKEN=GOOD_TOKEN,
            METRICS_ADDRESS=str(port),
            DATABASE_URL=f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"error: METRICS_ADDRESS (127.0.0.1:{port}): cannot listen there: Address already in use"
    )


def test_interactions_never_answered_are_forgotten() -> None:
    for n in range(metrics.OPEN_MAX + 10):
        metrics.interaction_arrived(10**9 + n, "autocomplete")
    assert len(metrics._arrived) <= metrics.OPEN_MAX
