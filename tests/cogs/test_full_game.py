"""A whole 3-player game with every expansion, played through the cog layer:
slash commands and panel clicks on fake interactions, the AI choosing."""

from __future__ import annotations

import re

import pytest

from bot.expansions import adapters
from engine.record import replay
from tests.cogs.helpers import lobby, play_to_end
from tests.fakes.interactions import World, all_text, interaction, record_of


@pytest.mark.slow  # a whole game through the cogs (make test plays one end to end)
async def test_three_players_every_expansion_start_to_finish(
    bot, world: World, fast_render: dict[str, int]
) -> None:
    users = [world.user(1, "Ada"), world.user(2, "Bo"), world.user(3, "Cy")]
    exps = ",".join(a.name for a in adapters())  # every expansion the bot offers
    game_id, thread = await lobby(bot, world, users, expansions=exps)
    seats = {i: u for i, u in enumerate(users)}

    # The first ping names the active player and shows the numbered board.
    first = thread.sent[0]
    assert "<@1>" in first["content"] and first["file"].filename == "board.png"

    actions = await play_to_end(bot, game_id, seats, thread)
    assert len(actions) > 72  # at least a place and a follower per tile

    info = await bot.services.store.game_info(game_id)
    assert info.status == "finished"
    results = await bot.services.store.game_results(game_id)
    assert len(results) == 3
    assert sorted(r.rank for r in results)[0] == 1

    # The end: the result in words, the score breakdown, the whole board and the replay.
    final = thread.sent[-1]
    assert final["content"].startswith("**Game over")
    files = [f.filename for f in final["files"]]
    assert files == ["final-score.png", "board.png", "replay.gif"]
    ranking = re.findall(r"(Ada|Bo|Cy): (\d+)", final["content"])
    scores = {info.seats[r.seat_index].display_name: r.score for r in results}
    assert {name: int(points) for name, points in ranking} == scores

    # The record is downloadable and replays to the same scores.
    inter = interaction(bot, users[0], thread)
    cog = bot.get_cog("Lobby")
    await cog.record.callback(cog, inter, game=game_id)
    record = record_of(inter)
    assert len(record["actions"]) == info.version
    assert replay(record).final_scores() == [r.score for r in results]

    # Staked chip faces never appear in the thread before their settlement (T-3).
    stakes = [line for line in all_text(thread).splitlines() if " bet a chip " in line]
    assert stakes, "nobody staked a chip: the game proves nothing about faces"
    assert [line for line in stakes if "|" in line] == []
    # Questions out of turn (every player is asked to stake: T-2) came by DM.
    assert all(u.dms for u in users)
    game = replay(record)
    assert fast_render["board"] >= game.turns_played  # a board for every turn's message
