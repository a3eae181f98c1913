"""Short, safe reprs of values a caller sent, for the messages of refusals:
never failing on huge numbers or deep nesting, dicts in the caller's key order."""

from __future__ import annotations

import reprlib
from typing import Any


class _Shown(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # repr() itself fails past 4,300 digits
            return f"<an integer of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        # As reprlib's, but in the caller's key order (reprlib sorts the keys).
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        items = list(x.items())
        pieces = [
            f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}"
            for k, v in items[: self.maxdict]
        ]
        if len(items) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


_SHOWN = _Shown()
_SHOWN.maxstring = _SHOWN.maxother = 60
_SHOWN.maxlevel = 3
_SHOWN.maxlist = _SHOWN.maxdict = _SHOWN.maxtuple = _SHOWN.maxset = 8


def shown(value: object) -> str:
    """A short, safe repr of a value a caller sent, for error messages (never
    fails on huge numbers or deep nesting)."""
    return _SHOWN.repr(value)
