"""The findings of #36 that are wording put together by code: each reads
right in every language (counts through plural forms, no rule IDs, no
"a city and a city", one hand item per line, chips that say what pays what)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import places
from bot.errors import player_text
from bot.expansions import bets
from bot.present.events import scores_text
from bot.present.hands import hand_text
from bot.text import Words, catalog
from cogs.league import standings_page
from db.errors import TableFull
from engine.ai import AI
from engine.expansions import known_expansions
from engine.game import Game
from engine.views import private_view

LANGS = ["en", *sorted(catalog.translations())]


def test_a_tile_with_two_cities_apart_says_so() -> None:
    assert places.tile_words("H", Words("en")) == "2 separate cities"
    assert places.tile_words("H", Words("fr")) == "2 villes séparées"
    assert str(places.tile_words("BK8", Words("en"))).startswith("2 separate cities, a road")
    assert places.tile_words("D", Words("en")) == "a city and a road"


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_table_names_no_rule_and_counts_its_players(lang: str) -> None:
    text = str(player_text(TableFull(6), Words(lang)))
    assert "6" in text and "B-1" not in text


def test_score_lines_count_points_and_followers() -> None:
    assert str(scores_text(["Ada"], [1], [1], Words("en"))) == (
        "Ada: 1 point, 1 follower in supply"
    )
    assert str(scores_text(["Ada"], [0], [2], Words("fr"))) == (
        "Ada : 0 point, 2 partisans en réserve"
    )


def test_standings_count_games_and_wins() -> None:
    from db.ratings import Standing

    row = Standing(1, "Ada", games=1, wins=0, shared_wins=1, average_score=12.0, rating=3.4)
    en = standings_page("L", [row], 0, Words("en")).description
    assert en is not None and "rating 3.4 · 1 game · 0 wins (1 shared)" in en
    fr = standings_page("L", [replace(row, shared_wins=0)], 0, Words("fr")).description
    assert fr is not None and "niveau 3,4 · 1 partie · 0 victoire · moy." in fr


def _holding_cards() -> Game:
    """A game played by AI seats until seat 0 holds a Christmas card and chips."""
    game = Game(["Ada", "Bo"], known_expansions(), 5)
    while game.pending is not None and not private_view(game, 0).hidden.get("hand"):
        seat = game.pending.players[0]
        game.apply(AI(seat).choose(game, seat))
    return game


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_lists_one_item_per_line(lang: str) -> None:
    view = private_view(_holding_cards(), 0)
    assert view.hidden.get("hand") and view.hidden.get("chips")
    text = str(hand_text(view, Words(lang)))
    assert ".;" not in text and "; " not in text  # "Card - Score 3 points.; Card ..." (#36)
    items = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(items) >= len(view.hidden["hand"]) + len(view.hidden["chips"]), text


@pytest.mark.parametrize("lang", LANGS)
def test_each_chip_says_what_pays_what(lang: str) -> None:
    words = Words(lang)
    four = str(bets.short_pays("4", words)).splitlines()
    assert len(four) == 1 and "4" in four[0] and "8" in four[0]
    six = str(bets.short_pays("6|7+", words)).splitlines()
    assert len(six) == 2 and "6" in six[0] and "7" in six[1]
    assert bets.short_pays("4", Words("en")) == "exactly 4 tiles: 8 points"
