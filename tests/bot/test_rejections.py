"""Every engine refusal the bot can surface reads in the reader's language (#36).

The engine's refusals carry a code and values (tests/engine/test_rejection_codes.py);
the bot words them from ``rejection.<code>`` in each catalogue. Here every code the
engine raises has its words in every language, and whole games of every expansion
are driven into refusals (a seat acting out of turn, a tile on a taken or lonely
cell, a follower on a taken feature, answers given twice, ...): each one is
worded through the one error funnel's text in every language and carries no
English (player names excepted).
"""

from __future__ import annotations

import functools
import random
import re
import string

import pytest

from bot.errors import player_text
from bot.locales.extract import source_messages
from bot.text import Words, catalog
from db.errors import TooFewPlayers
from engine.ai import AI
from engine.expansions import known_expansions
from engine.game import Game
from engine.phases import IllegalAction
from tests.engine.test_rejection_codes import engine_codes

LANGS = sorted(catalog.translations())
PLAYERS = ["Ada", "Bo", "Cy"]


def english_pieces(lang: str) -> set[str]:
    """Pieces of English rejection texts (two words or more) that ``lang``'s
    catalogue never uses: read by its players, they are English."""
    translated = " ".join(
        " ".join(
            v if isinstance(v, str) else " ".join(v)
            for v in catalog.translations()[lang].messages.values()
        )
    ).lower()
    out: set[str] = set()
    for key, entry in source_messages().items():
        if not key.startswith(("rejection.", "error.not_allowed")):
            continue
        for form in [entry] if isinstance(entry, str) else list(entry.values()):
            for literal, *_ in string.Formatter().parse(form):
                for piece in re.split(r"[\n:;,.()*`!?\-]+", literal):
                    if len(piece.split()) >= 2 and piece.strip().lower() not in translated:
                        out.add(" ".join(piece.split()).lower())
    return out


def test_every_engine_code_has_words_in_every_language() -> None:
    english = source_messages()
    missing = sorted(c for c in engine_codes() if f"rejection.{c}" not in english)
    assert missing == [], f"engine refusals without words: {missing}"
    for lang in LANGS:
        have = catalog.translations()[lang].messages
        gaps = sorted(c for c in engine_codes() if f"rejection.{c}" not in have)
        assert gaps == [], f"{lang}.po misses the words of {gaps}"


def _mutations(game: Game, seat: int, legal: list[dict[str, object]]) -> list[dict[str, object]]:
    """Actions a player might send that the rules refuse now."""
    out: list[dict[str, object]] = []
    for action in legal[:3]:
        other = (int(action["player"]) + 1) % len(game.players)  # type: ignore[call-overload]
        out.append({**action, "player": other})  # out of turn / already answered
        if "x" in action and "y" in action:
            for x, y in [(0, 0), (40, 40), *list(game.board.tiles)[:2]]:
                out.append({**action, "x": x, "y": y})  # a taken, lonely or wrong cell
        if "rotation" in action:  # the same cell turned another way: a side may not match
            turned = (int(action["rotation"]) + 90) % 360  # type: ignore[call-overload]
            out.append({**action, "rotation": turned})
        if "location" in action:
            out.append({**action, "location": "nowhere"})
    out.append({"player": seat, "type": "place", "x": 0, "y": 0, "rotation": 45})
    return out


@functools.cache
def refusals() -> list[IllegalAction]:
    """The refusals of whole games of every expansion, driven by bad actions."""
    found: dict[tuple[str | None, str], IllegalAction] = {}
    rng = random.Random(7)
    for exps, seed in (((), 1), (tuple(known_expansions()), 2), (tuple(known_expansions()), 5)):
        game = Game(PLAYERS, list(exps), seed=seed)
        while game.pending is not None:
            seat = game.pending.players[0]
            legal = [dict(a) for a in game.legal_actions(seat)]
            for bad in rng.sample(_mutations(game, seat, legal), k=min(4, len(legal) + 1)):
                try:
                    game.apply(bad)
                except IllegalAction as error:
                    found.setdefault((error.code, str(error)[:40]), error)
                    continue
                break  # the mutation happened to be legal: the game moved on
            else:
                if game.pending is not None:
                    game.apply(AI(seat).choose(game, seat))
        try:
            game.apply({"player": 0, "type": "place", "x": 9, "y": 9, "rotation": 0})
        except IllegalAction as error:
            found.setdefault((error.code, str(error)[:40]), error)
    return list(found.values())


def test_games_are_driven_into_many_kinds_of_refusal() -> None:
    codes = {r.code for r in refusals()}
    assert None not in codes, [str(r) for r in refusals() if r.code is None]
    assert {"game_over", "not_your_move", "cell_taken", "cell_not_adjacent"} <= codes, codes
    assert len(codes) >= 8, codes


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_reads_in_the_readers_language(lang: str) -> None:
    words = Words(lang)
    english = english_pieces(lang)
    for refusal in refusals():
        text = str(player_text(refusal, words)).lower()
        for name in PLAYERS:
            text = text.replace(name.lower(), "")
        leaks = sorted(p for p in english if p in text)
        assert leaks == [], (refusal.code, text, leaks)
        assert str(refusal).lower() not in text  # not the engine's English message


@pytest.mark.parametrize("lang", LANGS)
def test_starting_alone_reads_in_the_readers_language(lang: str) -> None:
    """Start pressed alone: the engine's B-1 refusal (English, for the log) is
    worded from the catalogue."""
    refusal = TooFewPlayers("a game needs 2 to 6 players, not 1 (B-1)", 2)
    text = str(player_text(refusal, Words(lang)))
    assert "2" in text and "B-1" not in text and "players, not" not in text, text
    assert text == str(Words(lang)("error.too_few_players", count=2))


def test_english_readers_read_the_catalogue_and_an_uncoded_refusal_falls_back() -> None:
    en, fr = Words("en"), Words("fr")
    coded = IllegalAction("cell 3,1 already holds a tile", code="cell_taken", x=3, y=1)
    assert str(player_text(coded, en)) == "Not allowed: the cell 3,1 already holds a tile."
    assert "3,1" in str(player_text(coded, fr))
    bare = IllegalAction("a new refusal (B-4)")
    assert str(player_text(bare, en)) == "Not allowed: a new refusal"
    assert str(player_text(bare, fr)) == str(fr("error.not_allowed", reason=fr("rejection.other")))


@pytest.mark.parametrize("lang", LANGS)
def test_river_refusals_say_which_rule_in_the_readers_language(lang: str) -> None:
    """R-3 and R-4 refusals each have their words (not the general "cannot
    lie there"), the open end's cell among them."""
    from engine.expansions.river.rules import refusal
    from engine.expansions.river.state import LEFT, RIGHT

    words = Words(lang)
    open_end = refusal((1, 0), LEFT, 0, -1, 0)
    bends = [refusal((1, 1), turned, 1, 1, 180) for turned in (LEFT, RIGHT)]
    texts = [str(player_text(error, words)) for error in (open_end, *bends)]
    assert "1,0" in texts[0], texts[0]
    general = str(player_text(IllegalAction("-", code="placement_refused", x=1, y=1), words))
    assert len(set(texts)) == 3 and general not in texts, texts
    english = english_pieces(lang)
    assert [p for text in texts for p in english if p in text.lower()] == []
