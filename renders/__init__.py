"""Images for the Discord bot: engine views in, PNG bytes out (Pillow only).

Public images are drawn from :class:`engine.views.PublicView` (no hidden
contents exist there); private ones from one player's
:class:`engine.views.PrivateView`. Tiles are drawn procedurally from the tile
table (engine.tiles); no artwork is copied.
"""

from renders.board import board_image, distinct_cells, number_cells, render_board
from renders.private import hand_image, render_hand, render_tile_choices, tile_choices_image
from renders.tiles import tile_image

__all__ = [
    "board_image",
    "distinct_cells",
    "hand_image",
    "number_cells",
    "render_board",
    "render_hand",
    "render_tile_choices",
    "tile_choices_image",
    "tile_image",
]
