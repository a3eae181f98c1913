"""Command and option names in every language (#15).

Every command, group and option of the tree has a name key whose English is
its name; each language's names are Discord names (lower case, no spaces, 1
to 32 characters) and differ from their siblings'; and every command a
message cites (``/carcassonne new``, ``/league join``) is cited by its name
in the message's own language, so that a reader can type what they read.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.locales.extract import source_messages
from bot.text import ENGLISH, Words, catalog, has
from bot.ui.labels import NAME, command_name, name_key, option_key
from tests.cogs.test_languages import _payload, served_locales

LANGS = ["en", *sorted(catalog.translations())]
CITED = re.compile(r"(?:^|[\s`(])/([^\W\d_][\w-]*)(?: ([^\W\d_][\w-]*))?")


def _walk(item: Any, path: str = "") -> list[tuple[str, Any]]:
    out = []
    for c in getattr(item, "commands", []) or []:
        here = f"{path} {c.name}".strip()
        out.append((here, c))
        out += _walk(c, here)
    return out


async def test_every_command_and_option_has_its_name_key(bot: Any) -> None:
    commands = [(c.name, c) for c in bot.tree.get_commands()]
    for c in bot.tree.get_commands():
        commands += _walk(c, c.name)
    assert len(commands) > 30
    for path, command in commands:
        key = name_key(path)
        assert has(key) and ENGLISH(key) == path.split()[-1], key
        for p in getattr(command, "parameters", []):
            assert has(option_key(p.name)) and ENGLISH(option_key(p.name)) == p.name, p.name


def _names(payload: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """The tree as a ``lang`` client reads it: name -> (subcommands, options)."""
    locale = (served_locales(lang) or [lang])[0]  # "es" -> "es-ES"

    def name(item: dict[str, Any]) -> str:
        return str((item.get("name_localizations") or {}).get(locale) or item["name"])

    def node(item: dict[str, Any]) -> dict[str, Any]:
        subs = [o for o in item.get("options") or [] if o.get("type") in (1, 2)]
        opts = [o for o in item.get("options") or [] if o.get("type") not in (1, 2)]
        return {
            "subs": {name(s): node(s) for s in subs},
            "options": [name(o) for o in opts],
            "all": [name(s) for s in subs],
        }

    return {name(c): node(c) for c in payload}


@pytest.mark.parametrize("lang", LANGS)
async def test_names_are_discord_names_and_apart(bot: Any, lang: str) -> None:
    payload = await _payload(bot)
    tree = _names(payload, lang)
    assert len(tree) == len(payload), "two commands share a name"

    def check(level: dict[str, Any]) -> None:
        for n, node in level.items():
            assert NAME.match(n) and n == n.lower(), n
            assert len(set(node["all"])) == len(node["all"]), node["all"]
            assert len(set(node["options"])) == len(node["options"]), node["options"]
            for o in node["options"]:
                assert NAME.match(o) and o == o.lower(), o
            check(node["subs"])

    check(tree)
    if lang != "en":
        english = _names(payload, "en")
        assert set(tree) != set(english)  # the language has names of its own


@pytest.mark.parametrize("lang", LANGS)
async def test_messages_cite_commands_by_their_names_in_their_language(bot: Any, lang: str) -> None:
    tree = _names(await _payload(bot), lang)
    cited = 0
    messages: dict[str, Any] = dict(
        source_messages() if lang == "en" else catalog.translations()[lang].messages
    )
    for key, entry in messages.items():
        if key.startswith(("name.", "option.")) or key.endswith(".command.name"):
            continue
        if isinstance(entry, str):
            forms = [entry]
        else:  # English: CLDR forms by category; a PO file: its forms in order
            forms = list(entry.values()) if isinstance(entry, dict) else list(entry)
        text = " ".join(forms)
        for top, sub in CITED.findall(text):
            cited += 1
            assert top in tree, f"{lang} {key}: /{top} is no command"
            subs = tree[top]["subs"]
            if subs and sub:
                assert sub in subs, f"{lang} {key}: /{top} {sub} is no command"
    assert cited > 15


def test_help_lists_the_expansion_commands_by_their_names() -> None:
    assert command_name("carcassonne new", Words("fr")) == "carcassonne nouvelle"
    assert command_name("carcassonne new", Words("en-US")) == "carcassonne new"
    assert command_name("gift", Words("fr")) == "présent"
