"""Shared by every test package: the session's throwaway PostgreSQL server and
migrated SQLite template (tests/pgserver.py), the Hypothesis profile
(tests/profiles.py), and which tests are quick.

Selection (README.md, "Tests"): ``make test`` runs ``-m "not slow"``, ``make
test-all`` (CI) runs everything. A test is slow when it is marked
``@pytest.mark.slow`` or lives in tests/e2e without ``@pytest.mark.smoke``
(tests/e2e/conftest.py). A quick run lists the quick tests that took longer than
``QUICK_SECONDS``, so a slow test added without its mark shows up at once.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from tests import pgserver, profiles

pg_server = pgserver.pg_server
sqlite_template = pgserver.sqlite_template

profiles.load()
QUICK_SECONDS = 5.0  # setup + call of one quick test, on a 2-core machine
_durations: dict[str, float] = {}
_ran: set[str] = set()  # markers of interest among the tests that ran


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    # The ci profile is randomised: one seed for the run, shown at the end. The
    # environment carries it to the xdist workers (started after this hook).
    seed = config.getoption("hypothesis_seed", None) or os.environ.get(profiles.SEED_ENV)
    if seed is None and profiles.current() == "ci":
        seed = str(random.getrandbits(32))
    if seed is not None:
        os.environ[profiles.SEED_ENV] = config.option.hypothesis_seed = str(seed)


def pytest_report_header(config: pytest.Config) -> str:
    seed = config.getoption("hypothesis_seed", None)
    line = f"hypothesis profile: {profiles.current()}"
    if seed is not None:
        line += f", seed {seed} (HYPOTHESIS_SEED={seed} or --hypothesis-seed={seed} repeats it)"
    return line


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A store test marked slow_on_postgres runs on SQLite in the quick loop and
    # on PostgreSQL with the slow tests (seconds of subprocesses on a server).
    for item in items:
        params = getattr(item, "callspec", None)
        on_postgres = params is not None and params.params.get("backend") == "postgres"
        if on_postgres and item.get_closest_marker("slow_on_postgres"):
            item.add_marker(pytest.mark.slow)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and "e2e" in report.keywords:
        _ran.add("e2e")
    # (a smoke e2e test is in the quick run knowingly, seconds and all)
    quick = "slow" not in report.keywords and "smoke" not in report.keywords
    if report.when in ("setup", "call") and quick:
        _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if profiles.current() == "ci":  # (the header is not shown with -q)
        terminalreporter.write_line(pytest_report_header(config))
    if "e2e" in _ran:  # here, not in tests/e2e: xdist's controller loads only this conftest
        from tests.e2e import report

        report.summary(terminalreporter, config)
    if "not slow" not in (config.getoption("markexpr", "") or ""):
        return
    long = sorted(((d, n) for n, d in _durations.items() if d > QUICK_SECONDS), reverse=True)
    if long:
        terminalreporter.write_sep(
            "-", f"quick tests over {QUICK_SECONDS:.0f} s: mark them slow or make them quicker"
        )
        for seconds, nodeid in long:
            terminalreporter.write_line(f"{seconds:6.1f}s {nodeid}")
