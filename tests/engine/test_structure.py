"""The engine's shape (issue #22): small modules, no import inside a function,
a core that never names an expansion, and card ids only in the card tables."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.expansions.christmas.cards import DESIGNS
from engine.expansions.gifts.cards import CARDS

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))
CORE = [
    "game.py",
    "phases.py",
    "board.py",
    "scoring.py",
    "views.py",
    "actions.py",
    "plugins.py",
    "marks.py",
    "tiles.py",
    "legality.py",
    "logs.py",
    "listing.py",
    "turn.py",
    "decks.py",
    "fork.py",
    "seat.py",
    *(f"ai/{m}.py" for m in ("__init__", "heuristics", "levels", "moves", "evaluate", "easy")),
    *(f"ai/{m}.py" for m in ("normal", "hard", "reference", "chances")),
]
CARD_TABLES = {"expansions/christmas/cards.py", "expansions/gifts/state.py"}


def _name(path: Path) -> str:
    return path.relative_to(ENGINE).as_posix()


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_engine_module_is_over_500_lines(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= 500


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_imports_are_at_module_level(path: Path) -> None:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
            assert not inner, f"{_name(path)}:{inner[0].lineno} imports inside {node.name}()"


@pytest.mark.parametrize("name", CORE)
def test_the_core_never_names_an_expansion(name: str) -> None:
    tree = ast.parse((ENGINE / name).read_text())
    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
    }
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = None if id(node) in docstrings else node.value
        elif isinstance(node, ast.Name | ast.alias):
            text = node.id if isinstance(node, ast.Name) else node.name
        if text is not None:
            for word in ("gift", "bets", "christmas", "xmas", "river", "abbot", "office"):
                assert word not in text.lower(), f"{name} names {text!r}"


def test_card_ids_appear_only_in_the_card_tables() -> None:
    ids = [d.id for d in DESIGNS] + list(CARDS)
    for path in MODULES:
        if _name(path) in CARD_TABLES:
            continue
        text = path.read_text()
        named = [c for c in ids if f'"{c}"' in text]
        assert not named, f"{_name(path)} names cards {named}: give the card table the rule"
