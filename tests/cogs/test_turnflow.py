"""The turn as players read it (#13): one public message per turn, edited
as it goes and left with a summary; /place by the board's number with the
rotation left out when one fits; /follower by the picture's number."""

from __future__ import annotations

from typing import Any

from bot.present import choices as ch
from tests.cogs.helpers import lobby
from tests.fakes.interactions import World, interaction, invoke, last_text


async def _game(bot: Any, game_id: int) -> Any:
    return (await bot.services.store.load_game(game_id)).game


async def test_place_by_number_and_follower_by_number(bot: Any, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    cog = bot.get_cog("Play")
    game = await _game(bot, game_id)
    numbers = ch.numbered_cells(game)
    several = next((c for c in numbers if len(ch.rotations_at(game, *c)) > 1), None)
    if several is not None:
        # Several ways fit: the rotation must be given, and the reply says so.
        asked = interaction(bot, ada, thread)
        await invoke(cog.place, cog, asked, cell=str(numbers[several]), rotation=None)
        assert "fits" in last_text(asked) and (await _game(bot, game_id)).actions == []
    one = next((c for c in numbers if len(ch.rotations_at(game, *c)) == 1), None)
    cell = one or next(iter(numbers))
    rotation = None if one else str(ch.rotations_at(game, *cell)[0])
    placed = interaction(bot, ada, thread)
    await invoke(cog.place, cog, placed, cell=str(numbers[cell]), rotation=rotation)
    game = await _game(bot, game_id)
    assert (
        game.actions[-1]["type"] == "place"
        and (
            game.actions[-1]["x"],
            game.actions[-1]["y"],
        )
        == cell
    )
    assert "Placed at" in last_text(placed)
    # A number that is no spot is refused plainly; the picture's "1" is taken.
    spots = ch.follower_spots(game)
    wrong = interaction(bot, ada, thread)
    await invoke(cog.follower, cog, wrong, location=str(len(spots) + 1))
    assert "not a spot" in last_text(wrong)
    chosen = interaction(bot, ada, thread)
    await invoke(cog.follower, cog, chosen, location="1")
    assert (await _game(bot, game_id)).actions[-1]["location"] == spots[0]


async def test_one_message_per_turn_edited_then_summarised(bot: Any, world: World) -> None:
    ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
    game_id, thread = await lobby(bot, world, [ada, bo])
    first = thread.sent[0]
    assert first["content"].startswith("**Turn 1** · <@1>, your turn!")
    assert {u.id for u in first["allowed_mentions"].users} == {1}
    game = await _game(bot, game_id)
    x, y, r = game.legal_placements()[0]
    cog = bot.get_cog("Play")
    await invoke(cog.place, cog, interaction(bot, ada, thread), cell=f"{x},{y}", rotation=str(r))
    await invoke(cog.follower, cog, interaction(bot, ada, thread), location="none")
    # Turn 1's message was edited (placed, then the summary without buttons);
    # turn 2's message pings Bo once.
    assert len(thread.sent) == 2
    edits = [kw for mid, kw in thread.edits if mid == first["id"]]
    assert edits and edits[-1]["view"] is None
    assert f"Ada placed a tile at {x},{y}." in first["content"]
    second = thread.sent[1]
    assert second["content"].startswith("**Turn 2** · <@2>, your turn!")
    assert {u.id for u in second["allowed_mentions"].users} == {2}
    assert second["file"].filename == "board.png"
