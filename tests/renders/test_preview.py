"""Placement and follower previews, numbered like the buttons (renders.preview)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.game import Game
from engine.views import TileView, public_view
from renders import palette as pal
from renders.choices import distinct_rotations
from renders.demo import follower_step, random_game
from renders.preview import (
    Mark,
    follower_preview,
    placement_preview,
    render_follower_preview,
    render_placement_preview,
    render_tile_choices,
    tile_choices_image,
)
from tests.renders.conftest import WORDS, assert_matches_golden, decode


def _turn(seed: int = 7, stop_after: int = 12) -> tuple[Game, tuple[int, int], list[int]]:
    game = random_game(seed, stop_after=stop_after)
    assert game.turn is not None
    placements = game.legal_placements()
    x, y, _ = placements[0]
    rots = distinct_rotations(game.turn.tile, [r for px, py, r in placements if (px, py) == (x, y)])
    return game, (x, y), rots


def test_one_panel_per_rotation_in_the_given_order() -> None:
    game, cell, _ = _turn()
    view, tile = public_view(game), game.turn.tile  # type: ignore[union-attr]
    one = placement_preview(view, cell, tile, [0], WORDS)
    four = placement_preview(view, cell, tile, [0, 90, 180, 270], WORDS)
    assert four.height > one.height
    swapped = placement_preview(view, cell, tile, [90, 0, 180, 270], WORDS)
    assert swapped.size == four.size and swapped.tobytes() != four.tobytes()


def test_placement_preview_shows_the_neighbours() -> None:
    game, cell, rots = _turn()
    view, tile = public_view(game), game.turn.tile  # type: ignore[union-attr]
    alone = replace(view, tiles=(), followers=(), last_placed=None)
    a = placement_preview(view, cell, tile, rots[:1], WORDS)
    b = placement_preview(alone, cell, tile, rots[:1], WORDS)
    assert ImageChops.difference(a, b).getbbox() is not None


def test_placement_preview_rejects_bad_input_with_a_clear_message() -> None:
    game, cell, _ = _turn()
    view = public_view(game)
    with pytest.raises(ValueError, match="unknown tile kind 'Z'"):
        placement_preview(view, cell, "Z", [0], WORDS)
    with pytest.raises(ValueError, match="rotation must be one of"):
        placement_preview(view, cell, "D", [45], WORDS)
    with pytest.raises(ValueError, match="already holds a tile"):
        placement_preview(view, (0, 0), "D", [0], WORDS)


def test_golden_placement_preview() -> None:
    game, cell, rots = _turn(7, 12)
    tile = game.turn.tile  # type: ignore[union-attr]
    png = render_placement_preview(public_view(game), cell, tile, rots, WORDS)
    assert_matches_golden(png, "placement")


def test_follower_preview_numbers_each_spot_in_the_given_order() -> None:
    view, spots = follower_step(random_game(11, stop_after=9))
    assert len(spots) >= 3
    a = follower_preview(view, spots, WORDS)
    b = follower_preview(view, list(reversed(spots)), WORDS)
    assert a.size == b.size and a.tobytes() != b.tobytes()
    fewer = follower_preview(view, spots[:1], WORDS)
    assert fewer.tobytes() != a.tobytes()


def test_golden_follower_preview() -> None:
    view, spots = follower_step(random_game(11, stop_after=9))
    assert_matches_golden(render_follower_preview(view, spots, WORDS), "follower")


def test_follower_preview_of_a_monastery_and_road() -> None:
    game = Game(["Ada", "Bo"], seed=1, decks={"tiles": ["A"]})
    x, y, r = game.legal_placements()[0]
    game.apply({"player": 0, "type": "place", "x": x, "y": y, "rotation": r})
    spots = game.legal_followers() or []
    assert "C" in spots
    decode(render_follower_preview(public_view(game), spots, WORDS))


def test_follower_preview_rejects_bad_input() -> None:
    view, _ = follower_step(random_game(11, stop_after=9))
    with pytest.raises(ValueError, match="not a place on the tile"):
        follower_preview(view, ["XYZ"], WORDS)
    with pytest.raises(ValueError, match="no tile at 40,40"):
        follower_preview(view, ["N"], WORDS, cell=(40, 40))
    start = replace(public_view(Game(["A", "B"], seed=1)), last_placed=None)
    with pytest.raises(ValueError, match="no tile has been placed"):
        follower_preview(start, ["N"], WORDS)


def _monastery_step() -> tuple[Game, list[str]]:
    game = Game(["Ada", "Bo"], seed=1, decks={"tiles": ["B"]})
    game.apply({"player": 0, "type": "place", "x": 0, "y": 1, "rotation": 0})
    return game, list(game.legal_followers() or [])


def _marked_pixels(img: Image.Image) -> int:
    colours = img.convert("RGB").getcolors(1 << 24) or []
    return sum(n for n, colour in colours if colour == pal.MARKED)


def test_follower_preview_marks_another_pieces_spot_apart_from_the_numbers() -> None:
    """A spot for another piece (the abbot, A-3) is outlined and badged in the
    mark colour with a key entry of its own; the numbers stay as they were."""
    game, spots = _monastery_step()
    view = public_view(game)
    plain = follower_preview(view, spots, WORDS)
    both = follower_preview(view, spots, WORDS, marks=[Mark("C", "A", "Abbot: monastery")])
    alone = follower_preview(view, [], WORDS, marks=[Mark("C", "A", "Abbot: monastery")])
    assert _marked_pixels(plain) == 0
    assert _marked_pixels(both) > 0 and _marked_pixels(alone) > _marked_pixels(both)
    assert both.size == plain.size  # the key's row has room for the mark
    # Below the title only: the "A" beside "1" on the shared spot, and its key entry.
    diff = ImageChops.difference(plain, both).getbbox()
    assert diff is not None and diff[1] > 40
    with pytest.raises(ValueError, match="not a place on the tile"):
        follower_preview(view, spots, WORDS, marks=[Mark("XYZ", "A", "?")])


def test_follower_preview_titles_a_picture_of_marks_only_without_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only another piece may go (no follower spot): the title asks for a letter."""
    import renders.preview as preview

    titles: list[str] = []
    monkeypatch.setattr(preview, "_title", lambda draw, text, width: titles.append(text))
    game, spots = _monastery_step()
    view = public_view(game)
    mark = Mark("C", "A", "Abbot: monastery")
    follower_preview(view, spots, WORDS, marks=[mark])
    follower_preview(view, [], WORDS, marks=[mark])
    assert titles == [WORDS.follower_title, WORDS.marks_title]
    assert WORDS.marks_title != WORDS.follower_title


def test_follower_preview_with_no_spot_is_just_the_tile() -> None:
    view, _ = follower_step(random_game(11, stop_after=9))
    img = follower_preview(view, [], WORDS)
    assert img.width > 200


def test_tile_choices_drop_repeats_and_number_several() -> None:
    one = tile_choices_image("V", [0], WORDS)
    four = tile_choices_image("V", [0, 90, 180, 270, 90], WORDS)
    assert four.width > one.width
    with pytest.raises(ValueError, match="unknown tile kind"):
        render_tile_choices("Z", [0], WORDS)
    assert_matches_golden(render_tile_choices("BK7", [0, 90, 180, 270], WORDS), "choices-bk7")


def test_previews_show_an_extra_tile_only_where_asked() -> None:
    game, cell, rots = _turn()
    view = public_view(game)
    extra = replace(view, tiles=(*view.tiles, TileView("X", cell[0] + 5, cell[1] + 5, 0)))
    a = placement_preview(view, cell, game.turn.tile, rots, WORDS)  # type: ignore[union-attr]
    b = placement_preview(extra, cell, game.turn.tile, rots, WORDS)  # type: ignore[union-attr]
    assert a.tobytes() == b.tobytes()  # far away: outside the neighbourhood
