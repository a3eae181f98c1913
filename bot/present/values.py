"""The values choices carry back to the bot (autocomplete values, typed
command options) and reading them: a cell ``x,y`` (optionally after the
board number, ``7: x,y``), a rotation (``90`` or ``r90``), a follower
location (``none`` for no follower), an expansion action ``<version>:<index>``
(its position in ``game.legal_actions(seat)`` at that version)."""

from __future__ import annotations

from bot.errors import BadCell, BadRotation, StaleChoice

NO_FOLLOWER = "none"
NO_FOLLOWER_SPELLINGS = (NO_FOLLOWER, "-", "")


def cell_value(x: int, y: int) -> str:
    return f"{x},{y}"


def parse_cell(text: str) -> tuple[int, int]:
    body = text.split(":", 1)[-1].strip()
    try:
        x, y = (int(v) for v in body.split(","))
    except ValueError:
        raise BadCell(text) from None
    return x, y


def parse_rotation(text: str) -> int:
    try:
        return int(text.strip().lower().lstrip("r"))
    except ValueError:
        raise BadRotation(text) from None


def follower_value(location: str | None) -> str:
    return location or NO_FOLLOWER


def parse_follower(text: str) -> str | None:
    return None if text.strip().lower() in NO_FOLLOWER_SPELLINGS else text.strip()


def action_value(version: int, index: int) -> str:
    return f"{version}:{index}"


def parse_action_value(text: str) -> tuple[int, int]:
    try:
        version, index = (int(v) for v in text.split(":"))
    except ValueError:
        raise StaleChoice("unknown") from None
    return version, index


def rotation_choice(x: int, y: int, rotation: int) -> str:
    """A panel's rotation button: the cell and the rotation."""
    return f"{x},{y},{rotation}"


def parse_rotation_choice(text: str) -> tuple[int, int, int]:
    try:
        x, y, r = (int(v) for v in text.split(","))
    except ValueError:
        raise StaleChoice("unknown") from None
    return x, y, r
