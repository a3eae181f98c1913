"""``python -m bot``: run (demo without a token), invite, check, backup and
restore, and set-up problems as one line with exit code 2."""

from __future__ import annotations

import asyncio
import functools
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

import bot.cli as cli
import bot.demo as demo
from bot.permissions import PERMISSIONS, permissions
from bot.settings import Settings
from db import GameService, migrate
from db.session import Database
from engine.game import shuffled
from engine.tiles import base_bag
from tests.fakes.discord_stub import APP_ID, GOOD_TOKEN, Stub, discord_stub
from tests.quick import slow_after

ROOT = Path(__file__).resolve().parents[3]
HEAD = ", ".join(sorted(migrate.head_revisions()))


@pytest.fixture
def use_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def use(settings: Settings) -> None:
        monkeypatch.setattr(cli, "_settings", lambda: settings)

    yield use  # type: ignore[misc]


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[Stub]:
    with discord_stub() as s:
        monkeypatch.setattr(discord.http.Route, "BASE", s.base)
        yield s


def python_m_bot(
    cwd: Path, *args: str, env_file: str | None = None, **environ: str
) -> subprocess.CompletedProcess[str]:
    if env_file is not None:
        (cwd / ".env").write_text(env_file)
    # INVOCATION_ID: the tests may run under systemd, which sets it (bot.cli.run).
    env = {k: v for k, v in os.environ.items() if k not in _our_names() | {"INVOCATION_ID"}}
    env.update(environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _our_names() -> set[str]:
    from bot.settings import VARIABLES

    return {v.name for v in VARIABLES}


# --- run ---------------------------------------------------------------------------


def test_python_m_bot_without_token_runs_the_demo(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    use_settings,
) -> None:
    monkeypatch.delenv("INVOCATION_ID", raising=False)
    use_settings(Settings(demo_output_dir=tmp_path / "out"))
    deck = shuffled(5, "tiles", base_bag())[:6]
    monkeypatch.setattr(demo, "run_demo", functools.partial(demo.run_demo, decks={"tiles": deck}))
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert "DISCORD_TOKEN" in out and ".env" in out
    assert (tmp_path / "out" / "record.json").exists()


@pytest.mark.parametrize("command", [(), ("check", "--offline"), ("invite",)])
def test_a_bad_setting_is_one_line_and_exit_code_2(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    done = python_m_bot(tmp_path, *command, env_file="TURN_TIMEOUT_HOURS=soon\nTIMEOUT_POLICY=AI\n")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    lines = [line for line in (done.stderr + done.stdout).splitlines() if "TURN_TIMEOUT" in line]
    assert len(lines) == 1 and lines[0].startswith("error")
    assert lines[0].endswith(
        "TURN_TIMEOUT_HOURS='soon' (.env line 1): not a number; "
        "use a number of hours > 0 and up to 720, or empty for no limit"
    )


ODD = ["SHARD_COUNT=²", "SHARD_IDS=٣", "DEV_GUILD_ID=" + "9" * 5000, "REMINDER_HOURS=-1",
       "TIMER_POLL_SECONDS=", "METRICS_ADDRESS=²"]  # fmt: skip


# `check` starts slower than `run` stops (it opens the store): the quick loop
# checks one odd number with it, the others with the slow tests.
@pytest.mark.parametrize(
    ("command", "setting"),
    [(("run",), s) for s in ODD]
    + slow_after([(("check", "--offline"), s) for s in ODD], unpack=True),
)
def test_odd_numbers_stop_run_and_check_in_one_line(
    tmp_path: Path, command: tuple[str, ...], setting: str
) -> None:
    # Issue 27: SHARD_COUNT=² ended `bot check` and `bot run` in a traceback.
    name, _, value = setting.partition("=")
    done = python_m_bot(tmp_path, *command, **{name: value})
    out = done.stderr + done.stdout
    assert done.returncode == 2 and "Traceback" not in out, out
    errors = [line for line in out.splitlines() if line.startswith("error")]
    assert len(errors) == 1 and name in errors[0] and len(errors[0]) < 300, errors


def test_run_warns_about_every_env_entry_that_is_not_a_setting(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A misspelled DISCORD_TOKEN used to start the demo without a word.
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("INVOCATION_ID", raising=False)
    for name in _our_names():
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKN={GOOD_TOKEN}\nTURN_TIMOUT_HOURS=3\nDEMO_OUTPUT_DIR={tmp_path / 'out'}\n"
    )
    deck = shuffled(5, "tiles", base_bag())[:6]
    monkeypatch.setattr(demo, "run_demo", functools.partial(demo.run_demo, decks={"tiles": deck}))
    assert cli.main(["run"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines()[:2] == [
        "warning: DISCORD_TOKN (.env line 1) is not a setting of the bot: DISCORD_TOKEN?",
        "warning: TURN_TIMOUT_HOURS (.env line 2) is not a setting of the bot: TURN_TIMEOUT_HOURS?",
    ]
    assert "offline demo" in out  # still the demo, as the README says


def test_under_systemd_a_missing_token_is_an_error_not_the_demo(tmp_path: Path) -> None:
    done = python_m_bot(
        tmp_path,
        "run",
        env_file="DISCORD_TOKN=x\n",
        INVOCATION_ID="0123456789abcdef",  # what systemd sets for a unit's processes
        DEMO_OUTPUT_DIR=str(tmp_path / "out"),
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        "warning: DISCORD_TOKN (.env line 1) is not a setting of the bot: DISCORD_TOKEN?",
        "error: DISCORD_TOKEN is not set: a service runs the bot, never the offline demo; set "
        "DISCORD_TOKEN in the service's settings file (docs/deploy.md)",
    ]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("password", ["Pq@Zx", "Pq/Zx:Wy", "Pq%zz@Zx?Wy"])
def test_check_never_shows_a_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], password: str
) -> None:
    code, lines = _check(
        tmp_path, f"DATABASE_URL=postgresql://carc:{password}@127.0.0.1:1/carcassonne\n", capsys
    )
    assert code == 2
    text = "\n".join(lines)
    assert not any(piece in text for piece in ("Pq", "Zx", "Wy")), text
    if "@Zx" in password:
        assert "percent-encode" in text and "@ is %40" in text


def test_the_database_is_checked_before_discord(tmp_path: Path) -> None:
    (tmp_path / "not-a-db.sqlite3").write_text("this is not a database\n" * 100)
    done = python_m_bot(
        tmp_path, DISCORD_TOKEN=GOOD_TOKEN, DATABASE_URL="sqlite:///not-a-db.sqlite3"
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: DATABASE_URL (sqlite+aiosqlite:///not-a-db.sqlite3): cannot use the database: "
        "file is not a database"
    ]


def test_a_refused_token_is_one_line_and_exit_code_2(
    tmp_path: Path, stub: Stub, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    use_settings(Settings(discord_token="not.the.token", database_url=url))
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert "error: DISCORD_TOKEN: Discord refused the token (401 Unauthorized)" in err
    assert stub.requests == [("GET", "/gateway/bot")]  # asked before logging in


# --- invite ------------------------------------------------------------------------


def _query(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://discord.com/oauth2/authorize"
    return {k: v[0] for k, v in parse_qs(parts.query).items()}


def test_invite_from_the_configured_application_id(
    use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    use_settings(Settings(discord_application_id=987654321098765432))
    assert cli.main(["invite"]) == 0
    out, err = capsys.readouterr()
    query = _query(out.strip())
    assert query == {
        "client_id": "987654321098765432",
        "permissions": str(permissions().value),
        "scope": "bot applications.commands",
    }
    granted = discord.Permissions(int(query["permissions"]))
    assert all(getattr(granted, p.name) for p in PERMISSIONS)
    assert bin(granted.value).count("1") == len(PERMISSIONS)  # and nothing else
    for p in PERMISSIONS:  # each permission is explained
        assert f"{p.name.replace('_', ' ')}: {p.why}" in err


def test_invite_asks_discord_for_the_application_of_the_token(
    stub: Stub, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    use_settings(Settings(discord_token=GOOD_TOKEN))
    assert cli.main(["invite"]) == 0
    assert _query(capsys.readouterr().out.strip())["client_id"] == str(APP_ID)
    assert ("GET", "/oauth2/applications/@me") in stub.requests


def test_invite_with_a_refused_token(
    stub: Stub, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    use_settings(Settings(discord_token="wrong.token.here"))
    assert cli.main(["invite"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "DISCORD_TOKEN: Discord refused the token" in err
    assert "DISCORD_APPLICATION_ID" in err


def test_invite_needs_an_application_id_or_a_token(
    use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    use_settings(Settings())
    assert cli.main(["invite"]) == 2
    assert "DISCORD_APPLICATION_ID or DISCORD_TOKEN" in capsys.readouterr().err


# --- check -------------------------------------------------------------------------


def _check(
    tmp_path: Path, env_file: str, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, list[str]]:
    from bot.cli.check import check

    env = tmp_path / ".env"
    env.write_text(env_file)
    code = check(offline="--offline" in args, env_file=env, environ={})
    return code, capsys.readouterr().out.splitlines()


def test_check_a_good_set_up(
    tmp_path: Path, stub: Stub, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    migrate.upgrade(url)
    code, lines = _check(
        tmp_path, f"DISCORD_TOKEN={GOOD_TOKEN}\nDATABASE_URL={url}\nTIMEOUT_POLICY=AI\n", capsys
    )
    assert code == 0, lines
    assert lines == [
        f"ok       settings: 3 from {tmp_path / '.env'}, the rest default",
        f"ok       Discord accepts DISCORD_TOKEN: application 'Carcassonne' (id {APP_ID})",
        f"ok       database reachable: {url}",
        f"ok       schema at head ({HEAD})",
        "ok       games: every stored game loads (0 games)",
    ]


def test_check_a_new_set_up_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_file = tmp_path / "data" / "bot.sqlite3"
    code, lines = _check(tmp_path, f"DATABASE_URL=sqlite:///{db_file}\n", capsys)
    assert code == 0, lines
    assert f"note     database {db_file} does not exist yet: the first start creates it" in lines
    assert "note     DISCORD_TOKEN is not set: python -m bot plays the offline demo" in lines
    assert not db_file.exists() and not db_file.parent.exists()


WRONG_TOKEN = GOOD_TOKEN[:-6] + "Zq9xWv"  # well shaped, but not the stub's


def test_check_reports_every_problem_on_its_own_line(
    tmp_path: Path, stub: Stub, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines = _check(
        tmp_path,
        f"DISCORD_TOKEN={WRONG_TOKEN}\nTIMEOUT_POLICY=robot\nLOG_LEVEL=chatty\n"
        "REMINDER_HOUR=3\nDATABASE_URL=postgresql://bot:pw@127.0.0.1:1/none\n",
        capsys,
    )
    assert code == 2
    errors = [line for line in lines if line.startswith("error")]
    assert [e.split()[1].split("=")[0].rstrip(":") for e in errors] == [
        "TIMEOUT_POLICY",
        "LOG_LEVEL",
        "DISCORD_TOKEN",
        "DATABASE_URL",
    ]
    assert "cannot connect" in errors[3] and "pw" not in errors[3]
    assert any(line.startswith("warning") and "REMINDER_HOURS?" in line for line in lines)


def test_check_compares_the_configured_application_with_the_token(
    tmp_path: Path, stub: Stub, capsys: pytest.CaptureFixture[str]
) -> None:
    stub.application["interactions_endpoint_url"] = "https://example.org/interactions"
    code, lines = _check(
        tmp_path, f"DISCORD_TOKEN={GOOD_TOKEN}\nDISCORD_APPLICATION_ID=42\n", capsys
    )
    assert code == 2
    errors = [line for line in lines if line.startswith("error")]
    assert len(errors) == 2
    assert f"DISCORD_APPLICATION_ID=42 but the token belongs to application {APP_ID}" in errors[0]
    assert "Interactions Endpoint URL" in errors[1]


def test_check_offline_does_not_ask_discord(
    tmp_path: Path, stub: Stub, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines = _check(tmp_path, f"DISCORD_TOKEN={GOOD_TOKEN}\n", capsys, "--offline")
    assert code == 0
    assert stub.requests == []
    assert (
        f"ok       DISCORD_TOKEN is shaped like a bot token (bot user {APP_ID}); Discord not "
        "asked (--offline): whether Discord accepts it is not checked"
    ) in lines


@pytest.mark.parametrize("token", ["abc123", "'" + GOOD_TOKEN, "abc.def.ghi"])
def test_check_offline_checks_the_token_s_shape(
    tmp_path: Path, stub: Stub, capsys: pytest.CaptureFixture[str], token: str
) -> None:
    code, lines = _check(tmp_path, f"DISCORD_TOKEN={token}\n", capsys, "--offline")
    assert code == 2 and stub.requests == []
    errors = [line for line in lines if line.startswith("error")]
    assert len(errors) == 1 and errors[0].startswith("error    DISCORD_TOKEN (")
    assert "abc" not in errors[0] and "stub-token" not in errors[0]


# --- backup and restore ------------------------------------------------------------


async def _play(url: str, actions: int) -> tuple[int, int]:
    """A game with two seats and ``actions`` actions played: (id, version)."""
    db = Database(url)
    try:
        store = GameService(db)
        info = await store.create_game(1, 2, 3, seed=11)
        await store.add_seat(info.id, "Ada", user_id=100)
        await store.add_seat(info.id, "Bo", user_id=200)
        await store.start_game(info.id)
        for _ in range(actions):
            loaded = await store.load_game(info.id)
            game = loaded.game
            player = game.pending.players[0]  # type: ignore[union-attr]
            action = game.legal_actions(player)[0]
            user = (100, 200)[player]
            await store.act(info.id, user, action, expected_version=loaded.info.version)
        return info.id, (await store.game_info(info.id)).version
    finally:
        await db.dispose()


async def _status(url: str, game_id: int) -> tuple[str, int]:
    db = Database(url)
    try:
        info = await GameService(db).game_info(game_id)
        return info.status, info.version
    finally:
        await db.dispose()


def test_backup_then_restore_brings_the_games_back(
    tmp_path: Path, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    game_id, version = asyncio.run(_play(url, 4))
    use_settings(Settings(database_url=url))
    backup = tmp_path / "backups" / "monday.sqlite3"
    assert cli.main(["backup", str(backup)]) == 0
    assert f"backed up to {backup} (1 game, schema {HEAD}, " in capsys.readouterr().out
    # The game goes on after the backup, and a second game is opened.
    asyncio.run(_play(url, 2))
    live_db = Database(url)
    asyncio.run(GameService(live_db).abandon_game(game_id))
    asyncio.run(live_db.dispose())
    assert cli.main(["restore", str(backup)]) == 0
    out = capsys.readouterr().out
    assert f"restored {tmp_path / 'live.sqlite3'} (1 game, schema {HEAD}, " in out
    assert asyncio.run(_status(url, game_id)) == ("active", version)
    kept = next(tmp_path.glob("live.sqlite3.before-restore-*"))
    assert f"kept in {kept}" in out
    assert asyncio.run(_status(f"sqlite:///{kept}", game_id))[0] == "abandoned"


async def _backup_while_writing(url: str, target: Path) -> None:
    """The backup runs while a transaction of the bot holds uncommitted writes."""
    from db.backup import backup_sqlite

    db = Database(url)
    try:
        async with db.write() as s:
            from sqlalchemy import text

            await s.execute(text("UPDATE games SET version = version + 100"))
            await asyncio.to_thread(backup_sqlite, url, target)
    finally:
        await db.dispose()


def test_the_backup_is_a_consistent_snapshot_while_the_bot_writes(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    game_id, version = asyncio.run(_play(url, 3))
    backup = tmp_path / "b.sqlite3"
    asyncio.run(_backup_while_writing(url, backup))
    assert asyncio.run(_status(f"sqlite:///{backup}", game_id))[1] == version  # committed state
    assert asyncio.run(_status(url, game_id))[1] == version + 100
    assert not list(tmp_path.glob("*.partial")) and not Path(f"{backup}-wal").exists()


def test_backup_refusals(tmp_path: Path, use_settings, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    use_settings(Settings(database_url=url))
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("x")
    assert cli.main(["backup", str(taken)]) == 2
    assert "exists" in capsys.readouterr().err and taken.read_text() == "x"
    assert cli.main(["backup", str(taken), "--overwrite"]) == 0
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not sqlite" * 200)
    assert cli.main(["restore", str(junk)]) == 2
    assert "is not a SQLite database" in capsys.readouterr().err
    use_settings(Settings(database_url="postgresql://bot@localhost/carcassonne"))
    for command in (["backup", str(tmp_path / "x")], ["restore", str(taken)]):
        assert cli.main(command) == 2
        err = capsys.readouterr().err
        assert "not SQLite" in err and "pg_dump" in err


def test_backup_and_restore_where_a_file_stands_in_for_a_folder(
    tmp_path: Path, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    use_settings(Settings(database_url=url))
    assert cli.main(["backup", "/etc/passwd/x.db"]) == 2  # the example
    assert capsys.readouterr().err == (
        "error: backup: cannot create /etc/passwd/x.db: /etc/passwd is a file, not a folder\n"
    )
    good = tmp_path / "good.sqlite3"
    assert cli.main(["backup", str(good)]) == 0
    capsys.readouterr()
    use_settings(Settings(database_url=f"sqlite:///{tmp_path / 'live.sqlite3' / 'db.sqlite3'}"))
    assert cli.main(["restore", str(good)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: restore: cannot create ") and "is a file, not a folder" in err


def test_a_damaged_backup_and_a_file_of_another_kind(
    tmp_path: Path, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'live.sqlite3'}"
    migrate.upgrade(url)
    asyncio.run(_play(url, 2))
    use_settings(Settings(database_url=url))
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes((tmp_path / "live.sqlite3").read_bytes()[:3000])  # cut short
    assert cli.main(["restore", str(damaged)]) == 2
    assert capsys.readouterr().err == (
        f"error: restore: {damaged} is a damaged SQLite database (database disk image is "
        "malformed): choose another backup\n"
    )
    photo = tmp_path / "photo.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(4000))
    assert cli.main(["restore", str(photo)]) == 2
    assert capsys.readouterr().err == (
        f"error: restore: {photo} is not a SQLite database (it does not begin like one): "
        "choose a file that `python -m bot backup` wrote\n"
    )


def test_restore_refuses_a_backup_from_a_newer_version(
    tmp_path: Path, use_settings, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    future = tmp_path / "future.sqlite3"
    migrate.upgrade(f"sqlite:///{future}")
    with sqlite3.connect(future) as c:
        c.execute("UPDATE alembic_version SET version_num = '9999'")
    c.close()
    live = tmp_path / "live.sqlite3"
    use_settings(Settings(database_url=f"sqlite:///{live}"))
    assert cli.main(["restore", str(future)]) == 2
    assert "schema 9999, which this version does not know" in capsys.readouterr().err
    assert not live.exists()


def test_check_names_every_game_it_cannot_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stored game whose log no longer replays is named, by id and why
    (db.flows): the set-up is not ready."""
    import sqlite3

    path = tmp_path / "bot.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    migrate.upgrade(url)
    good, _ = asyncio.run(_play(url, 2))
    bad, _ = asyncio.run(_play(url, 3))
    with sqlite3.connect(path) as c:
        c.execute(
            "UPDATE actions SET action = json_set(action, '$.x', 99) WHERE game_id = ? "
            'AND "index" = 2',
            (bad,),
        )
    c.close()
    code, lines = _check(tmp_path, f"DATABASE_URL={url}\n", capsys, "--offline")
    assert code == 2, lines
    named = [line for line in lines if line.startswith("error")]
    assert len(named) == 1 and f"game #{bad} cannot be loaded: action 2:" in named[0], lines
    assert f"#{good}" not in "\n".join(lines)
