"""Expansions: one module per expansion, installed into a game's hook points.

Each module ``engine.expansions.<name>`` defines ``install(game) -> None``,
which sets up its state in ``game.ext[<name>]`` and registers its hooks and
action types (``engine.phases``). Expansions are installed in the fixed order
below whatever order a record lists them in, so hooks always run alike.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game

ORDER: tuple[str, ...] = ("gifts", "bets", "christmas")


@cache
def known_expansions() -> tuple[str, ...]:
    """The expansions whose module exists."""
    out = []
    for name in ORDER:
        try:
            importlib.import_module(f"engine.expansions.{name}")
        except ModuleNotFoundError:
            continue
        out.append(name)
    return tuple(out)


def install_expansions(game: Game) -> None:
    for name in ORDER:
        if name in game.expansions:
            module = importlib.import_module(f"engine.expansions.{name}")
            module.install(game)
