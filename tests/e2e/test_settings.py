"""/settings through the real client: a player's own settings panel
(ephemeral), its toggles and selects, and what they change in a game."""

from __future__ import annotations

import pytest

from engine.game import shuffled
from engine.tiles import base_bag
from tests.e2e.budgets import internals
from tests.e2e.members import Harness
from tests.e2e.table import open_table


@pytest.fixture
def rate_limit_scale() -> float:
    return 0.1  # settings, not rate limits, are tested here


async def test_settings_panel_changes_pings_dms_away_and_quiet_hours(harness: Harness) -> None:
    ada, bo = harness.member("Ada"), harness.member("Bo")
    out = await ada.slash("settings")
    panel = out.reply
    assert panel is not None and panel.visible_to == ada.id  # only Ada sees it
    assert "Pings when it is your turn" in panel.content and "**on**" in panel.content
    labels = [c.get("label") for c in _components(panel) if c.get("label")]
    assert labels == ["Pings: on", "DMs: on", "Automatic answers: on"]

    # Turn pings off: the panel is edited in place with the new state.
    off = await ada.click(panel, label="Pings: on")
    assert off.reply is not None and "Pings: off" in _labels(off.reply)
    # Away for three days, quiet from 22:00 (to 06:00 by default), UTC+2.
    panel = off.reply
    await ada.select(panel, ["3"], custom_id="carc:sets:away")
    await ada.select(panel, ["22"], custom_id="carc:sets:qfrom")
    await ada.select(panel, ["6"], custom_id="carc:sets:qto")
    shown = await ada.select(panel, ["120"], custom_id="carc:sets:zone")
    text = shown.reply.content if shown.reply is not None else ""
    assert "Away until" in text and "22:00 to 06:00" in text and "UTC+2" in text

    # The settings are Ada's own: Bo's panel still has the defaults.
    bo_panel = (await bo.slash("settings")).reply
    assert bo_panel is not None and "Pings: on" in _labels(bo_panel)

    # In a game, Ada (pings off, away) is named on her turn but not pinged.
    table = await open_table(
        harness, [ada, bo], seed=4, decks={"tiles": shuffled(4, "tiles", base_bag())[:3]}
    )
    first = ada.channel_messages(table.thread_id)[0]
    assert "Waiting for Ada: Place your tile" in first.versions[0]["content"]
    assert first.versions[0]["mentions"] == [] and ada.mention not in first.content
    assert internals(harness.fake) == []


async def test_a_stale_settings_value_is_refused_plainly(harness: Harness) -> None:
    ada = harness.member("Ada")
    panel = (await ada.slash("settings")).reply
    assert panel is not None
    # Back to no quiet hours, then everything is as it was.
    out = await ada.select(panel, ["none"], custom_id="carc:sets:qfrom")
    assert out.reply is not None and "No quiet hours" in out.reply.content


def _components(message: object) -> list[dict[str, object]]:
    from tests.e2e.world import iter_components

    return list(iter_components(getattr(message, "components", [])))


def _labels(message: object) -> list[str]:
    return [str(c.get("label")) for c in _components(message) if c.get("label")]
