"""Render benchmark: ``.venv/bin/python -m benchmarks.render``.

Prints the median time to render the board of a finished 82-tile game (target
<= 50 ms, with tile drawings cached as in a running bot), the same with cold
caches, a tile preview (4 rotations) and a hand, and the PNG sizes
(the board must stay <= 1 MB for Discord).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from engine.expansions.christmas_cards import card_view
from engine.views import PrivateView, public_view
from renders.board import distinct_cells, render_board
from renders.demo import random_game
from renders.geometry import layout
from renders.pieces import follower_sprite
from renders.private import render_hand, render_tile_choices
from renders.tiles import tile_image

BOARD_TARGET_MS = 50.0


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def clear_caches() -> None:
    tile_image.cache_clear()
    follower_sprite.cache_clear()
    layout.cache_clear()


def main() -> None:
    game = random_game(7)
    view = public_view(game)
    mid = random_game(7, stop_after=40)
    mid_view = public_view(mid)
    cells = distinct_cells(mid.legal_placements())
    hand = PrivateView(
        0,
        mid_view,
        {
            "gifts": ["synod", "take-two"],
            "hand": [card_view(c) for c in ("score-3", "draw-two", "farm-bonus")],
            "chips": ["2|3", "3|4", "4", "5|6", "6|7+", "5|8+"],
        },
        (),
    )

    def cold() -> None:
        clear_caches()
        render_board(view)

    cold_ms = median_ms(cold, 5)
    render_board(view)  # warm the caches
    png = render_board(view)
    board_ms = median_ms(lambda: render_board(view), 25)
    legal_ms = median_ms(lambda: render_board(mid_view, legal_cells=cells), 25)
    preview_ms = median_ms(lambda: render_tile_choices("BK7", [0, 90, 180, 270]), 25)
    hand_ms = median_ms(lambda: render_hand(hand), 25)

    target = f"(target <= {BOARD_TARGET_MS:.0f} ms)"
    print(f"board, 82 tiles, warm caches : {board_ms:7.1f} ms median  {target}")
    print(f"board, 82 tiles, cold caches : {cold_ms:7.1f} ms median")
    print(f"board, 41 tiles + {len(cells):2d} legal cells: {legal_ms:5.1f} ms median")
    print(f"tile preview, 4 rotations   : {preview_ms:7.1f} ms median")
    print(f"hand (2 gifts, 3 cards, 6 chips): {hand_ms:4.1f} ms median")
    print(f"board PNG size              : {len(png) / 1024:7.1f} KiB  (limit 1024 KiB)")
    print("board within target:", "yes" if board_ms <= BOARD_TARGET_MS else "NO")


if __name__ == "__main__":
    main()
