"""Sync application commands only when they changed for this application.

Discord rate-limits syncs, so the hash of the command tree's payload is kept in
a file (``COMMAND_HASH_FILE``), keyed by application id and scope (global or a
development guild): a new token for another application finds no entry for it
and syncs, and switching back and forth between applications syncs only what
changed. Deleting the file forces a sync at the next start.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.text.catalog import LOCALES_DIR

log = logging.getLogger(__name__)


def tree_payload(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[Any]:
    commands = tree.get_commands(guild=guild)
    return sorted((c.to_dict(tree) for c in commands), key=lambda d: (d.get("type", 1), d["name"]))


def tree_hash(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None
) -> str:
    data = json.dumps(tree_payload(tree, guild), sort_keys=True, default=str)
    digest = hashlib.sha256(data.encode())
    # The translated descriptions come from the catalogues: a changed one resyncs.
    for path in sorted(LOCALES_DIR.glob("*.po")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def sync_key(application_id: int, guild_id: int | None) -> str:
    return f"{application_id}/{f'guild:{guild_id}' if guild_id else 'global'}"


def read_hashes(hash_file: Path) -> dict[str, str]:
    """The stored hashes by :func:`sync_key`; empty when missing or unreadable
    (an older file held one bare hash: it counts as nothing synced)."""
    try:
        data = json.loads(hash_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


async def sync_if_changed(
    tree: app_commands.CommandTree[Any],
    hash_file: Path,
    guild_id: int | None = None,
    application_id: int | None = None,
) -> bool:
    """Sync when this application's stored hash differs; True when a sync happened.
    ``application_id`` defaults to the logged-in client's."""
    app_id = application_id if application_id is not None else tree.client.application_id
    if app_id is None:
        raise RuntimeError("sync_if_changed needs the application id: log in first")
    guild = discord.Object(id=guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    key = sync_key(app_id, guild_id)
    digest = tree_hash(tree, guild)
    hashes = read_hashes(hash_file)
    if hashes.get(key) == digest:
        log.info("application commands unchanged for application %s; not syncing", app_id)
        return False
    await tree.sync(guild=guild)
    hashes[key] = digest
    log.info("application commands synced for application %s (%s)", app_id, key.split("/")[1])
    try:
        hash_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = hash_file.with_name(hash_file.name + ".tmp")
        tmp.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(hash_file)  # never a half-written file
    except OSError as exc:  # the bot serves all the same; `bot check` names the file
        log.warning(
            "COMMAND_HASH_FILE: cannot write %s (%s): the commands are synced again at every start",
            hash_file,
            exc.strerror or exc,
        )
    return True
