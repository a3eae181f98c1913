"""The /server-settings panel and the defaults line of /carcassonne new, in
every language: within Discord's limits, and saying whose each setting is."""

from __future__ import annotations

import pytest

from bot import options
from bot.present import servers as sp
from bot.settings import Settings
from bot.text import Words, catalog
from db.values import GameInfo, ServerDefaults, utcnow

LANGS = ["en", *sorted(catalog.translations())]
NOW = utcnow()
SET = ServerDefaults(1, turn_timeout_seconds=0, timeout_policy="skip", locale="nl")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("server", [ServerDefaults(1), SET])
def test_the_panel_fits_discord(lang: str, server: ServerDefaults) -> None:
    words, settings = Words(lang), Settings()
    assert len(sp.panel_text(server, settings, "fr", words)) <= 2000
    for choices in (
        sp.limit_choices(server, settings, words),
        sp.policy_choices(server, settings, words),
        sp.reminder_choices(server, settings, words),
        sp.language_choices(server, "fr", words),
    ):
        assert 1 <= len(choices) <= 25 and sum(c.default for c in choices) == 1
        assert all(0 < len(c.label) <= 100 and len(c.value) <= 100 for c in choices)


def test_the_panel_says_whose_each_setting_is() -> None:
    text = sp.panel_text(SET, Settings(), "fr", Words("en"))
    assert "Turn time limit: **no turn limit** (this server's)" in text
    assert "Reminders every **12 hours** (the bot's default)" in text
    assert "Language of the games: **Nederlands** (this server's)" in text
    plain = sp.panel_text(ServerDefaults(1), Settings(), "fr", Words("en"))
    assert "**Français** (the server's language on Discord)" in plain


def test_the_host_is_told_only_the_defaults_their_game_took() -> None:
    took = {"limit": "server", "reminder": "bot", "language": "discord"}
    info = GameInfo(
        id=1, guild_id=1, channel_id=2, thread_id=None, host_id=3, status="lobby",
        expansions=(), seed=0, decks=None, turn_timeout_seconds=6 * 3600, timeout_policy="ai",
        options={options.DEFAULTS: took, options.REMINDER_HOURS: 2.0, options.LOCALE: "fr"},
        league_id=None, version=0, seats=(), created_at=NOW, updated_at=NOW, started_at=None,
        finished_at=None,
    )  # fmt: skip
    said = str(sp.applied_text(info, Words("en")))
    assert said == (
        "Defaults used: turn limit 6 hours (this server's); reminders every 2 hours "
        "(the bot's default); language Français (the server's language on Discord)."
    )
