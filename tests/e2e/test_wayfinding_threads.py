"""A game's thread through the real client (issue 13): open while the game
runs (reopened when Discord archives it), archived when the game ends.

Discord allows two edits of a channel per ten minutes (the fake applies
it); the bot edits a thread at most once per window and lets a timer make
an edit that comes sooner. Here the fake's windows are 1/100 of Discord's
(6 s), and "ten minutes later" is the fake's window passing on its simulated
clock (tests/e2e/simclock.py) and the bot's record of its last edit moved
back ten minutes."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from sqlalchemy import update

from bot import options
from db import Database, GameService
from db.models import Timer
from tests.e2e.fake import GUILDS
from tests.e2e.members import Harness
from tests.e2e.table import open_table
from tests.e2e.test_wayfinding import bot, deck, until  # noqa: F401 (bot: timers polled often)

FAKE_WINDOW = 600 * 0.01  # the fake's channel-edit window at this scale, in seconds


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.01


async def ten_minutes_pass(harness: Harness, game_id: int) -> None:
    """The fake's window passes; the bot's record of its last edit moves back."""
    harness.fake.clock.skip(FAKE_WINDOW + 0.5, alone=True)
    database = Database(harness.bot.database_url)
    try:
        store = GameService(database)
        edited = (await store.game_info(game_id)).options[options.THREAD_EDITED]
        await store.update_options(game_id, **{options.THREAD_EDITED: int(edited) - 601})
        async with database.write() as session:
            await session.execute(
                update(Timer)
                .where(Timer.game_id == game_id, Timer.kind == "thread-sync")
                .values(due_at=dt.datetime.now(dt.UTC))
            )
    finally:
        await database.dispose()


def thread_edits(harness: Harness, thread_id: int) -> list[float]:
    """When the bot edited the thread (PATCH /channels/<thread>), on the fake's clock."""
    path = f"/channels/{thread_id}"
    return [c.clock for c in harness.fake.calls if c.method == "PATCH" and c.path.endswith(path)]


def no_wait_for_a_thread_edit(harness: Harness, thread_id: int) -> None:
    assert harness.fake.limits.waits == []
    edits = thread_edits(harness, thread_id)
    assert all(b - a >= FAKE_WINDOW for a, b in itertools.pairwise(edits))


async def test_the_thread_of_a_running_game_is_reopened(harness: Harness) -> None:
    ada = harness.member("Ada")
    table = await open_table(harness, [ada], ai_seats=1, seed=4, decks=deck(3))
    thread = harness.fake.world.channels[table.thread_id]
    assert thread.name == f"Carcassonne #{table.game_id}: Ada, AI 1 (normal)"
    assert thread.auto_archive_duration == 10080 and not thread.archived
    await ten_minutes_pass(harness, table.game_id)
    # Discord archives the thread anyway (a week without a message): the bot reopens it.
    thread.archived = True
    session = harness.fake.session_for(harness.fake.guild.id)
    assert session is not None
    await harness.fake.dispatch(
        "THREAD_UPDATE", thread.to_json(harness.fake.world), thread.guild_id, GUILDS
    )
    await harness.bot.idle(session.seq)
    assert not thread.archived
    no_wait_for_a_thread_edit(harness, thread.id)
    assert len(thread_edits(harness, thread.id)) == 2  # the name at the start, reopening


async def test_the_thread_is_archived_when_the_game_ends(harness: Harness) -> None:
    ada = harness.member("Ada")
    table = await open_table(harness, [ada], ai_seats=1, seed=4, decks=deck(1))
    thread = harness.fake.world.channels[table.thread_id]
    # The last tile: place it, no follower; the game is over.
    cells = await ada.autocomplete("place", "cell", channel=thread.id)
    cell = cells[0]["value"]
    rotations = await ada.autocomplete("place", "rotation", channel=thread.id, cell=cell)
    await ada.slash("place", channel=thread.id, cell=cell, rotation=rotations[0]["value"])
    ended = await ada.slash("follower", channel=thread.id, location="none")
    assert any("Game over" in m.content for m in ada.channel_messages(thread.id))
    # Minutes after the rename at the start: the archive waits for its timer
    # rather than hold the game until Discord's window has passed.
    assert ended.latency is not None and ended.latency < 5
    assert not thread.archived
    await ten_minutes_pass(harness, table.game_id)
    await until(lambda: thread.archived)
    no_wait_for_a_thread_edit(harness, thread.id)
    assert len(thread_edits(harness, thread.id)) == 2  # the name at the start, archiving
