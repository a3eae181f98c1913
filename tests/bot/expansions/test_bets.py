"""The Bets' adapter (bot/expansions/bets.py): what each chip pays in words
(T-7), the answer for a silent player (T-2), and chip faces kept out of what
everyone reads (T-3)."""

from __future__ import annotations

from bot.expansions.bets import ADAPTER, pays, short_pays
from bot.text import ENGLISH, Text
from engine.actions import parse_action
from engine.expansions import bets as engine
from engine.expansions.bet_chips import CHIPS


def test_t7_every_chip_says_what_it_pays() -> None:
    for face, chip in CHIPS.items():
        said, lines = str(pays(face, ENGLISH)), str(short_pays(face, ENGLISH)).split("\n")
        assert len(lines) == len(chip.wins)  # one caption line per number on the chip
        for win, line in zip(chip.wins, lines, strict=True):
            tiles = f"{win.low} or more tiles" if win.high is None else f"exactly {win.low} tiles"
            assert f"{win.points} points for {tiles}" in said, (face, said)
            assert line == f"{tiles}: {win.points} points"
    # A face the table does not know pays nothing it could name.
    assert str(pays("9|9", ENGLISH)) == "" and str(short_pays("9|9", ENGLISH)) == ""


def test_t2_a_silent_player_passes() -> None:
    stake = parse_action({"type": engine.STAKE, "player": 1, "chip": "4"})
    passing = parse_action({"type": engine.PASS, "player": 1})
    assert ADAPTER.passive([stake, passing]) == passing
    assert ADAPTER.passive([stake]) is None  # no pass offered: nothing chosen for them


def test_t3_a_stake_is_public_but_not_its_chip() -> None:
    event = {"type": "stake", "player": 0, "x": 1, "y": 2, "chip": "5|8+"}
    line = str(ADAPTER.event_line(Text("Ada"), event, ENGLISH, str))
    assert "1,2" in line and "5|8+" not in line and "8" not in line.replace("1,2", "")
    # The holder's own hand lists each face with what it pays.
    assert [str(t) for t in ADAPTER.hand_items("chips", ["4", "2|3"], ENGLISH)] == [
        "4: 8 points for exactly 4 tiles",
        "2|3: 2 points for exactly 2 tiles, 3 points for exactly 3 tiles",
    ]
