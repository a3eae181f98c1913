"""No player-facing text bypasses the catalogue (#15): a static scan of every
call that puts text in front of a player (Discord sends, replies and edits,
embeds, buttons, selects, choices, modals, and the bot's own panel and post
values) for words written in the code. Words reach those calls only from
``bot.text`` (``t``, ``Words``); names come from players. The e2e games in
French and Dutch scan what players actually read (tests/e2e/test_languages.py).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Call name -> (positional arguments that are text, keyword arguments that are text).
SINKS: dict[str, tuple[tuple[int, ...], frozenset[str]]] = {
    "send": ((0,), frozenset({"content"})),
    "reply": ((1,), frozenset({"content"})),
    "edit": ((), frozenset({"content"})),
    "edit_message": ((), frozenset({"content"})),
    "send_message": ((0,), frozenset({"content"})),
    "edit_original_response": ((), frozenset({"content"})),
    "create_thread": ((), frozenset({"name"})),
    "Embed": ((), frozenset({"title", "description"})),
    "add_field": ((), frozenset({"name", "value"})),
    "set_footer": ((), frozenset({"text"})),
    "set_author": ((), frozenset({"name"})),
    "Button": ((), frozenset({"label"})),
    "PanelButton": ((), frozenset({"label"})),
    "PanelSelect": ((), frozenset({"placeholder"})),
    "Select": ((), frozenset({"placeholder"})),
    "SelectOption": ((), frozenset({"label", "description"})),
    "Choice": ((), frozenset({"name"})),
    "TextInput": ((), frozenset({"label", "placeholder"})),
    "Modal": ((), frozenset({"title"})),
    "Btn": ((2,), frozenset({"label"})),
    "Sel": ((2,), frozenset({"placeholder"})),
    "Option": ((0, 3), frozenset({"label", "description"})),
    "Post": ((0,), frozenset({"text"})),
    "Captions": ((), frozenset()),  # built from the catalogue only (bot.render)
}
WORDS = re.compile(r"[^\W\d_]{2,}")


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def _outside_calls(node: ast.AST) -> Iterator[ast.AST]:
    if isinstance(node, ast.Call):
        return
    yield node
    if isinstance(node, ast.JoinedStr):
        return  # read whole by _literal
    for child in ast.iter_child_nodes(node):
        yield from _outside_calls(child)


def scan(source: str, where: str) -> tuple[int, list[str]]:
    """(sink calls seen, literal words passed to them) in ``source``."""
    calls, found = 0, []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name not in SINKS:
            continue
        calls += 1
        positions, keywords = SINKS[name]
        args: list[ast.AST] = [a for i, a in enumerate(node.args) if i in positions]
        args += [k.value for k in node.keywords if k.arg in keywords]
        for arg in args:
            # A literal anywhere in the argument (a conditional, a sum...),
            # except inside a call (a message key given to ``words``).
            for sub in _outside_calls(arg):
                text = _literal(sub)
                if text and WORDS.search(text):
                    found.append(f"{where}:{node.lineno} {name}: {text!r}")
    return calls, found


def sources() -> Iterator[Path]:
    for package in ("bot", "cogs"):
        yield from sorted((ROOT / package).rglob("*.py"))


def test_no_words_written_in_the_code_reach_a_player() -> None:
    calls, found = 0, []
    for path in sources():
        n, hits = scan(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        calls, found = calls + n, found + hits
    assert calls > 100  # the scan sees the bot's output calls (not vacuous)
    assert found == []


def test_the_scan_finds_words_in_each_kind_of_call() -> None:
    source = (
        "await channel.send('Your turn')\n"
        "await reply(interaction, f'Game {n} started')\n"
        "discord.ui.Button(label='Take turn')\n"
        "Btn('act', 'x', 'Place it here')\n"
        "Option(label, value, False, 'a city' if x else '')\n"
        "discord.Embed(title='Standings')\n"
        "app_commands.Choice(name='All expansions', value='all')\n"
    )
    assert len(scan(source, "x")[1]) == 7
    assert scan("await channel.send(words('turn.header'))", "x")[1] == []
