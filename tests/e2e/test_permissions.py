"""The bot without a permission it needs: Discord refuses (403 / 50013) and
the player who asked is told, privately; nothing half-made is left behind."""

from __future__ import annotations

import pytest

from tests.e2e.members import Harness
from tests.e2e.world import DEFAULT_BOT_PERMISSIONS, THREADS, P


@pytest.fixture
def bot_permissions() -> int:
    return DEFAULT_BOT_PERMISSIONS & ~P.CREATE_PUBLIC_THREADS


async def test_without_create_threads_the_host_is_told(harness: Harness) -> None:
    ada = harness.member("Ada")
    out = await ada.slash("carcassonne new")
    refused = [c for c in out.calls if c.status == 403]
    assert [c.code for c in refused] == [50013]
    assert refused[0].template.endswith("/threads")
    assert out.reply is not None and out.reply.visible_to == ada.id
    assert not any(c.type in THREADS for c in harness.fake.world.channels.values())


async def test_in_a_channel_the_bot_may_not_post_in(harness: Harness) -> None:
    """#announcements denies the bot's role Send Messages by an overwrite."""
    ada = harness.member("Ada")
    quiet = harness.fake.quiet_channel.id
    out = await ada.slash("carcassonne new", channel=quiet)
    assert [c.code for c in out.calls if c.status == 403] == [50013]
    assert out.reply is not None and out.reply.visible_to == ada.id
    assert not [
        m for m in harness.fake.world.messages.values() if m.channel_id == quiet and not m.ephemeral
    ]
