"""The shape of the packages, read from the source's imports (including
TYPE_CHECKING ones): no import cycle between packages, cogs above the bot,
services free of Discord and of the Discord adapters."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("engine", "db", "renders", "bot", "cogs")
SERVICE_PACKAGES = ("bot.services", "bot.present", "bot.expansions", "bot.text")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports() -> dict[str, set[str]]:
    """Each project module and the modules it imports (absolute names)."""
    out: dict[str, set[str]] = {}
    for top in PROJECT:
        for path in ROOT.joinpath(top).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = module_name(path)
            found: set[str] = set()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found |= {a.name for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    found.add(node.module)
                    found |= {f"{node.module}.{a.name}" for a in node.names}
            out[name] = found
    return out


def node_of(module: str) -> str | None:
    """The package a module belongs to: bot's subpackages and loose modules
    are nodes of their own; other project packages are one node each."""
    parts = module.split(".")
    if parts[0] not in PROJECT:
        return None
    if parts[0] == "bot" and len(parts) > 1:
        return ".".join(parts[:2])
    return parts[0]


def graph(known: set[str], edges: dict[str, set[str]]) -> dict[str, set[str]]:
    g: dict[str, set[str]] = defaultdict(set)
    for module, targets in edges.items():
        src = node_of(module)
        for target in targets:
            # "from bot.x import y": y may be a name, not a module: keep the module.
            while target not in known and "." in target:
                target = target.rsplit(".", 1)[0]
            dst = node_of(target)
            if src and dst and src != dst and target in known:
                g[src].add(dst)
    return g


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                return [*stack[stack.index(m) :], m]
            if m not in state and (found := visit(m)):
                return found
        state[n] = 2
        stack.pop()
        return None

    for n in sorted(g):
        if n not in state and (found := visit(n)):
            return found
    return None


def test_no_import_cycle_between_packages() -> None:
    edges = imports()
    g = graph(set(edges), edges)
    assert "bot.services" in g and "bot.ui" in g  # the graph is really read
    assert cycle(g) is None, cycle(g)
    top: dict[str, set[str]] = defaultdict(set)
    for src, dsts in g.items():
        top[src.split(".")[0]] |= {d.split(".")[0] for d in dsts} - {src.split(".")[0]}
    assert cycle(top) is None, cycle(top)
    assert "cogs" not in top["bot"]  # the Bot subclass loads cogs by name


def test_services_import_neither_discord_nor_the_adapters() -> None:
    edges = imports()
    offenders = {
        module: sorted(t for t in targets if t.split(".")[0] == "discord" or t.startswith("bot.ui"))
        for module, targets in edges.items()
        if module.startswith(SERVICE_PACKAGES)
    }
    assert {m: t for m, t in offenders.items() if t} == {}
    # Only the Discord adapters, the app (and its command line, permission
    # list, shutdown and command sync) and the cogs speak to discord.
    speaking = sorted(
        m for m, targets in edges.items() if any(t.split(".")[0] == "discord" for t in targets)
    )
    allowed = (
        "bot.ui",
        "bot.app",
        "bot.cli",
        "bot.permissions",
        "bot.shutdown",
        "bot.sync",
        "cogs",
    )
    assert all(m.startswith(allowed) for m in speaking), speaking


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}}) is None


# The store's light modules (no SQLAlchemy): what presentation and Discord use of it.
LIGHT_STORE = ("db.values", "db.errors", "db.ratings")
PRESENTATION = ("bot.present", "bot.expansions", "bot.text", "bot.options", "bot.ui", "cogs")


def runtime_imports(path: Path) -> set[str]:
    """The modules a file imports when it runs (``if TYPE_CHECKING:`` blocks
    name types only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(node)
        for stmt in ast.walk(tree)
        if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test)
        for body in stmt.body
        for node in ast.walk(body)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_presentation_and_discord_layers_read_the_store_s_light_modules_only() -> None:
    """Issue 29: bot.present, the adapters, the words, bot.ui and the cogs
    use the store's value types and refusals (db.values, db.errors,
    db.ratings), never the store itself, for a game's facts."""
    offenders = {}
    for top in ("bot", "cogs"):
        for path in ROOT.joinpath(top).rglob("*.py"):
            name = module_name(path)
            if not name.startswith(PRESENTATION):
                continue
            store = sorted(
                m for m in runtime_imports(path) if m.split(".")[0] == "db" and m not in LIGHT_STORE
            )
            if store:
                offenders[name] = store
    assert offenders == {}


def test_the_light_modules_and_the_presentation_load_no_sqlalchemy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, db, db.values, db.errors, db.ratings, bot.options, bot.present.panel, "
        "bot.present.lobby, bot.present.games, bot.expansions\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'sqlalchemy'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout
