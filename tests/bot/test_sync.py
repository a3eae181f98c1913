"""Commands are synced only when the command tree's payload changed for the
application the token belongs to (keyed by application id and scope)."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import AsyncMock

import discord
import pytest
from discord import app_commands

from bot.sync import read_hashes, sync_if_changed, tree_hash

APP_A = 111111111111111111
APP_B = 222222222222222222


def make_tree(description: str, application_id: int | None = APP_A) -> app_commands.CommandTree:
    client = discord.Client(intents=discord.Intents.none())
    client._connection.application_id = application_id  # what login() sets
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description=description)
    async def ping(interaction: discord.Interaction) -> None:  # pragma: no cover
        return None

    tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    return tree


def syncs(tree: app_commands.CommandTree) -> int:
    return tree.sync.await_count  # type: ignore[attr-defined,no-any-return]


async def test_sync_once_then_only_on_change(tmp_path: Path) -> None:
    hash_file = tmp_path / "hash"
    tree = make_tree("Ping")
    assert await sync_if_changed(tree, hash_file) is True
    assert await sync_if_changed(tree, hash_file) is False
    assert syncs(tree) == 1
    changed = make_tree("Ping again")
    assert tree_hash(changed) != tree_hash(tree)
    assert await sync_if_changed(changed, hash_file) is True


async def test_a_token_of_another_application_syncs_its_commands(tmp_path: Path) -> None:
    hash_file = tmp_path / "hash"
    assert await sync_if_changed(make_tree("Ping", APP_A), hash_file) is True
    other = make_tree("Ping", APP_B)  # same commands, another application
    assert await sync_if_changed(other, hash_file) is True
    assert syncs(other) == 1
    # Back to the first application: its commands are still in place.
    again = make_tree("Ping", APP_A)
    assert await sync_if_changed(again, hash_file) is False
    assert set(read_hashes(hash_file)) == {f"{APP_A}/global", f"{APP_B}/global"}


async def test_a_development_guild_is_its_own_scope(tmp_path: Path) -> None:
    hash_file = tmp_path / "hash"
    assert await sync_if_changed(make_tree("Ping"), hash_file) is True
    guild_tree = make_tree("Ping")
    assert await sync_if_changed(guild_tree, hash_file, guild_id=42) is True
    guild_tree.sync.assert_awaited_once()  # type: ignore[attr-defined]
    assert guild_tree.sync.await_args.kwargs["guild"].id == 42  # type: ignore[attr-defined]
    assert await sync_if_changed(make_tree("Ping"), hash_file, guild_id=42) is False


async def test_an_old_single_hash_file_counts_as_never_synced(tmp_path: Path) -> None:
    hash_file = tmp_path / "hash"
    hash_file.write_text(tree_hash(make_tree("Ping")) + "\n")  # the format before the key
    tree = make_tree("Ping")
    assert await sync_if_changed(tree, hash_file) is True
    assert json.loads(hash_file.read_text()) == {f"{APP_A}/global": tree_hash(tree)}


async def test_a_failed_sync_stores_nothing(tmp_path: Path) -> None:
    hash_file = tmp_path / "hash"
    tree = make_tree("Ping")
    tree.sync = AsyncMock(side_effect=RuntimeError("rate limited"))  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        await sync_if_changed(tree, hash_file)
    assert read_hashes(hash_file) == {}


async def test_the_application_id_is_needed(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="application id"):
        await sync_if_changed(make_tree("Ping", None), tmp_path / "hash")
    tree = make_tree("Ping", None)
    assert await sync_if_changed(tree, tmp_path / "hash", application_id=APP_B) is True
