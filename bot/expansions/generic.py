"""Words for what an expansion adapter does not word itself: engine
identifiers made readable, and actions, hand items and events labelled from
their fields. Adapters build on these; the base game uses them for anything
an expansion adds without saying how to show it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.text import Text, Words, join
from engine.actions import GameAction
from engine.phases import Event

MAX_LABEL = 100  # Discord's limit for a select option or choice name
# Fields every action carries or that the label shows in its own way.
SILENT_FIELDS = ("player", "type", "x", "y")

FieldLabel = Callable[[str, Any], Text | None]


def ident(value: object) -> Text:
    """An identifier from the engine's own tables (tile kind, location, chip
    face, card id): never user-supplied, so shown as it is."""
    return Text(str(value))


def humanize(word: object) -> Text:
    """An engine identifier as a word: ``stake_pass`` -> ``Stake pass``."""
    text = str(word).replace("_", " ").replace("-", " ").strip()
    return Text(text[:1].upper() + text[1:])


def cut(label: str, limit: int = MAX_LABEL) -> Text:
    return Text(label if len(label) <= limit else label[: limit - 3] + "...")


def describe(action: GameAction, words: Words, field_label: FieldLabel | None = None) -> Text:
    """A short label for an action from its record fields (at most 100
    characters). ``field_label`` words the fields an adapter knows better."""
    record = action.to_record()
    parts: list[Text] = [humanize(action.TYPE)]
    for key, value in record.items():
        if key in SILENT_FIELDS:
            continue
        special = field_label(key, value) if field_label is not None else None
        if special is not None:
            parts.append(special)
        elif key == "location":
            parts.append(ident(value))
        elif key == "to":
            parts.append(words("label.to", place=ident(value)))
        elif isinstance(value, bool):
            yes_no = words("label.yes" if value else "label.no")
            parts.append(words("label.flag", name=humanize(key), value=yes_no))
        else:
            parts.append(
                words("label.field", name=ident(humanize(key).lower()), value=ident(value))
            )
    if "x" in record and "y" in record:
        parts.insert(1, words("label.at", x=record["x"], y=record["y"]))
    return cut(join(parts, " "))


def hand_item(value: Any, words: Words) -> Text:
    """One item of a hidden holding, from its fields (name, deck, class, text)."""
    if not isinstance(value, dict):
        return ident(value)
    name = Text(str(value.get("name") or humanize(value.get("card", "?"))))
    extra = ", ".join(str(value[k]) for k in ("deck", "class") if k in value)
    text = Text(str(value.get("text") or ""))
    if extra and text:
        return words("hand.item_full", name=name, extra=ident(extra), text=text)
    if extra:
        return words("hand.item_extra", name=name, extra=ident(extra))
    if text:
        return words("hand.item_text", name=name, text=text)
    return name


def event_line(who: Text, event: Event, words: Words) -> Text:
    """An event nobody words specially: its type and simple fields."""
    fields = [
        words("label.field", name=ident(humanize(k).lower()), value=ident(v))
        for k, v in event.items()
        if k not in ("type", "player") and not isinstance(v, dict | list)
    ]
    head = humanize(event.get("type"))
    detail = join(fields, ", ")
    if "player" in event:
        if fields:
            return words("event.generic_by_detail", who=who, what=head, detail=detail)
        return words("event.generic_by", who=who, what=head)
    if fields:
        return words("event.generic_detail", what=head, detail=detail)
    return head
