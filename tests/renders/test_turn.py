"""The turn's image (renders.turn) on a phone, at every turn of whole games.

Discord shows an image about 550 px wide on a phone. On every turn of the
demo game (four AI seats, every expansion) and of a six-player game with
every expansion, the layout must show tiles >= 40 px and follower letters
with a cap height >= 9 px at that width, and stay no taller than 1.4 times
its width (the tile to place, the board and the scores on one screen);
every numbered cell is on the large board or on the overview. The sizes are
computed from the layout (nothing drawn); a sample of turns is drawn to
check that the image is the layout.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from engine.ai import AI
from engine.game import Game
from engine.plugins import known_expansions
from engine.views import PublicView, TileView, public_view
from renders import overview, palette
from renders.board import badge_sprite, board_bounds
from renders.choices import Cell, distinct_cells, number_cells
from renders.demo import random_game
from renders.pieces import follower_sprite
from renders.text import PHONE_WIDTH, cap_height, recording
from renders.turn import (
    MAX_ASPECT,
    TurnLayout,
    choose_region,
    render_turn,
    turn_image,
    turn_layout,
)
from tests.renders.conftest import WORDS, assert_matches_golden

MIN_TILE, MIN_CAP = 40.0, 9.0  # phone pixels (issue 33)
GAMES = {
    "demo": (["Ada", "Bo", "Cy", "Dee"], 7),  # renders.demo.ai_game's players and seed
    "six players": (["Ada", "Bo", "Cy", "Dee", "Eve", "Finn"], 3),
}


def turns(players: list[str], seed: int) -> Iterator[tuple[PublicView, list[Cell]]]:
    """Each image the bot draws in a whole game of AI seats with every
    expansion: at each placing step the board with and without the numbered
    cells (a human's turn, a robot's), and the board at the end."""
    game = Game(players, expansions=known_expansions(), seed=seed)
    ais = {p: AI(seed + p) for p in range(len(players))}
    while game.pending is not None:
        d = game.pending
        if d.step == "place":
            view = public_view(game)
            yield view, []
            yield view, distinct_cells(game.legal_placements())
        seat = d.active if d.active in d.players else d.players[0]
        game.apply(ais[seat].choose(game, seat))
    yield public_view(game), []


def phone_sizes(lay: TurnLayout) -> tuple[float, float, float]:
    """Tile side and seat letter cap height on a 550 px phone, and the aspect."""
    return (
        lay.shown(lay.tile),
        lay.shown(cap_height(lay.letter)),
        lay.height / lay.width,
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_turn_reads_on_a_phone(name: str) -> None:
    players, seed = GAMES[name]
    worst_tile, worst_cap, worst_aspect = 1e9, 1e9, 0.0
    parts = 0
    for view, cells in turns(players, seed):
        lay = turn_layout(view, WORDS, cells)
        tile, cap, aspect = phone_sizes(lay)
        turn = view.turn.number if view.turn else "end"
        assert tile >= MIN_TILE, f"turn {turn}: tiles {tile:.1f} px on a phone"
        assert cap >= MIN_CAP, f"turn {turn}: follower letters {cap:.1f} px high"
        assert aspect <= MAX_ASPECT, f"turn {turn}: {aspect:.2f} times as tall as wide"
        worst_tile, worst_cap = min(worst_tile, tile), min(worst_cap, cap)
        worst_aspect = max(worst_aspect, aspect)
        # Every numbered cell is on the large board or on the overview.
        bounds = board_bounds(view, cells)
        x0, y0, x1, y1 = lay.region
        outside = [c for c in cells if not (x0 <= c[0] <= x1 and y0 <= c[1] <= y1)]
        assert not outside or lay.overview_w > 0
        assert all(bounds[0] <= c[0] <= bounds[2] and bounds[1] <= c[1] <= bounds[3] for c in cells)
        if view.last_placed is not None:
            assert x0 <= view.last_placed[0] <= x1 and y0 <= view.last_placed[1] <= y1
        parts += not lay.whole
    # Late in these games only a part of the board fits: the check covered it.
    assert parts > 20
    print(
        f"{name}: smallest tile {worst_tile:.1f} px, smallest letter cap {worst_cap:.1f} px, "
        f"tallest {worst_aspect:.2f} x the width, on a {PHONE_WIDTH} px phone"
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_drawn_image_is_its_layout(name: str) -> None:
    players, seed = GAMES[name]
    drawn = 0
    for i, (view, cells) in enumerate(turns(players, seed)):
        if i % 37 != 36 or not view.followers:
            continue
        lay = turn_layout(view, WORDS, cells)
        follower_sprite.cache_clear()  # so its letters are drawn, and recorded, again
        with recording() as texts:
            img = turn_image(view, WORDS, legal_cells=cells)
        assert img.size == (lay.width, lay.height)
        letters = [t.px for t in texts if t.mark and t.text in palette.PLAYER_LETTERS]
        # The largest seat letters drawn are the board's followers'.
        assert max(letters) == pytest.approx(lay.letter, abs=0.5)
        drawn += 1
    assert drawn >= 3


def test_early_boards_are_whole_and_large() -> None:
    game = Game(["Ada", "Bo"], seed=1)
    lay = turn_layout(public_view(game), WORDS, distinct_cells(game.legal_placements()))
    assert lay.whole and lay.overview_w == 0
    assert lay.shown(lay.tile) > 60


def test_the_region_keeps_the_last_tile_off_its_edge_and_holds_the_most() -> None:
    tiles = tuple(TileView("V", x, 0, 0) for x in range(-10, 11))
    view = replace(
        public_view(Game(["Ada", "Bo"], seed=1)), tiles=tiles, followers=(), last_placed=(10, 0)
    )
    bounds = (-10, -1, 11, 1)
    # The last tile at the board's east end: the window ends with the board.
    assert choose_region(bounds, view, [], 8, 3) == (4, -1, 11, 1)
    view = replace(view, last_placed=(0, 0))
    # In the middle: the window holds it away from its edge, then the most cells.
    region = choose_region(bounds, view, [(-5, 1), (-6, 1), (-7, 1)], 8, 3)
    assert region[0] < 0 < region[2] and region == (-6, -1, 1, 1)
    # A window larger than the board is the board.
    assert choose_region((0, 0, 2, 1), view, [], 8, 6) == (0, 0, 2, 1)


def test_numbers_off_the_large_board_are_on_the_overview_apart() -> None:
    # Twelve numbered cells in a row along the board's rim, as late in a game.
    tiles = tuple(TileView("V", x, y, 0) for x in range(-8, 9) for y in range(-3, 4))
    cells = [(x, -4) for x in range(-8, 4)]
    view = public_view(Game(["Ada", "Bo"], seed=1))
    view = replace(view, tiles=tiles, followers=(), last_placed=(8, 3))
    lay = turn_layout(view, WORDS, cells)
    assert not lay.whole and lay.overview_w > 0
    numbers = number_cells(cells)
    bounds = board_bounds(view, cells)
    box = (lay.overview_w - 16, lay.scores_h - 16)
    side = overview.tile_px(bounds, box, 2.0)
    outside = {c: n for c, n in numbers.items() if not (lay.region[0] <= c[0] <= lay.region[2])}
    spots = overview.badge_spots(bounds, outside, box, 2.0)
    assert set(spots) == set(outside)
    for cell, (x, y) in spots.items():
        r = badge_sprite(outside[cell], round(overview.BADGE_PX * 2.0)).width / 2
        assert r <= x <= box[0] - r and r <= y <= box[1] - r  # whole, inside the overview
        for other, (u, v) in spots.items():
            if other != cell:
                assert (x - u) ** 2 + (y - v) ** 2 >= (2 * r - 2) ** 2  # apart
    assert side >= 2
    # And drawn: the image is still its layout.
    assert turn_image(view, WORDS, legal_cells=cells).size == (lay.width, lay.height)


def test_golden_late_turn_with_the_overview() -> None:
    game = random_game(11, stop_after=64, follower_rate=0.8)
    cells = distinct_cells(game.legal_placements())
    view = public_view(game)
    assert not turn_layout(view, WORDS, cells).whole
    assert_matches_golden(render_turn(view, WORDS, legal_cells=cells), "turn-late")
