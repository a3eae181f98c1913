"""The translated catalogues (bot/locales/*.po) against the English source.

Every language file holds every English key and no other, each translated,
with the same placeholders (name and format spec) as English, and as many
plural forms as its own Plural-Forms header says; the committed template
(messages.pot) is what ``python -m bot.locales.extract`` writes today.
"""

from __future__ import annotations

import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.locales.extract import TEMPLATE, source_messages
from bot.text import Words, catalog, language, t

LANGS = sorted(p.stem for p in catalog.LOCALES_DIR.glob("*.po"))


def _fields(text: str) -> set[tuple[str, str]]:
    return {(f, spec or "") for _, f, spec, _ in string.Formatter().parse(text) if f is not None}


def _english_fields(entry: catalog.Entry) -> set[tuple[str, str]]:
    forms = [entry] if isinstance(entry, str) else list(entry.values())
    return set().union(*(_fields(f) for f in forms))


def _po(lang: str):  # type: ignore[no-untyped-def]
    with (catalog.LOCALES_DIR / f"{lang}.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_there_are_translations() -> None:
    assert {"fr", "nl", "de", "es"} <= set(LANGS)


def test_the_template_is_up_to_date() -> None:
    # In a fresh interpreter, as the tool runs: the adapters' messages come in
    # the order their modules are imported, which other tests of this process
    # may have changed.
    code = "from bot.locales.extract import template_text; print(template_text(), end='')"
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert fresh.returncode == 0, fresh.stderr
    assert TEMPLATE.read_text(encoding="utf-8") == fresh.stdout, (
        "bot/locales/messages.pot is stale: run `python -m bot.locales.extract --update`"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_and_no_other(lang: str) -> None:
    english = source_messages()
    po = _po(lang)
    keys = {m.id[0] if isinstance(m.id, tuple) else m.id for m in po if m.id}
    assert sorted(set(english) - keys) == [], f"{lang}.po misses keys"
    assert sorted(keys - set(english)) == [], f"{lang}.po has keys English no longer has"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_the_same_fields(lang: str) -> None:
    english = source_messages()
    po = _po(lang)
    wrong: list[str] = []
    for m in po:
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        entry = english.get(key)
        if entry is None:
            continue
        plural = isinstance(m.id, tuple)
        if plural != (not isinstance(entry, str)):
            wrong.append(f"{key}: plural in one language only")
            continue
        forms = list(m.string) if plural else [m.string]
        if m.fuzzy or not all(forms):
            wrong.append(f"{key}: not translated")
            continue
        if plural and len(forms) != po.num_plurals:
            wrong.append(f"{key}: {len(forms)} forms, the header says {po.num_plurals}")
        found = set().union(*(_fields(f) for f in forms))
        if found != _english_fields(entry):
            wrong.append(f"{key}: fields {sorted(found)} != {sorted(_english_fields(entry))}")
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_plural_rule_is_cldr_s(lang: str) -> None:
    from babel.messages.plurals import get_plural

    po = _po(lang)
    rule = get_plural(lang)
    assert (po.num_plurals, po.plural_expr) == (rule.num_plurals, rule.plural_expr)


def test_french_plural_forms_and_fallback() -> None:
    # French: 0 and 1 take the singular (plural=(n > 1)).
    assert t("image.tiles_left", locale="fr", count=0) == "0 tuile restante"
    assert t("image.tiles_left", locale="fr", count=1) == "1 tuile restante"
    assert t("image.tiles_left", locale="fr", count=2) == "2 tuiles restantes"
    assert t("image.tiles_left", locale="en-GB", count=0) == "0 tiles left"
    # German and Spanish: only 1 takes the singular (plural=(n != 1)).
    assert t("scores.points", locale="de", count=1) == "1 Punkt"
    assert t("scores.points", locale="de", count=0) == "0 Punkte"
    assert t("image.tiles_left", locale="es-ES", count=1) == "Queda 1 loseta"
    assert t("image.tiles_left", locale="es-419", count=3) == "Quedan 3 losetas"


def test_discord_locales_map_to_catalogues() -> None:
    assert language("fr") == "fr"
    assert language("en-US") == language("en-GB") == "en"
    assert language("de") == "de"
    assert language("es-ES") == language("es-419") == "es"  # one Spanish file serves both
    assert language("pt-BR") == "en"  # no catalogue: English
    assert language(None) == "en"
    assert Words("fr").lang == "fr"


def test_a_new_language_is_one_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A language is added by its PO file alone: found, plural rule from its
    header, untranslated keys in English."""
    po = tmp_path / "pl.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: pl\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
        'msgid "image.tiles_left"\nmsgid_plural "image.tiles_left"\n'
        'msgstr[0] "{count} kafelek"\nmsgstr[1] "{count} kafelki"\nmsgstr[2] "{count} kafelków"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalog, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(catalog, "_TRANSLATIONS", None)
    assert language("pl") == "pl"
    assert [t("image.tiles_left", locale="pl", count=n) for n in (1, 3, 5)] == [
        "1 kafelek",
        "3 kafelki",
        "5 kafelków",
    ]
    assert t("image.turn", locale="pl", turn=2) == "Turn 2"
