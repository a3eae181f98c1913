"""Sync application commands only when their definitions changed: the hash of
the command tree's payload is kept in a file (Discord rate-limits syncs)."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

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
    scope = f"guild:{guild.id}" if guild is not None else "global"
    return hashlib.sha256(f"{scope}\n{data}".encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree[Any], hash_file: Path, guild_id: int | None = None
) -> bool:
    """Sync when the stored hash differs; True when a sync happened."""
    guild = discord.Object(id=guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    digest = tree_hash(tree, guild)
    try:
        old = hash_file.read_text(encoding="utf-8").strip()
    except OSError:
        old = ""
    if old == digest:
        log.info("application commands unchanged; not syncing")
        return False
    await tree.sync(guild=guild)
    hash_file.parent.mkdir(parents=True, exist_ok=True)
    hash_file.write_text(digest + "\n", encoding="utf-8")
    log.info("application commands synced (%s)", "guild" if guild else "global")
    return True
