"""Issue 32 through the real client: each server's defaults set by an admin
and applied to a new game; the admin-level commands reach Discord with
``default_member_permissions`` (and a member without the permission is not
offered them); private tables; the rematch; the quick start."""

from __future__ import annotations

import re

import pytest

from db import Database, GameService
from db.values import ACTIVE, LOBBY, GameInfo
from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.gamedb import deal, finished
from tests.e2e.members import Harness, Member, NotPermitted
from tests.e2e.player import Player
from tests.e2e.table import LOBBY_ID, Table, lobby_button, play_table
from tests.e2e.world import Message, P, iter_components

MANAGE_GUILD = str(P.MANAGE_GUILD)


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.1  # tables and settings, not rate limits, are tested here


async def info_of(harness: Harness, game_id: int) -> GameInfo:
    database = Database(harness.bot.database_url)
    try:
        return await GameService(database).game_info(game_id)
    finally:
        await database.dispose()


def lobby_of(messages: list[Message]) -> tuple[Message, int]:
    lobby = next(
        m
        for m in messages
        if not m.ephemeral and m.custom_ids() and LOBBY_ID.match(m.custom_ids()[0])
    )
    match = LOBBY_ID.match(lobby.custom_ids()[0])
    assert match is not None
    return lobby, int(match.group(1))


@pytest.mark.smoke
async def test_admin_commands_need_manage_server_and_server_defaults_apply(
    harness: Harness,
) -> None:
    fake = harness.fake
    for name in ("server-settings", "league-admin"):
        command = fake.command(name, fake.guild.id)
        assert command is not None and command["default_member_permissions"] == MANAGE_GUILD
    for name in ("carcassonne", "league", "settings", "help"):
        command = fake.command(name, fake.guild.id)
        assert command is not None and command["default_member_permissions"] is None
    ada, mo = harness.member("Ada"), harness.member("Mo", admin=True)
    # Discord offers Ada neither command: she cannot change the settings.
    with pytest.raises(NotPermitted):
        await ada.slash("server-settings")
    with pytest.raises(NotPermitted):
        await ada.slash("league-admin create", name="Sunday")
    assert "/server-settings" not in (await ada.slash("help")).text
    assert "/server-settings" in (await mo.slash("help")).text

    panel = (await mo.slash("server-settings")).reply
    assert panel is not None and panel.visible_to == mo.id
    assert "Turn time limit: **2 days** (the bot's default)" in panel.content
    shown = await mo.select(panel, ["6"], custom_id="carc:srv:limit")
    assert shown.reply is not None
    shown = await mo.select(shown.reply, ["remind"], custom_id="carc:srv:policy")
    assert shown.reply is not None
    shown = await mo.select(shown.reply, ["fr"], custom_id="carc:srv:language")
    assert shown.reply is not None
    text = shown.reply.content
    assert "Turn time limit: **6 hours** (this server's)" in text
    assert "Language of the games: **Français** (this server's)" in text

    # A new game takes them, and its host is told which defaults applied.
    out = await ada.slash("carcassonne new")
    said = out.text
    assert "Defaults used: turn limit 6 hours (this server's)" in said, said
    assert "language Français (this server's)" in said and "reminders every 12 hours" in said
    lobby, game_id = lobby_of(out.messages)
    info = await info_of(harness, game_id)
    assert (info.turn_timeout_seconds, info.timeout_policy) == (6 * 3600, "remind")
    assert info.options["locale"] == "fr"
    assert "Places :" in lobby.content  # the lobby speaks the server's language
    # The admin's league command works for the admin.
    made = await mo.slash("league-admin create", name="Sunday")
    assert "Sunday" in made.text


async def test_an_uninvited_member_cannot_take_a_reserved_seat(harness: Harness) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    out = await ada.slash("carcassonne new", invite1=bo, private=True)
    lobby, game_id = lobby_of(out.messages)
    assert f"Seats kept for: {bo.mention}" in lobby.content
    assert "Private lobby: only invited players may join." in lobby.content
    assert lobby.mentions == []  # the lobby pings nobody
    # Bo is told once, with a ping in the game's thread.
    told = [m for m in bo.pings() if "keeps you a seat" in m.content]
    assert len(told) == 1 and f"game #{game_id}" in told[0].content
    refused = await cy.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert refused.reply is not None and refused.reply.visible_to == cy.id
    assert "private lobby: only the players its host invited may join" in refused.text
    assert [s.user_id for s in (await info_of(harness, game_id)).seats] == [ada.id]
    joined = await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert "You joined" in joined.text
    seats = (await info_of(harness, game_id)).seats
    assert [s.user_id for s in seats] == [ada.id, bo.id]


async def test_the_host_withdraws_an_invitation_from_the_lobby_select(harness: Harness) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    out = await ada.slash("carcassonne new", invite1=bo, invite2=cy, private=True)
    lobby, game_id = lobby_of(out.messages)
    assert f"Seats kept for: {bo.mention}, {cy.mention}" in lobby.content
    remove = f"carc:lobby:{game_id}:remove"
    offered = next(c for c in iter_components(lobby.components) if c.get("custom_id") == remove)
    labels = {o["value"]: o["label"] for o in offered["options"]}
    assert labels == {
        f"i{bo.id}": "Withdraw the invitation: Bo",
        f"i{cy.id}": "Withdraw the invitation: Cy",
    }
    assert offered["placeholder"] == "Remove a seat or an invitation (host only)"
    refused = await bo.select(lobby, [f"i{cy.id}"], custom_id=remove)
    assert "host" in refused.text and refused.reply is not None
    assert refused.reply.visible_to == bo.id
    done = await ada.select(lobby, [f"i{cy.id}"], custom_id=remove)
    assert done.reply is not None and done.reply.visible_to == ada.id
    assert "Cy is no longer invited." in done.text
    assert f"Seats kept for: {bo.mention}" in lobby.content and cy.mention not in lobby.content
    # A private table: without an invitation Cy may not sit down; Bo still may.
    no = await cy.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert "private lobby" in no.text
    await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert [s.user_id for s in (await info_of(harness, game_id)).seats] == [ada.id, bo.id]


async def _league(harness: Harness, mo: Member, players: list[Member]) -> None:
    await mo.slash("league-admin create", name="Sunday")
    for p in players:
        await p.slash("league join", name="Sunday")
    await mo.slash("league-admin season start", name="Sunday", season="S1")


async def test_a_rematch_lobby_has_the_same_players_options_and_league(
    harness: Harness,
) -> None:
    ada, bo, mo = harness.member("Ada"), harness.member("Bo"), harness.member("Mo", admin=True)
    await _league(harness, mo, [ada, bo])
    out = await ada.slash(
        "carcassonne new", league="Sunday", turn_hours=5, on_timeout="skip", language="nl"
    )
    lobby, game_id = lobby_of(out.messages)
    await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    await deal(
        harness.bot.database_url,
        game_id,
        seed=4,
        decks={"tiles": shuffled(4, "tiles", base_bag())[:3]},
    )
    await ada.click(lobby, custom_id=lobby_button(lobby, "start"))
    old = await info_of(harness, game_id)
    await play_table(harness, Table(game_id, old.thread_id or 0, lobby, ada, [ada, bo]))
    assert await finished(harness.bot.database_url, game_id)
    await harness.bot.idle(drained=True)
    final = next(
        m
        for m in bo.channel_messages(old.thread_id or 0)
        if f"carc:g:{game_id}:rematch" in m.custom_ids()
    )
    asked = await bo.click(final, custom_id=f"carc:g:{game_id}:rematch")
    assert "Rematch: lobby #" in asked.text and asked.reply is not None
    again, new_id = lobby_of(asked.messages)
    assert again.channel_id == lobby.channel_id  # where the game was opened
    info = await info_of(harness, new_id)
    assert info.status == LOBBY and info.host_id == bo.id
    assert info.options["invited"] == [ada.id]
    assert (info.turn_timeout_seconds, info.timeout_policy) == (old.turn_timeout_seconds, "skip")
    assert info.league_id == old.league_id is not None
    assert info.options["locale"] == "nl" and info.expansions == old.expansions
    assert f"Revanche van spel #{game_id}" in again.content and ada.mention in again.content
    assert [m for m in ada.pings() if f"#{new_id}" in m.content]  # Ada is invited
    await ada.click(again, custom_id=lobby_button(again, "join"))
    started = await bo.click(again, custom_id=lobby_button(again, "start"))
    assert "gestart" in started.text or "started" in started.text
    seats = (await info_of(harness, new_id)).seats
    assert [s.user_id for s in seats] == [bo.id, ada.id]  # the first seat moved on


async def test_the_quick_start_is_playable_at_once(harness: Harness) -> None:
    ada = harness.member("Ada")
    help_reply = (await ada.slash("help")).reply
    assert help_reply is not None and "carc:quick" in help_reply.custom_ids()
    out = await ada.select(help_reply, ["2"], custom_id="carc:quick")
    said = re.search(r"Game #(\d+) against the AI has started in <#\d+>", out.text)
    assert said is not None, out.text
    game_id = int(said.group(1))
    opened = next(m for m in out.messages if not m.ephemeral and f"#{game_id}" in m.content)
    assert "Started" in opened.content  # the lobby message: nothing to manage
    info = await info_of(harness, game_id)
    assert info.status == ACTIVE and info.league_id is None
    assert [s.is_ai for s in info.seats] == [False, True, True]
    thread = info.thread_id
    assert thread is not None and thread != info.channel_id  # a thread of its own
    # Ada's turn is waiting for her: the player plays the game to its end.
    url = harness.bot.database_url

    async def done() -> bool:
        return await finished(url, game_id)

    log = await Player([ada], {thread}, seed=1, done=done).play()
    assert await finished(url, game_id) and log.moves
    # The command does the same.
    again = await ada.slash("carcassonne quick", opponents=1)
    assert "against the AI has started" in again.text
