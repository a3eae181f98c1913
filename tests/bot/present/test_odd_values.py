"""Odd values typed into commands are refused with a clear message that
names them (shortened), never a traceback: ``/place`` and ``/follower`` with
``²``, other non-ASCII digits or a 5,000-digit number, an "away" value of
millions of days (#27 item 3)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.errors import BadCell, BadRotation, BadSetting, CannotFollow, CannotPlace, player_text
from bot.present import values
from bot.text import Words
from bot.ui.settings import change_of
from db.values import UserPrefs
from tests.bot.services.test_services import two_player_game
from tests.fakes.services import ADA

HUGE = "9" * 5000
ODD = ["²", "٣", "1²", "²,0", "0,²", HUGE, f"{HUGE},0", f"0,{HUGE}", "-" + HUGE, "+", "1,2,3"]


@pytest.mark.parametrize("text", ODD)
def test_a_cell_or_rotation_typed_oddly_is_refused_by_name(text: str) -> None:
    with pytest.raises(BadCell) as cell:
        values.parse_place(text)
    with pytest.raises(BadRotation) as rotation:
        values.parse_rotation(text)
    for err in (cell.value, rotation.value):
        shown = str(player_text(err, Words("en")))
        assert len(shown) < 300 and text[:10] in shown


def test_plain_numbers_still_read() -> None:
    assert values.parse_place(" 7 ") == 7
    assert values.parse_place("7: -1,2") == (-1, 2)
    assert values.parse_rotation("r90") == 90 and values.parse_rotation("270°") == 270


@pytest.mark.parametrize("text", ["²", HUGE, "٣", "99"])
async def test_place_and_follower_with_odd_numbers_say_what_was_wrong(service, text) -> None:
    play, _ = service
    gid = await two_player_game(play, "remind")
    before = (await play.store.load_game(gid)).info.version
    with pytest.raises((BadCell, CannotPlace)) as err:
        await play.turns.place_typed(ADA, gid, text, None)
    assert len(str(player_text(err.value, Words("en")))) < 400
    game = (await play.store.load_game(gid)).game
    x, y, r = game.legal_placements()[0]
    await play.turns.place(ADA, gid, x, y, r)
    with pytest.raises(CannotFollow) as follow:
        await play.turns.follower_typed(ADA, gid, text)
    shown = str(player_text(follow.value, Words("en")))
    assert len(shown) < 400 and text[:10] in shown
    assert (await play.store.load_game(gid)).info.version == before + 1  # only the placement


@pytest.mark.parametrize("days", ["3000000", "3650000", "999999999999", HUGE, "²", "-"])
def test_an_away_value_of_millions_of_days_is_refused(days: str) -> None:
    now = dt.datetime(2026, 11, 26, tzinfo=dt.UTC)
    with pytest.raises(BadSetting):
        change_of("away", days, UserPrefs(user_id=1), now)
    assert change_of("away", "3", UserPrefs(user_id=1), now) == {
        "away_until": now + dt.timedelta(days=3)
    }
