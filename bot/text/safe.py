"""Text that is safe to send, and the one way user-supplied names get in.

Every name a user typed (display names, league and season names) reaches a
message only through :func:`escape`: Discord markdown is escaped and no
mention can form (``@`` is followed by a zero-width space), so a name never
formats a message and never pings anyone, whatever the message's
``allowed_mentions``. :class:`Text` marks strings that are already safe
(rendered by :func:`bot.text.t`, escaped, or a mention the bot means), so
that they are not escaped twice when used as a field of another message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Discord markdown: emphasis, code, spoilers, quotes, headings, lists, masked links.
_MARKDOWN = re.compile(r"([\\*_~`|>#\-\[\]()])")
_ZWSP = "\u200b"


class Text(str):
    """A string fit to send as it is (never escaped again)."""

    __slots__ = ()


def escape(value: object) -> Text:
    """A user-supplied name as plain text: no markdown, no mention, one line."""
    if isinstance(value, Text):
        return value
    text = " ".join(str(value).split())
    text = _MARKDOWN.sub(r"\\\1", text)
    return Text(text.replace("@", "@" + _ZWSP))


def code_safe(value: object) -> Text:
    """A name for a code block (monospace tables): markdown shows as typed
    there, so only what could end the block or form a mention is changed."""
    text = " ".join(str(value).split()).replace("`", "ˋ")
    return Text(text.replace("@", "@" + _ZWSP))


def mention(user_id: int) -> Text:
    """A user mention the bot means (it pings only if allowed per message)."""
    return Text(f"<@{int(user_id)}>")


def channel(channel_id: int) -> Text:
    """A link to a channel or thread (it shows the channel's current name)."""
    return Text(f"<#{int(channel_id)}>")


def timestamp(unix_seconds: int) -> Text:
    """A moment each reader sees in their own language and time zone, as
    "in 3 hours" (Discord's relative timestamp; it stays current)."""
    return Text(f"<t:{int(unix_seconds)}:R>")


def join(parts: Iterable[str], sep: str = "\n") -> Text:
    """Join safe parts (rendered text, escaped names) into safe text."""
    items = list(parts)
    for p in items:
        if not isinstance(p, Text):
            raise TypeError("join() takes rendered or escaped text only")
    return Text(sep.join(items))
