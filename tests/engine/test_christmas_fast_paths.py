"""Christmas Present's shortcuts against their plain definitions: card
legality asked on every listing of a turn (X-3, X-5.4) and the hooks a mark
needs, registered with the first one (X-5.2, X-5.3)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import Game
from engine.expansions.christmas import locks
from engine.expansions.christmas.targets import has_swap, swap_options

KINDS = ("road", "city", "field", "monastery")
# Random 4-player games where a marked feature later joins another or takes a
# follower (without the hooks, these games would go otherwise).
SEEDS_WITH_MARKS = (7, 11, 22, 25)


def _states(seed: int, expansions: tuple[str, ...], players: int = 4) -> Iterator[Game]:
    """Every state of a random game, the game itself (read, not changed)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], expansions, seed)
    while game.pending is not None:
        yield game
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))


@pytest.mark.parametrize(("seed", "players"), [(s, p) for s in range(3) for p in (2, 4)])
def test_x5_4_has_swap_is_whether_swap_options_lists_a_pair_at_every_step(
    seed: int, players: int
) -> None:
    found = set()
    for game in _states(seed, ("gifts", "christmas", "abbot"), players):
        for player in range(players):
            for kind in KINDS:
                listed = bool(swap_options(game, player, kind))
                assert has_swap(game, player, kind) == listed, (len(game.actions), player, kind)
                found.add(listed)
    assert found == {True, False}


def _played(seed: int, eager: bool) -> Game:
    """A random 4-player Christmas game to its end; ``eager``: the mark hooks
    registered before the first action (their plain definition: always on)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(4)], ("christmas",), seed)
    if eager:
        game.hooks.merge.add(locks.merge)
        game.hooks.follower_placed.add(locks.follower_placed)
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    return game


@pytest.mark.parametrize("seed", SEEDS_WITH_MARKS)
def test_x5_2_x5_3_marks_follow_joins_as_with_the_hooks_always_on(seed: int) -> None:
    lazy, eager = _played(seed, False), _played(seed, True)
    assert locks.merge in lazy.hooks.merge.fns  # a mark was set: the hooks came with it
    assert list(lazy.events) == list(eager.events)
    assert lazy.record() == eager.record()
