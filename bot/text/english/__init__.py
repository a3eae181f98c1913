"""The English catalogue: every player-facing message of the base bot, keyed.

Templates name their fields (``{game}``, ``{name}``); a message whose wording
depends on a number is a table of CLDR plural forms selected by its
``count`` field. Expansion adapters add their own messages (bot.expansions).
Keys group by where they are shown: commands, lobby, panel, turn (thread),
event, final, hand, scores, league, error.

One module per place the words are shown (commands, play, settings,
errors, wayfinding, tables, the engine's refusals); their tables merge here in that
order (the order of
the translators' template), and a key defined twice is an error.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.text.english import commands, errors, play, rejections, settings, tables, wayfinding

Entry = str | Mapping[str, str]


def _merged(*tables: Mapping[str, Entry]) -> dict[str, Entry]:
    merged: dict[str, Entry] = {}
    for table in tables:
        twice = merged.keys() & table.keys()
        if twice:
            raise ValueError(f"messages defined twice: {sorted(twice)}")
        merged.update(table)
    return merged


MESSAGES: Mapping[str, Entry] = _merged(
    commands.MESSAGES,
    play.MESSAGES,
    settings.MESSAGES,
    errors.MESSAGES,
    wayfinding.MESSAGES,
    tables.MESSAGES,
    rejections.MESSAGES,
)
