"""Private images: tile choices and one player's hand (G-1, X-3, T-3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.expansions.christmas_cards import card_view
from engine.views import PrivateView, public_view
from renders.demo import random_game
from renders.private import hand_image, render_hand, render_tile_choices
from tests.renders.conftest import assert_matches_golden, decode


def _view(hidden: dict[str, object], expansions: tuple[str, ...] = ()) -> PrivateView:
    public = public_view(random_game(3, stop_after=4))
    public = replace(public, expansions=expansions)
    return PrivateView(1, public, hidden, ())


FULL_HAND = {
    "gifts": ["cash-out", "synod"],
    "hand": [card_view("score-3"), card_view("draw-two"), card_view("supply-bonus")],
    "chips": ["2|3", "3|4", "4"],
}


def test_tile_choices_show_each_rotation_once() -> None:
    one = decode(render_tile_choices("V", [0]))
    four = decode(render_tile_choices("V", [0, 90, 180, 270, 90]))
    assert four.width > one.width
    assert four.height == one.height
    assert four.width - one.width == 3 * (128 + 14)


def test_tile_choices_reject_bad_input_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="unknown tile kind 'Z'"):
        render_tile_choices("Z", [0])
    with pytest.raises(ValueError, match="rotation must be one of"):
        render_tile_choices("D", [45])


def test_tile_choices_golden() -> None:
    assert_matches_golden(render_tile_choices("BK7", [0, 90, 180, 270]), "choices-bk7")


def test_hand_golden_with_every_kind_of_item() -> None:
    view = _view(FULL_HAND, ("gifts", "bets", "christmas"))
    assert_matches_golden(render_hand(view), "hand-full")


def test_hand_grows_with_its_contents() -> None:
    empty = hand_image(_view({"gifts": [], "hand": [], "chips": []}))
    full = hand_image(_view(FULL_HAND))
    assert full.height > empty.height
    five = hand_image(_view({**FULL_HAND, "hand": [card_view("score-3")] * 5}))
    assert five.height > full.height  # a second row of cards


def test_hand_shows_christmas_class_colours_x3() -> None:
    lightning = hand_image(_view({"hand": [card_view("score-3")]}))
    plain = hand_image(_view({"hand": [card_view("draw-two")]}))
    assert lightning.size == plain.size
    assert lightning.tobytes() != plain.tobytes()


def test_hand_without_expansions_says_so() -> None:
    img = decode(render_hand(_view({})))
    assert img.height < 120


def test_hand_survives_unknown_cards() -> None:
    img = decode(render_hand(_view({"gifts": ["no-such-gift"], "hand": ["odd"], "chips": ["9|9"]})))
    assert img.width > 0
