"""Store faults seen from Discord (issue 18): a turn limit is never lost to a
busy database and never reported as "someone acted first" (item 3); a full
or read-only database tells the player what happened, changes nothing, and
is logged for the operator with its cause (item 9)."""

from __future__ import annotations

import datetime as dt
import logging
import sqlite3
from typing import Any

import pytest
from sqlalchemy import event

from db.values import utcnow
from tests.cogs.helpers import lobby
from tests.fakes.interactions import World, all_text, interaction, invoke, last_text

LOCKED = "database is locked"


class Faults:
    """Make the bot's database fail chosen statements the way SQLite does."""

    def __init__(self, bot: Any) -> None:
        self.engine = bot.database.engine.sync_engine
        self.rules: dict[str, tuple[str, int]] = {}  # statement prefix -> (message, times)
        event.listen(self.engine, "do_execute", self._execute)

    def fail(self, prefix: str, message: str, times: int = 1_000_000) -> None:
        self.rules[prefix] = (message, times)

    def clear(self) -> None:
        self.rules.clear()

    def _execute(self, cursor: Any, statement: str, parameters: Any, context: Any) -> None:
        for prefix, (message, times) in list(self.rules.items()):
            if statement.startswith(prefix) and times > 0:
                self.rules[prefix] = (message, times - 1)
                raise sqlite3.OperationalError(message)

    def close(self) -> None:
        event.remove(self.engine, "do_execute", self._execute)


@pytest.fixture
def faults(bot: Any) -> Any:
    f = Faults(bot)
    yield f
    f.close()


async def test_a_locked_database_during_a_timeout_keeps_the_turn_limit(
    bot: Any, world: World, faults: Faults, caplog: pytest.LogCaptureFixture
) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo], turn_hours=1.0, on_timeout="ai")
    store = bot.services.store
    timeout = next(t for t in await store.timers.of_game(game_id) if t.kind == "timeout")
    now = utcnow() + dt.timedelta(hours=2)
    sent = len(thread.sent)
    # The handler's write meets a lock held elsewhere past the busy timeout.
    faults.fail("INSERT INTO actions", LOCKED, times=1)
    with caplog.at_level(logging.WARNING, logger="bot.services.timers"):
        assert await bot.services.timers.fire_due(now) == 0
    kept = next(t for t in await store.timers.of_game(game_id) if t.id == timeout.id)
    assert kept.payload == {**timeout.payload, "attempt": 1}
    assert now < kept.due_at <= now + dt.timedelta(minutes=1)  # retried soon, not dropped
    assert (await store.game_info(game_id)).version == 0
    assert any(r.levelno == logging.WARNING and "busy" in r.getMessage() for r in caplog.records)
    new_text = "\n".join(str(m["content"]) for m in thread.sent[sent:])
    assert "same moment" not in new_text and "time ran out" not in new_text
    # Still locked at the retry: kept again, with a longer back-off.
    faults.fail("INSERT INTO actions", LOCKED, times=1)
    assert await bot.services.timers.fire_due(now + dt.timedelta(minutes=1)) == 0
    kept = next(t for t in await store.timers.of_game(game_id) if t.id == timeout.id)
    assert kept.payload["attempt"] == 2
    assert kept.due_at == now + dt.timedelta(minutes=1) + dt.timedelta(minutes=2)
    # The lock is gone by the next retry: the policy plays the turn.
    assert await bot.services.timers.fire_due(now + dt.timedelta(minutes=5)) == 1
    game = (await store.load_game(game_id)).game
    assert game.pending.active == 1 and [a["player"] for a in game.actions] == [0, 0]
    assert "time ran out" in all_text(thread) and "same moment" not in all_text(thread)
    # Bo's turn has its own timers; Ada's claimed one is gone.
    timers = await store.timers.of_game(game_id)
    assert {(t.seat, t.kind) for t in timers} == {(1, "reminder"), (1, "timeout")}


async def test_claiming_timers_on_a_locked_database_leaves_them_due(
    bot: Any, world: World, faults: Faults
) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, _ = await lobby(bot, world, [ada, bo], turn_hours=1.0)
    before = await bot.services.store.timers.of_game(game_id)
    faults.fail("UPDATE timers", LOCKED)
    assert await bot.services.timers.fire_due(utcnow() + dt.timedelta(hours=2)) == 0
    faults.clear()
    assert await bot.services.store.timers.of_game(game_id) == before
    assert await bot.services.timers.fire_due(utcnow() + dt.timedelta(hours=2)) == 1


async def test_a_locked_database_is_not_a_lost_race_for_the_player(
    bot: Any, world: World, faults: Faults
) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    x, y, r = (await bot.services.store.load_game(game_id)).game.legal_placements()[0]
    faults.fail("INSERT INTO actions", LOCKED)
    cog = bot.get_cog("Play")
    inter = interaction(bot, ada, thread)
    await invoke(cog.place, cog, inter, cell=f"{x},{y}", rotation=str(r))
    text = last_text(inter)
    assert "busy" in text and "nothing was changed" in text and "same moment" not in text
    assert (await bot.services.store.game_info(game_id)).version == 0


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ("database or disk is full", "storage is full"),
        ("attempt to write a readonly database", "read-only"),
        ("disk I/O error", "storage failed"),
    ],
)
async def test_store_faults_say_what_happened_and_change_nothing(
    bot: Any,
    world: World,
    faults: Faults,
    caplog: pytest.LogCaptureFixture,
    message: str,
    says: str,
) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo], expansions="bets")
    store = bot.services.store
    before = await store.export_record(game_id)
    x, y, r = (await store.load_game(game_id)).game.legal_placements()[0]
    faults.fail("INSERT INTO actions", message)
    cog = bot.get_cog("Play")
    inter = interaction(bot, ada, thread)
    with caplog.at_level(logging.INFO):
        await invoke(cog.place, cog, inter, cell=f"{x},{y}", rotation=str(r))
    text = last_text(inter)
    assert says in text and "Nothing was changed" in text and "try again later" in text
    assert "Something went wrong" not in text
    assert await store.export_record(game_id) == before
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING and r.exc_info]
    assert warned and message in str(warned[0].exc_info[1].__cause__)  # type: ignore[index]
    # Never hidden things in the log: no chip face, at any level.
    assert not any("|" in r.getMessage() for r in caplog.records)
    faults.clear()
    retry = interaction(bot, ada, thread)
    await invoke(cog.place, cog, retry, cell=f"{x},{y}", rotation=str(r))
    assert (await store.game_info(game_id)).version == 1


async def test_a_fault_after_the_action_is_stored_is_finished_later(
    bot: Any, world: World, faults: Faults
) -> None:
    """The action is saved: the player is not told "nothing was changed";
    the timers that could not be set are set by the scheduler's next tick."""
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo], turn_hours=1.0)
    store = bot.services.store
    x, y, r = (await store.load_game(game_id)).game.legal_placements()[0]
    cog = bot.get_cog("Play")
    await invoke(cog.place, cog, interaction(bot, ada, thread), cell=f"{x},{y}", rotation=str(r))
    faults.fail("INSERT INTO timers", "database or disk is full")
    done = interaction(bot, ada, thread)
    await invoke(cog.follower, cog, done, location="none")
    assert "No follower this turn." in last_text(done) and "could not" not in last_text(done)
    assert (await store.game_info(game_id)).version == 2
    assert game_id in bot.services.turns.followups
    assert {t.seat for t in await store.timers.of_game(game_id)} <= {0}
    assert bot.services.turns.followups[game_id].announced  # Bo was pinged already
    pings = all_text(thread).count("<@2>")
    assert pings == 1
    faults.clear()
    await bot.scheduler.tick()
    assert game_id not in bot.services.turns.followups
    timers = await store.timers.of_game(game_id)
    assert {(t.seat, t.kind) for t in timers} == {(1, "reminder"), (1, "timeout")}
    assert all_text(thread).count("<@2>") == pings  # nothing announced twice
