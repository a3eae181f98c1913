"""Whole short games played by members whose Discord client speaks French,
Dutch (#15), German or Spanish (#36): the synced commands carry their
descriptions in those languages, the game's public messages follow the
game's language (the server's, or the one chosen at /carcassonne new), and
each member's panels and DMs follow their own client's language. Everything
a member read is scanned for English that should have been translated, and
for raw message keys."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from bot.expansions import adapters
from bot.locales.extract import source_messages
from bot.text import catalog
from tests.e2e import transcript
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness, Member
from tests.e2e.table import Table, open_table, play_table
from tests.e2e.test_games import ALL_DECK, write_transcripts

KEY = re.compile(
    r"\b(?:command|button|lobby|panel|prompt|label|turn|event|final|hand|scores|error|"
    r"image|where|games|settings|league|rules|gifts|bets|christmas)\.[a-z_]+(?:\.[a-z_-]+)*\b"
)


def _forms(entry: catalog.Entry) -> list[str]:
    return [entry] if isinstance(entry, str) else list(entry.values())


def english_only_fragments(lang: str) -> set[str]:
    """Literal pieces of the English messages (three words or more) that the
    language's catalogue never uses: seen by its reader, they are English
    that bypassed the catalogue."""
    translated = " ".join(
        " ".join(v if isinstance(v, str) else " ".join(v) for v in tr.messages.values())
        for tr in [catalog.translations()[lang]]
    ).lower()
    out: set[str] = set()
    for entry in source_messages().values():
        for form in _forms(entry):
            for literal, *_ in string.Formatter().parse(form):
                for piece in re.split(r"[\n:;,.()*`!?\-]+", literal):
                    words = piece.split()
                    if len(words) >= 3 and piece.strip().lower() not in translated:
                        out.add(" ".join(words).lower())
    return out


def seen(member: Member, channels: set[int]) -> str:
    dm = member.fake.world.dm_channels.get(member.id)
    parts: list[str] = []
    for m in member.visible():
        if m.channel_id in channels or m.channel_id == dm or m.visible_to == member.id:
            parts += transcript.texts(m)
    return "\n".join(parts)


def assert_in_language(text: str, lang: str, *, markers: list[str]) -> None:
    assert len(text) > 2000, "too little was read to judge its language"
    low = " ".join(text.lower().split())
    leaks = sorted(f for f in english_only_fragments(lang) if f in low)
    assert leaks == [], f"English in a {lang} reader's messages: {leaks[:10]}"
    assert KEY.findall(text) == []
    for marker in markers:
        assert marker in text, marker


def synced_descriptions(harness: Harness, lang: str) -> dict[str, str]:
    """Each described command, subcommand and option (its name path) -> its
    description in ``lang`` (options with no description, "…", left out)."""
    out: dict[str, str] = {}

    def walk(path: str, item: dict[str, Any]) -> None:
        if item.get("description", "…") != "…":
            out[path] = (item.get("description_localizations") or {}).get(lang, "")
        for option in item.get("options") or []:
            walk(f"{path} {option['name']}", option)

    for (_, name, _), command in harness.fake.commands.items():
        walk(name, command)
    return out


async def played(
    harness: Harness,
    request: pytest.FixtureRequest,
    players: list[Member],
    name: str,
    *,
    play_seed: int,
    **options: Any,
) -> tuple[Table, Any]:
    """A game of every expansion the bot offers (``options`` as open_table's),
    played to its end, its transcripts written as ``name``; the table and the
    stored game."""
    exps = ",".join(a.name for a in adapters())
    table = await open_table(harness, players, expansions=exps, **options)
    log = await play_table(harness, table, seed=play_seed)
    assert log.finished
    write_transcripts(table, name, request.config)
    return table, await game_state(harness.bot.database_url, table.game_id)


async def test_a_french_game(harness: Harness, request: pytest.FixtureRequest) -> None:
    """Two French players and one English one, every expansion, a fixed short
    deck; the server's language is French, so the game is."""
    harness.fake.guild.preferred_locale = "fr"
    ada, bo = harness.member("Ada", locale="fr"), harness.member("Bo", locale="fr")
    cy = harness.member("Cy", locale="en-GB")
    table, loaded = await played(
        harness,
        request,
        [ada, bo, cy],
        "french",
        play_seed=3,
        ai_seats=1,
        seed=13,
        decks={"tiles": ALL_DECK},
    )
    assert loaded.info.options.get("locale") == "fr"
    assert loaded.info.seats[3].display_name == "IA 1 (normale)"

    # Commands: French names, descriptions and choices in the synced commands.
    fr = synced_descriptions(harness, "fr")
    assert fr["carcassonne"] == "Parties de Carcassonne"
    assert fr["place"].startswith("Poser ta tuile")
    assert all(fr.values()), [k for k, v in fr.items() if not v]
    new = next(c for (_, n, _), c in harness.fake.commands.items() if n == "carcassonne")
    sub = next(o for o in new["options"] if o["name"] == "new")
    assert sub["name_localizations"]["fr"] == "nouvelle"
    policy = next(o for o in sub["options"] if o["name"] == "on_timeout")
    assert policy["name_localizations"]["fr"] == "temps_écoulé"
    assert policy["choices"][0]["name_localizations"]["fr"] == "l’IA joue le tour"

    # The thread, the panels and the DMs of the French players: French only.
    thread = {table.thread_id}
    for member in (ada, bo):
        assert_in_language(
            seen(member, thread), "fr", markers=["Jouer mon tour", "Partie n°", "Tour "]
        )
        assert member.dms(), "the French players got their hands by DM"
    # Cy's client is English: Cy's own panels and DMs are English, the thread French.
    cy_private = "\n".join(
        t
        for m in cy.visible()
        if m.visible_to == cy.id or m in cy.dms()
        for t in transcript.texts(m)
    )
    assert "Game #" in cy_private and "Partie n°" not in cy_private
    # Images: every board, hand and final image was drawn (their words are the
    # game's and the reader's Captions: tests/cogs/test_languages.py), and each
    # carries the same words as alt text, in French.
    assert ada.images() and any(a.filename == "final-score.png" for a in ada.images())
    alts = {a.filename: a.description for a in ada.images()}
    boards = [a.description for a in ada.images() if a.filename == "board.png"]
    assert boards and all(b.startswith(("Tour ", "Partie terminée")) for b in boards), boards[:3]
    assert all("Scores :" in b for b in boards)
    assert alts["final-score.png"].startswith("Score final")
    hands = [a.description for m in (ada, bo) for a in m.images() if a.filename == "hand.png"]
    assert hands and all(h.startswith("Ta main :") for h in hands), hands


async def test_a_dutch_game_chosen_at_new(harness: Harness, request: pytest.FixtureRequest) -> None:
    """A game with every expansion on an English server whose host picks
    Nederlands; the two players' clients speak Dutch."""
    if "nl" not in catalog.translations():
        pytest.skip("no Dutch catalogue (bot/locales/nl.po)")
    an, bram = harness.member("An", locale="nl"), harness.member("Bram", locale="nl")
    table, loaded = await played(
        harness,
        request,
        [an, bram],
        "dutch",
        play_seed=2,
        seed=3,
        decks={"tiles": ALL_DECK[:8]},
        language="nl",
    )
    assert loaded.info.options.get("locale") == "nl"
    nl = synced_descriptions(harness, "nl")
    assert all(nl.values()), [k for k, v in nl.items() if not v]
    for member in (an, bram):
        assert_in_language(seen(member, {table.thread_id}), "nl", markers=["Beurt spelen"])
        assert member.dms(), "the Dutch players got their hands by DM"
        boards = [a.description for a in member.images() if a.filename == "board.png"]
        assert boards and all(b.startswith(("Beurt ", "Spel")) for b in boards), boards[:3]


async def test_a_german_game_on_a_german_server(
    harness: Harness, request: pytest.FixtureRequest
) -> None:
    """A German server (its preferred locale, so the game is German), two German
    players and an AI seat, every expansion, a fixed short deck."""
    harness.fake.guild.preferred_locale = "de"
    anna, ben = harness.member("Anna", locale="de"), harness.member("Ben", locale="de")
    table, loaded = await played(
        harness,
        request,
        [anna, ben],
        "german",
        play_seed=5,
        ai_seats=1,
        seed=13,
        decks={"tiles": ALL_DECK},
    )
    assert loaded.info.options.get("locale") == "de"
    assert loaded.info.seats[2].display_name == "KI 1 (normal)"
    de = synced_descriptions(harness, "de")
    assert all(de.values()), [k for k, v in de.items() if not v]
    assert de["carcassonne"] == "Carcassonne-Partien"
    new = next(c for (_, n, _), c in harness.fake.commands.items() if n == "carcassonne")
    sub = next(o for o in new["options"] if o["name"] == "new")
    assert sub["name_localizations"]["de"] == "neu"
    for member in (anna, ben):
        assert_in_language(
            seen(member, {table.thread_id}), "de", markers=["Zug spielen", "Partie #", "Zug "]
        )
        assert member.dms(), "the German players got their hands by DM"
        boards = [a.description for a in member.images() if a.filename == "board.png"]
        assert boards and all(b.startswith(("Zug ", "Partie vorbei")) for b in boards), boards[:3]
        assert all("Punkte:" in b for b in boards)
    alts = {a.filename: a.description for a in anna.images()}
    assert alts["final-score.png"].startswith("Endstand")
    hands = [a.description for m in (anna, ben) for a in m.images() if a.filename == "hand.png"]
    assert all(h.startswith("Deine Hand:") for h in hands), hands


async def test_a_spanish_game_chosen_at_new(
    harness: Harness, request: pytest.FixtureRequest
) -> None:
    """An English server whose host picks Español at /carcassonne new; one
    player's client speaks Spain's Spanish (es-ES), the other's Latin
    America's (es-419): both read the one Spanish catalogue."""
    lucia, mateo = harness.member("Lucía", locale="es-ES"), harness.member("Mateo", locale="es-419")
    table, loaded = await played(
        harness,
        request,
        [lucia, mateo],
        "spanish",
        play_seed=2,
        seed=3,
        decks={"tiles": ALL_DECK[:8]},
        language="es",
    )
    assert loaded.info.options.get("locale") == "es"
    for locale in ("es-ES", "es-419"):
        es = synced_descriptions(harness, locale)
        assert all(es.values()), [k for k, v in es.items() if not v]
        assert es["carcassonne"] == "Partidas de Carcassonne"
    for member in (lucia, mateo):
        assert_in_language(
            seen(member, {table.thread_id}), "es", markers=["Jugar mi turno", "Partida #"]
        )
        assert member.dms(), "the Spanish players got their hands by DM"
        boards = [a.description for a in member.images() if a.filename == "board.png"]
        assert boards and all(b.startswith(("Turno ", "Partida terminada")) for b in boards), (
            boards[:3]
        )
