"""The permission list (bot/permissions.py) is exactly what the code uses: every
discord.py call in bot/ and cogs/ that needs a channel permission is mapped
here, and the needs of the calls found must equal the list. A new call (a
reaction, a pin, archiving a thread) fails this test until the list, the
invite URL and docs/deploy.md say why the bot needs it."""

from __future__ import annotations

import ast
from pathlib import Path

import discord

from bot.permissions import PERMISSIONS, permissions

ROOT = Path(__file__).resolve().parents[2]

# What each call needs in a server channel or thread (discord.py names).
NEEDS: dict[str, set[str]] = {
    "send": {"send_messages", "send_messages_in_threads"},  # channel and thread posts
    "create_thread": {"create_public_threads", "read_message_history"},
    "File": {"attach_files"},
    "Embed": {"embed_links"},
    # Not used today; listed so that using them fails until they are granted.
    "history": {"read_message_history"},
    "fetch_message": {"read_message_history"},
    "pins": {"read_message_history"},
    "add_reaction": {"add_reactions"},
    "pin": {"manage_messages"},
    "unpin": {"manage_messages"},
    "purge": {"manage_messages", "read_message_history"},
    "delete_messages": {"manage_messages"},
    "create_invite": {"create_instant_invite"},
    "create_webhook": {"manage_webhooks"},
    "add_user": {"send_messages_in_threads"},
    "remove_user": {"manage_threads"},
    "create_private_thread": {"create_private_threads"},
}
# edit(...) of these needs manage_threads. Not of name, archived and
# auto_archive_duration: a thread's creator may set those (the bot changes
# only threads it created, bot/ui/gamethread.py), and anyone who may send
# there may unarchive a thread that is not locked.
THREAD_MODERATION = {
    "locked",
    "invitable",
    "slowmode_delay",
}
ALWAYS = {"view_channel"}  # seeing the channel at all


def calls_in(folder: Path) -> list[ast.Call]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        out += [n for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Call)]
    return out


def name_of(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    if isinstance(call.func, ast.Name):
        return call.func.id
    return None


def needed() -> set[str]:
    need = set(ALWAYS)
    for call in calls_in(ROOT / "bot") + calls_in(ROOT / "cogs"):
        name = name_of(call)
        need |= NEEDS.get(name or "", set())
        if name == "edit" and THREAD_MODERATION & {k.arg for k in call.keywords}:
            need.add("manage_threads")
    return need


def test_the_list_is_exactly_what_the_code_uses() -> None:
    assert {p.name for p in PERMISSIONS} == needed()


def test_every_permission_is_a_discord_flag_with_a_reason() -> None:
    flags = set(discord.Permissions.VALID_FLAGS)
    for p in PERMISSIONS:
        assert p.name in flags and p.why
    assert len({p.name for p in PERMISSIONS}) == len(PERMISSIONS)
    assert bin(permissions().value).count("1") == len(PERMISSIONS)


def test_no_privileged_intent_is_needed() -> None:
    # The deployment guide tells admins to switch no privileged intent on.
    from bot.app import CarcassonneBot
    from bot.settings import Settings

    intents = CarcassonneBot(Settings()).intents
    assert not (intents.members or intents.presences or intents.message_content)


def test_the_deployment_guide_lists_the_same_permissions() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text()
    for p in PERMISSIONS:
        label = p.name.replace("_", " ").title().replace("In Threads", "in Threads")
        assert label in guide, label
