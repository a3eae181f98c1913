"""Public events and scores in words (thread messages, demo log).

Only public events are put into words: an event carrying ``"private"`` is
dropped here whatever its type, so no hidden information reaches a public
message (engine.views). Expansion events are worded by their adapter, or
generically from their fields. Engine reason texts (which cite rule IDs)
are never shown: every line is built from the text layer.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from bot import expansions
from bot.expansions import generic
from bot.places import FEATURES, feature_word
from bot.text import Text, Words, escape, join
from engine.phases import Event

BASE_REASONS = ("completed", "final")
# Event types not worth a line in the thread (the board image shows them).
QUIET = frozenset({"start", "draw", "end"})
MESSAGE_LIMIT = 1900


def public(events: Iterable[Event]) -> list[Event]:
    return [e for e in events if "private" not in e]


def name(players: list[str], seat: Any) -> Text:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return escape(players[seat])
    return Text("?")


def score_line(players: list[str], e: Event, words: Words) -> Text:
    who = name(players, e.get("player"))
    pts = int(e.get("points", 0))
    reason = str(e.get("reason", ""))
    kind = e.get("feature")
    if pts == 0 and e.get("type") == "score":
        return Text("")  # nothing won (a field without completed cities)
    if reason in BASE_REASONS and kind in FEATURES:
        extra = []
        if e.get("tiles") and kind not in ("monastery", "field"):
            extra.append(words("event.score_tiles", count=int(e["tiles"])))
        if e.get("pennants"):
            extra.append(words("event.score_pennants", count=int(e["pennants"])))
        if kind == "field" and e.get("cities") is not None:
            extra.append(words("event.score_cities", count=int(e["cities"])))
        detail = words("event.score_detail", parts=join(extra, ", ")) if extra else Text("")
        key = "event.score_field" if kind == "field" else f"event.score_{reason}"
        return words(
            key,
            who=who,
            points=words("scores.points", count=pts),
            feature=feature_word(str(kind), words),
            detail=detail,
        )
    for adapter in expansions.adapters():
        line = adapter.score_line(who, e, words)
        if line is not None:
            return line
    return words("event.score_other", who=who, points=words("scores.points", count=pts))


def event_line(players: list[str], e: Event, words: Words) -> Text | None:
    """One public event in words, or None when it needs no line."""
    if "private" in e:
        return None
    kind = str(e.get("type"))
    if kind in QUIET:
        return None
    who = name(players, e.get("player"))
    if kind == "place":
        return words("event.place", who=who, x=e["x"], y=e["y"])
    if kind == "follower" and not e.get("piece"):  # an expansion's piece: its adapter's
        return words("event.follower", who=who, feature=feature_word(str(e.get("feature")), words))
    if kind == "score":
        return score_line(players, e, words) or None
    if kind == "discard":
        return words("event.discard")
    for adapter in expansions.adapters():
        line = adapter.event_line(who, e, words, lambda seat: name(players, seat))
        if line is not None:
            return line or None
    return generic.event_line(who, e, words)


def turn_lines(players: list[str], events: list[Event], words: Words) -> list[Text]:
    """The public events of a turn in words, one line each; a tile and the
    follower put on it read as one line, and events an adapter groups (a
    settlement's chips) as one."""
    out: list[Text] = []
    items = public(events)
    i = 0
    while i < len(items):
        e = items[i]
        kind = e.get("type")
        nxt = items[i + 1] if i + 1 < len(items) else None
        if (
            kind == "place"
            and nxt is not None
            and nxt.get("type") == "follower"
            and not nxt.get("piece")
            and nxt.get("player") == e.get("player")
        ):
            out.append(
                words(
                    "event.place_follower",
                    who=name(players, e.get("player")),
                    x=e["x"],
                    y=e["y"],
                    feature=feature_word(str(nxt.get("feature")), words),
                )
            )
            i += 2
            continue
        grouped = _group(players, items, i, words)
        if grouped is not None:
            line, i = grouped
            if line:
                out.append(line)
            continue
        line = event_line(players, e, words)
        if line:
            out.append(line)
        i += 1
    return out


def _group(
    players: list[str], items: list[Event], i: int, words: Words
) -> tuple[Text | None, int] | None:
    """A group of events starting at ``i`` that an adapter words as one line,
    and the index after it; None when ``items[i]`` starts no group."""
    for adapter in expansions.adapters():
        key = adapter.group_key(items[i])
        if key is None:
            continue
        j = i + 1
        while j < len(items) and adapter.group_key(items[j]) == key:
            j += 1
        line = adapter.group_line(items[i:j], words, lambda seat: name(players, seat))
        return line, j
    return None


def events_text(
    players: list[str], events: list[Event], words: Words, limit: int = MESSAGE_LIMIT
) -> Text:
    lines = turn_lines(players, events, words)
    return bullets(lines, words, limit)


def bullets(lines: list[Text], words: Words, limit: int = MESSAGE_LIMIT) -> Text:
    """Lines as a list, the first ones left out if they do not fit ``limit``."""
    text = join([words("event.bullet", line=line) for line in lines])
    if len(text) > limit:
        more = words("event.more")
        cut = text[: limit - len(more) - 1].rsplit("\n", 1)[0]
        text = Text(f"{cut}\n{more}")
    return text


def is_game_end(e: Event) -> bool:
    """An event of the game's end (after the last turn): final scores, end cards..."""
    kind = e.get("type")
    if kind == "end" or (kind == "score" and e.get("reason") == "final"):
        return True
    if kind == "bet_settled" and e.get("scoring") == "final":
        return True
    return any(kind in a.end_events for a in expansions.adapters())


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
    return "group.other"


def group_order() -> list[str]:
    known = expansions.adapters()
    return [
        *[f"group.{f}" for f in FEATURES],
        *[g for a in known for g in a.feature_groups],
        *[g for a in known for g in a.group_order],
    ]


def breakdown(players: list[str], events: list[Event], words: Words) -> dict[Text, list[int]]:
    """Points per group and seat, from the score events of the log."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0] * len(players))
    for e in public(events):
        if e.get("type") == "score" and isinstance(e.get("player"), int):
            rows[score_group(e)][e["player"]] += int(e.get("points", 0))
    order = group_order()
    keys = sorted(rows, key=lambda k: (order.index(k) if k in order else 99, k))
    return {words(k): rows[k] for k in keys}


def final_head(
    players: list[str], winners: list[int], words: Words, resigned: Collection[int] = ()
) -> Text:
    """Who won; a seat whose player resigned won for the AI, not for them."""
    if not winners:
        return words("final.head_nobody")
    won = join(
        [
            words("final.resigned_seat", name=escape(players[w]))
            if w in resigned
            else escape(players[w])
            for w in winners
        ],
        ", ",
    )
    return words("final.head", count=len(winners), winners=won)


def scores_text(
    players: list[str],
    scores: list[int],
    supply: list[int],
    words: Words,
    counts: Mapping[str, Sequence[int]] | None = None,
) -> Text:
    """Each player's points and supply; with the public view's ``counts``,
    what an expansion keeps in supply apart from the followers (A-1)."""

    def held(seat: int, followers: int) -> Text:
        parts = [words("scores.supply", count=followers)]
        for adapter in expansions.adapters() if counts else ():
            extra = adapter.supply_text(counts or {}, seat, words)
            if extra is not None:
                parts.append(extra)
        return join(parts, ", ")

    return join(
        [
            words(
                "scores.line",
                name=escape(p),
                points=words("scores.points", count=s),
                followers=held(seat, f),
            )
            for seat, (p, s, f) in enumerate(zip(players, scores, supply, strict=False))
        ]
    )


def ranking(players: list[str], scores: list[int], places: list[int], words: Words) -> Text:
    """Players by their place (db.values.ranks: by score, a resigned seat
    last), best first: "Ada: 87 · Bo: 80 · AI 1: 75"."""
    order = sorted(range(len(players)), key=lambda s: (places[s], s))
    return join(
        [words("final.rank", name=escape(players[s]), points=scores[s]) for s in order], " · "
    )
