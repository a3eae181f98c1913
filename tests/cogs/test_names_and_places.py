"""Names cannot ping or format (issue 18 item 4) and a game is seen and
played only from its own server and by its players in DMs (item 8)."""

from __future__ import annotations

from typing import Any

import discord

from tests.cogs.helpers import lobby
from tests.fakes.interactions import (
    GUILD,
    World,
    all_text,
    click,
    custom_ids,
    drain,
    interaction,
    invoke,
    last_text,
)

EVIL = "@everyone **Bo** <@&77> @here"
OTHER_GUILD = 999


def allows_no_mention(mentions: Any) -> bool:
    none = discord.AllowedMentions.none().to_dict()
    return isinstance(mentions, discord.AllowedMentions) and mentions.to_dict() == none


def pings_nobody(mentions: Any) -> bool:
    return (
        isinstance(mentions, discord.AllowedMentions)
        and mentions.everyone is False
        and mentions.roles is False
    )


async def test_names_never_ping_and_never_format(bot: Any, world: World) -> None:
    default = bot.allowed_mentions
    assert default is not None and (default.everyone, default.users, default.roles) == (
        False,
        False,
        False,
    )
    ada, evil = world.user(1, "Ada"), world.user(2, EVIL, dm_ok=False)
    _, thread = await lobby(bot, world, [ada, evil], expansions="bets")

    # The lobby message and its edits: the name escaped, nobody pinged.
    sent = world.channel.sent[-1]
    assert allows_no_mention(sent["allowed_mentions"])
    edits = [kwargs for _, kwargs in world.channel.edits]
    joined = [kw for kw in edits if EVIL[:9] in str(kw["content"])]
    assert not joined  # the raw name never appears...
    contents = [str(kw["content"]) for kw in edits]
    assert any("@\u200beveryone \\*\\*Bo\\*\\* <@\u200b&77\\> @\u200bhere" in c for c in contents)
    assert all(allows_no_mention(kw["allowed_mentions"]) for kw in edits)
    # The first DM Discord refuses is told in the thread, the name escaped.
    info = next(i for i in await bot.services.store.list_active_games())
    await bot.services.announcer.dm_refused(info.id, 1)
    await drain(bot)

    # Thread posts ping only the seats they mean; names there are escaped too
    # ("I cannot send direct messages to ..." names the player).
    text = all_text(thread) + "\n" + "\n".join(str(m["content"]) for m in world.channel.sent)
    assert "@everyone" not in text and "@here" not in text and "<@&" not in text
    assert "cannot send direct messages to @\u200beveryone \\*\\*Bo\\*\\*" in text
    for message in thread.sent:
        allowed = message["allowed_mentions"]
        assert pings_nobody(allowed)
        assert allowed.users is False or {u.id for u in allowed.users} <= {1, 2}

    # A public /league create echoes the league name escaped, pinging nobody.
    league = bot.get_cog("LeagueCog")
    inter = interaction(bot, ada, world.channel)
    await invoke(league.create, league, inter, name="@here _x_")
    answer = inter.sent[-1]
    assert answer["ephemeral"] is False
    assert allows_no_mention(answer["allowed_mentions"])
    assert "**@\u200bhere \\_x\\_**" in answer["content"] and "@here" not in answer["content"]


async def _board(bot: Any, user: Any, channel: Any, game: int | None, guild: int | None) -> Any:
    cog = bot.get_cog("Play")
    inter = interaction(bot, user, channel, guild_id=guild)
    await invoke(cog.board, cog, inter, game=game)
    return inter


async def test_a_game_is_seen_only_from_its_server_and_by_its_players_in_dms(
    bot: Any, world: World
) -> None:
    ada, bo, eve = world.user(1, "Ada"), world.user(2, "Bo"), world.user(3, "Eve")
    game_id, thread = await lobby(bot, world, [ada, bo])
    elsewhere = world.text_channel(555)
    hidden = f"There is no game #{game_id}."

    # From another server, for anyone (even a player), the game does not exist.
    for user in (eve, ada):
        inter = await _board(bot, user, elsewhere, game_id, OTHER_GUILD)
        assert last_text(inter) == hidden and "file" not in inter.sent[-1]
    cog = bot.get_cog("Play")
    score = interaction(bot, eve, elsewhere, guild_id=OTHER_GUILD)
    await invoke(cog.score, cog, score, game=game_id)
    assert last_text(score) == hidden
    # Nor in DMs for someone who does not play it.
    inter = await _board(bot, eve, elsewhere, game_id, None)
    assert last_text(inter) == hidden
    # Its players read it from DMs; anyone reads the public board in its server.
    inter = await _board(bot, ada, elsewhere, game_id, None)
    assert "file" in inter.sent[-1] and f"Game #{game_id}" in last_text(inter)
    inter = await _board(bot, ada, elsewhere, None, None)  # her only game
    assert "file" in inter.sent[-1]
    inter = await _board(bot, eve, thread, game_id, GUILD)
    assert "file" in inter.sent[-1]

    # Its buttons from another server do nothing.
    info = await bot.services.store.game_info(game_id)
    x, y, r = (await bot.services.store.load_game(game_id)).game.legal_placements()[0]
    rotate = f"carc:p:{game_id}:{info.version}:rot:{x},{y},{r}"
    refused = await click(bot, ada, elsewhere, rotate, guild_id=OTHER_GUILD)
    assert last_text(refused) == hidden
    turn = await click(bot, ada, elsewhere, f"carc:g:{game_id}:turn", guild_id=OTHER_GUILD)
    assert last_text(turn) == hidden and not custom_ids(turn.sent[-1].get("view"))
    assert (await bot.services.store.game_info(game_id)).version == 0
    # Autocomplete from there offers nothing.
    ac = interaction(bot, ada, elsewhere, guild_id=OTHER_GUILD, namespace={"game": game_id})
    assert await cog.place_cell(ac, "") == []
    # In DMs the player's panel works (questions are asked there).
    opened = await click(bot, ada, elsewhere, f"carc:g:{game_id}:turn", guild_id=None)
    assert any(":cell:" in i for i in custom_ids(opened.sent[-1]["view"]))


async def test_a_lobby_is_joined_only_from_its_own_server(bot: Any, world: World) -> None:
    ada, eve = world.user(1, "Ada"), world.user(3, "Eve")
    cog = bot.get_cog("Lobby")
    await invoke(cog.new, cog, interaction(bot, ada, world.channel), expansions="-")
    game_id = int(custom_ids(world.channel.sent[-1]["view"])[0].split(":")[2])
    elsewhere = world.text_channel(556)
    for guild in (OTHER_GUILD, None):
        refused = await click(bot, eve, elsewhere, f"carc:lobby:{game_id}:join", guild_id=guild)
        assert last_text(refused) == f"There is no game #{game_id}."
    assert [s.display_name for s in (await bot.services.store.game_info(game_id)).seats] == ["Ada"]
    joined = await click(bot, eve, world.channel, f"carc:lobby:{game_id}:join")
    assert "joined" in last_text(joined)
