"""benchmarks.shares: whose code a sampled stack is in."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

from benchmarks.shares import ENGINE_DIR, owner


def stack(*frames: tuple[str, str]) -> Any:
    """A frame chain, innermost first, of (file under the engine or elsewhere, function)."""
    frame = None
    for path, name in reversed(frames):
        full = path if os.path.isabs(path) else os.path.join(ENGINE_DIR, *path.split("/"))
        code = SimpleNamespace(co_filename=full, co_name=name)
        frame = SimpleNamespace(f_code=code, f_back=frame)
    return frame


def test_an_expansion_frame_anywhere_on_the_stack_owns_the_sample() -> None:
    sample = stack(
        ("board.py", "place"),  # the core, called by the expansion below
        ("expansions/bets/settlement.py", "settle"),
        ("game.py", "apply"),
        ("/elsewhere/benchmarks/engine.py", "random_game"),
    )
    assert owner(sample) == ("bets", None)


def test_the_core_owns_a_sample_without_an_expansion_and_names_its_innermost_function() -> None:
    sample = stack(
        ("board.py", "_union"),
        ("board.py", "place"),
        ("game.py", "apply"),
        ("/elsewhere/benchmarks/engine.py", "random_game"),
    )
    assert owner(sample) == ("core", "board._union")


def test_a_sample_outside_the_engine_is_the_harness() -> None:
    assert owner(stack(("/elsewhere/random.py", "choice"))) == ("harness", None)
    assert owner(None) == ("harness", None)
