"""Shuffled decks: every deck of a game from its seed, each from its own stream."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)`` with its _randbelow inlined: the same draws, so
    the same order and the same stream after. Every game and replay shuffles
    its bag, and every determinization its hidden piles (Game.determinized)."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def shuffled(seed: int, deck: str, items: Iterable[str]) -> list[str]:
    """A deck shuffled from the game seed; each deck has its own stream so that
    adding an expansion does not change the order of another deck."""
    out = list(items)
    shuffle(out, random.Random(f"{seed}/{deck}"))
    return out
