"""Public events and scores in words (thread messages, demo log).

Only public events are put into words: an event carrying ``"private"`` is
dropped here whatever its type, so no hidden information reaches a public
message (engine.views). Expansion events are worded by their adapter, or
generically from their fields.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from bot import expansions
from bot.expansions import generic
from bot.present.choices import FEATURES, feature
from bot.text import Text, Words, code_safe, escape, join
from engine.phases import Event

BASE_REASONS = ("completed", "final")
# Event types not worth a line in the thread (the board image shows them).
QUIET = frozenset({"start", "draw"})
NAME_WIDTH = 10  # columns of a player in the final table
MESSAGE_LIMIT = 1900


def public(events: Iterable[Event]) -> list[Event]:
    return [e for e in events if "private" not in e]


def name(players: list[str], seat: Any) -> Text:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return escape(players[seat])
    return Text("?")


def score_line(players: list[str], e: Event, words: Words) -> Text:
    who = name(players, e.get("player"))
    pts = e.get("points", 0)
    reason = str(e.get("reason", ""))
    kind = e.get("feature")
    if reason in BASE_REASONS and kind:
        at = e.get("at")
        where = (
            words("event.score_where", x=at[0], y=at[1])
            if isinstance(at, list | tuple) and len(at) == 2
            else Text("")
        )
        extra = []
        if e.get("tiles") and kind != "monastery":
            extra.append(words("event.score_tiles", count=int(e["tiles"])))
        if e.get("pennants"):
            extra.append(words("event.score_pennants", count=int(e["pennants"])))
        if kind == "field" and e.get("cities") is not None:
            extra.append(words("event.score_cities", count=int(e["cities"])))
        detail = words("event.score_detail", parts=join(extra, ", ")) if extra else Text("")
        return words(
            "event.score_feature",
            who=who,
            points=pts,
            feature=feature(str(kind), words),
            where=where,
            when=words(f"event.score_when.{reason}"),
            detail=detail,
        )
    what = Text(generic.humanize(reason).lower()) if reason else words("event.score_points")
    card = words("event.score_card", card=generic.humanize(e["card"])) if e.get("card") else ""
    return words("event.score_other", who=who, points=pts, what=what, card=Text(card))


def event_line(players: list[str], e: Event, words: Words) -> Text | None:
    """One public event in words, or None when it needs no line."""
    if "private" in e:
        return None
    kind = str(e.get("type"))
    if kind in QUIET:
        return None
    who = name(players, e.get("player"))
    if kind == "place":
        return words(
            "event.place",
            who=who,
            tile=Text(str(e["tile"])),
            x=e["x"],
            y=e["y"],
            rotation=e["rotation"],
        )
    if kind == "follower":
        return words(
            "event.follower",
            who=who,
            feature=Text(str(e.get("feature", ""))),
            location=Text(str(e["location"])),
        )
    if kind == "score":
        return score_line(players, e, words)
    if kind == "discard":
        # The reason is the engine's own text (rule IDs, no names).
        return words(
            "event.discard", tile=Text(str(e.get("tile"))), reason=Text(str(e.get("reason", "")))
        )
    if kind == "end":
        return words("event.end")
    for adapter in expansions.adapters():
        line = adapter.event_line(who, e, words)
        if line is not None:
            return line
    return generic.event_line(who, e, words)


def events_text(
    players: list[str], events: list[Event], words: Words, limit: int = MESSAGE_LIMIT
) -> Text:
    lines = [line for e in events if (line := event_line(players, e, words))]
    text = join([words("event.bullet", line=line) for line in lines])
    if len(text) > limit:
        text = Text(text[: limit - 20].rsplit("\n", 1)[0] + "\n" + words("event.more"))
    return text


def score_group(e: Event) -> str:
    """The breakdown group (text key) of a score event: features by kind,
    then each expansion's groups; anything else by its reason."""
    reason = str(e.get("reason", ""))
    if reason in BASE_REASONS and e.get("feature") in FEATURES:
        return f"group.{e['feature']}"
    for adapter in expansions.adapters():
        group = adapter.score_group(e)
        if group is not None:
            return group
    return f"reason:{reason}" if reason else "group.other"


def group_order() -> list[str]:
    return [f"group.{f}" for f in FEATURES] + [
        g for a in expansions.adapters() for g in a.group_order
    ]


def breakdown(players: list[str], events: list[Event], words: Words) -> dict[Text, list[int]]:
    """Points per group and seat, from the score events of the log."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0] * len(players))
    for e in public(events):
        if e.get("type") == "score" and isinstance(e.get("player"), int):
            rows[score_group(e)][e["player"]] += int(e.get("points", 0))
    order = group_order()

    def label(group: str) -> Text:
        if group.startswith("reason:"):
            return generic.humanize(group.removeprefix("reason:"))
        return words(group)

    keys = sorted(rows, key=lambda k: (order.index(k) if k in order else 99, label(k)))
    return {label(k): rows[k] for k in keys}


def final_text(
    players: list[str], scores: list[int], winners: list[int], events: list[Event], words: Words
) -> Text:
    rows = breakdown(players, events, words)
    total = words("final.total")
    width = max([len(k) for k in rows] + [len(total), 6])
    cols = [code_safe(p[:NAME_WIDTH]) for p in players]
    head = " " * width + " | " + " | ".join(f"{c:>{NAME_WIDTH}}" for c in cols)
    lines = [head, "-" * len(head)]
    for group, pts in rows.items():
        lines.append(f"{group:<{width}} | " + " | ".join(f"{p:>{NAME_WIDTH}}" for p in pts))
    lines.append("-" * len(head))
    lines.append(f"{total:<{width}} | " + " | ".join(f"{s:>{NAME_WIDTH}}" for s in scores))
    table = Text("\n".join(lines))  # names made code-safe above
    if not winners:
        head_text = words("final.head_nobody")
    else:
        won = join([escape(players[w]) for w in winners], ", ")
        head_text = words("final.head", count=len(winners), winners=won)
    return words("final.text", head=head_text, table=table)


def scores_text(players: list[str], scores: list[int], supply: list[int], words: Words) -> Text:
    return join(
        [
            words("scores.line", name=escape(p), points=s, followers=f)
            for p, s, f in zip(players, scores, supply, strict=False)
        ]
    )
