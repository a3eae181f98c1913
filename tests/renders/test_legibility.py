"""Every text on every image stays >= 12 px when the image is shown 550 px
wide (Discord on a phone; narrower images are shown at their own size).

All text goes through renders.text.draw_text, which records its pixel size
inside ``recording()``. Seat letters inside pieces (``mark=True``) are not
text to read at that size: pieces are told apart by colour and shape, the
letter is for a closer look, and the scoreboard, header and legend show
each seat's piece at a readable size beside its name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from engine.expansions import known_expansions
from engine.expansions.christmas_cards import card_view
from engine.game import Game
from engine.views import PrivateView, public_view
from renders.board import badge_sprite, board_image
from renders.choices import distinct_cells
from renders.demo import ai_game, follower_step, random_game
from renders.final import final_image
from renders.hand import hand_image
from renders.overlays.christmas import tiebreak_icon
from renders.pieces import chip_sprite, follower_sprite
from renders.preview import follower_preview, placement_preview, tile_choices_image
from renders.text import MIN_PX, PHONE_WIDTH, TextRecord, recording
from renders.timelapse import frames, views_from_record
from renders.turn import turn_image
from tests.renders.conftest import WORDS, english_hand, english_rows

NAMES = ["Zoë 🎄", "Bartholomew the Longwinded", "Дмитрий", "佐藤", "שרה", "محمد"]


@pytest.fixture(autouse=True)
def fresh_sprites() -> Iterator[None]:
    # Sprites are cached; clear them so their text is drawn (and recorded) again.
    for cached in (follower_sprite, chip_sprite, tiebreak_icon, badge_sprite):
        cached.cache_clear()
    yield


def _expansion_game(stop_after: int | None) -> Game:
    return ai_game(7, expansions=known_expansions(), stop_after=stop_after)


def _board_mid() -> Image.Image:
    game = _expansion_game(40)
    return board_image(
        public_view(game), WORDS, legal_cells=distinct_cells(game.legal_placements())
    )


def _turn_late() -> Image.Image:
    game = random_game(2, players=NAMES, stop_after=66)
    return turn_image(public_view(game), WORDS, legal_cells=distinct_cells(game.legal_placements()))


def _placement() -> Image.Image:
    game = random_game(7, stop_after=12)
    x, y, _ = game.legal_placements()[0]
    return placement_preview(public_view(game), (x, y), game.turn.tile, [0, 90, 180, 270], WORDS)  # type: ignore[union-attr]


def _follower() -> Image.Image:
    view, spots = follower_step(random_game(11, stop_after=9))
    return follower_preview(view, spots, WORDS)


def _hand() -> Image.Image:
    public = public_view(_expansion_game(20))
    hidden = {
        "gifts": ["synod", "take-two", "cash-out"],
        "hand": [card_view(c) for c in ("score-road", "pennants-worth-3", "farm-tiebreak")],
        "chips": ["2|3", "4", "6|7+", "5|8+"],
    }
    view = PrivateView(0, public, hidden, ())
    return hand_image(0, NAMES[1], english_hand(view), WORDS)


def _final(players: int) -> Callable[[], Image.Image]:
    def make() -> Image.Image:
        view = public_view(random_game(5, players=NAMES[:players]))
        return final_image(view, english_rows(view), WORDS)

    return make


def _timelapse_frame() -> Image.Image:
    return frames(views_from_record(_expansion_game(None).record()), WORDS)[-1]


IMAGES: dict[str, Callable[[], Image.Image]] = {
    "board-start": lambda: board_image(public_view(Game(NAMES[:2], seed=1)), WORDS),
    "board-six-players": lambda: board_image(
        public_view(random_game(2, players=NAMES, stop_after=30)), WORDS
    ),
    "board-turn-with-cells": _board_mid,
    "board-finished-expansions": lambda: board_image(public_view(_expansion_game(None)), WORDS),
    "board-finished-82": lambda: board_image(public_view(random_game(3)), WORDS),
    "turn-start": lambda: turn_image(public_view(Game(NAMES[:2], seed=1)), WORDS),
    "turn-late-six-players": lambda: _turn_late(),
    "placement-preview": _placement,
    "follower-preview": _follower,
    "tile-choices": lambda: tile_choices_image("BK7", [0, 90, 180, 270], WORDS),
    "hand": _hand,
    "final-2": _final(2),
    "final-6": _final(6),
    "timelapse-frame": _timelapse_frame,
}


def _shown_px(record: TextRecord, width: int) -> float:
    return record.px * min(1.0, PHONE_WIDTH / width)


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_text_is_readable_on_a_phone(name: str) -> None:
    with recording() as texts:
        img = IMAGES[name]()
    words = [t for t in texts if not t.mark]
    assert words, f"{name}: no text recorded"
    small = [
        (t.text, round(_shown_px(t, img.width), 1))
        for t in words
        if _shown_px(t, img.width) < MIN_PX
    ]
    assert not small, (
        f"{name} ({img.width} px wide): text under {MIN_PX} px on a phone: {small[:8]}"
    )


def test_the_check_fails_on_small_text() -> None:
    # The rule is strict enough to catch a 12 px caption on a 1,100 px image.
    assert _shown_px(TextRecord("x", 12, False), 1100) < MIN_PX
    assert _shown_px(TextRecord("x", 12, False), 400) == MIN_PX
