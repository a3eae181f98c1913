"""/carcassonne new's expansions option: every expansion the bot offers,
alone or with any other, and all of them (issue 30); Discord shows 25, so
all of them and each alone come first, and typing words narrows the rest."""

from __future__ import annotations

from itertools import combinations

from bot.expansions import adapters
from bot.text import ENGLISH, Words
from cogs.lobby import BASE_ONLY, MAX_CHOICES, expansion_options, matches, parse_expansions


def test_every_combination_is_offered_all_and_each_alone_first() -> None:
    names = [a.name for a in adapters()]
    assert {"river", "abbot"} <= set(names)
    options = expansion_options(ENGLISH)
    values = [o.value for o in options]
    every = {",".join(c) for n in range(1, len(names) + 1) for c in combinations(names, n)}
    assert set(values) == every | {BASE_ONLY} and len(values) == len(set(values))
    shown = values[:MAX_CHOICES]  # what Discord lists before anything is typed
    assert shown[:2] == [BASE_ONLY, ",".join(names)]
    assert options[1].name == ENGLISH("lobby.choice.all")
    assert set(names) <= set(shown)  # each expansion alone
    for option in options:  # each value is what the lobby reads
        assert parse_expansions(option.value) == (
            [] if option.value == BASE_ONLY else option.value.split(",")
        )


def test_typing_words_narrows_to_the_combinations_holding_them() -> None:
    options = expansion_options(ENGLISH)
    river = [o.value for o in options if matches(o, "river")]
    assert river and all("river" in v for v in river) and len(river) <= MAX_CHOICES
    both = [o for o in options if matches(o, "river abbot")]
    assert "river,abbot" in [o.value for o in both]
    assert all("river" in o.value and "abbot" in o.value for o in both)
    # The names as the reader reads them: French titles find French words.
    french = expansion_options(Words("fr"))
    assert "river,abbot" in [o.value for o in french if matches(o, "rivière + abbé")]
