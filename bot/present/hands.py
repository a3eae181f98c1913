"""A seat's hidden holdings in words and as image sections (private: DMs and
ephemeral replies). Each expansion's adapter words its own holdings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import expansions
from bot.expansions import generic
from bot.text import Text, Words, join
from engine.phases import Event
from engine.views import PrivateView

if TYPE_CHECKING:
    from renders.hand import HandSection


def hand_text(view: PrivateView, words: Words) -> Text:
    hidden = view.hidden
    if not hidden or not any(hidden.values()):
        return words("hand.empty")
    owners = {key: a for a in expansions.adapters() for key in a.holdings}
    lines = []
    for key, value in hidden.items():
        adapter = owners.get(key)
        label = words(adapter.holdings[key]) if adapter is not None else generic.humanize(key)
        if adapter is not None:
            items = adapter.hand_items(key, value, words)
        elif isinstance(value, list):
            items = [generic.hand_item(v, words) for v in value]
        else:
            items = [generic.ident(value)]
        bullets = [words("hand.bullet", item=i) for i in items]
        shown = join(bullets) if bullets else words("hand.none")
        lines.append(words("hand.line", label=label, items=shown))
    return join(lines)


def hand_sections(view: PrivateView, words: Words) -> list[HandSection]:
    """The hand image's sections: each expansion of the game that has hidden
    holdings draws its own."""
    out: list[HandSection] = []
    for adapter in expansions.adapters(view.public.expansions):
        out += adapter.hand_sections(view, words)
    return out


def received(seat: int, events: list[Event], words: Words) -> list[Text]:
    """What ``seat`` received among ``events`` (cards, gifts), in words:
    the news of a hand DM. Empty when nothing new came to the seat."""
    kinds = {k: a for a in expansions.adapters() for k in a.received}
    out = []
    for e in events:
        adapter = kinds.get(str(e.get("type")))
        if adapter is None or e.get("private") != seat:
            continue
        line = adapter.received_text(e, words)
        if line:
            out.append(line)
    return out
