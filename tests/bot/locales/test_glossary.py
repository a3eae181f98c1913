"""The catalogues against the glossary of docs/languages.md.

The glossary's "Reserved words" table reserves a word of one language (a
regular expression covering its inflections) for one meaning, told by the
English text of the same message, or for nothing (``never``). Every message
of every catalogue is checked against every row of its language (and the
``*`` rows); a language is added to the check by adding its rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.locales.extract import source_messages
from bot.text import catalog

DOC = Path(__file__).resolve().parents[3] / "docs" / "languages.md"
LANGS = sorted(catalog.translations())
FIELD = re.compile(r"\{[^{}]*\}")
CELL = re.compile(r"(?<!\\)\|")  # a table cell ends at a pipe that is not escaped


@dataclass(frozen=True)
class Row:
    lang: str
    word: re.Pattern[str]
    meaning: str
    english: re.Pattern[str] | None  # None: never


def _code(cell: str) -> str:
    cell = cell.strip().replace("\\|", "|")
    if not (cell.startswith("`") and cell.endswith("`")):
        raise ValueError(f"not a code span: {cell!r}")
    return cell[1:-1]


def _section(text: str, heading: str) -> str:
    """``text`` from ``heading`` to the next heading of its level or above."""
    start = text.index(heading)
    level = len(heading) - len(heading.lstrip("#"))
    end = re.compile(rf"\n#{{1,{level}}} ").search(text, start + len(heading))
    return text[start : end.start() if end else len(text)]


def reserved_rows(text: str) -> list[Row]:
    """The rows of the "Reserved words" table of ``text``."""
    rows = []
    for line in _section(text, "### Reserved words").splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in CELL.split(line.strip().strip("|"))]
        if len(cells) != 4:
            raise ValueError(f"a reserved-words row has 4 cells: {line!r}")
        lang, word, meaning, english = cells
        rows.append(
            Row(
                _code(lang),
                re.compile(_code(word), re.IGNORECASE),
                meaning,
                None if english == "never" else re.compile(_code(english), re.IGNORECASE),
            )
        )
    return rows


ROWS = reserved_rows(DOC.read_text(encoding="utf-8"))


def _plain(entry: object) -> str:
    forms = [entry] if isinstance(entry, str) else list(entry)  # type: ignore[call-overload]
    return FIELD.sub(" ", "\n".join(str(f) for f in forms))


def texts(lang: str) -> dict[str, str]:
    """Every message of ``lang`` as one text (all its plural forms), fields blanked."""
    if lang == "en":
        return {k: _plain(e if isinstance(e, str) else e.values()) for k, e in english().items()}
    return {k: _plain(v) for k, v in catalog.translations()[lang].messages.items()}


def english() -> Mapping[str, catalog.Entry]:
    return source_messages()


def misuses(lang: str, messages: Mapping[str, str], rows: list[Row]) -> list[str]:
    """Messages of ``lang`` using a reserved word for another meaning: more
    often than their English source says that meaning (never, for ``never``)."""
    source = texts("en")
    out = []
    for row in rows:
        if row.lang not in (lang, "*"):
            continue
        for key, text in messages.items():
            found = row.word.findall(text)
            if not found:
                continue
            meant = len(row.english.findall(source.get(key, ""))) if row.english else 0
            if len(found) > meant:
                out.append(f"{key}: {found[0]!r} is reserved ({row.meaning}): {text!r}")
    return out


def test_the_table_reads_and_names_known_languages() -> None:
    assert len(ROWS) >= 10
    langs = {r.lang for r in ROWS}
    assert langs <= {"*", "en", *LANGS, "de", "es", "es-ES"}, langs
    assert {"*", "en", *LANGS} <= langs, "every language has reserved words"


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_its_glossary(lang: str) -> None:
    text = _section(DOC.read_text(encoding="utf-8"), "## Glossary")
    assert f"(`{lang}`)" in text, f"docs/languages.md has no glossary for {lang}"


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_reserved_words_keep_their_meaning(lang: str) -> None:
    assert misuses(lang, texts(lang), ROWS) == []


def test_the_check_finds_a_word_used_for_another_meaning() -> None:
    """The findings this table was made for (#36) are caught."""
    bad = {
        "panel.undo_button": "Annuler",  # French: undo worded as cancel
        "command.new": "Ouvrir un salon pour une nouvelle partie dans ce salon",  # lobby = channel
        "christmas.label.tiebreak": "Marquer : {target}",  # mark worded as score
        "name.undo": "ongedaan",  # Dutch: the undo command an adjective
        "bets.hand.chip": "levert {points}",  # opleveren without its op
        "error.table_full": "The table is full (6 players at most, B-1).",  # a rule ID
    }
    plain = {k: _plain(v) for k, v in bad.items()}
    found = misuses("fr", plain, ROWS) + misuses("nl", plain, ROWS)
    flagged = {f.split(":", 1)[0] for f in found}
    assert flagged == set(bad), found
    # ...and the right words pass.
    good = {"panel.undo_button": "Reprendre mon coup", "command.new": "Ouvrir une table ici"}
    assert misuses("fr", good, ROWS) == []
