"""The values choices carry back to the bot (autocomplete values, typed
command options, component ids) and reading them: a cell ``x,y`` or the
number the board shows for it (``7``, or ``7: x,y``), a rotation (``90`` or
``r90``; none when only one is legal), a follower location (``none`` for no
follower), an expansion action ``<version>:<key>`` (the game version it was
offered at and the action's digest, bot.present.choices.action_key)."""

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


def parse_place(text: str) -> tuple[int, int] | int:
    """A cell as typed: ``x,y`` (also after ``7:``), or the board's number ``7``."""
    body = text.strip()
    if body.isdigit():
        return int(body)
    return parse_cell(body)


def parse_rotation(text: str | None) -> int | None:
    """Degrees as typed (``90``, ``r90``); None when nothing was typed."""
    if text is None or not text.strip():
        return None
    try:
        return int(text.strip().lower().lstrip("r").rstrip("°"))
    except ValueError:
        raise BadRotation(text) from None


def follower_value(location: str | None) -> str:
    return location or NO_FOLLOWER


def parse_follower(text: str) -> str | None:
    return None if text.strip().lower() in NO_FOLLOWER_SPELLINGS else text.strip()


def action_value(version: int, key: str) -> str:
    return f"{version}:{key}"


def parse_action_value(text: str) -> tuple[int, str]:
    try:
        version, key = text.strip().split(":")
        return int(version), key
    except ValueError:
        raise StaleChoice("unknown") from None


def rotation_choice(x: int, y: int, rotation: int) -> str:
    """A panel's rotation button: the cell and the rotation."""
    return f"{x},{y},{rotation}"


def parse_rotation_choice(text: str) -> tuple[int, int, int]:
    try:
        x, y, r = (int(v) for v in text.split(","))
    except ValueError:
        raise StaleChoice("unknown") from None
    return x, y, r
