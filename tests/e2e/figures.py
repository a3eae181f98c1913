"""Figures of one game, computed from what the fake Discord saw.

Definitions (README.md has the long form):

- ``turns``: turns played (from the bot's game record), the denominator.
- ``thread_messages_per_turn``: messages created in the game's thread.
- ``dms_per_turn``: messages created in the players' DM channels.
- ``mentions_per_own_turn``: for each human player, messages created that
  ping them (content mention allowed by ``allowed_mentions``) divided by the
  turns that were theirs; ``..._max`` is the worst player.
- ``images_per_turn``: PNG files uploaded (creates and edits, any channel,
  ephemeral included).
- ``rest_calls_per_turn``: every REST request of the bot.
- ``rate_limit_waits``: requests held back by a bucket the fake had reported
  exhausted, plus 429s (tests/e2e/ratelimits.py); ``rate_limit_wait_s`` the
  time those buckets had been exhausted, summed.
- ``click_to_final_ms_p50/p95/max``: for each component interaction (button or
  select) of the game, from the INTERACTION_CREATE dispatch to the last request
  that created or edited a visible message while the bot handled it (callback
  with a message, follow-up, webhook edit, channel message create/edit).
- ``store_*``: the bot's database transactions per component interaction,
  as the bot counts them from SQLAlchemy's events (bot.metrics): for a
  placing click (a rotation button, ``:rot:``) its reads, its reads of a
  game's row and its write transactions (the most any such click took), and
  for every click the p50 and most of reads plus writes.
- ``late_acks``, ``double_acks``, ``validation_failures``: from the fake's checks.
- ``clock_skipped_s``: seconds of Discord's windows the simulated clock skipped
  while the bot only waited for its pacer (tests/e2e/simclock.py), in the test.
"""

from __future__ import annotations

import statistics
from typing import Any

from tests.e2e.fake import FakeDiscord
from tests.e2e.members import COMPONENT, Member
from tests.e2e.world import DM


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def first_mentions(m: Any) -> list[int]:
    """The users a message pinged when it was created."""
    if m.versions and "mentions" in m.versions[0]:
        return list(m.versions[0]["mentions"])
    return list(m.mentions)


def compute(
    fake: FakeDiscord,
    *,
    thread_id: int,
    members: list[Member],
    turns: int,
    own_turns: dict[int, int],
    since_call: int = 0,
    since_time: float = 0.0,
    seconds: float | None = None,
    store: dict[int, tuple[int, int, int]] | None = None,
) -> dict[str, Any]:
    calls = [c for c in fake.calls[since_call:] if not c.launcher]
    created = [fake.world.messages.get(c.message_id or 0) for c in calls if c.created]
    created_msgs = [m for m in created if m is not None]
    dm_channels = {fake.world.dm_channels.get(m.id) for m in members} - {None}
    thread_new = sum(1 for m in created_msgs if m.channel_id == thread_id)
    dms = sum(
        1
        for m in created_msgs
        if m.channel_id in dm_channels and fake.world.channels[m.channel_id].type == DM
    )
    images = sum(1 for c in calls for name, _ in c.files if name.lower().endswith(".png"))
    per_turn = max(turns, 1)
    mentions: dict[str, float] = {}
    for member in members:
        # Who a message pinged is decided when it is created (an edit pings nobody).
        pings = sum(1 for m in created_msgs if member.id in first_mentions(m))
        mentions[member.name] = round(pings / max(own_turns.get(member.id, 0), 1), 2)
    clicks = [
        i for i in fake.interactions.values() if i.type == COMPONENT and i.dispatched >= since_time
    ]
    latencies = []
    no_update = 0
    for inter in clicks:
        visible = [c.at for c in calls if c.visible and inter.id in c.interactions]
        if visible:
            latencies.append((max(visible) - inter.dispatched) * 1000)
        else:
            no_update += 1
    store = store or {}
    used = [store[i.id] for i in clicks if i.id in store]
    placing = [store[i.id] for i in clicks if i.id in store and ":rot:" in _custom_id(i)]
    waits = [w for w in fake.limits.waits if w.at >= since_time]
    kinds = [v.kind for v in fake.violations]
    return {
        "turns": turns,
        "seconds": round(seconds, 1) if seconds is not None else None,
        "thread_messages": thread_new,
        "thread_messages_per_turn": round(thread_new / per_turn, 2),
        "dms": dms,
        "dms_per_turn": round(dms / per_turn, 2),
        "mentions_per_own_turn": mentions,
        "mentions_per_own_turn_max": max(mentions.values(), default=0.0),
        "images": images,
        "images_per_turn": round(images / per_turn, 2),
        "rest_calls": len(calls),
        "rest_calls_per_turn": round(len(calls) / per_turn, 2),
        "rate_limit_waits": len(waits),
        "rate_limit_429s": sum(1 for w in waits if w.status == 429),
        "rate_limit_wait_s": round(sum(w.seconds for w in waits), 2),
        "clicks": len(clicks),
        "clicks_without_visible_update": no_update,
        "click_to_final_ms_p50": round(percentile(latencies, 0.5)),
        "click_to_final_ms_p95": round(percentile(latencies, 0.95)),
        "click_to_final_ms_max": round(max(latencies, default=0.0)),
        "click_to_final_ms_mean": round(statistics.fmean(latencies)) if latencies else 0,
        "place_clicks": len(placing),
        "store_reads_per_place_click_max": max((r for r, _, _ in placing), default=0),
        "store_game_reads_per_place_click_max": max((g for _, g, _ in placing), default=0),
        "store_writes_per_place_click_max": max((w for _, _, w in placing), default=0),
        "store_round_trips_per_click_p50": round(percentile([r + w for r, _, w in used], 0.5), 1),
        "store_round_trips_per_click_max": max((r + w for r, _, w in used), default=0),
        "late_acks": kinds.count("late-ack"),
        "double_acks": kinds.count("double-ack"),
        "validation_failures": kinds.count("validation"),
        "clock_skipped_s": round(fake.clock.skipped, 1),
    }


def _custom_id(inter: Any) -> str:
    return str((inter.data or {}).get("custom_id", ""))


def format_table(figures: dict[str, dict[str, Any]]) -> str:
    """Figures side by side: one row per figure, one column per game."""
    games = sorted(figures)
    keys: list[str] = []
    for g in games:
        keys += [k for k in figures[g] if k not in keys]

    def cell(v: Any) -> str:
        if isinstance(v, dict):
            return " ".join(f"{n}:{x}" for n, x in v.items())
        return "" if v is None else str(v)

    width = max(len(k) for k in keys) + 2
    cols = [max(len(g), *(len(cell(figures[g].get(k))) for k in keys)) + 2 for g in games]
    lines = ["".ljust(width) + "".join(g.rjust(c) for g, c in zip(games, cols, strict=True))]
    for k in keys:
        cells = (cell(figures[g].get(k)).rjust(c) for g, c in zip(games, cols, strict=True))
        lines.append(k.ljust(width) + "".join(cells))
    return "\n".join(lines)
