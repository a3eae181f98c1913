"""The figures of the e2e games of a run (tests/e2e/figures.py computes
them): kept by game name, written to a JSON file, and shown in the run's
summary, which tests/conftest.py calls (under pytest-xdist only the root
conftest is loaded in the process that prints the summary; each worker writes
its own file and the summary gathers them)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e import validation as val

FIGURES: dict[str, dict[str, Any]] = {}  # game name -> figures


def _basetemp(config: pytest.Config) -> Path:
    return Path(str(config._tmp_path_factory.getbasetemp()))  # type: ignore[attr-defined]


def is_worker(config: pytest.Config) -> bool:
    """A pytest-xdist worker (make test runs the tests in one per core)."""
    return hasattr(config, "workerinput")


def figures_path(config: pytest.Config) -> Path:
    """Where this process writes the figures: ``$E2E_FIGURES`` or
    ``<basetemp>/e2e-figures.json``; an xdist worker in its own basetemp."""
    env = os.environ.get("E2E_FIGURES")
    if env and not is_worker(config):
        return Path(env)
    return _basetemp(config) / "e2e-figures.json"


def _write(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(FIGURES, indent=1, sort_keys=True), encoding="utf-8")


def record_figures(config: pytest.Config, name: str, values: dict[str, Any]) -> None:
    FIGURES[name] = values
    _write(figures_path(config))


def summary(terminalreporter: Any, config: pytest.Config) -> None:
    """After a run with e2e tests: whether requests were checked against
    Discord's schema, and every game's figures side by side."""
    if is_worker(config):
        return
    if val.openapi_path() is None:
        terminalreporter.write_sep(
            "!",
            "e2e: Discord's OpenAPI file not found (set DISCORD_OPENAPI): request bodies were "
            "checked against the documented limits only, NOT against the schema",
            yellow=True,
        )
    for path in sorted(_basetemp(config).glob("popen-gw*/e2e-figures.json")):
        FIGURES.update(json.loads(path.read_text(encoding="utf-8")))
    if not FIGURES:
        return
    from tests.e2e.figures import format_table

    terminalreporter.write_sep("-", "e2e game figures")
    terminalreporter.write_line(format_table(FIGURES))
    path = figures_path(config)
    _write(path)
    terminalreporter.write_line(f"(written to {path})")
