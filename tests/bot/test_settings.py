"""Settings: one table, read from the environment and .env; every bad value is
one line naming the variable, where it came from and what is accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import VARIABLES, Settings, SettingsError, read_settings

ROOT = Path(__file__).resolve().parents[2]


def load(tmp_path: Path, text: str, **environ: str) -> Settings:
    env = tmp_path / ".env"
    env.write_text(text)
    return Settings.load(env, environ)


def problems(tmp_path: Path, text: str, **environ: str) -> list[str]:
    env = tmp_path / ".env"
    env.write_text(text)
    return read_settings(env, environ).problems


def test_defaults_without_env_file_or_environment(tmp_path: Path) -> None:
    assert Settings.load(tmp_path / "missing.env", {}) == Settings()
    assert Settings().token is None


def test_blank_token_counts_as_none() -> None:
    assert Settings(discord_token="  ").token is None
    assert Settings(discord_token="abc").token == "abc"


def test_the_token_is_never_shown() -> None:
    assert "s3cret" not in repr(Settings(discord_token="s3cret"))


def test_values_from_env_file_and_environment_wins(tmp_path: Path) -> None:
    s = load(
        tmp_path,
        "# comment\nexport TURN_TIMEOUT_HOURS=24\nreminder_hours = 6 # inline comment\n"
        "LOG_LEVEL='debug'\nDISCORD_TOKEN=\"abc.def.ghi\"\nTIMER_POLL_SECONDS=5\n",
        TIMER_POLL_SECONDS="7",
    )
    assert s.turn_timeout_hours == 24.0
    assert s.reminder_hours == 6.0
    assert s.log_level == "DEBUG"
    assert s.token == "abc.def.ghi"
    assert s.timer_poll_seconds == 7.0  # the environment wins over .env


def test_policy_is_read_case_insensitively(tmp_path: Path) -> None:
    assert load(tmp_path, "TIMEOUT_POLICY=AI\n").timeout_policy == "ai"
    assert load(tmp_path, "TIMEOUT_POLICY= Skip \n").timeout_policy == "skip"


def test_empty_turn_timeout_means_no_limit(tmp_path: Path) -> None:
    assert load(tmp_path, "TURN_TIMEOUT_HOURS=\n").turn_timeout_hours is None
    assert load(tmp_path, "").turn_timeout_hours == 48.0  # no line: the default


def test_bot_prefix_of_a_pasted_token_is_dropped(tmp_path: Path) -> None:
    assert load(tmp_path, "DISCORD_TOKEN=Bot abc.def.ghi\n").token == "abc.def.ghi"


def test_postgres_urls_are_normalised(tmp_path: Path) -> None:
    s = load(tmp_path, "DATABASE_URL=postgres://bot:pw@localhost/carcassonne\n")
    assert s.database_url == "postgresql+asyncpg://bot:pw@localhost/carcassonne"
    assert load(tmp_path, "DATABASE_URL=\n").database_url == Settings().database_url


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "TIMEOUT_POLICY=robot",
            "TIMEOUT_POLICY='robot' ({env} line 1): unknown value; use one of ai, skip, remind",
        ),
        (
            "TURN_TIMEOUT_HOURS=two",
            "TURN_TIMEOUT_HOURS='two' ({env} line 1): not a number; "
            "use a number of hours > 0, or empty for no limit",
        ),
        (
            "TURN_TIMEOUT_HOURS=0",
            "TURN_TIMEOUT_HOURS='0' ({env} line 1): must be more than 0; "
            "use a number of hours > 0, or empty for no limit",
        ),
        (
            "REMINDER_HOURS=nan",
            "REMINDER_HOURS='nan' ({env} line 1): must be more than 0; use a number of hours > 0",
        ),
        (
            "REMINDER_HOURS=",
            "REMINDER_HOURS is empty ({env} line 1): use a number of hours > 0, "
            "or remove the line for the default (12.0)",
        ),
        (
            "LOG_LEVEL=verbose",
            "LOG_LEVEL='verbose' ({env} line 1): unknown value; "
            "use one of DEBUG, INFO, WARNING, ERROR, CRITICAL",
        ),
        (
            "DEV_GUILD_ID=my-server",
            "DEV_GUILD_ID='my-server' ({env} line 1): not a Discord id "
            "(a number like 1234567890123456789); use a server id, digits (empty: sync globally)",
        ),
        (
            "DATABASE_URL=mysql://u:pw@host/db",
            "DATABASE_URL='mysql://u:***@host/db' ({env} "
            "line 1): unsupported database 'mysql'; use sqlite:///FILE or postgresql://...",
        ),
        (
            "DATABASE_URL=not a url",
            "DATABASE_URL='not a url' ({env} line 1): not a database "
            "URL; use sqlite:///FILE or postgresql://...",
        ),
        ("this line is junk", "{env} line 1: expected NAME=value"),
    ],
)
def test_each_bad_value_is_one_line_naming_variable_and_accepted_values(
    tmp_path: Path, line: str, expected: str
) -> None:
    found = problems(tmp_path, line + "\n")
    assert found == [expected.format(env=tmp_path / ".env")]


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    with pytest.raises(SettingsError) as err:
        load(tmp_path, "TIMEOUT_POLICY=x\nREMINDER_HOURS=y\n", LOG_LEVEL="loud")
    assert [p.split("=")[0] for p in err.value.problems] == [
        "TIMEOUT_POLICY",
        "REMINDER_HOURS",
        "LOG_LEVEL",
    ]
    assert "(environment)" in err.value.problems[2]


def test_secrets_never_appear_in_problems(tmp_path: Path) -> None:
    found = problems(tmp_path, "DISCORD_TOKEN=Zq9x Wv8y\nPastedTokenAlone.Kk7\n")
    assert len(found) == 2 and not any("Zq9" in p or "Kk7" in p for p in found)


def test_near_miss_names_are_warned_about(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("TURN_TIMEOUT_HOUR=3\nUNRELATED_THING=1\n")
    read = read_settings(env, {"TIMEOUT_POLICYS": "ai"})
    assert read.warnings == [
        f"TURN_TIMEOUT_HOUR ({env} line 1) is not a setting of the bot: TURN_TIMEOUT_HOURS?",
        "TIMEOUT_POLICYS (environment) is not a setting of the bot: TIMEOUT_POLICY?",
    ]
    assert read.problems == []


def test_env_example_documents_every_setting_and_loads_cleanly() -> None:
    example = ROOT / ".env.example"
    read = read_settings(example, {})
    assert read.problems == [] and read.warnings == []
    assert read.settings.token is None and read.settings.timeout_policy == "ai"
    text = example.read_text()
    for var in VARIABLES:
        assert var.name in text, var.name


def test_refused_values_fall_back_to_defaults_and_are_named(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DATABASE_URL=oracle://x\nREMINDER_HOURS=\nTIMEOUT_POLICY=skip\n")
    read = read_settings(env, {})
    assert read.refused == {"DATABASE_URL", "REMINDER_HOURS"}
    assert read.settings == Settings(timeout_policy="skip")
