"""Christmas Present's shortcuts against their plain definitions: swap
legality asked on every listing of a turn and the swaps listed (X-3, X-5.4),
the decks a placement offers and its offers (X-2), the occupied features cards target
(X-4.2..X-5.3), and the hooks registered when first needed (X-5.2, X-5.3,
X-5.5, X-5.6, X-3.1)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import Game
from engine.board import Feature, Follower, Pos
from engine.directions import RING
from engine.expansions.christmas import hooks, locks
from engine.expansions.christmas.cards import BY_ID
from engine.expansions.christmas.play import ROADSIDE_KINDS, draw_decks
from engine.expansions.christmas.special import Mastermind
from engine.expansions.christmas.state import (
    STEP_DRAW,
    Ask,
    features_of,
    follower_key,
    follower_ref,
    occupied_features_of,
    state,
)
from engine.expansions.christmas.targets import has_swap, swap_options
from engine.marks import is_locked
from engine.phases import Decision
from engine.tiles import KINDS as TILE_KINDS

KINDS = ("road", "city", "field", "monastery")
# Random 4-player games that would go otherwise without the hooks that come
# when first needed: a mastermind played (0, 2), a marked feature that later
# joins another or takes a follower (7, 11, 22, 25).
SEEDS_WITH_NEEDS = (0, 2, 7, 11, 22, 25)


def _states(seed: int, expansions: tuple[str, ...], players: int = 4) -> Iterator[Game]:
    """Every state of a random game, the game itself (read, not changed)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], expansions, seed)
    while game.pending is not None:
        yield game
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))


def _swaps_plainly(game: Game, player: int, kind: str) -> list[tuple[object, ...]]:
    """swap_options by its definition (X-5.4): every pair of a follower of
    ``player``'s and another player's on two different unfinished, unlocked
    features of ``kind``, no abbot (C-4), each named and keyed on its own."""

    def free(feat: Feature, f: Follower) -> bool:
        return feat.kind == kind and not feat.completed and not is_locked(feat) and f.piece is None

    mine = [(feat, f) for feat, f in game.followers_of(player) if free(feat, f)]
    theirs = [(feat, f) for feat, f in game.board.followers() if f.player != player]
    theirs.sort(key=lambda ff: (ff[1].pos[1], ff[1].pos[0], ff[1].seg, ff[1].player))
    out: list[tuple[object, ...]] = []
    for fa, a in mine:
        for fb, b in theirs:
            key = (follower_key(game, a), follower_key(game, b))
            if free(fb, b) and fa is not fb and key not in [k for _, k, _ in out]:
                public = {
                    "mine": follower_ref(game, a),
                    "theirs": {**follower_ref(game, b), "player": b.player},
                }
                out.append((public, key, (a, b)))
    return out


@pytest.mark.parametrize(("seed", "players"), [(s, p) for s in range(3) for p in (2, 4)])
def test_x5_4_swap_options_and_has_swap_as_defined_at_every_step(seed: int, players: int) -> None:
    found = set()
    for game in _states(seed, ("gifts", "christmas", "abbot"), players):
        for player in range(players):
            for kind in KINDS:
                options = swap_options(game, player, kind)
                assert has_swap(game, player, kind) == bool(options), (player, kind)
                found.add(bool(options))
                assert [(o.public, o.key, o.data) for o in options] == _swaps_plainly(
                    game, player, kind
                )
    assert found == {True, False}


def _played(seed: int, eager: bool) -> Game:
    """A random 4-player Christmas game to its end; ``eager``: every hook that
    comes when first needed registered before the first action instead (their
    plain definition: always on)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(4)], ("christmas",), seed)
    if eager:
        mastermind = BY_ID["mastermind"].behaviour
        assert isinstance(mastermind, Mastermind)
        game.hooks.merge.add(locks.merge)
        game.hooks.follower_placed.add(locks.follower_placed)
        game.hooks.after_draw.add(mastermind.after_draw)
        game.hooks.end_turn.add(hooks.end_turn)
        game.hooks.after_scoring.add(hooks.after_scoring)
        game.hooks.owner_strength.add(locks.tiebreak_strength)
        game.hooks.owner_strength.add(hooks.farm_tiebreak_strength)
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    return game


@pytest.mark.parametrize("seed", SEEDS_WITH_NEEDS)
def test_x5_2_x5_3_x5_5_hooks_when_needed_play_as_hooks_always_on(seed: int) -> None:
    lazy, eager = _played(seed, False), _played(seed, True)
    assert list(lazy.events) == list(eager.events)
    assert lazy.record() == eager.record()


def _decks_plainly(game: Game, player: int, pos: Pos, kind: str) -> list[str]:
    """draw_decks by its definition (X-2): a monastery on one of the 8 cells
    around ``pos`` holding another player's follower; a roads-only tile."""
    board = game.board
    abbey = any(
        any(f.player != player for f in board.feature_of(board.monasteries[cell]).followers)
        for cell in ((pos[0] + dx, pos[1] + dy) for dx, dy in RING)
        if cell in board.monasteries
    )
    roadside = TILE_KINDS[kind].plays_as in ROADSIDE_KINDS
    return ["abbey"] * abbey + ["roadside"] * roadside


@pytest.mark.parametrize(("seed", "players"), [(s, p) for s in range(3) for p in (2, 4)])
def test_x2_draw_decks_as_defined_at_every_step(seed: int, players: int) -> None:
    found = set()
    for game in _states(seed, ("christmas", "abbot"), players):
        board = game.board
        cells = [*board.monasteries, *board.frontier]
        around = {(x + dx, y + dy) for x, y in board.monasteries for dx, dy in RING}
        for pos in [*cells, *around]:
            for player in range(players):
                for kind in ("B", "U"):
                    decks = draw_decks(game, player, pos, kind)
                    assert decks == _decks_plainly(game, player, pos, kind), (pos, player)
                    found.add("abbey" in decks)
    assert found == {True, False}


@pytest.mark.parametrize("seed", range(3))
def test_x4_x5_occupied_features_as_defined_at_every_step(seed: int) -> None:
    for game in _states(seed, ("gifts", "christmas", "abbot")):
        for kind in KINDS:
            plain = [feat for feat in features_of(game, kind) if feat.followers]
            assert occupied_features_of(game, kind) == plain, kind


@pytest.mark.parametrize("seed", range(4))
def test_x2_an_offer_shared_by_every_game_is_the_one_ask_would_make(seed: int) -> None:
    """The X-2 offers come from a table shared by every game (play.OFFERS):
    each one the question and decision that ask() makes from scratch."""
    offers = 0
    for game in _states(seed, ("christmas",)):
        if game.pending is None or game.pending.step != STEP_DRAW:
            continue
        offers += 1
        turn, question = game.turn, state(game).ask
        assert turn is not None and question is not None
        deck = question.deck
        assert deck is not None
        info = {"deck": deck, "left": len(state(game).decks[deck])}
        assert question == Ask(STEP_DRAW, turn.player, deck=deck)
        assert game.pending == Decision(STEP_DRAW, (turn.player,), turn.player, (), info)
    assert offers > 10
