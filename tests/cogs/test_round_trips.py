"""Issue 29: one interaction, one open game. A placing click reads the game
at most twice and writes once (counted per interaction from SQLAlchemy's
events, bot.metrics), a follower click writes its action (and the timers
of who plays next) without reading the game again, and a click that only
looks (a cell picked) reads once and writes nothing."""

from __future__ import annotations

import contextvars
from pathlib import Path

from bot import metrics
from tests.cogs.helpers import lobby
from tests.fakes.interactions import World, click, custom_ids, make_bot


async def test_a_placing_click_reads_the_game_once_and_writes_once(
    tmp_path: Path, fast_render: dict[str, int]
) -> None:
    world = World()
    bot = await make_bot(tmp_path / "trips.sqlite3", world, turn_timeout_hours=24.0)
    try:
        ada, bo = world.user(1, "Ada"), world.user(2, "Bo")
        game_id, thread = await lobby(bot, world, [ada, bo])
        assert bot.services is not None
        loaded = await bot.services.store.load_game(game_id)
        game, version = loaded.started, loaded.info.version
        x, y, r = game.legal_placements()[0]

        opened = await click(bot, ada, thread, f"carc:g:{game_id}:turn")
        cell_select = next(i for i in custom_ids(opened.sent[-1]["view"]) if ":cell:" in i)
        looked = await click(bot, ada, thread, cell_select, f"{x},{y}")
        assert metrics.store_use(looked.id) == metrics.StoreUse(reads=1, game_reads=1, writes=0)

        placed = await click(bot, ada, thread, f"carc:p:{game_id}:{version}:rot:{x},{y},{r}")
        assert "Place" not in placed.sent[-1]["content"]  # the follower step's panel now
        use = metrics.store_use(placed.id)
        assert use is not None
        assert use.game_reads <= 2 and use.writes == 1, use
        assert use == metrics.StoreUse(reads=1, game_reads=1, writes=1), use  # as built

        # The follower click ends Ada's turn: its action and Bo's timers are
        # written (two transactions), the game is not read again.
        ended = await click(bot, ada, thread, f"carc:p:{game_id}:{version + 1}:fol:-")
        use = metrics.store_use(ended.id)
        assert use is not None and use.game_reads == 1 and use.writes == 2, use
        kinds = {t.kind for t in await bot.services.store.timers.of_game(game_id)}
        assert kinds == {"reminder", "timeout"}
    finally:
        await bot.close()


def test_an_interaction_is_served_in_its_own_context_only() -> None:
    """Marking the work of an interaction changes the current context only
    (each handler's task has its own): what serves no interaction counts
    as background."""
    assert metrics.store_use(-1) is None
    contextvars.copy_context().run(metrics.serving, -1)
    assert metrics.store_use(-1) == metrics.StoreUse()
    assert metrics._serving.get() is None
