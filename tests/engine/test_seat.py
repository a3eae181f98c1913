"""SeatView (issue 31): what a seat may use to decide, and nothing more."""

from __future__ import annotations

import random

import pytest

from engine import Game
from engine.seat import SeatView


def _bets_game() -> Game:
    """A 3-player game with The Bets played until chips of two seats lie on
    offices."""
    game = Game(["A", "B", "C"], ("bets",), 2)
    rng = random.Random(2)
    while game.pending is not None:
        st = game.ext["bets"]
        owners = {s.player for pos in st.offices for s in st.stacks[pos]}
        if {0, 1} <= owners:
            return game
        game.apply(rng.choice(game.legal_actions(rng.choice(game.pending.players))))
    pytest.fail("no game with staked chips of seats 0 and 1")


def test_the_private_view_remembers_the_seat_s_own_staked_chips_only():
    game = _bets_game()
    st = game.ext["bets"]
    for seat in (0, 1):
        hidden = SeatView(game, seat).private_view().hidden
        mine = [
            {"x": x, "y": y, "chip": s.face}
            for x, y in st.offices
            for s in st.stacks[(x, y)]
            if s.player == seat
        ]
        assert hidden["staked"] == mine and mine
        assert hidden["chips"] == st.supply[seat]


def test_the_public_record_leaves_out_the_other_seats_hidden_fields_and_the_keys():
    game = _bets_game()
    record = SeatView(game, 0).public_record()
    assert set(record) == {"players", "expansions", "actions"}  # no seed, decks, ai
    stakes = [a for a in record["actions"] if a["type"] == "stake"]
    assert any(a["player"] == 0 and "chip" in a for a in stakes)
    assert all("chip" not in a for a in stakes if a["player"] != 0)
    full = [a for a in game.record()["actions"] if a["type"] == "stake"]
    assert len(full) == len(stakes) and all("chip" in a for a in full)


def test_a_seat_view_offers_the_seat_s_decision_and_legal_actions():
    game = Game(["A", "B"], (), 1)
    mover, other = SeatView(game, 0), SeatView(game, 1)
    assert mover.decision == other.decision == game.pending
    assert mover.legal_actions() == game.legal_actions(0) and other.legal_actions() == []
    assert mover.actions_taken == 0 and mover.players == 2
    assert mover.public_view() == other.public_view()
    with pytest.raises(ValueError, match="not a seat"):
        SeatView(game, 2)
