"""What `make test` runs (``-m "not slow"``, tests/conftest.py): a test of
every package and the e2e tests marked smoke, never the other e2e tests; and
`make test-all` runs everything. Read from pytest's own collection, so a rule
that stops holding (a package left without a quick test, an e2e test quick by
mistake) fails here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "db", "renders", "bot", "cogs", "e2e")
# One collection of the whole suite, in a fresh interpreter, with each test's
# markers as every conftest left them.
COLLECT = """
import json, sys, pytest

class Seen:
    items = []

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items):
        Seen.items = [(i.nodeid, sorted({m.name for m in i.iter_markers()})) for i in items]

code = pytest.main(["--collect-only", "-q", "-p", "no:xdist", "tests"], plugins=[Seen()])
print("ITEMS " + json.dumps(Seen.items))
sys.exit(code)
"""


def markers() -> dict[str, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", COLLECT], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    line = next(x for x in done.stdout.splitlines() if x.startswith("ITEMS "))
    return {nodeid: set(names) for nodeid, names in json.loads(line[len("ITEMS ") :])}


@pytest.mark.slow  # collects the whole suite in a fresh interpreter
def test_the_quick_run_covers_every_package_and_only_the_smoke_e2e_tests() -> None:
    found = markers()
    quick = {t for t, names in found.items() if "slow" not in names}
    for package in PACKAGES:
        assert any(t.startswith(f"tests/{package}/") for t in quick), package
    e2e = {t for t in found if t.startswith("tests/e2e/")}
    assert all("e2e" in found[t] for t in e2e)
    assert e2e & quick == {t for t in e2e if "smoke" in found[t]}
    assert "tests/e2e/test_games.py::test_all_expansions_short_deck" in quick
    assert "tests/e2e/test_games.py::test_base_game_full_length" not in quick
    # Marked slow outside tests/e2e too (make test-all still runs them).
    assert any(t not in quick for t in found if not t.startswith("tests/e2e/"))
