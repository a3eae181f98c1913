"""The images in words (Discord's alt text): the same words as the image,
in the reader's language, names as typed (no markdown escaping), nothing
hidden."""

from __future__ import annotations

from bot.render import board_alt, final_alt
from bot.text import Words
from engine.ai import AI
from engine.game import Game
from engine.views import public_view


def test_the_board_in_words_says_the_turn_who_plays_tiles_left_and_scores() -> None:
    game = Game(["Zo_ë*", "Bo"], seed=3)
    view = public_view(game)
    text = board_alt(view, Words("en"))
    assert text.startswith(f"Turn 1 · Zo_ë* to play · {view.tiles_left} tiles left · ")
    assert text.endswith("Scores: Zo_ë*: 0, Bo: 0")
    french = board_alt(view, Words("fr"))
    assert french.startswith("Tour 1 · ") and "tuiles restantes" in french
    assert french.endswith("Scores : Zo_ë* : 0, Bo : 0")


def test_the_final_image_in_words_names_the_winners_and_totals() -> None:
    game = Game(["Ada", "Bo"], seed=5, decks={"tiles": ["V", "U", "W"]})
    while game.pending is not None:
        seat = game.pending.players[0]
        game.apply(AI(seat).choose(game, seat))
    view = public_view(game)
    text = final_alt(view, Words("en"))
    winners = " and ".join(view.players[w] for w in view.winners)
    assert text.startswith("Final score · ") and winners in text
    assert text.endswith(f"Scores: Ada: {view.scores[0]}, Bo: {view.scores[1]}")
    assert board_alt(view, Words("nl")).startswith("Spel afgelopen · ")


def test_the_turn_image_in_words_says_which_part_of_the_board_it_shows() -> None:
    from renders.choices import distinct_cells
    from renders.demo import random_game

    game = random_game(11, stop_after=64)
    view = public_view(game)
    cells = distinct_cells(game.legal_placements())
    assert view.last_placed is not None
    x, y = view.last_placed
    text = board_alt(view, Words("en"), cells)
    assert f"the board around {x},{y}, where the last tile went, and the whole board small" in text
    assert f" · {len(cells)} numbered cells where the tile fits · Scores: " in text
    assert f"le plateau autour de {x},{y}" in board_alt(view, Words("fr"), cells)
    # The whole board (/board, the final score) is all of it.
    whole = board_alt(view, Words("en"), cells, whole=True)
    assert "board around" not in whole and whole.startswith("Turn 65 · ")
    # An early board is whole in the turn's image too.
    early = public_view(Game(["Ada", "Bo"], seed=3))
    assert "board around" not in board_alt(early, Words("en"))
