"""Game.fork and Game.determinized (issue 31): a fork behaves exactly as its
original under the same actions, at every kind of step, and neither changes
the other; a determinization keeps what the seat knows, draws the rest again,
and depends only on what the seat knows."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, IllegalAction, replay
from engine.board import Board
from engine.expansions import PLUGINS, known_expansions
from engine.expansions.river import LAKE
from engine.record import RecordError
from engine.seat import AiSeat, SeatView
from engine.views import private_view, public_view
from tests.engine.helpers import fingerprint
from tests.profiles import examples
from tests.quick import slow_after, slow_unless

COMBOS = [c for n in range(4) for c in itertools.combinations(known_expansions(), n)]
# The quick loop (make test) forks and determinizes the base game, each
# expansion alone and the three with hidden holdings together; the other
# combinations run with the slow tests (make test-all).
HIDDEN = ("gifts", "bets", "christmas")
FORKS = settings(
    max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def state(game: Game) -> tuple[Any, ...]:
    """Everything observable, determinized games included (they have no record)."""
    n = len(game.players)
    return (
        public_view(game),
        [private_view(game, p) for p in range(n)],
        list(game.events),
        list(game.actions),
        game.pending,
        [game.legal_actions(p) for p in range(n)],
        game.scores,
        game.bag,
        game.rng.getstate(),
        game.undo_floor,
        sorted((f.player, f.pos, f.seg, f.lying) for _, f in game.board.followers()),
    )


def step(game: Game, rng: random.Random) -> None:
    """One random legal action by a random waiting seat."""
    assert game.pending is not None
    game.apply(rng.choice(game.legal_actions(rng.choice(game.pending.players))))


def twins_agree(a: Game, b: Game, seed: int, steps: int) -> None:
    """The same random actions on both; after each, the same events and state."""
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(steps):
        if a.pending is None:
            assert b.pending is None
            return
        events = a.apply(ra.choice(a.legal_actions(ra.choice(a.pending.players))))
        assert b.apply(rb.choice(b.legal_actions(rb.choice(b.pending.players)))) == events
        assert state(a) == state(b)


@FORKS
@given(seed=st.integers(0, 10_000), combo=st.sampled_from(COMBOS), players=st.integers(2, 4))
def test_a_fork_at_any_step_behaves_exactly_as_its_original(seed, combo, players):
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], combo, seed)
    steps: set[str] = set()
    while game.pending is not None:
        if game.pending.step not in steps or rng.random() < 0.05:
            steps.add(game.pending.step)
            before = fingerprint(game)
            copy = game.fork()
            assert state(copy) == state(game) and copy.record() == game.record()
            twins_agree(copy, game.fork(), seed, 12)  # alike under the same actions
            assert fingerprint(game) == before  # playing the copy left the original alone
            if rng.random() < 0.3:
                twins_agree(copy.fork(), copy.fork(), seed + 1, 6)  # a fork of a fork
        step(game, rng)
    end = game.fork()
    assert state(end) == state(game) and end.finished and end.pending is None


@pytest.mark.parametrize("seed", slow_after(range(3)))
def test_forks_cover_every_kind_of_step_of_every_expansion(seed):
    """Mid-turn, mid-question and mid-card: every step the expansions ask in
    is reached and forked in seeded games of every combination."""
    seen: set[str] = set()
    for combo in COMBOS:
        rng = random.Random(seed)
        game = Game([f"P{i}" for i in range(2 + seed)], combo, seed)
        while game.pending is not None:
            if game.pending.step not in seen or rng.random() < 0.02:
                seen.add(game.pending.step)
                copy = game.fork()
                twins_agree(copy, game.fork(), seed, 4)
            step(game, rng)
    for name in ("place", "follower", "bets", "xmas-offer", "xmas-targeting", "xmas-attack"):
        assert name in seen


def test_changing_a_fork_never_changes_the_original_nor_the_reverse():
    game = Game(["A", "B", "C"], ("gifts", "bets", "christmas"), 5)
    rng = random.Random(5)
    for _ in range(60):
        step(game, rng)
    before = fingerprint(game)
    copy = game.fork()
    while copy.pending is not None:
        step(copy, rng)
    assert fingerprint(game) == before
    after_copy = fingerprint(copy)
    while game.pending is not None:
        step(game, rng)
    assert fingerprint(copy) == after_copy


def test_a_fork_refuses_what_the_original_refuses_and_stays_unchanged():
    game = Game(["A", "B"], seed=2)
    copy = game.fork()
    bad = {"player": 1, "type": "place", "x": 0, "y": 0, "rotation": 0}
    with pytest.raises(IllegalAction):
        copy.apply(bad)
    assert state(copy) == state(game)


def test_a_game_that_forks_keeps_checkpoints_and_still_replays_exactly():
    game = Game(["A", "B"], ("gifts", "bets", "christmas"), 9)
    rng = random.Random(9)
    while game.pending is not None:
        if rng.random() < 0.2:
            game.fork()
        step(game, rng)
    assert state(replay(game.record())) == state(game)


def test_the_safety_net_restores_a_game_that_forked(monkeypatch):
    game = Game(["A", "B"], seed=4)
    rng = random.Random(4)
    for _ in range(30):
        step(game, rng)
        game.fork()
    before = fingerprint(game)
    place = Board.place

    def failing(self: Board, *args: Any) -> Any:
        raise RuntimeError("effect failed")

    monkeypatch.setattr(Board, "place", failing)
    x, y, r = game.legal_placements()[0]
    with pytest.raises(RuntimeError):
        game.apply({"player": game.pending.active, "type": "place", "x": x, "y": y, "rotation": r})
    monkeypatch.setattr(Board, "place", place)
    assert fingerprint(game) == before


# --- determinized ------------------------------------------------------------------
def _mid_game(combo: tuple[str, ...], seed: int, players: int, actions: int) -> Game:
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], combo, seed)
    for _ in range(actions):
        if game.pending is None:
            break
        step(game, rng)
    return game


def _known(game: Game, seat: int) -> tuple[Any, ...]:
    """What ``seat`` knows: the public view, its own private view (with what
    it remembers), the seat's legal actions and its public record."""
    view = SeatView(game, seat)
    return (
        view.public_view(),
        view.private_view(),
        view.legal_actions() if game.pending and seat in game.pending.players else [],
        view.public_record(),
    )


@pytest.mark.parametrize(
    "combo",
    slow_unless(COMBOS, lambda c: len(c) <= 1 or c == HIDDEN),
    ids=lambda c: "+".join(c) or "base",
)
def test_a_determinization_keeps_what_the_seat_knows_and_depends_only_on_it(combo):
    for seed in range(4):
        game = _mid_game(combo, seed, 2 + seed % 3, 40 + 25 * seed)
        for seat in range(len(game.players)):
            d = game.determinized(seat, random.Random(seed))
            assert _known(d, seat) == _known(game, seat)
            assert d.redrawn_for == seat and d.seed == 0 and not d.decks and not d.ai_seats
            # Another hidden state the seat cannot tell apart gives the same game.
            again = d.determinized(seat, random.Random(seed))
            assert state(again) == state(d)
            twins_agree(d, again, seed, 20)


def test_a_determinization_draws_the_hidden_state_again():
    game = _mid_game(("gifts", "bets", "christmas"), 3, 3, 120)
    redrawn = [game.determinized(0, random.Random(k)) for k in range(6)]
    assert len({tuple(d.bag) for d in redrawn}) > 1
    assert all(sorted(d.bag) == sorted(game.bag) for d in redrawn)
    hands = {tuple(map(tuple, d.ext["christmas"].hands[1:])) for d in redrawn}
    gifts = {tuple(map(tuple, d.ext["gifts"].hands[1:])) for d in redrawn}
    assert len(hands | gifts) > 2
    for d in redrawn:
        assert d.ext["christmas"].hands[0] == game.ext["christmas"].hands[0]
        assert d.ext["gifts"].hands[0] == game.ext["gifts"].hands[0]
        assert all(e.get("private", 0) == 0 for e in d.events)
        with pytest.raises(ValueError, match="no record"):
            d.record()


def test_other_seats_staked_chips_are_drawn_again_and_its_own_kept():
    game = Game(["A", "B"], ("bets",), 1)
    rng = random.Random(1)
    while game.pending is not None and sum(map(len, game.ext["bets"].stacks.values())) < 4:
        step(game, rng)
    mine = [(p, s.face) for p, s in _staked(game) if s.player == 0]
    faces = set()
    for k in range(8):
        d = game.determinized(0, random.Random(k))
        assert [(p, s.face) for p, s in _staked(d) if s.player == 0] == mine
        theirs = [s.face for _, s in _staked(d) if s.player == 1]
        faces.add(tuple(theirs))
        assert len(set(theirs)) == len(theirs)
        for seat in (0, 1):
            chips = d.ext["bets"].supply[seat] + [s.face for _, s in _staked(d) if s.player == seat]
            assert sorted(chips) == sorted(game.ext["bets"].supply[0] + [f for _, f in mine])
        stakes = [a for a in d.actions if a["type"] == "stake" and a["player"] == 1]
        assert all(a["chip"] == "" for a in stakes)
    assert len(faces) > 1


def test_a_determinization_shuffles_the_river_pile_and_keeps_the_lake_last():
    """R-2: the river tiles still face down are drawn again, the lake last; the
    pile's real order does not show in the result."""
    game = _mid_game(("river", "abbot"), 5, 2, 6)
    pile = game.ext["river"].pile
    assert len(pile) > 3 and pile[-1] == LAKE
    piles = {tuple(game.determinized(1, random.Random(k)).ext["river"].pile) for k in range(8)}
    assert len(piles) > 1
    assert all(p[-1] == LAKE and sorted(p) == sorted(pile) for p in piles)
    other = game.fork()
    other.ext["river"].pile[:-1] = reversed(pile[:-1])
    assert other.ext["river"].pile != pile
    assert state(other.determinized(0, random.Random(3))) == state(
        game.determinized(0, random.Random(3))
    )


def _staked(game: Game) -> list[tuple[Any, Any]]:
    st = game.ext["bets"]
    return [(pos, s) for pos in st.offices for s in st.stacks[pos]]


def test_every_shipped_expansion_with_hidden_state_redraws_it():
    for plugin in PLUGINS:
        game = Game(["A", "B"], (plugin.name,), 0)
        if game.hooks.private_view.fns:
            assert game.hooks.redraw.fns, f"{plugin.name} has a private view but no redraw"


# --- AI seats in the record ------------------------------------------------------------
def test_ai_seats_are_stored_with_the_game_and_old_records_still_load():
    game = Game(["A", "B"], seed=3, ai={1: AiSeat("hard", 12345)})
    rec = game.record()
    assert rec["ai"] == {"1": {"level": "hard", "seed": 12345}}
    assert replay(rec).ai_seats == {1: AiSeat("hard", 12345)}
    del rec["ai"]
    assert replay(rec).ai_seats == {}
    assert game.fork().ai_seats == game.ai_seats


@pytest.mark.parametrize(
    "ai",
    [
        {"5": {"level": "normal", "seed": 1}},
        {"x": {"level": "normal", "seed": 1}},
        {"1": {"level": "normal"}},
        {"1": {"level": "", "seed": 1}},
        {"1": {"level": "normal", "seed": -1}},
        {"1": {"level": "normal", "seed": "7"}},
        [],
    ],
)
def test_bad_ai_seats_in_a_record_are_refused_with_a_reason(ai):
    rec = {**Game(["A", "B"]).record(), "ai": ai}
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert "seat" in err.value.message or "'ai'" in err.value.message


def test_a_released_copy_is_freed_at_once_and_its_original_plays_on():
    # engine.fork.release closes a copy's turn flow, the one cycle holding it
    # (game -> flow -> frames -> game): reference counting then frees it.
    import gc
    import weakref

    from engine.fork import release

    game, rng = Game(["A", "B", "C"], HIDDEN, 3), random.Random(3)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    before = state(game)
    gc.disable()
    try:
        kept = game.fork()
        left = weakref.ref(kept)
        del kept
        assert left() is not None  # a cycle: only the collector frees it
        for make in (game.fork, lambda: game.determinized(1, random.Random(5))):
            copy = make()
            gone = weakref.ref(copy)
            release(copy)
            assert copy.pending is None and copy.legal_actions(0) == []
            with pytest.raises(IllegalAction):
                copy.apply({"player": 0, "type": "follower", "location": None})
            del copy
            assert gone() is None  # freed at once
    finally:
        gc.enable()
    assert state(game) == before
    while game.pending is not None:  # the original plays on
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
