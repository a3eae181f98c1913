"""Components and commands under pressure: simultaneous clicks, DM failures,
restarts, timers, undo, expected Discord errors and the error handler."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from unittest.mock import AsyncMock

import discord

from bot.services import Caller
from bot.ui import funnel
from bot.ui.thread import ThreadButton
from db.values import utcnow
from engine.ai import AI
from tests.cogs.helpers import lobby, step
from tests.fakes.interactions import (
    DYNAMIC_ITEMS,
    GUILD,
    World,
    all_text,
    click,
    custom_ids,
    forbidden,
    interaction,
    invoke,
    last_text,
    make_bot,
    not_found_interaction,
    registered_templates,
)


async def _state(bot, game_id):
    loaded = await bot.services.store.load_game(game_id)
    return loaded.info, loaded.game


async def test_two_players_click_at_once_only_one_action_applies(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    info, game = await _state(bot, game_id)
    x, y, r = game.legal_placements()[0]
    button = f"carc:p:{game_id}:{info.version}:rot:{x},{y},{r}"
    # Ada double-clicks and Bo presses the same (forwarded) panel button at once.
    clicks = await asyncio.gather(
        click(bot, ada, thread, button),
        click(bot, ada, thread, button),
        click(bot, bo, thread, button),
    )
    after, game = await _state(bot, game_id)
    assert after.version == info.version + 1
    assert [a["type"] for a in game.actions] == ["place"]
    notes = [last_text(c) for c in clicks]
    # The double click and the forwarded panel read plainly that the choice
    # is gone; never "someone acted at the same moment" for one's own click.
    assert sum("no longer open" in n for n in notes) == 2
    assert not any("same moment" in n for n in notes)
    # The loser's panel is refreshed: it offers the follower step now, not the stale cell.
    assert any(":fol:" in i for c in clicks[:2] for i in custom_ids(c.sent[-1]["view"]))


async def test_dm_failure_is_told_once_in_the_thread_and_hand_still_works(
    bot, world: World
) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo", dm_ok=False)
    services = bot.services
    host = Caller(1, guild_id=GUILD, channel_id=world.channel.id, name="Ada")
    # A bookmaker first: both players are asked to bet (T-2), Bo by DM first.
    info = await services.lobby.create(
        host, expansions=["bets"], decks={"tiles": ["BK1", "U", "V", "W", "U", "V"]}
    )
    await services.lobby.join(
        Caller(2, guild_id=GUILD, channel_id=world.channel.id, name="Bo"), info.id
    )
    await services.lobby.start(host, info.id)
    game_id, thread = info.id, world.channel
    users = {0: ada, 1: bo}
    await step(bot, game_id, users, thread, 0, panel=False)
    await step(bot, game_id, users, thread, 1, panel=False)
    text = all_text(thread)
    assert text.count("cannot send direct messages to Bo") == 1
    info, _ = await _state(bot, game_id)
    assert info.seats[1].dm_reachable is False and info.seats[0].dm_reachable is True
    # Bo is asked in the thread instead, with the button that answers privately.
    asked = next(m for m in thread.sent if "asks you" in str(m["content"]))
    assert "<@2>" in asked["content"] and f"carc:g:{game_id}:answer" in custom_ids(asked["view"])
    # Never the contents: no chip face in the thread.
    assert "2|3" not in text and "5|8+" not in text
    # Bo reads his chips through /hand.
    inter = interaction(bot, bo, thread)
    cog = bot.get_cog("Play")
    await invoke(cog.hand, cog, inter, game=None)
    assert "5|8+" in last_text(inter) and inter.sent[-1]["ephemeral"] is True
    # "Show my hand" button answers ephemerally too.
    shown = await click(bot, bo, thread, f"carc:g:{game_id}:hand")
    assert "Chips in supply" in last_text(shown) and shown.sent[-1]["ephemeral"] is True
    # Later questions are not retried by DM nor the refusal announced again.
    for n in range(2, 8):
        if (await _state(bot, game_id))[1].pending is None:
            break
        await step(bot, game_id, users, thread, n, panel=False)
    assert all_text(thread).count("cannot send direct messages") == 1


async def test_restart_mid_game_buttons_and_timers_survive(tmp_path: Path, world: World) -> None:
    db_file = tmp_path / "restart.sqlite3"
    first = await make_bot(db_file, world, reminder_hours=1.0)
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(first, world, [ada, bo], turn_hours=3.0, on_timeout="ai")
    for n in range(3):
        await step(first, game_id, {0: ada, 1: bo}, thread, n, panel=True)
    before, game = await _state(first, game_id)
    waiting = game.pending.players
    timers = await first.services.store.timers.of_game(game_id)
    assert {t.kind for t in timers} == {"reminder", "timeout"}
    take_turn = next(
        i for m in reversed(thread.sent) for i in custom_ids(m.get("view")) if i.endswith(":turn")
    )
    await first.close()

    # A new process: same database, fresh bot and caches.
    second = await make_bot(db_file, world, reminder_hours=1.0)
    try:
        assert {
            cls.__discord_ui_compiled_template__.pattern for cls in DYNAMIC_ITEMS
        } <= registered_templates(second)
        user = ada if waiting == (0,) else bo
        opened = await click(second, user, thread, take_turn)
        assert "choose a cell" in last_text(opened) or "follower" in last_text(opened)
        # The reminder is due first, then the turn limit: the AI plays the turn.
        sent = len(thread.sent)
        handled = await second.services.timers.fire_due(utcnow() + dt.timedelta(hours=4))
        assert handled == 2
        after, game = await _state(second, game_id)
        assert after.version > before.version
        assert game.pending.players != waiting or game.turns_played > 0
        new_text = "\n".join(str(m["content"]) for m in thread.sent[sent:])
        assert "is waiting for you" in new_text and "time ran out" in new_text
        # Fresh timers for the next player.
        assert {t.kind for t in await second.services.store.timers.of_game(game_id)} == {
            "reminder",
            "timeout",
        }
    finally:
        await second.close()


async def test_muted_reminders_are_not_sent(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo], reminder_hours=1.0)
    cog = bot.get_cog("Lobby")
    inter = interaction(bot, ada, thread)
    await invoke(cog.mute, cog, inter, muted=True, game=None)
    assert "muted" in last_text(inter)
    sent = len(thread.sent)
    assert await bot.services.timers.fire_due(utcnow() + dt.timedelta(hours=2)) == 1
    assert len(thread.sent) == sent  # Ada waits, muted: no ping
    # The reminder is rescheduled, not lost.
    assert [t.kind for t in await bot.services.store.timers.of_game(game_id)] == ["reminder"]


async def test_undo_within_own_turn_until_a_draw(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    users = {0: ada, 1: bo}
    await step(bot, game_id, users, thread, 0, panel=False)  # Ada places
    info, game = await _state(bot, game_id)
    assert game.pending.step == "follower"
    cog = bot.get_cog("Play")
    # Bo cannot undo Ada's choice.
    refused = interaction(bot, bo, thread)
    await invoke(cog.undo, cog, refused, game=None)
    assert "nothing to take back" in last_text(refused).lower()
    inter = interaction(bot, ada, thread)
    await invoke(cog.undo, cog, inter, game=None)
    after, game = await _state(bot, game_id)
    assert after.version == info.version - 1 and game.pending.step == "place"
    assert "took back" in all_text(thread).lower()
    # After the whole turn (the next tile is drawn) nothing can be taken back.
    await step(bot, game_id, users, thread, 1, panel=False)
    await step(bot, game_id, users, thread, 2, panel=False)
    late = interaction(bot, ada, thread)
    await invoke(cog.undo, cog, late, game=None)
    assert "nothing to take back" in last_text(late).lower()


async def test_undo_button_on_the_panel(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    await step(bot, game_id, {0: ada, 1: bo}, thread, 0, panel=True)
    info, _ = await _state(bot, game_id)
    undone = await click(bot, ada, thread, f"carc:p:{game_id}:{info.version}:undo:-")
    assert "Took back 1" in last_text(undone)
    assert any(":cell:" in i for i in custom_ids(undone.sent[-1]["view"]))


async def test_out_of_turn_player_gets_nothing_to_do(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    opened = await click(bot, bo, thread, f"carc:g:{game_id}:turn")
    assert "nothing to do for you now" in last_text(opened).lower()
    assert not any(":cell:" in i for i in custom_ids(opened.sent[-1]["view"]))


async def test_slash_command_with_an_illegal_value_is_refused_clearly(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    cog = bot.get_cog("Play")
    inter = interaction(bot, ada, thread)
    await invoke(cog.place, cog, inter, cell="40,40", rotation="0")
    assert "40,40" in last_text(inter)
    info, _ = await _state(bot, game_id)
    assert info.version == 0  # nothing changed
    bad = interaction(bot, ada, thread)
    await invoke(cog.place, cog, bad, cell="north", rotation="0")
    assert "x,y" in last_text(bad)


async def test_expired_interaction_and_unexpected_errors(bot, world: World, caplog) -> None:
    ada = world.user(1, "Ada")
    inter = interaction(bot, ada, world.channel)
    inter.response.defer = AsyncMock(side_effect=not_found_interaction())
    await ThreadButton(999, "hand").callback(inter)  # must not raise
    assert inter.followup.send.await_count == 0

    boom = interaction(bot, ada, world.channel)
    await funnel.handle(boom, RuntimeError("secret hand: synod"))
    assert "Something went wrong" in last_text(boom) and "synod" not in last_text(boom)
    assert bot.tree.on_error is funnel.handle

    answered = interaction(bot, ada, world.channel)
    await funnel.handle(answered, discord.InteractionResponded(answered))
    assert answered.sent == []


async def test_forbidden_dm_error_code(bot, world: World) -> None:
    from bot.services import Post
    from bot.ui.notifier import DiscordNotifier

    world.user(5, "Cy", dm_ok=False)
    refused = AsyncMock()
    notifier = DiscordNotifier(bot)
    # Sent after the handler's answer: the refusal comes back through the callback.
    assert await notifier.dm(5, Post("hi", refused=refused)) is True
    await notifier.drain()
    refused.assert_awaited_once()
    assert forbidden().code == 50007


async def test_several_games_in_one_channel(bot, world: World) -> None:
    ada, bo, cy = world.user(1, "Ada"), world.user(2, "Bo"), world.user(3, "Cy")
    g1, t1 = await lobby(bot, world, [ada, bo])
    g2, t2 = await lobby(bot, world, [cy, ada], ai_seats=1)
    assert g1 != g2 and t1 is not t2
    # Commands in a thread act on that thread's game.
    await step(bot, g2, {0: cy, 1: ada}, t2, 0, panel=False)
    assert (await bot.services.store.game_info(g2)).version >= 1
    assert (await bot.services.store.game_info(g1)).version == 0


async def test_lobby_rules(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    cog = bot.get_cog("Lobby")
    inter = interaction(bot, ada, world.channel)
    await invoke(cog.new, cog, inter, expansions="-")
    game_id = int(custom_ids(world.channel.sent[-1]["view"])[0].split(":")[2])
    alone = await click(bot, ada, world.channel, f"carc:lobby:{game_id}:start")
    assert "at least 2 players" in last_text(alone)  # B-1, in the reader's words
    await click(bot, bo, world.channel, f"carc:lobby:{game_id}:join")
    not_host = await click(bot, bo, world.channel, f"carc:lobby:{game_id}:start")
    assert "only the host" in last_text(not_host).lower()
    left = await click(bot, bo, world.channel, f"carc:lobby:{game_id}:leave")
    assert "left" in last_text(left)
    await click(bot, ada, world.channel, f"carc:lobby:{game_id}:ai")
    started = await click(bot, ada, world.channel, f"carc:lobby:{game_id}:start")
    assert "started" in last_text(started)
    # The lobby message was refreshed without buttons once started.
    assert world.channel.edits[-1][1]["view"] is None


async def test_record_is_refused_while_running(bot, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    cog = bot.get_cog("Lobby")
    inter = interaction(bot, ada, thread)
    await invoke(cog.record, cog, inter, game=game_id)
    assert "still active" in last_text(inter).lower()


async def test_resign_hands_the_seat_to_the_ai(bot, world: World) -> None:
    ada, bo, cy = world.user(1, "Ada"), world.user(2, "Bo"), world.user(3, "Cy")
    game_id, thread = await lobby(bot, world, [ada, bo, cy])
    cog = bot.get_cog("Play")
    inter = interaction(bot, ada, thread)
    await invoke(cog.resign, cog, inter, game=None)
    assert "Resign from game" in last_text(inter)  # asked first
    assert custom_ids(inter.sent[-1]["view"]) == [
        f"carc:confirm:{game_id}:resign",
        f"carc:confirm:{game_id}:keep",
    ]
    assert "resigned" not in all_text(thread)
    await click(bot, ada, thread, f"carc:confirm:{game_id}:resign")
    info, game = await _state(bot, game_id)
    assert "resigned" in all_text(thread)
    assert game.pending.active == 1  # the AI played Ada's turn
    assert info.status == "active"


def test_ai_choices_are_deterministic() -> None:
    assert AI(seed=1).seed == 1
