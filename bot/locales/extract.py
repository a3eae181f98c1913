"""The translators' files from the English tables (Babel, gettext PO).

    python -m bot.locales.extract            # write bot/locales/messages.pot
    python -m bot.locales.extract --update   # and merge it into every <lang>.po
    python -m bot.locales.extract --init de  # start bot/locales/de.po from it

Every message is one entry: msgid = its key, the English text as an
extracted comment (``#. English: ...``) for the translator; a message with
plural forms is a plural entry (msgid and msgid_plural both the key), whose
forms a PO file gives in its own ``Plural-Forms`` order. ``--update`` keeps
every translation, adds new keys empty, and drops keys English no longer
has (tests/bot/locales/test_catalogues.py fails while a file is out of date).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bot.text.catalog import LOCALES_DIR, Entry, english

TEMPLATE = LOCALES_DIR / "messages.pot"
PROJECT = "carcassonne-bot"
# A fixed date keeps the template's text a function of the English tables only.
EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def source_messages() -> Mapping[str, Entry]:
    """Every English message: the base tables, then each expansion adapter's in
    the engine's expansion order (whichever adapter was imported first)."""
    from bot import expansions
    from bot.text.english import MESSAGES

    ordered: dict[str, Entry] = dict(MESSAGES)
    for adapter in expansions.adapters():  # imports (registers) every adapter
        prefix = adapter.name + "."
        ordered |= {k: v for k, v in english().items() if k.startswith(prefix)}
    ordered |= english()  # anything else added (none today) keeps its place at the end
    return ordered


def _comment(entry: Entry) -> list[str]:
    if isinstance(entry, str):
        return [f"English: {line}" for line in entry.splitlines() or [""]]
    out: list[str] = []
    for form, text in entry.items():
        out += [f"English ({form}): {line}" for line in text.splitlines() or [""]]
    return out


def template() -> Catalog:
    catalog = Catalog(project=PROJECT, creation_date=EPOCH, fuzzy=False)
    for key, entry in source_messages().items():
        msgid: str | tuple[str, str] = key if isinstance(entry, str) else (key, key)
        catalog.add(msgid, auto_comments=_comment(entry))
    return catalog


def po_text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, include_previous=False)
    # Babel names its own version in the header: left out, so that the files
    # are a function of the messages only, whichever Babel wrote them.
    text = out.getvalue().decode("utf-8")
    return re.sub(r'"Generated-By: Babel [^"]*"', lambda _: '"Generated-By: Babel\\n"', text)


def template_text() -> str:
    return po_text(template())


def update(path: Path, pot: Catalog) -> None:
    """Merge the template into one language's file (translations kept)."""
    with path.open("rb") as f:
        catalog = read_po(f, locale=path.stem)
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    path.write_text(po_text(catalog), encoding="utf-8")


def init(lang: str, pot: Catalog) -> Path:
    """A new language's file: every key, no translation yet."""
    path = LOCALES_DIR / f"{lang}.po"
    if path.exists():
        raise SystemExit(f"{path} exists; use --update")
    catalog = Catalog(locale=lang, project=PROJECT, creation_date=EPOCH, fuzzy=False)
    catalog.update(pot, no_fuzzy_matching=True)
    path.write_text(po_text(catalog), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.locales.extract", description=__doc__)
    parser.add_argument("--update", action="store_true", help="merge into every <lang>.po")
    parser.add_argument("--init", metavar="LANG", help="start bot/locales/LANG.po")
    args = parser.parse_args(argv)
    pot = template()
    TEMPLATE.write_text(po_text(pot), encoding="utf-8")
    print(f"wrote {TEMPLATE} ({len(pot)} messages)")
    if args.update:
        for path in sorted(LOCALES_DIR.glob("*.po")):
            update(path, pot)
            print(f"updated {path}")
    if args.init:
        print(f"wrote {init(args.init, pot)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
