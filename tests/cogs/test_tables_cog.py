"""Issue 32 through the cogs: players invited at /carcassonne new (a bot is
refused by name and nothing is opened; a reserved seat is refused to others)."""

from __future__ import annotations

import pytest

from bot.errors import BadInvite
from tests.fakes.interactions import World, click, custom_ids, interaction, last_text


async def test_inviting_a_bot_is_refused_and_opens_nothing(bot, world: World) -> None:
    ada = world.user(1, "Ada")
    robot = world.user(2, "Robo*")
    robot.bot = True
    cog = bot.get_cog("Lobby")
    inter = interaction(bot, ada, world.channel)
    with pytest.raises(BadInvite) as err:
        await cog.new.callback(cog, inter, invite1=robot)
    assert err.value.fields["name"] == "Robo*"
    assert world.channel.sent == []
    assert await bot.services.store.list_games() == []


async def test_invited_players_have_their_seats_kept(bot, world: World) -> None:
    ada, bo, cy = world.user(1, "Ada"), world.user(2, "Bo"), world.user(3, "Cy")
    bo.bot = cy.bot = False
    cog = bot.get_cog("Lobby")
    inter = interaction(bot, ada, world.channel)
    await cog.new.callback(cog, inter, invite1=bo, private=True)
    assert "is open" in last_text(inter)
    lobby_message = world.channel.sent[-1]
    assert "Seats kept for: <@2>" in lobby_message["content"]
    game_id = int(custom_ids(lobby_message["view"])[0].split(":")[2])
    refused = await click(bot, cy, world.channel, f"carc:lobby:{game_id}:join")
    assert "private lobby" in last_text(refused)
    joined = await click(bot, bo, world.channel, f"carc:lobby:{game_id}:join")
    assert "joined" in last_text(joined)
