"""The shipped systemd units agree with the bot: the command, the exit code of
a set-up problem (not restarted), and a stop timeout longer than the drain of
interactions in flight."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import EXIT_SETUP
from bot.shutdown import DRAIN_SECONDS, UNWIND_SECONDS

ROOT = Path(__file__).resolve().parents[1]
UNITS = sorted((ROOT / "deploy").glob("*.service"))


def service(path: Path) -> dict[str, list[str]]:
    """The [Service] settings; a key may repeat (EnvironmentFile=), so no configparser."""
    values: dict[str, list[str]] = {}
    section = None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if section == "Service":
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


def test_units_are_shipped() -> None:
    assert {u.name for u in UNITS} == {"carcassonne.service", "carcassonne@.service"}


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_unit_matches_the_bot(unit: Path) -> None:
    s = service(unit)
    assert s["ExecStart"] == ["/opt/carcassonne/.venv/bin/python -m bot run"]
    assert s["RestartPreventExitStatus"] == [str(EXIT_SETUP)]
    assert s["Restart"] == ["on-failure"]
    assert s["KillSignal"] == ["SIGTERM"]
    assert float(s["TimeoutStopSec"][0]) > DRAIN_SECONDS + UNWIND_SECONDS
    assert "/etc/carcassonne/carcassonne.env" in s["EnvironmentFile"]
    assert s["WorkingDirectory"][0].startswith("/var/lib/carcassonne")
    assert s["User"] == ["carcassonne"]
