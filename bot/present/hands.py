"""A seat's hidden holdings in words (private: DMs and ephemeral replies).
Each expansion's adapter labels its own holdings and items."""

from __future__ import annotations

from bot import expansions
from bot.expansions import generic
from bot.text import Text, Words, join
from engine.views import PrivateView


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
        shown = join(items, "; ") if items else words("hand.none")
        lines.append(words("hand.line", label=label, items=shown))
    return join(lines)
