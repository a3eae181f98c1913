"""The ``/rules`` pages: the base game's book (keys in the text layer) and
each installed expansion's, from its adapter (``Adapter.rules``), so that
an added expansion brings its own pages and cards. A section is its text
pages, then its cards a few to a page; a card can also be shown alone.
Short and for players; the full reference is docs/rules/."""

from __future__ import annotations

from dataclasses import dataclass

from bot import expansions
from bot.expansions import CardText, RulesBook
from bot.text import Text, Words, join

BASE = "base"
MAX_PAGE = 1700  # characters of a card page (the message adds a title and footer)

BASE_BOOK = RulesBook(
    title="rules.base.title",
    pages=("rules.base.goal", "rules.base.turn", "rules.base.scoring", "rules.base.end"),
)


@dataclass(frozen=True, slots=True)
class Section:
    name: str  # "base" or the expansion's engine name: the /rules option value
    book: RulesBook

    def text_pages(self, words: Words) -> list[Text]:
        if self.name == BASE:
            return [words(key) for key in self.book.pages]
        return expansions.adapter(self.name).rule_pages(words)


def sections() -> list[Section]:
    """The base game, then every installed expansion that has rules to show."""
    out = [Section(BASE, BASE_BOOK)]
    for adapter in expansions.adapters():
        if adapter.rules is not None:
            out.append(Section(adapter.name, adapter.rules))
    return out


def section(name: str) -> Section | None:
    return next((s for s in sections() if s.name == name), None)


def card_text(card: CardText, words: Words) -> Text:
    kind = words("rules.card_kind", kind=words(card.kind)) if card.kind else Text("")
    return words("rules.card", name=words(card.name), kind=kind, effect=words(card.effect))


def _card_groups(s: Section, words: Words) -> list[list[CardText]]:
    """The section's cards, as many to a page as fit."""
    groups: list[list[CardText]] = []
    size = MAX_PAGE + 1
    for card in s.book.cards:
        length = len(card_text(card, words)) + 2
        if size + length > MAX_PAGE:
            groups.append([])
            size = 0
        groups[-1].append(card)
        size += length
    return groups


def card_pages(s: Section, words: Words) -> list[Text]:
    return [
        words("rules.cards_page", cards=join([card_text(c, words) for c in group], "\n\n"))
        for group in _card_groups(s, words)
    ]


def pages(s: Section, words: Words) -> list[Text]:
    return [*s.text_pages(words), *card_pages(s, words)]


def page_text(s: Section, page: int, words: Words) -> tuple[Text, int, int]:
    """Page ``page`` of a section (kept in range), its index and the count."""
    all_pages = pages(s, words)
    page = max(0, min(page, len(all_pages) - 1))
    text = words(
        "rules.page",
        title=words(s.book.title),
        page=page + 1,
        pages=len(all_pages),
        text=all_pages[page],
    )
    return text, page, len(all_pages)


def find_card(s: Section, card_id: str) -> CardText | None:
    return next((card for card in s.book.cards if card.id == card_id), None)


def card_page_of(s: Section, card_id: str, words: Words) -> int:
    """The index of the page listing ``card_id`` (0 if none does)."""
    first = len(s.text_pages(words))
    for offset, group in enumerate(_card_groups(s, words)):
        if any(card.id == card_id for card in group):
            return first + offset
    return 0


def card_value(s: Section, card: CardText) -> str:
    return f"{s.name}:{card.id}"


def card_choices(section_name: str | None, typed: str, words: Words) -> list[tuple[str, str]]:
    """(label, value) of the cards matching ``typed`` (name or id), of one
    section or of all; the section's title is added when several are listed."""
    typed = (typed or "").strip().lower()
    chosen = [s for s in sections() if section_name in (None, "", s.name)]
    out: list[tuple[str, str]] = []
    for s in chosen:
        for card in s.book.cards:
            name = words(card.name)
            if typed and typed not in name.lower() and typed not in card.id:
                continue
            label = (
                name
                if len(chosen) == 1
                else words("rules.card_choice", name=name, section=words(s.book.title))
            )
            out.append((label, card_value(s, card)))
    return out


def resolve_card(section_name: str | None, text: str, words: Words) -> tuple[Section, CardText]:
    """The card a ``card`` option means: a chosen value (``section:id``), or
    a name or id typed in full. Raises LookupError when none matches."""
    text = (text or "").strip()
    candidates = [s for s in sections() if section_name in (None, "", s.name)]
    if ":" in text:
        name, card_id = text.split(":", 1)
        s = section(name)
        if s is not None and (found := find_card(s, card_id)) is not None:
            return s, found
    lowered = text.lower()
    for s in candidates:
        for card in s.book.cards:
            if lowered in (card.id, words(card.name).lower()):
                return s, card
    raise LookupError(text)
