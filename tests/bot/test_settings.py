"""Settings: one table, read from the environment and .env; every bad value is
one line naming the variable, where it came from and what is accepted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.readers import shown_url
from bot.settings import VARIABLES, Settings, SettingsError, read_settings
from tests.fakes.discord_stub import APP_ID, GOOD_TOKEN

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
        f"LOG_LEVEL='debug'\nDISCORD_TOKEN=\"{GOOD_TOKEN}\"\nTIMER_POLL_SECONDS=5\n",
        TIMER_POLL_SECONDS="7",
    )
    assert s.turn_timeout_hours == 24.0
    assert s.reminder_hours == 6.0
    assert s.log_level == "DEBUG"
    assert s.token == GOOD_TOKEN
    assert s.timer_poll_seconds == 7.0  # the environment wins over .env


def test_policy_is_read_case_insensitively(tmp_path: Path) -> None:
    assert load(tmp_path, "TIMEOUT_POLICY=AI\n").timeout_policy == "ai"
    assert load(tmp_path, "TIMEOUT_POLICY= Skip \n").timeout_policy == "skip"


def test_empty_turn_timeout_means_no_limit(tmp_path: Path) -> None:
    assert load(tmp_path, "TURN_TIMEOUT_HOURS=\n").turn_timeout_hours is None
    assert load(tmp_path, "").turn_timeout_hours == 48.0  # no line: the default


def test_bot_prefix_of_a_pasted_token_is_dropped(tmp_path: Path) -> None:
    assert load(tmp_path, f"DISCORD_TOKEN=Bot {GOOD_TOKEN}\n").token == GOOD_TOKEN


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
            "use a number of hours > 0 and up to 720, or empty for no limit",
        ),
        (
            "TURN_TIMEOUT_HOURS=0",
            "TURN_TIMEOUT_HOURS='0' ({env} line 1): must be more than 0; "
            "use a number of hours > 0 and up to 720, or empty for no limit",
        ),
        (
            "REMINDER_HOURS=nan",
            "REMINDER_HOURS='nan' ({env} line 1): not a number; "
            "use a number of hours > 0 and up to 720",
        ),
        (
            "REMINDER_HOURS=",
            "REMINDER_HOURS is empty ({env} line 1): use a number of hours > 0 and up to 720, "
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
            "DATABASE_URL='not a url' ({env} line 1): cannot be read as a database URL; "
            "percent-encode the user name and password: @ is %40, : is %3A, / is %2F, "
            "? is %3F, # is %23, % is %25 and a space is %20; "
            "use sqlite:///FILE or postgresql://...",
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


def test_every_env_file_entry_that_is_no_setting_is_warned_about(tmp_path: Path) -> None:
    # A typo in .env silently keeps a default; the environment holds much
    # else (PATH, HOME...), so there only near misses are named.
    env = tmp_path / ".env"
    env.write_text("TURN_TIMEOUT_HOUR=3\nUNRELATED_THING=1\nDISCORD_TOKN=\n")
    read = read_settings(env, {"TIMEOUT_POLICYS": "ai", "HOME": "/root", "UNRELATED_THING": "2"})
    assert read.warnings == [
        f"TURN_TIMEOUT_HOUR ({env} line 1) is not a setting of the bot: TURN_TIMEOUT_HOURS?",
        f"UNRELATED_THING ({env} line 2) is not a setting of the bot; it is ignored",
        f"DISCORD_TOKN ({env} line 3) is not a setting of the bot: DISCORD_TOKEN?",
        "TIMEOUT_POLICYS (environment) is not a setting of the bot: TIMEOUT_POLICY?",
    ]
    assert read.problems == []


# Values that once ended `bot check` or `bot run` in a traceback (int('²')
# raises, int() of 5,000 digits raises) or slipped through (other scripts'
# digits, numbers too large for a timedelta).
ODD_VALUES = [
    "²", "١٢", "３", "9" * 5000, "-1", "-0.5", "1e999", "1e3", "inf", "nan", "0", "0x10", "1_0",
    "99999999999999999999999", "1.5.2", "~nosuchuser-xyz/x", "a\0b", "𝟘", "½", "1,5", "+3",
]  # fmt: skip


@pytest.mark.parametrize("var", VARIABLES, ids=lambda v: v.name)
def test_odd_values_are_refused_in_one_line_or_read_sanely(var) -> None:
    for text in ODD_VALUES:
        read = read_settings(None, {var.name: text, "DATABASE_URL": "postgresql://u@h/d"})
        mine = [p for p in read.problems if p.startswith(var.name)]
        if var.name in read.refused:
            assert len(mine) == 1 and "\n" not in mine[0], (text, mine)
            assert len(mine[0]) < 400 and "Traceback" not in mine[0]
            continue
        value = getattr(read.settings, var.attr)
        if isinstance(value, float):  # a number only in plain ASCII, within its bounds
            assert text.isascii() and 0 < value <= 3600, (text, value)
        assert not isinstance(value, int) or text.isascii(), (text, value)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("SHARD_COUNT=²", "SHARD_COUNT='²' (environment): write it with the digits 0-9"),
        ("SHARD_COUNT=0", "SHARD_COUNT='0' (environment): not a whole number from 1 to 65536"),
        ("SHARD_IDS=0-²", "SHARD_IDS='0-²' (environment): write it with the digits 0-9"),
        ("DEV_GUILD_ID=" + "9" * 5000, "DEV_GUILD_ID='" + "9" * 57 + "...' (environment): not a"),
        ("REMINDER_HOURS=-2", "REMINDER_HOURS='-2' (environment): must be more than 0"),
        ("TURN_TIMEOUT_HOURS=1e999", "TURN_TIMEOUT_HOURS='1e999' (environment): not a number"),
        ("TURN_TIMEOUT_HOURS=100000", "TURN_TIMEOUT_HOURS='100000' (environment): must be at"),
        ("TIMER_POLL_SECONDS=١٢", "TIMER_POLL_SECONDS='١٢' (environment): write it with the"),
        ("COMMAND_HASH_FILE=~nosuch-xyz/f", "COMMAND_HASH_FILE='~nosuch-xyz/f' (environment): "
         "cannot expand '~nosuch-xyz': no such user"),
        ("METRICS_ADDRESS=host name:1", "METRICS_ADDRESS='host name:1' (environment): not an"),
        ("METRICS_ADDRESS=70000", "METRICS_ADDRESS='70000' (environment): not a whole number"),
    ],
)  # fmt: skip
def test_odd_numbers_name_the_setting_and_what_is_wrong(line: str, expected: str) -> None:
    name, _, text = line.partition("=")
    environ = {name: text, "SHARD_COUNT": "2"} if name == "SHARD_IDS" else {name: text}
    problems = read_settings(None, environ).problems
    assert len(problems) == 1 and problems[0].startswith(expected), problems


def test_listen_addresses() -> None:
    def address(text: str) -> object:
        return read_settings(None, {"METRICS_ADDRESS": text}).settings.metrics_address

    assert address("9464") == ("127.0.0.1", 9464)  # this machine only, unless told
    assert address("0.0.0.0:9100") == ("0.0.0.0", 9100)
    assert address("[::]:9100") == ("::", 9100)
    assert address("") is None and Settings().metrics_address is None  # off by default


# --- the token's shape, checked without Discord ------------------------------------------


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("abc123", "not shaped like a bot token (three parts joined by dots)"),
        ('"' + GOOD_TOKEN, "contains a quote; paste the token alone, without quotes"),
        ("abc.def.ghi", "not a bot token: its first part does not encode a bot's id"),
        (GOOD_TOKEN.rsplit(".", 1)[0] + ".Zq9xW", "cut short; copy the whole token"),
        (GOOD_TOKEN + ".x", "not shaped like a bot token (three parts joined by dots)"),
        (GOOD_TOKEN.replace("-", "+"), "not shaped like a bot token (three parts joined by dots)"),
        ("a" * 32, "this looks like the OAuth2 client secret, not the bot token"),
        ("0f" * 32, "this is the application's public key, not the bot token"),
    ],
)
def test_a_token_of_the_wrong_shape_is_refused_without_showing_it(token: str, why: str) -> None:
    read = read_settings(None, {"DISCORD_TOKEN": token})
    assert read.problems == [
        f"DISCORD_TOKEN (environment): {why}; use the bot token (empty: offline demo)"
    ]
    secret = token.strip('"').split(".")[-1]
    assert secret not in read.problems[0]


def test_a_well_shaped_token_names_its_bot_user() -> None:
    from bot.readers import token_user_id

    assert Settings.load(None, {"DISCORD_TOKEN": GOOD_TOKEN}).token == GOOD_TOKEN
    assert token_user_id(GOOD_TOKEN) == APP_ID


# --- passwords in database URLs ------------------------------------------------------------

PASSWORDS = ["Pq@Zx", "Pq/Zx", "Pq:Zx:Wy", "Pq?Zx#Wy", "Pq%zzZx", "@Pq@", "Pq@Zx/Wy:Vu?#", "Üñ ïçø"]


@pytest.mark.parametrize("password", PASSWORDS)
def test_no_part_of_a_password_is_ever_shown(tmp_path: Path, password: str) -> None:
    from urllib.parse import quote

    for url in (
        f"postgresql://carc:{password}@localhost/carcassonne",  # as typed
        f"postgresql://carc:{quote(password, safe='')}@localhost:5432/carcassonne",  # encoded
        f"postgresql://localhost/carcassonne?user=carc&password={password}",
    ):
        shown = shown_url(url)
        pieces = [p for p in re.split(r"[@/:?#%]", password) if len(p) >= 2]
        assert not any(p in shown for p in pieces), (url, shown)
        found = read_settings(None, {"DATABASE_URL": url})
        for text in [*found.problems, shown_url(found.settings.database_url)]:
            assert not any(p in text for p in pieces), (url, text)


def test_an_unencoded_at_sign_says_what_to_percent_encode() -> None:
    found = read_settings(None, {"DATABASE_URL": "postgresql://carc:p@ss@localhost/carcassonne"})
    assert found.problems == [
        "DATABASE_URL='postgresql://carc:***@localhost/carcassonne' (environment): more than "
        "one '@' (an '@' in the password?); percent-encode the user name and password: @ is %40, "
        ": is %3A, / is %2F, ? is %3F, # is %23, % is %25 and a space is %20; "
        "use sqlite:///FILE or postgresql://..."
    ]
    found = read_settings(None, {"DATABASE_URL": "postgresql://carc:p%40ss@localhost/carcassonne"})
    assert found.problems == [] and "p%40ss" in found.settings.database_url


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
