"""Christmas Present marks on the public board: locks (X-5.2), tiebreaks (X-5.3)."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageChops

from engine import Game
from engine.views import public_view
from renders.board import render_board


def _view(extra):
    game = Game(["A", "B"], seed=3, decks={"tiles": ["E"]})
    game.apply({"player": 0, "type": "place", "x": 0, "y": -1, "rotation": 180})
    view = public_view(game)
    return dataclasses.replace(view, extra={"christmas": extra})


def _image(extra) -> Image.Image:
    return Image.open(io.BytesIO(render_board(_view(extra)))).convert("RGB")


def test_locks_and_tiebreak_marks_are_drawn_where_the_feature_is():
    plain = _image({"locks": [], "tiebreaks": []})
    marked = _image(
        {
            "locks": [{"x": 0, "y": 0, "location": "E", "feature": "road", "completed": False}],
            "tiebreaks": [{"x": 0, "y": -1, "location": "S", "feature": "city", "players": [1]}],
        }
    )
    assert plain.size == marked.size
    box = ImageChops.difference(plain, marked).getbbox()
    assert box is not None  # something was drawn
    # Both marks sit on the board area (top rows), not on the scoreboard strip.
    assert box[3] < plain.size[1] * 0.75


def test_marks_on_unknown_cells_or_locations_are_ignored():
    plain = _image({})
    odd = _image(
        {
            "locks": [{"x": 9, "y": 9, "location": "E"}, {"x": 0, "y": 0, "location": "NOPE"}],
            "tiebreaks": [{"x": "a", "y": 0, "location": "S", "players": [0]}],
        }
    )
    assert ImageChops.difference(plain, odd).getbbox() is None
