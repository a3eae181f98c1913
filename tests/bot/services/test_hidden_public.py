"""Whether a player holds a card never shows in what the bot says in public,
nor in when the game moves on (#18 items 1 and 2, #27 item 2; X-4.9, X-3.2).

Twin games played through the bot's services differ only in one card Bo
drew from the abbey deck: Prevent attack (he may cancel an attack) or Return
follower (he has nothing to play against it). Bo keeps the default automatic
answers. Whether he leaves the attack to the bot or answers by hand, all
public must be the same, in the same order and at the same moments (a fake
clock): the thread's posts (text, pings, buttons, images and their alt
text), the INFO log, whom the game waits for (/games) and when it moves on;
with Bo's DMs open and with them closed (he is then asked in the thread).
The bot answers for him only when the question's delay has passed
(options.DISCREET_SECONDS), alike whatever he holds.
"""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from typing import Any

import pytest

from bot import options
from bot.services import Caller, Services
from bot.settings import Settings
from db import migrate
from db.service import GameService
from db.session import Database
from engine.expansions import christmas as xm
from tests.fakes.services import Recorder, as_seat

ADA = Caller(10, guild_id=1, channel_id=2, name="Ada")
BO = Caller(11, guild_id=1, channel_id=2, name="Bo")
CY = Caller(12, guild_id=1, channel_id=2, name="Cy")
TILES = ["B", "U", "U", "V", "W", "U", "V", "W", "U", "V"]


T0 = dt.datetime(2026, 12, 24, 18, 0, tzinfo=dt.UTC)
DELAY = dt.timedelta(seconds=options.DEFAULT_DISCREET_SECONDS)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> dt.datetime:
        return self.now


class TimedRecorder(Recorder):
    """Notes when (on the fake clock) each post is made."""

    def __init__(self, clock: Clock, refuse: set[int]) -> None:
        super().__init__(refuse=refuse)
        self.clock = clock
        self.times: list[dt.timedelta] = []

    async def post(self, info: Any, message: Any) -> None:
        self.times.append(self.clock.now - T0)
        await super().post(info, message)


async def public_record(rec: TimedRecorder) -> list[tuple[Any, ...]]:
    """What anyone could see of the thread posts, images drawn, and when."""
    out = []
    for p, at in zip(rec.posts, rec.times, strict=True):
        images = [(name, data) for name, data in await p.images()]
        alt = sorted((p.alt or {}).items())
        out.append((at, p.text, tuple(p.mentions), tuple(p.buttons), p.key, images, alt))
    return out


async def play_twin(
    tmp: Path, held: str, dm_open: bool, by_hand: bool, auto: bool = True, cy_dms: bool = True
) -> tuple[TimedRecorder, Services, int, list[Any]]:
    url = f"sqlite+aiosqlite:///{tmp / (held + str(by_hand) + str(dm_open) + '.sqlite3')}"
    await migrate.upgrade_async(url)
    db = Database(url)
    clock = Clock()
    rec = TimedRecorder(clock, set() if dm_open else {BO.user_id})
    settings = Settings(discord_token=None, database_url=url)
    play = Services(GameService(db), settings, rec, clock=clock)
    decks = {
        "tiles": TILES,
        "abbey": [held],
        "roadside": ["claim-occupied-road", "lock-road"],
    }
    info = await play.lobby.create(ADA, expansions=["christmas"], seed=1, decks=decks)
    await play.lobby.join(BO, info.id)
    await play.lobby.join(CY, info.id)
    await play.lobby.start(ADA, info.id)
    if not cy_dms:
        await play.prefs.update(CY.user_id, dms=False)
    if not auto:
        await play.prefs.update(BO.user_id, auto_answer=False)
        await play.store.update_options(info.id, **{options.REMINDER_HOURS: 2})
    gid = info.id
    seen: list[Any] = []  # what /games says, and whom it waits for, at each moment

    async def look() -> None:
        for who in (ADA, CY):
            listed = await play.games.mine(who)
            text = str(await play.games.listing(who))
            seen.append((clock.now - T0, [(g.waiting, g.turn, g.deadline) for g in listed], text))

    async def act(caller: Caller, action: dict[str, Any]) -> None:
        clock.now += dt.timedelta(seconds=5)
        await play.turns.act(caller, gid, as_seat(action))
        await look()

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
    assert game.pending is not None and game.pending.step == xm.STEP_REACT  # both twins
    for who in (ADA, CY):  # the attacker's and a bystander's panels, alike in both twins
        seen.append(("panel", who.name, str((await play.reading.panel(who, gid)).text)))
    if by_hand:
        await act(BO, {"type": xm.REACT, "cancel": False})
    # Just before the delay nothing happens; just after it the bot has answered.
    for later in (DELAY - dt.timedelta(seconds=1), DELAY + dt.timedelta(seconds=1)):
        clock.now = T0 + dt.timedelta(seconds=45) + later
        await play.timers.fire_due(clock.now)
        await look()
    game = (await play.store.load_game(gid)).game
    assert game.pending is not None
    if not auto:  # his own choice: the question waits for him, reminded privately
        assert game.pending.step == xm.STEP_REACT and game.pending.players == (1,)
        posts = len(rec.posts)
        clock.now = T0 + dt.timedelta(hours=3)  # reminded (2 h), not yet timed out (12 h)
        assert await play.timers.fire_due(clock.now) >= 1
        assert rec.posts[posts:] == []  # nothing public says he has not answered
        assert f"game #{gid} is waiting for you" in str(rec.dms[BO.user_id][-1].text)
        await act(BO, {"type": xm.REACT, "cancel": False})
    else:
        assert game.pending.step != xm.STEP_REACT
    await act(CY, {"type": "follower", "location": None})
    # One more turn alike in both.
    game = (await play.store.load_game(gid)).game
    x, y, r = game.legal_placements()[0]
    await act(ADA, {"type": "place", "x": x, "y": y, "rotation": r})
    return rec, play, gid, seen


@pytest.mark.parametrize("by_hand", [False, True], ids=["left-to-the-bot", "by-hand"])
@pytest.mark.parametrize("dm_open", [True, False], ids=["dms-open", "dms-closed"])
async def test_holding_prevent_attack_leaves_no_public_trace_x4_9(
    tmp_path: Path, dm_open: bool, by_hand: bool, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    holder, _, _, holder_seen = await play_twin(tmp_path, "prevent-attack", dm_open, by_hand)
    holder_log = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]
    caplog.clear()
    other, services, gid, other_seen = await play_twin(
        tmp_path, "return-follower", dm_open, by_hand
    )
    other_log = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]

    assert await public_record(holder) == await public_record(other)
    assert holder_log == other_log
    assert holder_seen == other_seen
    # The twins did differ: Bo had a choice in one only; the attack passed in both.
    game = (await services.store.load_game(gid)).game
    assert {"player": 1, "type": xm.REACT, "cancel": False} in game.actions
    if dm_open:
        asked = [p.text for p in holder.dms[BO.user_id]]
        assert any("against you" in t for t in asked)
        assert any("against you" in t for t in (p.text for p in other.dms[BO.user_id]))
    else:
        # Asked in the thread, in the same neutral words in both twins.
        pings = [p for p in holder.posts if BO.user_id in p.mentions and "answer" in p.text]
        assert pings and all("attack" not in p.text.lower() for p in pings)


async def test_the_delay_is_a_game_option_and_a_player_may_end_it_x4_9(tmp_path: Path) -> None:
    """With automatic answers off the bot never answers for Bo; the delay
    is the game's own (options.DISCREET_SECONDS)."""
    _, play, gid, _ = await play_twin(tmp_path, "return-follower", True, False, auto=False)
    info = await play.store.game_info(gid)
    assert play.deadlines is not None
    from bot.services.deadlines import discreet_delay

    assert discreet_delay(info) == DELAY
    changed = await play.store.update_options(gid, **{options.DISCREET_SECONDS: 30})
    assert discreet_delay(changed) == dt.timedelta(seconds=30)
    for bad in ("soon", None, -5):
        odd = await play.store.update_options(gid, **{options.DISCREET_SECONDS: bad})
        assert dt.timedelta(0) <= discreet_delay(odd) <= dt.timedelta(days=1)


@pytest.mark.parametrize("cy_dms", [True, False], ids=["by-dm", "pinged"])
async def test_the_attacker_is_told_its_turn_goes_on_after_the_answers_x4_9(
    tmp_path: Path, cy_dms: bool
) -> None:
    rec, _, gid, seen = await play_twin(
        tmp_path, "return-follower", dm_open=True, by_hand=False, cy_dms=cy_dms
    )
    panels = {entry[1]: entry[2] for entry in seen if entry[0] == "panel"}
    # Not "it is Cy's turn" said to Cy herself, and nothing about who is asked or why.
    assert "your turn goes on once the other players' answers are in" in panels["Cy"]
    assert "Bo" not in panels["Cy"]
    assert "it is Cy's turn" in panels["Ada"]
    # When the answers are in, the turn comes back to Cy, who did not act last:
    # told once more, by DM where she takes them, else pinged in the thread
    # (the same in both twins: the public record compares them); nobody else
    # is, nor Cy when her own move leads on.
    told = [str(p.text) for p in rec.dms.get(CY.user_id, []) if "your turn" in str(p.text)]
    goes_on = [p for p in rec.posts if "goes on" in str(p.text)]
    if cy_dms:
        assert told == [f"It is your turn in game #{gid} (turn 3)."] and goes_on == []
    else:
        assert told == [] and [p.mentions for p in goes_on] == [[CY.user_id]]
        assert "your turn 3 goes on" in str(goes_on[0].text)
