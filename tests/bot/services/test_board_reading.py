"""/board answers in the reader's language, image and alt text included;
its image never says who has answered a discreet question; and a command
that only reads, with the database down, says the store is unavailable, not
that something "could not be saved" (#27 item 8)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

from sqlalchemy import event

from bot.errors import player_text
from bot.present import choices as ch
from bot.text import Words
from db.errors import StoreUnavailable, StoreUnreadable
from engine import Game
from engine.expansions import christmas as xm
from tests.bot.services.test_services import two_player_game
from tests.fakes.services import ADA


async def test_board_in_the_readers_language_with_alt_text(service) -> None:
    play, _ = service
    gid = await two_player_game(play, "remind")
    english = await play.reading.board(ADA, gid)
    french = await play.reading.board(replace(ADA, locale="fr"), gid)
    dutch = await play.reading.board(replace(ADA, locale="nl"), gid)
    alts = [p.alt.get("board.png", "") for p in (english, french, dutch)]
    assert all(alts) and len(set(alts)) == 3, alts
    assert "Ada" in alts[1] and "Bo" in alts[2]
    assert len({english.image, french.image, dutch.image}) == 3  # drawn in each language
    assert str(english.text) != str(french.text)


def test_the_board_of_a_discreet_question_waits_on_whose_turn_it_is_x4_9() -> None:
    game = Game(["A", "B", "C"], ["christmas"], seed=1)
    from engine.ai import AI

    ais = {p: AI(p) for p in range(3)}
    while game.pending is not None and not (
        game.pending.step == xm.STEP_REACT and len(game.pending.players) >= 1
    ):
        actor = game.pending.players[0]
        game.apply(ais[actor].choose(game, actor))
    assert game.pending is not None
    view = ch.shown_view(game)
    assert view.turn is not None and view.turn.waiting == (game.pending.active,)


def _fail_reads(db: Any) -> None:
    def execute(cursor: Any, statement: str, parameters: Any, context: Any) -> None:
        raise sqlite3.OperationalError("unable to open database file")

    event.listen(db.engine.sync_engine, "do_execute", execute)


async def test_reading_with_the_database_down_says_it_cannot_read(service) -> None:
    play, _ = service
    gid = await two_player_game(play, "remind")
    _fail_reads(play.store.db)
    play.store.live.clear()
    words = Words("en")
    for read in (play.reading.board, play.reading.scores, play.reading.panel):
        try:
            await read(ADA, gid)
        except StoreUnavailable as exc:
            assert isinstance(exc, StoreUnreadable)
            text = str(player_text(exc, words))
            assert "cannot read" in text and "saved" not in text
        else:  # pragma: no cover
            raise AssertionError(f"{read.__name__} read a database that is down")
    french = str(player_text(StoreUnreadable("connection"), Words("fr")))
    assert "lire" in french and "enregistr" not in french
    assert "saved" in str(player_text(StoreUnavailable("connection"), words))
