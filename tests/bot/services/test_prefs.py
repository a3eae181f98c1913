"""A player's own settings: quiet hours in their time, away until a date,
time limits that pause for them (up to what the game allows), questions out
of turn with their own shorter limit (#13, #16)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import options
from bot.services import Caller, Services
from bot.services.deadlines import TIMEOUT
from bot.services.prefs import BadSetting, due_with_pauses, quiet_window, unavailable_until
from bot.settings import Settings
from db import migrate
from db.service import GameService
from db.session import Database
from db.values import UserPrefs
from engine.actions import Follower, Place
from tests.fakes.services import Recorder

UTC = dt.UTC
H = dt.timedelta(hours=1)
NOON = dt.datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def test_quiet_hours_are_in_the_players_own_time() -> None:
    # 22:00 to 07:00 at UTC+2 is 20:00 to 05:00 UTC, across midnight.
    p = UserPrefs(1, quiet_from=22, quiet_to=7, utc_offset=120)
    assert quiet_window(p, NOON) is None
    night = NOON.replace(hour=23)
    start, end = quiet_window(p, night) or (None, None)
    assert start == NOON.replace(hour=20) and end == NOON.replace(hour=5) + dt.timedelta(days=1)
    assert unavailable_until(p, night) == end


def test_a_limit_pauses_while_away_or_quiet_up_to_the_allowance() -> None:
    plain = UserPrefs(1)
    assert due_with_pauses(plain, NOON, 24 * H, 48 * H) == NOON + 24 * H
    # Away for a day from now: the 24 h limit starts counting tomorrow.
    away = UserPrefs(1, away_until=NOON + 24 * H)
    assert due_with_pauses(away, NOON, 24 * H, 48 * H) == NOON + 48 * H
    # ... but never pauses longer than the game allows.
    assert due_with_pauses(away, NOON, 24 * H, 6 * H) == NOON + 30 * H
    # Quiet from 00:00 to 08:00 UTC every night: a 24 h limit from noon
    # pauses 8 hours overnight.
    quiet = UserPrefs(1, quiet_from=0, quiet_to=8)
    assert due_with_pauses(quiet, NOON, 24 * H, 48 * H) == NOON + 32 * H


@pytest.fixture
async def services(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'prefs.sqlite3'}"
    await migrate.upgrade_async(url)
    db = Database(url)
    yield Services(GameService(db), Settings(discord_token=None, database_url=url), Recorder())
    await db.dispose()


async def test_settings_are_stored_per_user_and_checked(services: Services) -> None:
    assert (await services.prefs.get(7)) == UserPrefs(7)
    await services.prefs.update(7, mentions=False, quiet_from=23, quiet_to=6)
    services.prefs._cache.clear()  # read back from the database
    mine = await services.prefs.get(7)
    assert (mine.mentions, mine.quiet_from, mine.quiet_to) == (False, 23, 6)
    assert (await services.prefs.get(8)).mentions is True
    with pytest.raises(BadSetting):
        await services.prefs.update(7, quiet_from=24)
    with pytest.raises(BadSetting):
        await services.prefs.update(7, away_until=NOON.replace(tzinfo=None))


async def test_the_client_language_last_seen_is_kept_for_dms(services: Services) -> None:
    assert (await services.prefs.get(7)).locale is None
    await services.prefs.seen_locale(7, "fr")
    await services.prefs.seen_locale(7, None)  # an interaction without one changes nothing
    services.prefs._cache.clear()
    assert (await services.prefs.get(7)).locale == "fr"
    await services.prefs.seen_locale(7, "nl")
    services.prefs._cache.clear()
    assert (await services.prefs.get(7)).locale == "nl"


async def test_questions_out_of_turn_get_their_own_shorter_limit(services: Services) -> None:
    ada = Caller(10, guild_id=1, channel_id=2, name="Ada")
    bo = Caller(11, guild_id=1, channel_id=2, name="Bo")
    info = await services.lobby.create(
        ada,
        expansions=["bets"],
        timeout_hours=48.0,
        policy="ai",
        decks={"tiles": ["BK1", "U", "V", "W"]},
    )
    await services.lobby.join(bo, info.id)
    await services.lobby.start(ada, info.id)
    game = (await services.store.load_game(info.id)).game
    x, y, r = game.legal_placements()[0]
    await services.turns.act(ada, info.id, Place(0, x, y, r))
    await services.turns.act(ada, info.id, Follower(0, None))
    # The bets step asks both: Ada in her own turn (48 h), Bo out of turn (12 h).
    timers = {
        t.seat: t.due_at for t in await services.store.timers.of_game(info.id) if t.kind == TIMEOUT
    }
    now = services.ctx.clock()
    assert timers[0] - now > 47 * H
    question = float(options.DEFAULT_QUESTION_HOURS)
    assert (question - 0.1) * H < timers[1] - now <= question * H
