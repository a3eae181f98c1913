"""Fields an action names only for some cards or questions (docs/record-format.md:
"may be left out when that card or question does not use them").

A field the card or question does not use is refused rather than recorded
for nothing; a record of an older flow loses such fields (engine.flows).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.actions import GameAction, optional_fields
from engine.phases import Action, MalformedAction


def refuse_unused(action: GameAction, used: Iterable[str], what: str) -> None:
    """MalformedAction when ``action`` gives an optional field that ``what``
    (its card or question) does not use: it would be recorded for nothing."""
    keep = set(used)
    extra = [
        n for n in sorted(optional_fields(type(action)) - keep) if getattr(action, n) is not None
    ]
    if extra:
        names = ", ".join(repr(n) for n in sorted(keep)) or "none of them"
        raise MalformedAction(
            f"{what} does not use the field {extra[0]!r}; leave it out (its fields: {names})"
        )


def drop_unused(action: Action, cls: type[GameAction], used: Iterable[str]) -> Action:
    """A record action without the optional fields its card or question does
    not use (to read a record of an older flow, engine.flows)."""
    unused = optional_fields(cls) - set(used)
    if not any(k in unused for k in action):
        return action
    return {k: v for k, v in action.items() if k not in unused}
