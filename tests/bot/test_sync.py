"""Commands are synced only when the command tree's payload changed."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import AsyncMock

import discord
from discord import app_commands

from bot.sync import sync_if_changed, tree_hash


def make_tree(description: str) -> app_commands.CommandTree:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description=description)
    async def ping(interaction: discord.Interaction) -> None:  # pragma: no cover
        return None

    tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    return tree


async def test_sync_once_then_only_on_change(tmp_path: Path) -> None:
    hash_file = tmp_path / "hash"
    tree = make_tree("Ping")
    assert await sync_if_changed(tree, hash_file) is True
    assert await sync_if_changed(tree, hash_file) is False
    assert tree.sync.await_count == 1  # type: ignore[attr-defined]
    changed = make_tree("Ping again")
    assert tree_hash(changed) != tree_hash(tree)
    assert await sync_if_changed(changed, hash_file) is True
