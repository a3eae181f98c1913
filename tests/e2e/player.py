"""A player that plays whole games only from the components the bot posted.

It knows nothing of the rules or of the bot's wording. Each step it looks, for
every member, at the *surfaces* that member could act on: messages the member
sees that carry at least one progress component and changed after the
member's own last action. A surface is

- an ephemeral message of the member (a panel), or
- a message in the member's DMs, or
- a message in one of the game's channels (the thread) that pinged the member
  when it was created (Discord notifies a message's mentions on create only:
  the bot's later edits ping nobody, and one that drops the mention from the
  text, "Waiting for Cy", does not take the ping back), or
- a message of the game's channels that a DM links to ("It is your turn":
  a person follows the link), news from the DM's time on.

It takes the freshest surface of the first member (in a seeded random order)
who has one and uses one of its components, chosen at random (seeded) among:
the progress buttons if there are any, else an option of a select. Components
are classified by :func:`role`; README.md explains how to adapt it.
When no member has a surface the game is either over (``done()``), or the
bot is still pacing its messages under Discord's rate limits (the next
player's ping comes a moment later: the player waits for it, up to
``WAIT_FOR_SURFACE`` seconds, as a person waits for their ping), or the
player reopens the freshest mention of someone (a retry, counted); it gives up
after a few retries without progress.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.figures import first_mentions
from tests.e2e.members import BUTTON, STRING_SELECT, Member, Outcome
from tests.e2e.world import Message, iter_components

# Never pressed: leaving, undoing, cancelling, resigning, lobby management, a rematch
# (a new game, not a move of this one).
NEVER_ID = re.compile(
    r"(^carc:lobby:)|:(undo|leave|cancel|resign|quit|confirm-cancel|rematch)(:|$)"
)
NEVER_LABEL = re.compile(r"\b(undo|leave|cancel|resign|take back|quit|forfeit)\b", re.I)
# Only show or navigate, never move the game on (pressed only when nothing else is offered).
IDLE_ID = re.compile(r":(hand|page|apage|board|help|score)(:|$)")
IDLE_LABEL = re.compile(r"^(show|view|see|help|cells \d|actions \d|board|scores?)\b", re.I)
DANGER, LINK = 4, 5
WAIT_FOR_SURFACE = 12.0  # seconds: longer than any pacing of the bot's messages
POLL = 0.02


def role(component: dict[str, Any]) -> str:
    """``never``, ``idle``, ``progress`` or ``other`` (not a button or select)."""
    kind = component.get("type")
    if kind not in (BUTTON, STRING_SELECT) or component.get("disabled"):
        return "other"
    cid, label = component.get("custom_id") or "", component.get("label") or ""
    if (
        component.get("style") in (DANGER, LINK)
        or NEVER_ID.search(cid)
        or NEVER_LABEL.search(label)
    ):
        return "never"
    if IDLE_ID.search(cid) or IDLE_LABEL.search(label):
        return "idle"
    return "progress"


@dataclass
class Move:
    member: Member
    message: Message
    component: dict[str, Any]
    values: list[str] | None = None  # a select's chosen values

    def describe(self) -> str:
        what = self.component.get("custom_id")
        return f"{self.member.name}: {what}" + (f" = {self.values}" if self.values else "")


@dataclass
class PlayLog:
    moves: list[tuple[str, Outcome]] = field(default_factory=list)
    retries: int = 0
    finished: bool = False
    waited_s: float = 0.0  # time spent waiting for the bot's paced messages


class PlayerStuck(AssertionError):
    pass


class Player:
    def __init__(
        self,
        members: list[Member],
        channels: set[int],
        *,
        seed: int = 0,
        done: Callable[[], Awaitable[bool]] | None = None,
    ) -> None:
        self.members = members
        self.channels = channels
        self.rng = random.Random(seed)
        self.done = done
        self.log = PlayLog()

    # --- looking --------------------------------------------------------------------------
    def in_scope(self, member: Member, m: Message) -> bool:
        if m.visible_to == member.id:
            return True
        cid = member.fake.world.dm_channels.get(member.id)
        if m.channel_id == cid:
            return True
        # Pinged by the message's creation, not mentioned by its text now: a
        # mention an edit adds pings nobody, one an edit drops still pinged.
        return m.channel_id in self.channels and member.id in first_mentions(m)

    def progress(self, m: Message) -> list[dict[str, Any]]:
        return [c for c in iter_components(m.components) if role(c) == "progress"]

    def surfaces(self, member: Member, *, fresh: bool = True) -> list[Message]:
        found = [
            (since, target)
            for m in member.visible()
            if not m.loading
            for target, since in self.ways(member, m)
            if self.progress(target) and (not fresh or since > member.last_action)
        ]
        return [target for _, target in sorted(found, key=lambda f: f[0], reverse=True)]

    def ways(self, member: Member, m: Message) -> list[tuple[Message, float]]:
        """The messages ``m`` lets ``member`` act on, each with when it became
        news: ``m`` itself when it is in scope, and for a DM also each message
        of the game's channels it links to (a person follows the link: "It is
        your turn" links the turn message and its Take turn button)."""
        out = [(m, self.since(m))] if self.in_scope(member, m) else []
        if m.channel_id == member.fake.world.dm_channels.get(member.id):
            for c in iter_components(m.components):
                target = self.linked(member, c) if c.get("style") == LINK else None
                if target is not None and target.channel_id in self.channels:
                    out.append((target, self.since(m)))
        return out

    @staticmethod
    def linked(member: Member, button: dict[str, Any]) -> Message | None:
        """The message a link button's URL names (…/channels/guild/channel/message)."""
        tail = str(button.get("url") or "").rstrip("/").rsplit("/", 1)[-1]
        target = member.fake.world.messages.get(int(tail)) if tail.isdigit() else None
        return target if target is not None and member.can_see(target) else None

    def since(self, m: Message) -> float:
        """When a message became news: a thread message when it was created
        (a ping; the bot's later edits ping nobody and may come a little
        late, coalesced), a panel or a DM whenever it changed."""
        public = m.channel_id in self.channels and m.visible_to is None
        return m.created if public else m.changed

    def choose(self, member: Member, message: Message) -> Move:
        comps = self.progress(message)
        buttons = [c for c in comps if c["type"] == BUTTON]
        if buttons:
            return Move(member, message, self.rng.choice(buttons))
        select = self.rng.choice(comps)
        options = [o["value"] for o in select.get("options") or []]
        n = max(1, select.get("min_values", 1))
        return Move(member, message, select, self.rng.sample(options, n))

    def next_move(self, *, fresh: bool = True) -> Move | None:
        found = {m.name: self.surfaces(m, fresh=fresh) for m in self.members}
        if not any(found.values()):
            return None  # (the seeded choices are drawn only when there is a move)
        order = list(self.members)
        self.rng.shuffle(order)
        for member in order:
            surfaces = found[member.name]
            if surfaces:
                return self.choose(member, surfaces[0])
        return None

    # --- acting ---------------------------------------------------------------------------
    async def make(self, move: Move) -> Outcome:
        cid = move.component["custom_id"]
        if move.values is None:
            outcome = await move.member.click(move.message, custom_id=cid)
        else:
            outcome = await move.member.select(move.message, move.values, custom_id=cid)
        self.log.moves.append((move.describe(), outcome))
        # The bot sends some messages later, pacing itself under Discord's
        # rate limits: wait for them (outside the interaction, as a person
        # waits for their ping), so the next move sees everything and a game
        # plays the same however fast the machine is.
        start = time.monotonic()
        await move.member.harness.bot.idle(drained=True)
        self.log.waited_s += time.monotonic() - start
        return outcome

    async def step(self) -> bool:
        """One move; False when nobody has anything to do."""
        move = self.next_move()
        if move is None:
            return False
        await self.make(move)
        return True

    async def play(self, *, max_moves: int = 5000, max_retries: int = 5) -> PlayLog:
        """Play until nobody has a surface and ``done()`` says the game is over."""
        retries_in_a_row = 0
        while len(self.log.moves) < max_moves:
            if await self.step():
                retries_in_a_row = 0
                continue
            if self.done is None or await self.done():
                self.log.finished = True
                return self.log
            move = await self.wait_for_move()
            if move is not None:
                retries_in_a_row = 0
                await self.make(move)
                continue
            move = self.next_move(fresh=False)
            if move is None or retries_in_a_row >= max_retries:
                raise PlayerStuck(self.stuck_report())
            retries_in_a_row += 1
            self.log.retries += 1
            await self.make(move)
        raise PlayerStuck(f"no end after {max_moves} moves\n{self.stuck_report()}")

    async def wait_for_move(self, timeout: float = WAIT_FOR_SURFACE) -> Move | None:
        """A fresh surface that appears within ``timeout`` seconds (a message
        the bot sends a little later, pacing itself), or None."""
        start = time.monotonic()
        polls = 0
        while time.monotonic() - start < timeout:
            await asyncio.sleep(POLL)
            polls += 1
            move = self.next_move()
            if move is not None:
                self.log.waited_s += time.monotonic() - start
                return move
            if polls % 25 == 0 and self.done is not None and await self.done():
                return None
        self.log.waited_s += time.monotonic() - start
        return None

    def stuck_report(self) -> str:
        lines = ["nobody has anything to press; last moves:"]
        lines += [f"  {d}: {o.text[:120]!r}" for d, o in self.log.moves[-8:]]
        for member in self.members:
            for m in member.visible()[-3:]:
                lines.append(f"  {member.name} sees {m.content[:100]!r} {m.custom_ids()}")
        return "\n".join(lines)
