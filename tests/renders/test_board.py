"""The public board image (renders.board)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.expansions.gifts import CARDS as GIFT_CARDS
from engine.game import Game
from engine.phases import PRIVATE_VIEW, PUBLIC_VIEW
from engine.views import FollowerView, PublicView, TileView, private_view, public_view
from renders.board import MAX_TILE, board_image, render_board, tile_in_hand, tile_size
from renders.choices import distinct_cells, number_cells
from renders.demo import random_game
from renders.turn import render_turn
from tests.renders.conftest import WORDS, assert_matches_golden, decode

ONE_MB = 1024 * 1024


def test_numbering_follows_the_given_order_and_skips_repeats() -> None:
    assert number_cells([(2, 0), (-1, 3), (2, 0), (0, -1)]) == {(2, 0): 1, (-1, 3): 2, (0, -1): 3}
    assert number_cells([]) == {}


def test_distinct_cells_in_reading_order() -> None:
    placements = [(1, 0, 0), (-1, 0, 90), (1, 0, 180), (0, -1, 0), (0, 1, 270)]
    assert distinct_cells(placements) == [(0, -1), (-1, 0), (1, 0), (0, 1)]


def test_start_board_decodes_with_expected_size() -> None:
    game = Game(["Ada", "Bo"], seed=1)
    view = public_view(game)
    img = decode(render_board(view, WORDS))
    assert tile_size(1, 1) == MAX_TILE
    # One cell at full size; at least the scoreboard width.
    assert img.width >= 560
    assert img.height > MAX_TILE + 2 * 30


def test_legal_cells_extend_the_board_and_are_numbered() -> None:
    game = Game(["Ada", "Bo"], seed=1)
    view = public_view(game)
    cells = distinct_cells(game.legal_placements())
    plain = board_image(view, WORDS)
    marked = board_image(view, WORDS, legal_cells=cells)
    assert marked.height > plain.height
    assert len(cells) >= 2


def test_golden_start_with_legal_cells() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=5)
    cells = distinct_cells(game.legal_placements())
    assert_matches_golden(render_board(public_view(game), WORDS, legal_cells=cells), "start-legal")


def test_golden_mid_game_with_followers() -> None:
    game = random_game(11, stop_after=12, follower_rate=0.9)
    assert game.board.followers
    assert_matches_golden(render_board(public_view(game), WORDS), "mid-game")


def test_golden_finished_82_tile_game() -> None:
    game = random_game(7)
    assert game.finished and len(game.board.tiles) == 82
    assert_matches_golden(render_board(public_view(game), WORDS), "finished-82")


def test_full_82_tile_board_stays_under_one_megabyte() -> None:
    for seed in (1, 2, 3):
        game = random_game(seed)
        assert len(game.board.tiles) == 82
        png = render_board(public_view(game), WORDS)
        assert len(png) <= ONE_MB
        decode(png)


def test_a_long_thin_board_is_scaled_down_and_small() -> None:
    view = public_view(Game(["Ada", "Bo"], seed=1))
    tiles = tuple(TileView("U", x, 0, 90) for x in range(-60, 61))
    view = replace(view, tiles=tiles, followers=(), last_placed=(60, 0))
    img = board_image(view, WORDS)
    assert img.width <= 121 * 28 + 400
    png = render_board(view, WORDS)
    assert len(png) <= ONE_MB


def test_lying_follower_is_drawn_differently_from_a_standing_one() -> None:
    view = public_view(Game(["Ada", "Bo"], seed=1))
    standing = FollowerView(0, 0, 0, "N", "city", False)
    lying = replace(standing, lying=True)
    a = board_image(replace(view, followers=(standing,)), WORDS)
    b = board_image(replace(view, followers=(lying,)), WORDS)
    none = board_image(view, WORDS)
    assert a.tobytes() != none.tobytes()
    assert a.tobytes() != b.tobytes()


def test_each_seat_has_its_own_follower_look() -> None:
    view = public_view(Game(["A1", "B2", "C3", "D4", "E5", "F6"], seed=1))
    images = {
        board_image(
            replace(view, followers=(FollowerView(s, 0, 0, "N", "city", False),)), WORDS
        ).tobytes()
        for s in range(6)
    }
    assert len(images) == 6


def test_follower_on_an_unknown_spot_is_skipped_not_a_crash() -> None:
    view = public_view(Game(["Ada", "Bo"], seed=1))
    known = FollowerView(0, 5, 5, "N", "city", False)
    odd = (known, FollowerView(1, 0, 0, "XYZ", "road", False))
    shown = decode(render_board(replace(view, followers=odd), WORDS))
    alone = decode(render_board(replace(view, followers=(known,)), WORDS))
    assert shown.tobytes() == alone.tobytes()  # drawn as if it were not there


def test_public_counts_and_staked_chips_are_shown() -> None:
    view = public_view(Game(["Ada", "Bo"], seed=1))
    with_counts = replace(view, counts={"gifts": (2, 0), "hand": (1, 3), "chips": (5, 6)})
    assert board_image(with_counts, WORDS).tobytes() != board_image(view, WORDS).tobytes()
    tiles = (*view.tiles, TileView("BK5", 1, 0, 0))
    base = replace(view, tiles=tiles)
    staked = replace(base, extra={"bets": {"offices": [{"x": 1, "y": 0, "chips": [0, 1]}]}})
    assert board_image(staked, WORDS).tobytes() != board_image(base, WORDS).tobytes()


def _game_with_secret(secret: list[str]) -> Game:
    """A game whose players hold hidden things (as an expansion would add them)
    with public counts only."""
    game = random_game(4, stop_after=10)

    def public(g: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
        counts["hand"] = tuple(len(secret) for _ in g.players)

    def private(g: Game, seat: int, hidden: dict[str, Any]) -> None:
        hidden["hand"] = [
            {"card": c, "name": c, "text": c, "class": "plain", "deck": "abbey"} for c in secret
        ]

    game.hooks.on(PUBLIC_VIEW, public)
    game.hooks.on(PRIVATE_VIEW, private)
    return game


def test_public_image_is_the_same_whatever_the_hands() -> None:
    a = _game_with_secret(["score-3", "draw-two"])
    b = _game_with_secret(["mastermind", "farm-bonus"])
    assert private_view(a, 0).hidden != private_view(b, 0).hidden
    assert render_board(public_view(a), WORDS) == render_board(public_view(b), WORDS)
    assert render_turn(public_view(a), WORDS) == render_turn(public_view(b), WORDS)
    # The private view's public part is the same public view.
    assert render_board(private_view(a, 0).public, WORDS) == render_board(public_view(a), WORDS)


def _play_with_gift_order(order: list[str]) -> Game:
    """60 actions of a gifts + Christmas game, always taking the first base
    action (so gifts are received but never opened), gift deck in ``order``."""
    game = Game(["Ada", "Bo", "Cy"], ("gifts", "christmas"), seed=9, decks={"gifts": order})
    for _ in range(60):
        d = game.pending
        assert d is not None
        seat = d.active if d.active in d.players else d.players[0]
        actions = game.legal_actions(seat)
        base = [a for a in actions if a["type"] in ("place", "follower")]
        followers = [a for a in base if a["type"] == "follower" and a["location"]]
        game.apply((followers or base or actions)[0])
    return game


def test_public_image_is_the_same_whatever_the_real_gift_hands_g1() -> None:
    deck = [c.id for c in GIFT_CARDS.values() for _ in range(c.count)]
    one = _play_with_gift_order(sorted(deck))
    two = _play_with_gift_order(sorted(deck, reverse=True))
    hidden_one = [private_view(one, s).hidden["gifts"] for s in range(3)]
    hidden_two = [private_view(two, s).hidden["gifts"] for s in range(3)]
    assert any(hidden_one) and hidden_one != hidden_two
    view = public_view(one)
    assert isinstance(view, PublicView)
    assert render_board(public_view(two), WORDS) == render_board(view, WORDS)


def test_golden_comparison_notices_a_change_of_numbers() -> None:
    # The comparison must be strict enough to catch swapped cell numbers.
    game = Game(["Ada", "Bo", "Cy"], seed=5)
    cells = distinct_cells(game.legal_placements())
    swapped = render_board(public_view(game), WORDS, legal_cells=list(reversed(cells)))
    with pytest.raises(AssertionError, match="differ from the golden"):
        assert_matches_golden(swapped, "start-legal", may_update=False)


def test_the_tile_in_hand_shows_until_it_is_placed() -> None:
    game = Game(["Ada", "Bo"], seed=1)
    before = public_view(game)
    assert game.turn is not None and tile_in_hand(before) == game.turn.tile
    x, y, r = game.legal_placements()[0]
    game.apply({"player": 0, "type": "place", "x": x, "y": y, "rotation": r})
    after = public_view(game)
    assert tile_in_hand(after) is None
    # The header grows to show the tile in hand.
    hidden = replace(before, turn=replace(before.turn, tile=None))
    a, b = board_image(before, WORDS), board_image(hidden, WORDS)
    assert a.width == b.width and a.height > b.height


def test_no_tile_in_hand_once_the_game_is_over() -> None:
    game = random_game(7)
    assert tile_in_hand(public_view(game)) is None


def test_tile_sizes_change_in_steps_as_the_board_grows() -> None:
    sizes = {tile_size(n, n) for n in range(1, 30)}
    assert all(s % 4 == 0 for s in sizes if s > 40)
    assert max(sizes) == MAX_TILE
