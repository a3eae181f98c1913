"""renders/ stays a pure image layer: engine views in, PNG bytes out."""

from __future__ import annotations

import ast
from pathlib import Path

import renders

FORBIDDEN = ("discord", "sqlalchemy", "db", "bot", "cogs")


def test_renders_imports_no_framework_or_application_code() -> None:
    root = Path(renders.__file__).parent
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, (
                    f"{path.relative_to(root)} imports {name}"
                )
