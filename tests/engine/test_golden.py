"""The engine behaves exactly as recorded in tests/engine/data/golden.json.

A few of the golden games run on every test run (one per expansion combination
and mode would be too slow); ``python -m tests.engine.golden check`` runs all
of them and is the check to run after any engine refactor.
"""

from __future__ import annotations

import json

import pytest

from tests.engine import golden

STORED = json.loads(golden.DATA.read_text())
FIRST = set(golden.combos()[: 2 ** golden.GENERATIONS[0]])  # the first generation's games
EVERY = len(golden.combos()[-1])
QUICK = [
    c
    for c in golden.cases()
    if c.seed == 0
    and (
        (c.expansions in FIRST and (c.mode == "ai" or len(c.expansions) >= 2))
        or (c.expansions not in FIRST and (len(c.expansions) <= 2 and c.mode == "ai"))
        or len(c.expansions) == EVERY
    )
]


@pytest.mark.parametrize("case", QUICK, ids=lambda c: c.key)
def test_golden_games_behave_as_recorded(case: golden.Case) -> None:
    got, _ = golden.fingerprint(case)
    assert got == STORED[case.key], (
        f"{case.key} changed; if the rules changed on purpose, run "
        "`python -m tests.engine.golden write` and say why in the commit"
    )
