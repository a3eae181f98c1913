"""Images for the Discord bot: engine views in, PNG (or GIF) bytes out.

Public images are drawn from :class:`engine.views.PublicView` (no hidden
contents exist there); the hand from what its holder may see. Tiles are
drawn procedurally from the tile table (engine.tiles); no artwork is copied.
Every word on an image comes from the caller (:class:`renders.captions.Captions`).

The modules, each a pure function of its inputs:

* :mod:`renders.turn` - the turn's image, readable on a phone at any turn: the
  board (or the part of it round the last tile), the tile in hand, an
  overview, the scores, a legend (renders.overview, renders.panels);
* :mod:`renders.board` - the whole board with the same panels (``/board``);
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
    """Load fonts, draw every tile face's master and the PNG palette, the
    pieces at the size the turn image draws them once the board outgrows a
    phone, and one such image, so that the first real image is fast (one to
    two seconds of work; safe to run in a thread off the event loop at
    start-up). ``captions``: the words of the images drawn (the caller's, as
    for every image); ``views``: boards of games in progress (e.g. the bot's
    active games), drawn once so that their tile sizes and pieces are ready
    too."""
    from engine.views import public_view
    from renders import fonts, tiles
    from renders.choices import distinct_cells
    from renders.demo import random_game
    from renders.palette import PLAYER_COLOURS
    from renders.pieces import follower_px, follower_sprite
    from renders.turn import REGION_TILE, render_turn, turn_image

    fonts.warm_up()
    tiles.warm_up()
    for seat in range(len(PLAYER_COLOURS)):
        for lying in (False, True):
            follower_sprite(seat, lying, follower_px(REGION_TILE))
    game = random_game(0, players=[f"P{i}" for i in range(len(PLAYER_COLOURS))], stop_after=45)
    render_turn(public_view(game), captions, legal_cells=distinct_cells(game.legal_placements()))
    for view in views:
        turn_image(view, captions)
