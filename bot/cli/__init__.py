"""``python -m bot``: run the bot (the default), or an administration command.

    python -m bot [run]        the bot with DISCORD_TOKEN, else the offline demo
    python -m bot check        settings, Discord token, database and migrations
    python -m bot invite       the URL that adds the bot to a server
    python -m bot backup FILE  copy the SQLite database while the bot runs
    python -m bot restore FILE put a backup back (bot stopped)

Exit codes: 0 done, 2 a problem with the set-up (each printed on one line),
1 anything unexpected, 130 interrupted. Each command imports only what it needs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.settings import Settings, read_settings

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_SETUP = 2
EXIT_INTERRUPTED = 130


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot",
        description="Carcassonne for Discord. Settings come from the environment and .env "
        "(see .env.example); docs/deploy.md explains deployment.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="run the bot (default); without DISCORD_TOKEN, the offline demo")
    check = sub.add_parser(
        "check", help="check settings, token, database and migrations; exit 2 on a problem"
    )
    check.add_argument(
        "--offline", action="store_true", help="do not contact Discord to check the token"
    )
    sub.add_parser("invite", help="print the URL that adds the bot to a server")
    backup = sub.add_parser("backup", help="back up the SQLite database to FILE (bot may run)")
    backup.add_argument("file", type=Path, metavar="FILE")
    backup.add_argument("--overwrite", action="store_true", help="replace FILE if it exists")
    restore = sub.add_parser("restore", help="restore the SQLite database from FILE (stop the bot)")
    restore.add_argument("file", type=Path, metavar="FILE")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    command = args.command or "run"
    try:
        if command == "check":
            from bot.cli.check import check

            return check(offline=args.offline)
        settings = _settings()
        if settings is None:
            return EXIT_SETUP
        if command == "invite":
            from bot.cli.invite import invite

            return invite(settings)
        if command in ("backup", "restore"):
            from bot.cli import backup

            if command == "backup":
                return backup.backup(settings, args.file, overwrite=args.overwrite)
            return backup.restore(settings, args.file)
        from bot.cli.run import run

        return run(settings)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _settings() -> Settings | None:
    """The settings, after one line per name that is not a setting (the same
    warnings as ``check``); None after one line per bad value."""
    read = read_settings()
    for warning in read.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for problem in read.problems:
        print(f"error: {problem}", file=sys.stderr)
    return None if read.problems else read.settings
