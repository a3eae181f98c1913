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
MAX_DIGITS = 9  # no board number or coordinate is longer
SHOWN_CHARS = 40  # of a value typed, in a refusal


def shown_value(text: str) -> str:
    """A typed value as a refusal repeats it: at most :data:`SHOWN_CHARS`."""
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


def whole_number(text: str) -> int | None:
    """``text`` as a whole number of plain digits 0-9 (not ² or ٣), short
    enough to be one; None otherwise."""
    body = text.strip().lstrip("+-")
    if not (body.isascii() and body.isdigit() and len(body) <= MAX_DIGITS):
        return None
    return int(text.strip())


def cell_value(x: int, y: int) -> str:
    return f"{x},{y}"


def parse_cell(text: str) -> tuple[int, int]:
    parts = [whole_number(v) for v in text.split(":", 1)[-1].split(",")]
    if len(parts) != 2 or parts[0] is None or parts[1] is None:
        raise BadCell(shown_value(text))
    return parts[0], parts[1]


def parse_place(text: str) -> tuple[int, int] | int:
    """A cell as typed: ``x,y`` (also after ``7:``), or the board's number ``7``."""
    body = text.strip()
    if body.isdigit():  # any digits: a number, or a refusal naming it
        number = whole_number(body)
        if number is None:
            raise BadCell(shown_value(text))
        return number
    return parse_cell(body)


def parse_rotation(text: str | None) -> int | None:
    """Degrees as typed (``90``, ``r90``); None when nothing was typed."""
    if text is None or not text.strip():
        return None
    degrees = whole_number(text.strip().lower().lstrip("r").rstrip("°"))
    if degrees is None:
        raise BadRotation(shown_value(text))
    return degrees


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
