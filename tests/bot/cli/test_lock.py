"""One bot per SQLite file, whatever name the file is reached by: SQLite's
``file:`` URI form, a hard link, a symbolic link; and no restore through
such a name while a bot runs (#27 item 4, bot.cli.lock)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import bot.cli as cli
from bot.cli.lock import Busy, holding
from bot.settings import Settings
from db import migrate
from db.backup import backup_sqlite, sqlite_file


def names_of(tmp_path: Path) -> tuple[str, list[str]]:
    db = tmp_path / "live.sqlite3"
    url = f"sqlite+aiosqlite:///{db}"
    migrate.upgrade(url)
    os.link(db, tmp_path / "hard.sqlite3")
    (tmp_path / "soft.sqlite3").symlink_to(db)
    others = [
        f"sqlite+aiosqlite:///file:{db}?uri=true",
        f"sqlite:///file:{db}?mode=rwc&uri=true",
        f"sqlite:///file://localhost{db}?uri=true",
        f"sqlite+aiosqlite:///{tmp_path / 'hard.sqlite3'}",
        f"sqlite:///{tmp_path / 'soft.sqlite3'}",
        f"sqlite:///{tmp_path / 'sub' / '..' / 'live.sqlite3'}",
    ]
    (tmp_path / "sub").mkdir()
    return url, others


def test_a_file_uri_names_the_file() -> None:
    assert sqlite_file("sqlite:///file:/srv/bot.db?uri=true") == Path("/srv/bot.db")
    assert sqlite_file("sqlite:///file:rel%20x.db?uri=true") == Path("rel x.db")
    assert sqlite_file("sqlite:///file:x?mode=memory&uri=true") is None
    assert sqlite_file("sqlite:///:memory:") is None
    assert sqlite_file("postgresql://u@h/db") is None


def test_one_bot_per_sqlite_file_under_any_name(tmp_path: Path) -> None:
    url, others = names_of(tmp_path)
    for first in [url, *others]:
        with holding(first):
            for second in [url, *others]:
                with pytest.raises(Busy, match="is using the SQLite database"), holding(second):
                    pass  # pragma: no cover
    with holding(others[3]):  # all released with their holders
        pass


def test_no_restore_through_another_name_while_a_bot_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url, others = names_of(tmp_path)
    backup = tmp_path / "b.sqlite3"
    backup_sqlite(url, backup)
    before = (tmp_path / "live.sqlite3").read_bytes()
    with holding(url):
        for name in others:
            monkeypatch.setattr(cli, "_settings", lambda name=name: Settings(database_url=name))
            assert cli.main(["restore", str(backup)]) == 2
            assert "stop the bot first" in capsys.readouterr().err
    assert (tmp_path / "live.sqlite3").read_bytes() == before
    assert not list(tmp_path.glob("*.before-restore-*"))
