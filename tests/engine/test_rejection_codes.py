"""Every refusal the engine raises names its code (#36).

``IllegalAction(message, code=..., **values)``: the English message stays for
the record, the log and the command line; the code and values let the bot word
the refusal in the reader's language (``rejection.<code>``,
tests/bot/test_rejections.py). This reads the engine's source, so a new raise
site without a code fails here at once.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
RAISERS = {"IllegalAction", "MalformedAction", "error"}  # `error`: legality's either-class


def raise_sites(source: str) -> Iterator[tuple[int, ast.Call]]:
    """Each ``raise IllegalAction(...)`` (or MalformedAction) call in ``source``,
    and each one returned (an expansion's refusal, which the core raises)."""
    for node in ast.walk(ast.parse(source)):
        call = node.exc if isinstance(node, ast.Raise) else None
        if isinstance(node, ast.Return):
            call = node.value
        if isinstance(call, ast.Call):
            func = call.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in RAISERS:
                yield node.lineno, call


def code_of(call: ast.Call) -> str | None:
    """The constant ``code=`` of a raise site; MalformedAction's is "malformed"."""
    for kw in call.keywords:
        if kw.arg == "code" and isinstance(kw.value, ast.Constant):
            return str(kw.value.value)
    func = call.func
    if isinstance(func, ast.Name) and func.id == "MalformedAction":
        return "malformed"
    return None


def engine_codes() -> dict[str, list[str]]:
    """Every code the engine raises -> where ("engine/legality.py:95")."""
    out: dict[str, list[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for line, call in raise_sites(path.read_text(encoding="utf-8")):
            code = code_of(call) or "<none>"
            out.setdefault(code, []).append(f"{path.relative_to(ENGINE.parent)}:{line}")
    return out


def test_every_refusal_has_a_code() -> None:
    codes = engine_codes()
    assert "<none>" not in codes, codes.get("<none>")
    assert len(codes) >= 40  # the refusals of the base game and every expansion


def test_the_check_finds_a_refusal_without_a_code() -> None:
    source = (
        "def f(x):\n"
        "    if x:\n"
        "        raise IllegalAction('no code')\n"
        "    raise IllegalAction('coded', code='game_over', x=1)\n"
        "def refuse(x):\n"
        "    return IllegalAction('returned, no code')\n"
    )
    assert sorted((line, code_of(call)) for line, call in raise_sites(source)) == [
        (3, None),
        (4, "game_over"),
        (6, None),
    ]


def test_the_english_message_stays_and_the_code_and_values_ride_along() -> None:
    from engine.phases import IllegalAction, MalformedAction

    error = IllegalAction("cell 3,1 already holds a tile", code="cell_taken", x=3, y=1)
    assert str(error) == "cell 3,1 already holds a tile"
    assert (error.code, error.values) == ("cell_taken", {"x": 3, "y": 1})
    assert MalformedAction("an action must be a JSON object").code == "malformed"
