"""The bot's thin async wrappers (bot/render.py) draw every image off the event
loop, with the words of the text layer (bot.render.captions)."""

from __future__ import annotations

import io

from PIL import Image

from bot import render
from bot.present.hands import hand_sections
from bot.text import ENGLISH
from engine.views import private_view, public_view
from renders import warm_up
from renders.choices import distinct_cells, distinct_rotations
from renders.demo import follower_step, random_game
from renders.pieces import follower_sprite
from renders.preview import Mark
from renders.turn import turn_image
from tests.renders.conftest import WORDS, english_rows


def _kind(data: bytes) -> str:
    return str(Image.open(io.BytesIO(data)).format)


async def test_every_image_through_the_wrappers() -> None:
    game = random_game(7, stop_after=12)
    view = public_view(game)
    placements = game.legal_placements()
    cell = distinct_cells(placements)[0]
    tile = game.turn.tile  # type: ignore[union-attr]
    rots = distinct_rotations(tile, [r for x, y, r in placements if (x, y) == cell])
    assert _kind(await render.board_async(view, distinct_cells(placements))) == "PNG"
    assert _kind(await render.board_async(view, words=ENGLISH)) == "PNG"
    # The turn's image by default; the whole board for /board and the final score.
    turn = Image.open(io.BytesIO(await render.board_async(view)))
    whole = Image.open(io.BytesIO(await render.board_async(view, whole=True)))
    assert turn.width == 1100 and whole.width != turn.width
    assert _kind(await render.placement_async(view, cell, tile, rots)) == "PNG"
    assert _kind(await render.tile_async(tile, rots) or b"") == "PNG"
    mine = private_view(game, 0)
    assert _kind(await render.hand_async(mine, hand_sections(mine, ENGLISH))) == "PNG"
    placed, spots = follower_step(game)
    plain = await render.follower_async(placed, spots)
    assert _kind(plain) == "PNG"
    # An expansion's marks (adapter.preview_marks) reach the picture.
    marked = await render.follower_async(placed, spots, None, ENGLISH, [Mark(spots[0], "A", "x")])
    assert _kind(marked) == "PNG" and marked != plain
    # The words drawn come from the text layer (one Captions per language).
    assert render.captions(ENGLISH).tile_to_place == ENGLISH("image.tile_to_place")
    done = random_game(3)
    end = public_view(done)
    rows = english_rows(end)
    assert _kind(await render.final_async(end, rows)) == "PNG"
    assert _kind(await render.timelapse_async(done.record())) == "GIF"
    await render.warm_up_async([end])


def test_warm_up_with_views_of_games_in_progress() -> None:
    view = public_view(random_game(2, stop_after=30))
    assert view.followers  # pieces to warm up
    follower_sprite.cache_clear()
    warm_up(WORDS, [view])
    # Its turn image was drawn once: drawing it now draws no follower anew.
    warmed = follower_sprite.cache_info()
    assert warmed.misses > 0
    turn_image(view, WORDS)
    assert follower_sprite.cache_info().misses == warmed.misses
