"""Shuffled decks: every deck of a game from its seed, each from its own stream."""

from __future__ import annotations

import random
from collections.abc import Iterable


def shuffled(seed: int, deck: str, items: Iterable[str]) -> list[str]:
    """A deck shuffled from the game seed; each deck has its own stream so that
    adding an expansion does not change the order of another deck."""
    out = list(items)
    # random.Random.shuffle, with its _randbelow inlined (every game and
    # replay shuffles its bag; the same draws, so the same order).
    getrandbits = random.Random(f"{seed}/{deck}").getrandbits
    for i in reversed(range(1, len(out))):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out
