"""Every count reads right in every language: "1 game", "2 games", "0 partie".

A number that a word agrees with is the ``{count}`` field of a plural entry
(its forms chosen by the language's CLDR rule); nowhere else may a number be
followed by a word that agrees with it. Checked two ways:

- statically: an English message with a ``{count}`` field is a plural entry;
- by rendering every message of every language with every field set to 0, 1,
  2 and 5: wherever a number is followed by a word that the language's own
  plural entries use only for some of its forms ("tiles" only after 2, 5...),
  that word must be the one of the number's form ("1 tiles", "1 parties" fail).
"""

from __future__ import annotations

import re
import string
from collections import defaultdict

import pytest

from bot.locales.extract import source_messages
from bot.text import catalog

LANGS = ["en", *sorted(catalog.translations())]
NUMBERS = (0, 1, 2, 5)
AFTER_COUNT = re.compile(r"\{count\}[ \u00a0]+([^\W\d_]+)")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def plural_forms(lang: str) -> dict[str, list[str]]:
    """The plural entries of ``lang``: key -> forms, in the order its rule indexes."""
    if lang == "en":
        return {
            k: [e.get("one", e["other"]), e["other"]]
            for k, e in source_messages().items()
            if not isinstance(e, str)
        }
    return {
        k: list(v)
        for k, v in catalog.translations()[lang].messages.items()
        if not isinstance(v, str)
    }


def form_index(lang: str, n: int) -> int:
    if lang == "en":
        return 0 if catalog.ENGLISH_PLURAL(n) == "one" else 1
    return catalog.translations()[lang].plural(n)


def agreeing_words(lang: str) -> dict[str, set[int]]:
    """Words that follow ``{count}`` in some forms of a plural entry and not in
    all its forms: word -> the forms it belongs to ("tile": {0}, "tiles": {1})."""
    out: dict[str, set[int]] = defaultdict(set)
    for forms in plural_forms(lang).values():
        words = [set(AFTER_COUNT.findall(f)) for f in forms]
        for i, found in enumerate(words):
            for w in found:
                if not all(w in other for other in words):
                    out[w.lower()].add(i)
    return dict(out)


# Fields that hold names, never numbers ("{who} wins" is a verb after a name).
NAMES = frozenset(
    {"who", "name", "names", "winners", "player", "players", "host", "attacker", "victim"}
    | {"owner", "league", "season", "opponents", "waiting"}
)


class _Every(dict[str, object]):
    """Every field of a message set to one number (names to a name)."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n

    def __missing__(self, key: str) -> object:
        return "Ada" if key in NAMES else self.n


def test_a_message_with_a_count_is_a_plural_entry() -> None:
    plain = [
        k for k, e in source_messages().items() if isinstance(e, str) and "count" in _fields(e)
    ]
    assert plain == [], "make these plural entries ({'one': ..., 'other': ...})"


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_agrees_with_its_word(lang: str) -> None:
    words = agreeing_words(lang)
    assert words, f"{lang}: no plural entries to learn its counted words from"
    wrong: set[str] = set()
    for key in source_messages():
        for n in NUMBERS:
            text = catalog.template(key, lang, n).format_map(_Every(n))
            for found in re.finditer(rf"(?<![\d.,]){n}[ \u00a0]+([^\W\d_]+)", text):
                forms = words.get(found.group(1).lower())
                if forms is not None and form_index(lang, n) not in forms:
                    wrong.add(f"{key}: {found.group(0)!r}")
    assert sorted(wrong) == []


def test_the_check_finds_a_count_outside_the_plural_forms() -> None:
    """The finding of #36 ("rating 3.4 · 1 games · 0 wins") is caught."""
    words = agreeing_words("en")
    text = "rating 3.4 · {games} games · {wins} wins".format_map(_Every(1))
    bad = [
        m.group(0)
        for m in re.finditer(r"(?<![\d.,])1[ \u00a0]+([^\W\d_]+)", text)
        if form_index("en", 1) not in words.get(m.group(1).lower(), {0})
    ]
    assert bad == ["1 games", "1 wins"]
