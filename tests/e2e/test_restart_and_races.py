"""A restart in the middle of a game (SIGKILL), two members pressing the same
button at once, and a double click."""

from __future__ import annotations

import asyncio

import pytest

from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness
from tests.e2e.player import Player, role
from tests.e2e.table import Table, open_table, play_table
from tests.e2e.world import Message

SHORT = shuffled(3, "tiles", base_bag())[:6]


@pytest.fixture
def rate_limit_scale() -> float:
    """Restarts and races, not rate limits, are tested here: 1/10 of Discord's windows."""
    return 0.1


async def two_players(harness: Harness) -> Table:
    ada, bo = harness.member("Ada"), harness.member("Bo")
    return await open_table(harness, [ada, bo], seed=3, decks={"tiles": SHORT})


async def version(harness: Harness, table: Table) -> int:
    return int((await game_state(harness.bot.database_url, table.game_id)).info.version)


async def test_restart_mid_game_keeps_the_old_buttons_working(harness: Harness) -> None:
    table = await two_players(harness)
    player = Player(table.players, {table.thread_id}, seed=5)
    for _ in range(6):
        assert await player.step()
    move = player.next_move()  # a component the old process posted
    assert move is not None
    puts_before = sum(1 for c in harness.fake.calls if c.method == "PUT")

    await harness.bot.kill()
    assert not harness.bot.running and not harness.fake.sessions
    await harness.bot.start()
    assert harness.fake.identifies == 2
    # The command definitions did not change: no second sync (the fake keeps them).
    assert sum(1 for c in harness.fake.calls if c.method == "PUT") == puts_before

    before = await version(harness, table)
    outcome = await player.make(move)
    assert outcome.inter.acked and outcome.reply is not None
    if move.values is None and "turn" not in (move.component.get("custom_id") or ""):
        assert await version(harness, table) > before  # the old button acted on the game
    log = await play_table(harness, table, seed=6)
    assert log.finished


async def test_killed_while_handling_a_click(harness: Harness) -> None:
    """SIGKILL after the bot read a click, before it answered: the member's
    click is lost (Discord would say the interaction failed), the game is as
    before or after the click, never in between, and play goes on."""
    table = await two_players(harness)
    player = Player(table.players, {table.thread_id}, seed=10)
    for _ in range(3):
        assert await player.step()
    move = player.next_move()
    assert move is not None
    data: dict[str, object] = {"custom_id": move.component["custom_id"]}
    data["component_type"] = move.component["type"]
    if move.values is not None:
        data["values"] = move.values
    inter, session, _ = await harness.fake.interact(
        move.member.id, move.message.channel_id, 3, data, message=move.message
    )
    assert session is not None
    while not inter.acked:  # it acknowledged the click: it is handling it now
        await asyncio.sleep(0.002)
    await harness.bot.kill()
    harness.fake.active.discard(inter.id)
    await harness.bot.start()
    log = await play_table(harness, table, seed=11)
    assert log.finished


def newest_mention(harness: Harness, table: Table, member_id: int) -> Message:
    mention = f"<@{member_id}>"
    found = [
        m
        for m in harness.fake.world.messages.values()
        if m.channel_id == table.thread_id and mention in m.content and m.components
    ]
    return max(found, key=lambda m: m.id)


async def test_two_members_press_the_same_button_at_once(harness: Harness) -> None:
    table = await two_players(harness)
    ada, bo = table.players
    ping = newest_mention(harness, table, ada.id)  # Ada's turn, seen by both
    button = next(c for c in ping.custom_ids() if role({"type": 2, "custom_id": c}) == "progress")
    a, b = await asyncio.gather(ada.click(ping, custom_id=button), bo.click(ping, custom_id=button))
    for outcome in (a, b):
        assert len(outcome.inter.acks) == 1 and outcome.reply is not None
    # Ada got choices to play; Bo got an answer too, but nothing to press that moves the game.
    assert Player([ada], set()).progress(a.reply)  # type: ignore[arg-type]
    assert not Player([bo], set()).progress(b.reply)  # type: ignore[arg-type]
    log = await play_table(harness, table, seed=7)
    assert log.finished


async def test_a_double_click_applies_once(harness: Harness) -> None:
    table = await two_players(harness)
    player = Player(table.players, {table.thread_id}, seed=8)
    # Play until a surface offers a button that acts on the game (a rotation, a follower...).
    for _ in range(20):
        move = player.next_move()
        assert move is not None
        if move.values is None and ":p:" in (move.component.get("custom_id") or ""):
            break
        await player.make(move)
    else:
        raise AssertionError("no panel button came up")
    before = await version(harness, table)
    cid = move.component["custom_id"]
    first, second = await asyncio.gather(
        move.member.click(move.message, custom_id=cid),
        move.member.click(move.message, custom_id=cid),
    )
    assert await version(harness, table) == before + 1  # applied once
    for outcome in (first, second):
        assert len(outcome.inter.acks) == 1 and outcome.reply is not None
    log = await play_table(harness, table, seed=9)
    assert log.finished
