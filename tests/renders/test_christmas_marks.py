"""Christmas Present marks on the public board: locks (X-5.2), tiebreaks (X-5.3)."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageChops

from engine import Game
from engine.views import public_view
from renders.board import board_bounds, paint_cells, render_board
from tests.renders.conftest import WORDS


def _view(extra):
    game = Game(["A", "B"], seed=3, decks={"tiles": ["E"]})
    game.apply({"player": 0, "type": "place", "x": 0, "y": -1, "rotation": 180})
    view = public_view(game)
    return dataclasses.replace(view, extra={"christmas": extra})


def _image(extra) -> Image.Image:
    return Image.open(io.BytesIO(render_board(_view(extra), WORDS))).convert("RGB")


def test_locks_and_tiebreak_marks_are_drawn_where_the_feature_is():
    plain = _image({"locks": [], "tiebreaks": []})
    marked = _image(
        {
            "locks": [{"x": 0, "y": 0, "location": "E", "feature": "road", "completed": False}],
            "tiebreaks": [{"x": 0, "y": -1, "location": "S", "feature": "city", "players": [1]}],
        }
    )
    assert plain.width == marked.width
    # The board area (above the scoreboard) differs where the marks are; the
    # legend below grows by two entries.
    top = plain.height // 2
    box = ImageChops.difference(
        plain.crop((0, 0, plain.width, top)), marked.crop((0, 0, plain.width, top))
    ).getbbox()
    assert box is not None
    assert marked.height >= plain.height
    assert _legend_keys(_view({"locks": [], "tiebreaks": []})) == []
    keys = _legend_keys(
        _view(
            {
                "locks": [{"x": 0, "y": 0, "location": "E"}],
                "tiebreaks": [{"x": 0, "y": -1, "location": "S", "players": [1]}],
            }
        )
    )
    assert keys == ["lock", "tiebreak"]


def _legend_keys(view):
    _, ctx = paint_cells(view, board_bounds(view), 64)
    return [i.key for i in ctx.legend]


def test_marks_on_unknown_cells_or_locations_are_ignored():
    plain = _image({})
    odd = _image(
        {
            "locks": [{"x": 9, "y": 9, "location": "E"}, {"x": 0, "y": 0, "location": "NOPE"}],
            "tiebreaks": [{"x": "a", "y": 0, "location": "S", "players": [0]}],
        }
    )
    assert ImageChops.difference(plain, odd).getbbox() is None
