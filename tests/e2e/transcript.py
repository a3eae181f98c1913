"""What members saw, as text: every message they could see (the game's
thread, their DMs, their ephemeral panels), each version of it in order
(content, buttons and select options with their descriptions, attachments),
and every autocomplete choice the harness was offered.

Used to read a game as its players lived it, and by the test that scans
everything a player could read for engine internals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.e2e.members import Member
from tests.e2e.world import Message, iter_components


def component_words(components: list[dict[str, Any]]) -> list[str]:
    """The words of components: button labels, select placeholders, option
    labels and descriptions."""
    out: list[str] = []
    for c in iter_components(components):
        for key in ("label", "placeholder"):
            if c.get(key):
                out.append(str(c[key]))
        for option in c.get("options") or []:
            out.append(str(option.get("label", "")))
            if option.get("description"):
                out.append(str(option["description"]))
    return out


def versions(m: Message) -> Iterator[dict[str, Any]]:
    yield from m.versions or [{"content": m.content, "components": m.components, "attachments": []}]


def texts(m: Message) -> Iterator[str]:
    """Every piece of text a reader of ``m`` ever saw."""
    for v in versions(m):
        yield str(v.get("content") or "")
        yield from component_words(v.get("components") or [])
        yield from v.get("alt") or []  # the images in words


def render(member: Member, channels: set[int]) -> str:
    """``member``'s view of the game: thread messages, DMs and panels."""
    dm = member.fake.world.dm_channels.get(member.id)
    seen = [
        m
        for m in member.visible()
        if m.channel_id in channels or m.channel_id == dm or m.visible_to == member.id
    ]
    seen.sort(key=lambda m: m.created)
    lines = [f"=== what {member.name} saw ==="]
    for m in seen:
        where = "panel" if m.visible_to == member.id else "DM" if m.channel_id == dm else "thread"
        for n, v in enumerate(versions(m)):
            tag = f"[{where} {m.id % 100000}{' edit ' + str(n) if n else ''}]"
            lines.append(tag)
            content = str(v.get("content") or "")
            lines += [f"  {line}" for line in content.splitlines()]
            words = component_words(v.get("components") or [])
            if words:
                lines.append("  buttons/options: " + " | ".join(words))
            if v.get("attachments"):
                lines.append("  images: " + ", ".join(v["attachments"]))
            lines += [f"  alt: {alt}" for alt in v.get("alt") or []]
    return "\n".join(lines)
