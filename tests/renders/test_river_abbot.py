"""The River and The Abbot drawn (R-1, R-3, A-1, A-2): the numbered cells of a
river turn, water on the board, the abbot's own shape in its seat's colour."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageChops

from engine import Game
from engine.views import public_view
from renders import board
from renders import palette as pal
from renders.choices import distinct_cells
from renders.overlays.abbot import abbot_sprite
from renders.pieces import follower_sprite, piece_sprite
from tests.renders.conftest import WORDS, decode


def test_a_river_turn_numbers_only_the_cell_beyond_the_open_end_r3() -> None:
    game = Game(["Ada", "Bo"], ["river"], seed=3, decks={"river": ["RV10", "RV2"], "tiles": ["U"]})
    cells = distinct_cells(game.legal_placements())
    assert cells == [(1, 0)]  # not the three other cells next to the spring
    view = public_view(game)
    numbered = board.board_image(view, WORDS, legal_cells=cells)
    plain = board.board_image(view, WORDS)
    assert numbered.size == plain.size and numbered.tobytes() != plain.tobytes()
    png = decode(board.render_board(view, WORDS, legal_cells=cells))
    assert png.size == numbered.size


def _coloured(sprite: Image.Image, seat: int) -> int:
    """Opaque pixels of the seat's colour (give or take the resampling)."""
    rgba, colour = sprite.tobytes(), pal.player_colour(seat)
    return sum(
        rgba[i + 3] == 255 and sum(abs(rgba[i + k] - colour[k]) for k in range(3)) < 24
        for i in range(0, len(rgba), 4)
    )


def test_the_abbot_has_its_own_shape_in_its_seat_colour_a1() -> None:
    for seat in range(6):
        abbot, meeple = abbot_sprite(seat, False, 40), follower_sprite(seat, False, 40)
        assert abbot.size == meeple.size
        # another silhouette ...
        assert ImageChops.difference(abbot.getchannel("A"), meeple.getchannel("A")).getbbox()
        # ... in the seat's colour, about as much of it as a follower shows
        robe, body = _coloured(abbot, seat), _coloured(meeple, seat)
        assert robe > 0.6 * body, (seat, robe, body)
    assert piece_sprite("abbot", 1, True, 40) is abbot_sprite(1, True, 40)
    assert piece_sprite(None, 1, False, 40) is follower_sprite(1, False, 40)
    assert piece_sprite("no-such-piece", 1, False, 40) is follower_sprite(1, False, 40)


def test_the_board_draws_an_abbot_where_a_follower_would_stand_a1() -> None:
    game = Game(["Ada", "Bo"], ["abbot"], seed=1, decks={"tiles": ["B", "U"]})
    game.apply({"player": 0, "type": "place", "x": 0, "y": 1, "rotation": 0})
    game.apply({"player": 0, "type": "follower", "location": "C", "abbot": True})
    view = public_view(game)
    (abbot,) = view.followers
    as_follower = replace(view, followers=(replace(abbot, piece=None),))
    drawn = board.board_image(view, WORDS)
    assert drawn.tobytes() != board.board_image(as_follower, WORDS).tobytes()
