"""The component-driven player (player.py) without the bot: which thread
messages are a member's surfaces must follow what Discord notifies — the
mentions a message pings when it is created, never the text an edit leaves.

Found by test_all_expansions_short_deck failing under load: the bot pinged Cy
(closed DMs) by creating turn 8's message, "Waiting for Ada, Bo, @Cy: Bet a
chip ...", and edited it once Bo had answered ("Waiting for Ada, Cy: ...").
The player looked for Cy's mention in the text as it was now, so whether Cy
had anything to press depended on whether that edit had gone out yet.
"""

from __future__ import annotations

from typing import Any, cast

import aiohttp
import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.fake import FakeDiscord
from tests.e2e.members import Harness, Member
from tests.e2e.player import Player

pytestmark = pytest.mark.smoke  # quick (no bot process): make test runs them

TAKE_TURN = {"type": 2, "style": 1, "label": "Take turn", "custom_id": "carc:g:1:turn"}


def members(fake: FakeDiscord, *names: str) -> list[Member]:
    """Members who only read what the fake holds (no bot process to click at)."""
    harness = Harness(fake, cast(BotProcess, None))
    return [harness.member(name) for name in names]


async def post(http: aiohttp.ClientSession, channel: int, content: str, users: list[int]) -> int:
    body = {
        "content": content,
        "allowed_mentions": {"parse": [], "users": [str(u) for u in users]},
        "components": [{"type": 1, "components": [TAKE_TURN]}],
    }
    async with http.post(f"channels/{channel}/messages", json=body) as r:
        assert r.status == 200, await r.text()
        data: dict[str, Any] = await r.json()
    return int(data["id"])


async def edit(http: aiohttp.ClientSession, channel: int, message_id: int, content: str) -> None:
    body = {"content": content, "allowed_mentions": {"parse": []}}
    async with http.patch(f"channels/{channel}/messages/{message_id}", json=body) as r:
        assert r.status == 200, await r.text()


async def test_a_ping_stays_a_surface_when_an_edit_drops_the_mention(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """T-2: a stake asked of a player without DMs, in the thread. Discord
    pinged Cy when the message was created; the edit that names her without
    a mention takes nothing back, so the message is still hers to answer."""
    ada, cy = members(fake, "Ada", "Cy")
    thread = fake.channel.id
    player = Player([ada, cy], {thread})
    ask = await post(http, thread, f"Waiting for Ada, Bo, <@{cy.id}>: Bet a chip.", [cy.id])
    assert [m.id for m in player.surfaces(cy)] == [ask]
    await edit(http, thread, ask, "Waiting for Ada, Cy: Bet a chip.")
    assert fake.world.messages[ask].mentions == []  # as Discord: the text now pings nobody
    assert [m.id for m in player.surfaces(cy)] == [ask]
    assert player.surfaces(ada) == []  # named, never pinged
    assert fake.violations == []


async def test_a_mention_an_edit_adds_is_no_surface(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """An edit pings nobody, and a mention the message does not allow pings
    nobody either: neither makes the message a member's surface."""
    (cy,) = members(fake, "Cy")
    thread = fake.channel.id
    player = Player([cy], {thread})
    later = await post(http, thread, "Waiting for Cy: Bet a chip.", [])
    await edit(http, thread, later, f"Waiting for <@{cy.id}>: Bet a chip.")
    unallowed = await post(http, thread, f"Waiting for <@{cy.id}>: Bet a chip.", [])
    assert fake.world.messages[unallowed].mentions == []
    assert player.surfaces(cy) == []
    assert player.surfaces(cy, fresh=False) == []
    assert fake.violations == []


async def test_a_dm_linking_the_turn_message_makes_it_a_surface(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """ "It is your turn" by DM (pings off, or a turn that comes back to its
    player) links the turn message: a person follows the link and presses
    Take turn there, so that message is theirs from the DM's time on."""
    (ada,) = members(fake, "Ada")
    thread = fake.channel.id
    player = Player([ada], {thread})
    turn = await post(http, thread, "Turn 3 · Ada", [])  # pinged nobody: no surface
    assert player.surfaces(ada) == []
    dm = fake.world.dm_channel(ada.id).id
    url = f"https://discord.com/channels/{fake.channel.guild_id}/{thread}/{turn}"
    link = {"type": 2, "style": 5, "label": "See the board", "url": url}
    body = {"content": "It is your turn", "components": [{"type": 1, "components": [link]}]}
    async with http.post(f"channels/{dm}/messages", json=body) as r:
        assert r.status == 200, await r.text()
    assert [m.id for m in player.surfaces(ada)] == [turn]
    ada.last_action = fake.world.messages[turn].changed + 1e6  # acted since: not news
    assert player.surfaces(ada) == []
    assert fake.violations == []
