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
    odd = {"gifts": ["no-such-gift"], "hand": ["odd"], "chips": ["9|9"]}
    # Each unknown item is still shown in its section, not dropped.
    assert [len(s.cards) + len(s.chips) for s in english_hand(_view(odd))] == [1, 1, 1]
    shown = decode(_hand(odd))
    empty = decode(_hand({"gifts": [], "hand": [], "chips": []}))
    assert shown.width == empty.width and shown.height > empty.height


def test_chips_say_what_they_pay_uncut_beside_them() -> None:
    from renders.text import recording

    captions = {
        "4": "4 tiles exactly: pays 8",
        "2|3": "2 tiles: pays 2\n3 tiles: pays 3",
        "6|7+": "6 tiles: pays 6\n7 tiles or more: pays 7",
    }
    chips = tuple(Chip(face, caption) for face, caption in captions.items())
    with recording() as texts:
        hand_image(0, "Ada", [HandSection("Chips", chips=chips)], WORDS)
    drawn = {t.text for t in texts}
    for caption in captions.values():
        assert set(caption.split("\n")) <= drawn  # every line whole, no ellipsis
    assert all(t.px >= 12 for t in texts if not t.mark)


def test_cards_of_a_row_are_as_tall_as_each_other() -> None:
    from renders import hand, palette

    short, long = Card("A", "word", "BAND"), Card("B", "word " * 40, "BAND")
    img = hand_image(0, "A", [HandSection("Cards", cards=(short, long))], WORDS).convert("RGB")

    def bottom(x: int) -> int:  # the lowest row of the card's rim at column x
        rim = palette.card_tone("neutral")
        return max(y for y in range(img.height) if img.getpixel((x, y)) == rim)

    left = hand.PAD + hand.CARD_W // 2
    assert bottom(left) == bottom(left + hand.CARD_W + hand.PAD)
