"""Slash commands with options and autocomplete through the real client:
the options are resolved against the definitions the bot synced."""

from __future__ import annotations

import pytest

from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness, MemberError
from tests.e2e.table import open_table


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.1  # commands, not rate limits, are tested here


async def test_place_with_autocomplete_then_follower(harness: Harness) -> None:
    ada, bo = harness.member("Ada"), harness.member("Bo")
    table = await open_table(
        harness, [ada, bo], seed=4, decks={"tiles": shuffled(4, "tiles", base_bag())[:3]}
    )
    thread = table.thread_id
    cells = await ada.autocomplete("place", "cell", channel=thread)
    assert 1 <= len(cells) <= 25
    cell = cells[0]["value"]
    rotations = await ada.autocomplete("place", "rotation", channel=thread, cell=cell)
    assert rotations
    before = (await game_state(harness.bot.database_url, table.game_id)).info.version
    out = await ada.slash("place", channel=thread, cell=cell, rotation=rotations[0]["value"])
    assert out.reply is not None and out.reply.visible_to == ada.id
    assert (await game_state(harness.bot.database_url, table.game_id)).info.version == before + 1
    followers = await ada.autocomplete("follower", "location", channel=thread)
    assert followers
    await ada.slash("follower", channel=thread, location=followers[-1]["value"])
    assert (await game_state(harness.bot.database_url, table.game_id)).info.version == before + 2


async def test_options_are_checked_like_the_client_does(harness: Harness) -> None:
    ada = harness.member("Ada")
    offered = await ada.autocomplete("carcassonne new", "expansions")
    assert 1 <= len(offered) <= 25
    with pytest.raises(MemberError, match="not one of"):
        await ada.slash("carcassonne new", on_timeout="nothing")
    with pytest.raises(MemberError, match="out of range"):
        await ada.slash("carcassonne new", turn_hours=1000)
    with pytest.raises(MemberError, match="no option"):
        await ada.slash("carcassonne new", colour="red")
    with pytest.raises(MemberError, match="no synced command"):
        await ada.slash("chess")
