"""Every test checks something: a test function (``test_*``) must contain an
``assert``, a ``pytest.raises``/``pytest.fail``/``pytest.warns``, or a call to
a helper that does (a function of the same module that asserts, or any
``assert_*``/``check_*``/``expect_*`` helper). A test that only runs code
passes whatever that code returns: the guide's "no test that cannot fail"."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CHECKING_CALLS = {"raises", "fail", "warns", "deprecated_call"}  # pytest.*
HELPER_PREFIXES = ("assert", "check", "expect", "_assert", "_check")


def _called_names(node: ast.AST) -> set[str]:
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def _checks(node: ast.AST) -> bool:
    """Whether a function body asserts or calls pytest's checking helpers."""
    return any(isinstance(sub, ast.Assert) for sub in ast.walk(node)) or bool(
        _called_names(node) & CHECKING_CALLS
    )


def unchecked_tests(source: str) -> list[str]:
    """The test functions of a module's source that check nothing."""
    tree = ast.parse(source)
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    by_name = {f.name: f for f in functions}
    # Helpers of the module that check, directly or through one another.
    checking = {f.name for f in functions if _checks(f)}
    changed = True
    while changed:
        changed = False
        for f in functions:
            if f.name not in checking and _called_names(f) & checking:
                checking.add(f.name)
                changed = True
    missing = []
    for name, f in by_name.items():
        if not name.startswith("test_"):
            continue
        calls = _called_names(f)
        if name in checking or any(c.startswith(HELPER_PREFIXES) for c in calls):
            continue
        missing.append(name)
    return missing


def test_the_checker_tells_a_test_that_checks_from_one_that_runs() -> None:
    source = """
def helper(x):
    assert x

def indirect(x):
    helper(x)

def test_asserts(): assert 1
def test_raises():
    with pytest.raises(ValueError): int("x")
def test_through_helpers(): indirect(1)
def test_assert_helper(): assert_matches_golden(b"", "x")
def test_only_runs(): decode(b"png")
async def test_async_only_runs(): await thing()
"""
    assert unchecked_tests(source) == ["test_only_runs", "test_async_only_runs"]


def test_every_test_checks_something() -> None:
    found = {
        f"{path.relative_to(TESTS)}::{name}"
        for path in sorted(TESTS.rglob("test_*.py"))
        for name in unchecked_tests(path.read_text(encoding="utf-8"))
    }
    assert sorted(found) == [], "tests that check nothing (assert what they prove)"
