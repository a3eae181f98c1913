"""Adding an expansion touches its engine module and its adapter only: a toy
expansion (tests/fakes/toy) registered the way a real one is, and the bot
offers its command, its choices with its labels, its prompt, its holding and
its score group, with no other change anywhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import expansions
from bot.present.choices import command_of
from bot.text import catalog
from engine import plugins
from engine.actions import ACTION_TYPES
from engine.game import Game
from tests.cogs.helpers import lobby
from tests.fakes.interactions import (
    World,
    app_command,
    autocomplete,
    click,
    custom_ids,
    interaction,
    invoke,
    last_text,
    make_bot,
    run_command,
)
from tests.fakes.toy import presentation, rules


@pytest.fixture
def toy() -> Iterator[None]:
    """Install Bells as the engine and the bot find expansions: its plug-in
    registered with the engine (engine.plugins), its adapter with the bot."""
    plugins.register(rules.PLUGIN)
    expansions.register(presentation.BellsAdapter())
    try:
        yield
    finally:
        # No unregistering in the engine's API (expansions are fixed per
        # process): the test takes its plug-in back out by hand.
        expansions._REGISTRY.pop(rules.NAME, None)
        # Its words too: the catalogue checks that run later compare every
        # English key with the translations, which know no toy.
        for key in [k for k in catalog._ENGLISH if k.startswith(f"{rules.NAME}.")]:
            del catalog._ENGLISH[key]
        plugins._PLUGINS.pop(rules.NAME, None)
        for cls in rules.PLUGIN.actions:
            ACTION_TYPES.pop(cls.TYPE, None)


def _labels(items: list[Any]) -> list[str]:
    return [c.name for c in items]


async def test_a_new_expansion_needs_only_its_engine_module_and_adapter(
    toy: None, tmp_path: Path, fast_render: dict[str, int]
) -> None:
    world = World()
    bot = await make_bot(tmp_path / "toy.sqlite3", world)
    try:
        # Its slash command, built from the adapter, with its description.
        bell = app_command(bot, "bell")
        assert bell.description == "Ring a bell or echo it (Bells)"
        assert command_of(rules.Ring) == "bell" and command_of(rules.Echo) == "bell"
        # /carcassonne new offers it among the expansions.
        cog = bot.get_cog("Lobby")
        offered = await cog.expansion_names(interaction(bot, world.user(9, "X"), world.channel), "")
        assert ("bells", "toy") in [(c.name, c.value) for c in offered]

        ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
        game_id, thread = await lobby(bot, world, [ada, bo], expansions="toy")
        lobby_message = world.channel.sent[-1]["content"]
        assert "Expansions: bells" in lobby_message

        # Its action is offered, labelled by the adapter: by autocomplete...
        ac = interaction(bot, ada, thread)
        choices = await autocomplete(bell, ac, "choice", "")
        assert _labels(choices) == ["Ring a bell (2 left)"]
        assert _labels(await autocomplete(app_command(bot, "act"), ac, "choice", "")) == [
            "Ring a bell (2 left)"
        ]
        # ...and on the panel, beside the tile placement.
        opened = await click(bot, ada, thread, f"carc:g:{game_id}:turn")
        panel = opened.sent[-1]
        assert "You may also:" in panel["content"]
        labels = [getattr(getattr(i, "item", i), "label", None) for i in panel["view"].children]
        assert "Ring a bell (2 left)" in labels
        assert any(":act:" in i for i in custom_ids(panel["view"]))

        ring = interaction(bot, ada, thread)
        await run_command(bell, ring, choice=choices[0].value)
        assert "Done: Ring a bell (2 left)." in last_text(ring), last_text(ring)
        game: Game = (await bot.services.store.load_game(game_id)).game  # type: ignore[union-attr]
        assert game.actions[-1] == {"player": 0, "type": rules.RING}

        # Place the tile: the expansion's own step, with its prompt.
        x, y, r = game.legal_placements()[0]
        play = bot.get_cog("Play")
        placed = interaction(bot, ada, thread)
        await invoke(play.place, play, placed, cell=f"{x},{y}", rotation=str(r))
        assert f"Echo your bell at {x},{y}." in last_text(placed)
        echoes = await autocomplete(bell, interaction(bot, ada, thread), "choice", "")
        assert _labels(echoes) == ["Echo once", "Echo 2 times"]
        echo = interaction(bot, ada, thread)
        await run_command(bell, echo, choice=echoes[1].value)
        game = (await bot.services.store.load_game(game_id)).game  # type: ignore[union-attr]
        assert game.actions[-1] == {"player": 0, "type": rules.ECHO, "times": 2}
        assert game.pending is not None and game.pending.step == "follower"

        # Its holding in the player's hand, its score group in the scores.
        hand = interaction(bot, ada, thread)
        await invoke(play.hand, play, hand, game=None)
        assert "Bells:\n- 1 bell" in last_text(hand)
        score = interaction(bot, ada, thread)
        await invoke(play.score, play, score, game=None)
        assert "Bell ringing: Ada 3, Bo 0" in last_text(score)
    finally:
        await bot.close()
