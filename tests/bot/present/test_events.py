"""Events and scores in words: private events never worded; the final
breakdown adds up to the scores."""

from __future__ import annotations

from bot.present import events as words
from bot.text import ENGLISH as W
from db.values import ranks
from engine.ai import play_out
from engine.expansions import known_expansions
from engine.game import Game, shuffled
from engine.tiles import base_bag, expansion_tiles

PLAYERS = ["Ada", "Bo", "Cy"]


def short_game() -> Game:
    deck = shuffled(11, "tiles", base_bag() + expansion_tiles("bets"))[:30]
    game = Game(PLAYERS, known_expansions(), 11, {"tiles": deck})
    return play_out(game)


def test_private_events_are_never_put_into_words() -> None:
    secret = {"type": "gift-card", "player": 1, "card": "synod", "private": 1}
    assert words.event_line(PLAYERS, secret, W) is None
    assert "synod" not in words.events_text(PLAYERS, [secret], W)
    assert words.public([secret, {"type": "end"}]) == [{"type": "end"}]


def test_score_lines_name_feature_place_and_reason() -> None:
    line = words.score_line(
        PLAYERS,
        {
            "type": "score",
            "player": 0,
            "points": 8,
            "feature": "city",
            "reason": "completed",
            "tiles": 3,
            "pennants": 1,
            "at": [1, -1],
        },
        W,
    )
    assert line == "Ada scored 8 points for a completed city (3 tiles, 1 pennant)."
    # A bet's points are told by its settlement's line (bet_settled), not twice.
    bet = words.score_line(PLAYERS, {"type": "score", "player": 2, "points": 4, "reason": "bet"}, W)
    assert bet == ""
    lock = words.score_line(
        PLAYERS,
        {"type": "score", "player": 1, "points": 8, "feature": "city", "reason": "christmas:lock"},
        W,
    )
    assert lock == "Bo scored 8 points for a locked city."


def test_breakdown_totals_equal_final_scores_b10() -> None:
    game = short_game()
    table = words.breakdown(PLAYERS, words.public(game.events), W)
    totals = [sum(col) for col in zip(*table.values(), strict=True)]
    assert totals == game.final_scores()
    winner = PLAYERS[game.winners()[0]]
    assert words.final_head(PLAYERS, game.winners(), W) == f"{winner} wins!"
    # A seat whose player resigned won for the AI, not for them.
    stand_in = words.final_head(PLAYERS, game.winners(), W, resigned=game.winners())
    assert stand_in == f"{winner} (resigned; the AI played on) wins!"
    scores = game.final_scores()
    ranking = words.ranking(PLAYERS, scores, ranks(scores), W)
    assert ranking.startswith(f"{winner}: {max(scores)}")
    # The one ranking rule: a resigned seat comes last whatever its score.
    last = words.ranking(PLAYERS, scores, ranks(scores, game.winners()[:1]), W)
    assert last.endswith(f"{winner}: {max(scores)}")


def test_long_event_lists_are_cut_to_fit_a_message() -> None:
    events = [
        {"type": "place", "player": 0, "tile": "V", "x": i, "y": 0, "rotation": 0}
        for i in range(500)
    ]
    text = words.events_text(PLAYERS, events, W)
    assert len(text) <= 1900 and text.endswith("left out)")
