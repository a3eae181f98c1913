"""Public events and scores in words (thread messages, demo log).

Only public events are put into words: an event carrying ``"private"`` is
dropped here whatever its type, so no hidden information reaches a public
message (RULES.md hidden information; engine.views).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from bot.choices import humanize
from engine.phases import Event

FEATURE_PLURAL = {"road": "Roads", "city": "Cities", "monastery": "Monasteries", "field": "Farms"}
BASE_REASONS = ("completed", "final")
# Score reasons of expansions grouped for the final breakdown.
REASON_GROUPS = {
    "bet": "Bets",
    "road-sweeper": "Gifts",
    "cash-out": "Gifts",
    "unopened-gifts": "Gifts",
}
# Event types not worth a line in the thread (the board image shows them).
QUIET = frozenset({"start", "draw"})


def public(events: Iterable[Event]) -> list[Event]:
    return [e for e in events if "private" not in e]


def name(players: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return "?"


def score_line(players: list[str], e: Event) -> str:
    who = name(players, e.get("player"))
    pts = e.get("points", 0)
    reason = str(e.get("reason", ""))
    feature = e.get("feature")
    if reason in BASE_REASONS and feature:
        at = e.get("at")
        where = f" at {at[0]},{at[1]}" if isinstance(at, list | tuple) and len(at) == 2 else ""
        extra = []
        if e.get("tiles") and feature != "monastery":
            extra.append(f"{e['tiles']} tiles")
        if e.get("pennants"):
            extra.append(f"{e['pennants']} pennants")
        if feature == "field" and e.get("cities") is not None:
            extra.append(f"{e['cities']} completed cities")
        detail = f" ({', '.join(extra)})" if extra else ""
        when = "completed" if reason == "completed" else "at game end"
        return f"{who} scores {pts} for a {feature}{where} {when}{detail}"
    what = humanize(reason).lower() if reason else "points"
    card = f", card {humanize(e['card'])}" if e.get("card") else ""
    return f"{who} scores {pts} ({what}{card})"


def event_line(players: list[str], e: Event) -> str | None:
    """One public event in words, or None when it needs no line."""
    if "private" in e:
        return None
    kind = e.get("type")
    if kind in QUIET:
        return None
    who = name(players, e.get("player"))
    if kind == "place":
        return f"{who} placed {e['tile']} at {e['x']},{e['y']} r{e['rotation']}"
    if kind == "follower":
        return f"{who} put a follower on the {e.get('feature', '')} at {e['location']}"
    if kind == "score":
        return score_line(players, e)
    if kind == "discard":
        return f"Tile {e.get('tile')} was removed: {e.get('reason', '')}"
    if kind == "end":
        return "The game is over."
    fields = [
        f"{humanize(k).lower()} {v}"
        for k, v in e.items()
        if k not in ("type", "player") and not isinstance(v, dict | list)
    ]
    head = humanize(kind)
    subject = f"{who}: " if "player" in e else ""
    return f"{subject}{head}" + (f" ({', '.join(fields)})" if fields else "")


def events_text(players: list[str], events: list[Event], limit: int = 1900) -> str:
    lines = [line for e in events if (line := event_line(players, e))]
    text = "\n".join(f"- {line}" for line in lines)
    if len(text) > limit:
        text = text[: limit - 20].rsplit("\n", 1)[0] + "\n- ... (more)"
    return text


def score_group(e: Event) -> str:
    """The breakdown row of a score event: features by kind, then expansions."""
    reason = str(e.get("reason", ""))
    if reason in BASE_REASONS and e.get("feature") in FEATURE_PLURAL:
        return FEATURE_PLURAL[e["feature"]]
    if reason in REASON_GROUPS:
        return REASON_GROUPS[reason]
    if reason.startswith("christmas") or "card" in e:
        return "Christmas cards"
    return humanize(reason) if reason else "Other"


def breakdown(players: list[str], events: list[Event]) -> dict[str, list[int]]:
    """Points per group and seat, from the score events of the log."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0] * len(players))
    for e in public(events):
        if e.get("type") == "score" and isinstance(e.get("player"), int):
            rows[score_group(e)][e["player"]] += int(e.get("points", 0))
    order = [*FEATURE_PLURAL.values(), "Gifts", "Bets", "Christmas cards"]
    return {
        k: rows[k] for k in sorted(rows, key=lambda k: (order.index(k) if k in order else 99, k))
    }


def final_text(
    players: list[str], scores: list[int], winners: list[int], events: list[Event]
) -> str:
    rows = breakdown(players, events)
    width = max([len(k) for k in rows] + [6])
    cols = [p[:10] for p in players]
    head = " " * width + " | " + " | ".join(f"{c:>10}" for c in cols)
    lines = [head, "-" * len(head)]
    for group, pts in rows.items():
        lines.append(f"{group:<{width}} | " + " | ".join(f"{p:>10}" for p in pts))
    lines.append("-" * len(head))
    lines.append(f"{'Total':<{width}} | " + " | ".join(f"{s:>10}" for s in scores))
    won = ", ".join(players[w] for w in winners) or "nobody"
    verb = "share the victory" if len(winners) > 1 else "wins"
    return f"**Game over: {won} {verb}** (B-10)\n```\n" + "\n".join(lines) + "\n```"


def scores_text(players: list[str], scores: list[int], supply: list[int]) -> str:
    return "\n".join(
        f"{p}: {s} points, {f} followers in supply"
        for p, s, f in zip(players, scores, supply, strict=False)
    )
