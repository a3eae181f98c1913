"""The text layer: every player-facing word comes from here.

    from bot.text import t, Words
    t("lobby.joined", game=5)                 # English today
    t("undo.took_back", locale="fr", count=2)  # plural form chosen by ``count``
    words = Words(locale); words("panel.over", game=5)

Messages are keyed templates in the catalogue (bot.text.english, plus each
expansion adapter's own messages) with named fields. Field values that are
plain ``str`` are treated as user-supplied and escaped (bot.text.safe), so a
name can neither format nor ping; numbers are written as they are; values
already rendered (:class:`Text`, from ``t`` itself, :func:`escape`,
:func:`mention`) are used as they are; a list becomes its items, each so
treated, separated by commas. Call sites never build sentences.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.text.catalog import (
    DEFAULT_LOCALE,
    add_messages,
    has,
    keys,
    language,
    language_name,
    languages,
    template,
)
from bot.text.safe import Text, channel, code_safe, escape, join, mention, timestamp

__all__ = [
    "DEFAULT_LOCALE",
    "ENGLISH",
    "Text",
    "Words",
    "add_messages",
    "channel",
    "code_safe",
    "escape",
    "has",
    "join",
    "keys",
    "language",
    "language_name",
    "languages",
    "mention",
    "t",
    "timestamp",
]


def _field(value: object) -> object:
    if isinstance(value, Text):
        return value
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return value
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return Text(", ".join(str(_field(v)) for v in value))
    return escape(value)


def t(key: str, /, *, locale: str | None = None, **fields: object) -> Text:
    """The message ``key`` in ``locale`` with ``fields`` filled in."""
    text = template(key, locale, fields.get("count"))
    return Text(text.format_map({k: _field(v) for k, v in fields.items()}))


@dataclass(frozen=True, slots=True)
class Words:
    """``t`` bound to one locale: ``words(key, **fields)``."""

    locale: str = DEFAULT_LOCALE

    def __call__(self, key: str, /, **fields: object) -> Text:
        return t(key, locale=self.locale, **fields)

    @property
    def lang(self) -> str:
        """The catalogue these words come from ("en", "fr", ...)."""
        return language(self.locale)

    # Numbers, dates and times as this language writes them (Babel, CLDR).
    def decimal(self, value: float, digits: int = 1) -> Text:
        from babel.numbers import format_decimal

        pattern = "#,##0." + "0" * digits if digits else "#,##0"
        return Text(format_decimal(value, format=pattern, locale=self.lang))

    def date(self, day: dt.date) -> Text:
        from babel.dates import format_date

        return Text(format_date(day, format="medium", locale=self.lang))

    def clock(self, moment: dt.datetime | dt.time) -> Text:
        from babel.dates import format_time

        return Text(format_time(moment, format="HH:mm", locale=self.lang))

    def moment(self, moment: dt.datetime) -> Text:
        """A weekday, date and time ("Mon, Mar 2, 14:00")."""
        from babel.dates import format_datetime

        return Text(format_datetime(moment, format="EEE d MMM, HH:mm", locale=self.lang))


ENGLISH = Words()
