"""The turn-flow budgets of #13, checked on what the fake Discord saw:

- messages: new thread messages per turn (base game ≤ 1.5, all expansions
  ≤ 2.5), no rate-limit wait, click → final visible update p95 (≤ 500 ms base,
  ≤ 700 ms all expansions);
- pings: a player is pinged at most once per own turn, plus once per question
  put to them out of their turn, plus once each time their turn, having waited
  on others' answers, comes back to them;
- words: nothing a player could read (message text in every version, button
  labels, select options and their descriptions, autocomplete choices) shows
  engine internals: dict reprs, step names, reason codes, rule IDs, location
  codes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from engine.record import new_from_setup
from tests.e2e.fake import FakeDiscord
from tests.e2e.figures import first_mentions
from tests.e2e.members import Member
from tests.e2e.transcript import texts

INTERNALS = re.compile(
    r"\{'|\[\{|xmas-|christmas:|bets_|stake_pass|settle_feature|open-gift|choose-tile"
    r"|tile-choice|\((?:B|G|T|X|C)-\d|\b(?:NNE|ENE|ESE|SSE|SSW|WSW|WNW|NNW)\b"
    r"|\bNone\b|\bTrue\b|\bFalse\b"
)


def everything_read(fake: FakeDiscord) -> Iterator[tuple[str, str]]:
    """(where, text) of every text a member of the fake could have read."""
    for m in fake.world.messages.values():
        for text in texts(m):
            yield f"message {m.id}", text
    for inter in fake.interactions.values():
        for choice in inter.choices or []:
            yield f"autocomplete {inter.id}", str(choice.get("name", ""))


def internals(fake: FakeDiscord) -> list[tuple[str, str]]:
    return [(where, text) for where, text in everything_read(fake) if INTERNALS.search(text)]


def questions_out_of_turn(record: dict[str, Any]) -> dict[int, int]:
    """Per seat: the questions put to it out of its own turn (distinct turn and step)."""
    game = new_from_setup(record)
    asked: dict[int, set[tuple[int, str]]] = {}
    for action in record.get("actions", []):
        d = game.pending
        if d is not None:
            own = game.turn.player if game.turn is not None else None
            for seat in d.players:
                if seat != own:
                    asked.setdefault(seat, set()).add((game.turns_played, d.step))
        game.apply(action)
    return {seat: len(steps) for seat, steps in asked.items()}


def turns_resumed(record: dict[str, Any]) -> dict[int, int]:
    """Per seat: the times its own turn, having waited on others only, came back to it."""
    game = new_from_setup(record)
    resumed: dict[int, int] = {}
    others_only = False  # the last decision of this turn waited on others only
    turn = None
    for action in record.get("actions", []):
        d = game.pending
        own = game.turn.player if game.turn is not None else None
        if game.turns_played != turn:
            turn, others_only = game.turns_played, False
        if d is not None and own is not None:
            if own in d.players and others_only:
                resumed[own] = resumed.get(own, 0) + 1
            others_only = own not in d.players
        game.apply(action)
    return resumed


def pings(fake: FakeDiscord, member: Member, since_call: int) -> int:
    """Messages created (in any channel) that pinged ``member``."""
    out = 0
    for call in fake.calls[since_call:]:
        if not call.created or call.message_id is None:
            continue
        m = fake.world.messages.get(call.message_id)
        if m is not None and member.id in first_mentions(m):
            out += 1
    return out
