"""Images for the Discord bot: engine views in, PNG (or GIF) bytes out.

Public images are drawn from :class:`engine.views.PublicView` (no hidden
contents exist there); the hand from what its holder may see. Tiles are
drawn procedurally from the tile table (engine.tiles); no artwork is copied.
Every word on an image comes from the caller (:class:`renders.captions.Captions`).

The modules, each a pure function of its inputs:

* :mod:`renders.board` - the public board with the tile in hand, scoreboard, legend;
* :mod:`renders.preview` - placement and follower previews, the tile in hand;
* :mod:`renders.hand` - one player's cards and chips;
* :mod:`renders.final` - the score breakdown at the end;
* :mod:`renders.timelapse` - the whole game as an animated GIF;
* :mod:`renders.choices` - numbering of cells and distinct rotations (no Pillow).

This package imports nothing at start, so ``renders.choices`` stays free of
Pillow; call :func:`warm_up` once in the background at start-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.views import PublicView
    from renders.captions import Captions


def warm_up(captions: Captions, views: Sequence[PublicView] = ()) -> None:
    """Load fonts, draw every tile face's master and the PNG palette, and
    draw one board, so that the first real image is fast (one to two seconds
    of work; safe to run in a thread off the event loop at start-up).
    ``captions``: the words of the boards drawn (the caller's, as for every
    image); ``views``: boards of games in progress (e.g. the bot's active
    games), drawn once so that their tile sizes and pieces are ready too."""
    from engine.game import Game
    from engine.views import public_view
    from renders import fonts, tiles
    from renders.board import board_image, render_board
    from renders.choices import distinct_cells

    fonts.warm_up()
    tiles.warm_up()
    game = Game(["A", "B"], seed=0)
    render_board(public_view(game), captions, legal_cells=distinct_cells(game.legal_placements()))
    for view in views:
        board_image(view, captions)
