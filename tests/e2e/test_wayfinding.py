"""Finding one's way through the real client (issues 16 and 13): /games, the
``game`` option's autocomplete, commands in a game's thread (spectators
too), /help, /rules, and the lobby: removing a seat, no time limit, the
Start button, cancel and resign confirmations, a league game that cannot
be cancelled, lobby expiry, and the game thread's name (its archiving:
test_wayfinding_threads.py)."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import update

from db import Database
from db.models import Timer
from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness, Member, Outcome
from tests.e2e.table import LOBBY_ID, lobby_button, open_table
from tests.e2e.world import Message, iter_components

PRIMARY, DANGER = 1, 4
SELECT = 3


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.1  # commands, not rate limits, are tested here


@pytest.fixture
async def bot(
    fake: FakeDiscord, tmp_path: Path, sqlite_template: Path
) -> AsyncIterator[BotProcess]:
    # Timers polled often, so that an expired lobby closes within the test.
    process = BotProcess(fake, tmp_path, sqlite_template, TIMER_POLL_SECONDS="0.2")
    await process.start()
    yield process
    await process.stop()


def deck(n: int, seed: int = 4) -> dict[str, list[str]]:
    return {"tiles": shuffled(seed, "tiles", base_bag())[:n]}


def reply_of(out: Outcome) -> Message:
    assert out.reply is not None, "no answer"
    return out.reply


def component(message: Message, custom_id: str) -> dict:  # type: ignore[type-arg]
    return next(c for c in iter_components(message.components) if c.get("custom_id") == custom_id)


async def new_lobby(harness: Harness, host: Member, **options: object) -> tuple[int, Message]:
    opened = await host.slash("carcassonne new", **options)
    lobby = next(m for m in opened.messages if not m.ephemeral and m.custom_ids())
    match = LOBBY_ID.match(lobby.custom_ids()[0])
    assert match is not None
    return int(match.group(1)), lobby


def as_before(message: Message, edits_back: int = 0) -> Message:
    """A message as a member still saw it earlier, with its components (an
    old client view): the last version that had them, or one before that."""
    versions = [v for v in message.versions if v["components"]]
    before = versions[-1 - edits_back]
    return Message(
        message.id,
        message.channel_id,
        message.author_id,
        content=before["content"],
        components=before["components"],
        flags=message.flags,
        visible_to=message.visible_to,
    )


async def until(check, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


# --- /games and the game option -----------------------------------------------------------------
async def test_games_lists_my_games_and_the_game_option_completes_them(harness: Harness) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    first = await open_table(harness, [ada, bo], seed=4, decks=deck(5))
    second = await open_table(harness, [bo, ada], seed=5, decks=deck(5, 5))
    lobby_id, _ = await new_lobby(harness, cy)

    listing = reply_of(await ada.slash("games"))
    assert listing.visible_to == ada.id
    text = listing.content
    assert f"#{first.game_id}" in text and f"#{second.game_id}" in text
    assert f"<#{first.thread_id}>" in text and f"<#{second.thread_id}>" in text
    assert "**your turn**" in text and "waiting for Bo" in text
    assert "left" in text or "no time limit" in text
    assert f"#{lobby_id}" not in text  # Cy's lobby is not Ada's
    assert f"#{lobby_id}" in reply_of(await cy.slash("games")).content

    # In the channel two games are running: the option lists them, by opponent too.
    offered = await ada.autocomplete("board", "game")
    assert {c["value"] for c in offered} == {first.game_id, second.game_id}
    assert all("vs Bo" in c["name"] for c in offered)
    assert offered[0]["value"] == first.game_id and "your turn" in offered[0]["name"]
    by_id = await ada.autocomplete("score", "game", str(second.game_id))
    assert [c["value"] for c in by_id] == [second.game_id]
    assert await ada.autocomplete("resign", "game", "nobody") == []
    lobby_games = await cy.autocomplete("carcassonne cancel", "game")
    assert [c["value"] for c in lobby_games] == [lobby_id] and "(lobby)" in lobby_games[0]["name"]

    # Without the option the channel is ambiguous; the answer points to both ways.
    ambiguous = (await ada.slash("board")).text
    assert "`game` option" in ambiguous and "/games" in ambiguous
    chosen = reply_of(await ada.slash("board", game=second.game_id))
    assert chosen.attachments and f"Game #{second.game_id}" in chosen.content
    # In a game's thread a command means that game.
    here = reply_of(await ada.slash("score", channel=second.thread_id))
    assert f"Game #{second.game_id}" in here.content


async def test_spectators_read_board_and_score_in_the_thread(harness: Harness) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    table = await open_table(harness, [ada, bo], expansions="gifts,bets,christmas", seed=4)
    board = reply_of(await cy.slash("board", channel=table.thread_id))
    assert board.visible_to == cy.id and board.attachments
    assert f"Game #{table.game_id}" in board.content and "Ada" in board.content
    score = reply_of(await cy.slash("score", channel=table.thread_id))
    assert f"Game #{table.game_id}: turn 1" in score.content
    for text in (board.content, score.content):
        assert "hand" not in text.lower() and "gift" not in text.lower()
    hand = await cy.slash("hand", channel=table.thread_id)
    assert "do not have a seat" in hand.text
    assert "not playing any game" in (await cy.slash("board")).text  # outside the thread


# --- /help and /rules -----------------------------------------------------------------------------
async def test_help_says_how_to_play_with_the_commands(harness: Harness) -> None:
    ada = harness.member("Ada")
    shown = reply_of(await ada.slash("help"))
    assert shown.visible_to == ada.id
    for command in ("/carcassonne new", "/turn", "/place", "/games", "/rules", "/resign", "/act"):
        assert command in shown.content, command
    for command in ("/gift", "/card", "/abbot"):  # from the adapters
        assert command in shown.content, command
    sections = [c for c in iter_components(shown.components) if c.get("type") == 2]
    assert [c["label"] for c in sections] == [
        "Base game",
        "The Gifts",
        "The Bets",
        "Christmas Present",
        "The River",
        "The Abbot",
    ]
    rules = await ada.click(shown, label="The Bets")
    assert "**The Bets** (1/3)" in reply_of(rules).content
    river = await ada.click(shown, label="The River")
    assert "**The River** (1/2)" in reply_of(river).content


async def test_rules_are_paged_and_explain_each_card(harness: Harness) -> None:
    ada = harness.member("Ada")
    first = reply_of(await ada.slash("rules"))
    assert first.visible_to == ada.id and first.content.startswith("**Base game** (1/")
    back = component(first, "carc:rules:base:0:p")
    assert back["disabled"] and not component(first, "carc:rules:base:1:n").get("disabled")
    second = reply_of(await ada.click(first, label="Next"))
    assert second.id == first.id and "**Base game** (2/" in second.content
    assert "Place your tile" in second.content
    xmas = reply_of(await ada.click(second, label="Christmas Present"))
    assert "**Christmas Present** (1/" in xmas.content and "abbey" in xmas.content
    pages = int(re.search(r"\(1/(\d+)\)", xmas.content).group(1))  # type: ignore[union-attr]
    shown = xmas
    for _ in range(pages - 1):
        shown = reply_of(await ada.click(shown, label="Next"))
    assert f"({pages}/{pages})" in shown.content and "Field tiebreak" in shown.content
    assert component(shown, f"carc:rules:christmas:{pages - 1}:n")["disabled"]

    cards = await ada.autocomplete("rules", "card", "lock", section="christmas")
    assert [c["name"] for c in cards] == ["Lock a monastery", "Lock a road", "Lock a city"]
    one = reply_of(await ada.slash("rules", section="christmas", card=cards[2]["value"]))
    assert "**Lock a city** (roadside attack, acts at once)" in one.content
    assert "Gift of points" not in one.content
    everything = await ada.slash("rules", card="Synod")  # typed in full, no section
    assert "**Synod**" in everything.text and "monastery" in everything.text
    all_cards = reply_of(await ada.click(reply_of(everything), label="All cards"))
    assert "Road sweeper" in all_cards.content
    assert "no rules section or card" in (await ada.slash("rules", card="Chess")).text
    gifts = await ada.autocomplete("rules", "card", section="gifts")
    assert len(gifts) == 5


# --- the lobby ------------------------------------------------------------------------------
async def test_lobby_no_limit_remove_a_seat_start_and_thread(harness: Harness) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    offered = await ada.autocomplete("carcassonne new", "turn_hours")
    hours = {h["name"]: h["value"] for h in offered}
    assert offered[0]["name"] == "No time limit" and hours["No time limit"] == 0
    assert hours["24 hours per turn"] == 24 and hours["7 days per turn"] == 168
    typed = await ada.autocomplete("carcassonne new", "turn_hours", "5")
    assert typed[0]["name"] == "5 hours per turn" and typed[0]["value"] == 5
    game_id, lobby = await new_lobby(harness, ada, turn_hours=0)
    assert "no turn limit" in lobby.content and "The lobby closes <t:" in lobby.content
    start = component(lobby, lobby_button(lobby, "start"))
    assert start["style"] == PRIMARY
    thread = harness.fake.world.channels[lobby.id]
    assert thread.name == f"Carcassonne #{game_id}: Ada"
    assert thread.auto_archive_duration == 10080

    await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    await cy.click(lobby, custom_id=lobby_button(lobby, "join"))
    add_ai = component(lobby, f"carc:lobby:{game_id}:add-ai")
    assert [o["label"] for o in add_ai["options"]] == ["easy", "normal (default)", "hard"]
    assert add_ai["placeholder"] == "Add AI seat: choose its level"
    refused = await bo.select(lobby, ["hard"], custom_id=add_ai["custom_id"])
    assert "Only the host" in refused.text
    added = await ada.select(lobby, ["hard"], custom_id=add_ai["custom_id"])
    assert "AI 1 (hard) added" in added.text.replace("\\", "")  # names are escaped
    assert "4. AI 1 (hard) (AI)" in lobby.content.replace("\\", "")
    assert "Stand-in for a player who runs out of time or resigns: the AI (normal)." in (
        lobby.content.replace("\\", "")
    )
    remove = f"carc:lobby:{game_id}:remove"
    select = component(lobby, remove)
    assert select["type"] == SELECT
    assert [o["label"] for o in select["options"]] == [
        "Remove 2. Bo",
        "Remove 3. Cy",
        "Remove 4. AI 1 (hard)",
    ]
    cy_value = select["options"][1]["value"]
    refused = await bo.select(lobby, [cy_value], custom_id=remove)
    assert "Only the host" in refused.text
    removed = await ada.select(lobby, [cy_value], custom_id=remove)
    assert "Cy no longer has a seat" in removed.text
    assert "Cy" not in lobby.content and "Bo" in lobby.content
    stale = await ada.select(as_before(lobby, 1), [cy_value], custom_id=remove)
    assert "no longer in lobby" in stale.text  # an old select: nothing else removed
    await ada.select(lobby, [select["options"][2]["value"]], custom_id=remove)
    assert "AI 1" not in lobby.content
    assert [o["label"] for o in component(lobby, remove)["options"]] == ["Remove 2. Bo"]

    started = await ada.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert "started" in started.text
    assert thread.name == f"Carcassonne #{game_id}: Ada, Bo"
    assert not lobby.custom_ids()  # the lobby message lost its components
    state = await game_state(harness.bot.database_url, game_id)
    assert state.info.turn_timeout_seconds is None


async def test_cancel_asks_first_and_is_announced_in_the_thread(harness: Harness) -> None:
    ada, bo = harness.member("Ada"), harness.member("Bo")
    game_id, lobby = await new_lobby(harness, ada)
    await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    thread = harness.fake.world.channels[lobby.id]
    refused = await bo.slash("carcassonne cancel", channel=thread.id)
    assert "Only the host" in refused.text
    asked = reply_of(await ada.slash("carcassonne cancel", channel=thread.id))
    assert asked.visible_to == ada.id and f"Cancel lobby #{game_id}?" in asked.content
    cancel = component(asked, f"carc:confirm:{game_id}:cancel")
    assert cancel["style"] == DANGER and cancel["label"] == "Cancel the game"
    kept = reply_of(await ada.click(asked, label="Keep playing"))
    assert "Nothing changed" in kept.content and not kept.custom_ids()
    assert (await game_state_info(harness, game_id)).status == "lobby"

    asked = reply_of(await ada.slash("carcassonne cancel", channel=thread.id))
    done = reply_of(await ada.click(asked, label="Cancel the game"))
    assert f"Game #{game_id} cancelled" in done.content
    notices = [m.content for m in bo.channel_messages(thread.id)]
    assert f"Game #{game_id} was cancelled by its host, Ada." in notices
    assert "Cancelled." in lobby.content and not lobby.custom_ids()
    assert thread.archived  # the game is over: its thread is archived
    late = await ada.click(as_before(asked), label="Cancel the game")
    assert "is over" in late.text


async def game_state_info(harness: Harness, game_id: int):  # type: ignore[no-untyped-def]
    from db import GameService

    database = Database(harness.bot.database_url)
    try:
        return await GameService(database).game_info(game_id)
    finally:
        await database.dispose()


async def test_resign_asks_first(harness: Harness) -> None:
    ada, bo, cy = harness.member("Ada"), harness.member("Bo"), harness.member("Cy")
    table = await open_table(harness, [ada, bo, cy], seed=4, decks=deck(8))
    asked = reply_of(await bo.slash("resign", channel=table.thread_id))
    assert f"Resign from game #{table.game_id}?" in asked.content
    assert "league" not in asked.content
    assert not any("resigned" in m.content for m in ada.channel_messages(table.thread_id))
    done = reply_of(await bo.click(asked, label="Resign"))
    assert f"You resigned from game #{table.game_id}" in done.content
    assert any("Bo resigned" in m.content for m in ada.channel_messages(table.thread_id))
    again = await bo.slash("resign", channel=table.thread_id)
    assert "already resigned" in again.text


async def test_a_started_league_game_cannot_be_cancelled(harness: Harness) -> None:
    ada, bo = harness.member("Ada", admin=True), harness.member("Bo")
    await ada.slash("league-admin create", name="Sunday")
    await bo.slash("league join", name="Sunday")
    game_id, lobby = await new_lobby(harness, ada, league="Sunday")
    await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    await ada.click(lobby, custom_id=lobby_button(lobby, "start"))
    refused = await ada.slash("carcassonne cancel", game=game_id)
    assert "counts in a league" in refused.text and "/resign" in refused.text
    assert (await game_state_info(harness, game_id)).status == "active"
    asked = reply_of(await ada.slash("resign", game=game_id))
    assert "counts as a loss" in asked.content


async def test_a_lobby_nobody_starts_closes_with_a_notice(harness: Harness) -> None:
    ada, bo = harness.member("Ada"), harness.member("Bo")
    game_id, lobby = await new_lobby(harness, ada)
    await bo.click(lobby, custom_id=lobby_button(lobby, "join"))
    thread = harness.fake.world.channels[lobby.id]
    # A day later: the expiry timer is due (moved back rather than waiting a day).
    database = Database(harness.bot.database_url)
    try:
        async with database.write() as session:
            moved = await session.execute(
                update(Timer)
                .where(Timer.game_id == game_id, Timer.kind == "lobby-expiry")
                .values(due_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1))
            )
            assert moved.rowcount == 1  # type: ignore[attr-defined]
    finally:
        await database.dispose()
    notice = f"Lobby #{game_id} closed: nobody started it within 24 hours."

    await until(lambda: any(notice in m.content for m in bo.channel_messages(thread.id)))
    await until(lambda: thread.archived)
    assert "Closed: nobody started it in time." in lobby.content and not lobby.custom_ids()
    late = await bo.click(as_before(lobby), custom_id=f"carc:lobby:{game_id}:join")
    assert "abandoned" in late.text
