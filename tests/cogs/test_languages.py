"""Languages against Discord's limits, and the words of the images (#15).

A pseudo-locale generated here (every message about 40% longer, its letters
accented, its placeholders kept) is installed as a catalogue; the synced
command payload and the action panels of whole games in it are checked
against Discord's limits (tests/e2e/validation.py), as Discord would.
The real catalogues must fit without the bot shortening anything.
"""

from __future__ import annotations

import logging
import math
import string
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog

from bot.locales.extract import po_text, source_messages
from bot.present import panel as pn
from bot.text import Words, catalog
from bot.ui import labels
from bot.ui.panel import panel_view
from engine.ai import AI
from engine.expansions import known_expansions
from engine.game import Game
from tests.e2e import validation

PSEUDO = "it"  # a language Babel knows and the bot has no catalogue for
ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "àéîõüÿÀÉÎÕÜŸçñšž")


def pseudo(text: str) -> str:
    """``text`` accented and about 40% longer, its fields unchanged."""
    out: list[str] = []
    letters = 0
    for literal, name, spec, conversion in string.Formatter().parse(text):
        out.append(literal.translate(ACCENTS).replace("{", "{{").replace("}", "}}"))
        letters += len(literal)
        if name is not None:
            field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            out.append("{" + field + "}")
    pad = math.ceil(letters * 0.4)
    return "".join(out) + (" " + "ŧ" * max(pad - 1, 0) if pad else "")


@pytest.fixture
def pseudo_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Words:
    cat = Catalog(locale=PSEUDO)
    for key, entry in source_messages().items():
        if isinstance(entry, str):
            cat.add(key, pseudo(entry))
        else:
            forms = [pseudo(entry.get("one", entry["other"])), pseudo(entry["other"])]
            cat.add((key, key), tuple(forms[: cat.num_plurals]))
    (tmp_path / f"{PSEUDO}.po").write_text(po_text(cat), encoding="utf-8")
    monkeypatch.setattr(catalog, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(catalog, "_TRANSLATIONS", None)
    words = Words(PSEUDO)
    assert words("button.turn") == "Tàké türñ ŧŧŧ"
    return words


def test_pseudo_messages_are_longer_and_keep_their_fields() -> None:
    assert pseudo("Turn {turn}") == "Türñ {turn} ŧ"
    assert pseudo("`{rank:>2}.` x") == "`{rank:>2}.` x ŧ"


def served_locales(lang: str) -> list[str]:
    """The Discord locales a catalogue serves ("es" serves es-ES and es-419)."""
    return [loc.value for loc in discord.Locale if catalog.language(loc.value) == lang]


async def _payload(bot: Any) -> list[dict[str, Any]]:
    translator = labels.CatalogueTranslator()
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def _localized(payload: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The payload as a client in ``lang`` sees it (its localizations in place)."""

    def swap(item: dict[str, Any]) -> dict[str, Any]:
        out = dict(item)
        for field in ("name", "description"):
            found = (item.get(f"{field}_localizations") or {}).get(lang)
            if found:
                out[field] = found
        if item.get("options"):
            out["options"] = [swap(o) for o in item["options"]]
        if item.get("choices"):
            out["choices"] = [swap(c) for c in item["choices"]]
        return out

    return [swap(c) for c in payload]


async def test_commands_fit_discord_in_the_pseudo_locale(
    bot: Any, pseudo_locale: Words, caplog: pytest.LogCaptureFixture
) -> None:
    payload = await _payload(bot)
    seen = _localized(payload, PSEUDO)
    assert seen != payload  # the pseudo texts are in
    assert validation.command_limits(seen) == []


@pytest.mark.parametrize("lang", sorted(catalog.translations()))
async def test_commands_fit_discord_in_every_language_uncut(
    bot: Any, lang: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger=labels.__name__):
        payload = await _payload(bot)
    assert [r.getMessage() for r in caplog.records] == []  # nothing shortened
    served = served_locales(lang)
    assert served, f"no Discord locale reads {lang}.po"
    for locale in served:
        seen = _localized(payload, locale)
        assert validation.command_limits(seen) == []
        names = [c["name"] for c in payload]
        described = [c for c in seen if c.get("description") != "…"]
        assert described and all(
            c["description"] != o["description"] for c, o in zip(seen, payload, strict=True)
        ), (locale, names)


def _panels_of_games(words: Words, strict: bool) -> int:
    """Every panel of two whole games (base and all expansions) in ``words``:
    each one fits Discord as sent; ``strict``: also without being cut."""
    checked = 0
    for exps, seed in (((), 3), (tuple(known_expansions()), 4)):
        game = Game(["Ada", "Bo", "Cy"], list(exps), seed=seed)
        info = SimpleNamespace(
            id=1, version=0, seats=[SimpleNamespace(index=i, is_ai=False) for i in range(3)]
        )
        while game.pending is not None:
            for seat in game.pending.players:
                panel = pn.build(game, info, seat, words, ai_seats=set())  # type: ignore[arg-type]
                components = [r.to_component_dict() for r in panel_view(panel).walk_children()]
                rows = [{"type": 1, "components": [c]} for c in components]
                body = {"content": panel.text}
                assert validation.message_limits(body) == [], panel.text
                assert list(validation._component_limits(rows[:5])) == []
                if strict:
                    for row in panel.rows:
                        if isinstance(row, pn.Sel):
                            assert len(row.placeholder) <= 150
                            for o in row.options:
                                assert len(o.label) <= 100, o.label
                                assert len(o.description) <= 100, o.description
                        else:
                            assert all(len(b.label) <= 80 for b in row), row
                checked += 1
            seat = game.pending.players[0]
            game.apply(AI(seat).choose(game, seat))
    return checked


async def test_panels_fit_discord_in_the_pseudo_locale(pseudo_locale: Words) -> None:
    assert _panels_of_games(pseudo_locale, strict=False) > 100


@pytest.mark.parametrize("lang", sorted(catalog.translations()))
async def test_panels_fit_discord_in_every_language_uncut(lang: str) -> None:
    assert _panels_of_games(Words(lang), strict=True) > 100


def test_images_take_their_words_from_the_catalogue() -> None:
    """The Captions of every image in French: board, scoreboard, hand, final."""
    from bot.render import captions

    fr = captions(Words("fr"))
    assert fr.turn(3) == "Tour 3"
    assert fr.to_play(["Ada", "Bo"]) == "À Ada et Bo de jouer"
    assert fr.winners(["Ada", "Bo"]) == "Ada et Bo se partagent la victoire"
    assert fr.tiles_left(1) == "1 tuile restante"
    assert (fr.player, fr.points, fr.followers) == ("Joueur", "Points", "Partisans")
    assert fr.feature("field") == "Pré" and fr.final_title == "Score final"
    assert fr.legend_for("last") == "dernière tuile posée"
    assert fr.count("gifts") == "Présents" or "gifts" not in fr.counts
    english = captions(Words("en-US"))
    assert english.turn(3) == "Turn 3"
