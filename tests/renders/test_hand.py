"""One player's hand (renders.hand) from sections the caller builds."""

from __future__ import annotations

from dataclasses import replace

from engine.expansions.christmas_cards import card_view
from engine.views import PrivateView, public_view
from renders.demo import random_game
from renders.hand import Card, Chip, HandSection, hand_image, render_hand
from tests.renders.conftest import WORDS, assert_matches_golden, decode, english_hand

FULL_HAND = {
    "gifts": ["cash-out", "synod"],
    "hand": [card_view("score-3"), card_view("draw-two"), card_view("supply-bonus")],
    "chips": ["2|3", "3|4", "4"],
}


CARD_GAMES = ("gifts", "bets", "christmas")  # the expansions with things in hand


def _view(hidden: dict[str, object], expansions: tuple[str, ...] = CARD_GAMES) -> PrivateView:
    public = replace(public_view(random_game(3, stop_after=4)), expansions=expansions)
    return PrivateView(1, public, hidden, ())


def _hand(hidden: dict[str, object], expansions: tuple[str, ...] = CARD_GAMES) -> bytes:
    view = _view(hidden, expansions)
    return render_hand(1, "Bo", english_hand(view), WORDS)


def test_hand_golden_with_every_kind_of_item() -> None:
    assert_matches_golden(_hand(FULL_HAND, ("gifts", "bets", "christmas")), "hand-full")


def test_hand_grows_with_its_contents_two_cards_per_row() -> None:
    empty = decode(_hand({"gifts": [], "hand": [], "chips": []}))
    full = decode(_hand(FULL_HAND))
    assert full.height > empty.height
    two = decode(_hand({"hand": [card_view("score-3")] * 2}))
    three = decode(_hand({"hand": [card_view("score-3")] * 3}))
    assert three.height > two.height  # the third card starts a second row


def test_card_tones_differ_x3() -> None:
    a = hand_image(0, "A", [HandSection("Cards", cards=(Card("N", "t", "B", "lightning"),))], WORDS)
    b = hand_image(0, "A", [HandSection("Cards", cards=(Card("N", "t", "B", "plain"),))], WORDS)
    assert a.size == b.size and a.tobytes() != b.tobytes()


def test_hand_without_sections_says_so() -> None:
    img = decode(render_hand(0, "Ada", [], WORDS))
    assert img.height < 140


def test_long_texts_and_names_are_cut_not_overflowing() -> None:
    card = Card("A name " * 10, "word " * 200, "BAND " * 20, "end", "corner " * 10)
    img = hand_image(
        2,
        "Name " * 30,
        [HandSection("T " * 50, "note " * 80, (card,), (Chip("5|8+", "pays " * 9),))],
        WORDS,
    )
    assert img.width == 560
    assert img.height < 900  # effect text stops after a few lines


def test_hand_survives_unknown_cards() -> None:
    decode(_hand({"gifts": ["no-such-gift"], "hand": ["odd"], "chips": ["9|9"]}))
