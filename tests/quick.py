"""Parameters split between the quick loop (``make test``) and the slow tests
(``make test-all``): a property checked over many cases runs a few of them
before every commit and all of them in CI. A value that is a tuple of several
arguments (``parametrize("a,b", ...)``) is given with ``unpack=True``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest


def slow_unless(
    values: Iterable[Any], quick: Callable[[Any], bool], unpack: bool = False
) -> list[Any]:
    """``values`` as pytest parameters; those ``quick`` refuses marked slow."""
    return [
        v if quick(v) else pytest.param(*(v if unpack else (v,)), marks=pytest.mark.slow)
        for v in values
    ]


def slow_after(values: Iterable[Any], count: int = 1, unpack: bool = False) -> list[Any]:
    """``values`` as pytest parameters: the first ``count`` quick, the rest slow."""
    return [
        v if i < count else pytest.param(*(v if unpack else (v,)), marks=pytest.mark.slow)
        for i, v in enumerate(values)
    ]
