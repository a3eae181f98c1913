"""Whether a player holds a card never shows in what the bot says in public
(#18 items 1 and 2; X-4.9, X-3.2).

Twin games played through the bot's services differ only in one card Bo
drew from the abbey deck: Prevent attack (he may cancel an attack) or Return
follower (he has nothing to play against it). Bo keeps the default "answer
automatically when I have nothing to play", so in the second twin the bot
lets the attack pass for him at once, privately, while in the first Bo
answers by hand. Everything public must be the same, in the same order: the
thread's posts (text, pings, buttons, images) and the INFO log; with Bo's
DMs open and with them closed (then he is asked in the thread, alike).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.services import Caller, Services
from bot.settings import Settings
from db import migrate
from db.service import GameService
from db.session import Database
from engine.expansions import christmas as xm
from tests.fakes.services import Recorder

ADA = Caller(10, guild_id=1, channel_id=2, name="Ada")
BO = Caller(11, guild_id=1, channel_id=2, name="Bo")
CY = Caller(12, guild_id=1, channel_id=2, name="Cy")
TILES = ["B", "U", "U", "V", "W", "U", "V", "W", "U", "V"]


async def public_record(rec: Recorder) -> list[tuple[Any, ...]]:
    """What anyone could see of the thread posts, images drawn."""
    out = []
    for p in rec.posts:
        images = [(name, data) for name, data in await p.images()]
        out.append((p.text, tuple(p.mentions), tuple(p.buttons), p.key, p.keep_image, images))
    return out


async def play_twin(tmp: Path, held: str, dm_open: bool) -> tuple[Recorder, Services, int]:
    url = f"sqlite+aiosqlite:///{tmp / (held + '.sqlite3')}"
    await migrate.upgrade_async(url)
    db = Database(url)
    rec = Recorder(refuse=set() if dm_open else {BO.user_id})
    play = Services(GameService(db), Settings(discord_token=None, database_url=url), rec)
    decks = {
        "tiles": TILES,
        "abbey": [held],
        "roadside": ["claim-occupied-road", "lock-road"],
    }
    info = await play.lobby.create(ADA, expansions=["christmas"], seed=1, decks=decks)
    await play.lobby.join(BO, info.id)
    await play.lobby.join(CY, info.id)
    await play.lobby.start(ADA, info.id)
    gid = info.id

    async def act(caller: Caller, action: dict[str, Any]) -> None:
        await play.turns.act(caller, gid, action)

    # Ada: a monastery with her monk; Bo: a road next to it (an abbey card,
    # no roadside card) with his thief; Cy: the road's next tile, a roadside
    # card that joins Bo's road, an attack on Bo.
    await act(ADA, {"type": "place", "x": 0, "y": 1, "rotation": 0})
    await act(ADA, {"type": "follower", "location": "C"})
    await act(BO, {"type": "place", "x": 1, "y": 0, "rotation": 90})
    await act(BO, {"type": xm.DRAW, "deck": "abbey", "draw": True})
    await act(BO, {"type": xm.DRAW, "deck": "roadside", "draw": False})
    await act(BO, {"type": "follower", "location": "E"})
    await act(CY, {"type": "place", "x": 2, "y": 0, "rotation": 90})
    await act(CY, {"type": xm.DRAW, "deck": "roadside", "draw": True})
    game = (await play.store.load_game(gid)).game
    await act(CY, dict(game.legal_actions(2)[0]))  # the target: Bo's road
    game = (await play.store.load_game(gid)).game
    if game.pending is not None and game.pending.step == xm.STEP_REACT:
        # Only the holder is still asked: he lets it pass by hand.
        await act(BO, {"type": xm.REACT, "cancel": False})
    await act(CY, {"type": "follower", "location": None})
    # One more turn alike in both.
    game = (await play.store.load_game(gid)).game
    x, y, r = game.legal_placements()[0]
    await act(ADA, {"type": "place", "x": x, "y": y, "rotation": r})
    return rec, play, gid


@pytest.mark.parametrize("dm_open", [True, False], ids=["dms-open", "dms-closed"])
async def test_holding_prevent_attack_leaves_no_public_trace_x4_9(
    tmp_path: Path, dm_open: bool, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    holder, _, _ = await play_twin(tmp_path, "prevent-attack", dm_open)
    holder_log = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]
    caplog.clear()
    other, services, gid = await play_twin(tmp_path, "return-follower", dm_open)
    other_log = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]

    assert await public_record(holder) == await public_record(other)
    assert holder_log == other_log
    # The twins did differ: Bo answered by hand in one, automatically in the other.
    game = (await services.store.load_game(gid)).game
    assert {"player": 1, "type": xm.REACT, "cancel": False} in game.actions
    if dm_open:
        asked = [p.text for p in holder.dms[BO.user_id]]
        told = [p.text for p in other.dms[BO.user_id]]
        assert any("against you" in t for t in asked) and not any("against you" in t for t in told)
        assert any("answered for you" in t for t in told)
    else:
        # Asked in the thread, in the same neutral words in both twins.
        pings = [p for p in holder.posts if BO.user_id in p.mentions and "answer" in p.text]
        assert pings and all("attack" not in p.text.lower() for p in pings)
