"""The AI levels (issue 31): legal, repeatable, honest; the API the bot uses.

Strength, speed and memory are measured by ``python -m benchmarks.ai`` (the
arena); these tests check behaviour only.
"""

from __future__ import annotations

import ast
import itertools
import random
from pathlib import Path

import pytest

from engine import Game, replay
from engine.ai import LEVELS, POLICIES, choose, policy, seat_ai
from engine.ai.hard import Hard
from engine.ai.moves import ranked
from engine.expansions import known_expansions
from engine.seat import AiSeat, SeatView
from tests.quick import slow_unless

COMBOS = [c for n in range(4) for c in itertools.combinations(known_expansions(), n)]
COMBOS.append(tuple(known_expansions()))  # every expansion at once
AI_DIR = Path(__file__).resolve().parents[2] / "engine" / "ai"


def quick(level: str, seed: int) -> object:
    """The level's policy; hard with a small budget (the same code path)."""
    return Hard(seed, samples=2) if level == "hard" else policy(level, seed)


def play(game: Game, levels: list[str]) -> Game:
    seats = game.ai_seats.values()
    policies = [quick(level, a.seed) for level, a in zip(levels, seats, strict=True)]
    while game.pending is not None:
        seat = game.pending.players[0]
        game.apply(policies[seat].choose(SeatView(game, seat)))  # type: ignore[attr-defined]
    return game


def new_game(combo: tuple[str, ...], seed: int, levels: list[str]) -> Game:
    ai = {p: AiSeat(level, seed * 7 + p) for p, level in enumerate(levels)}
    return Game([f"AI{p}" for p in range(len(levels))], combo, seed, ai=ai)


# The quick loop plays the base game and every expansion at once; each alone,
# the pairs and triples (3 to 8 s each) run with the slow tests (make test-all).
@pytest.mark.parametrize(
    "combo",
    slow_unless(COMBOS, lambda c: not c or len(c) == len(known_expansions())),
    ids=lambda c: "+".join(c) or "base",
)
def test_every_level_plays_whole_games_of_every_expansion_the_same_way_twice(combo, monkeypatch):
    # Smaller searches, the same code: the full budgets are the arena's.
    for name, value in (("PLACEMENTS", 2), ("SPOTS", 1), ("OPTIONS", 3), ("SAMPLES", 1)):
        monkeypatch.setattr(f"engine.ai.normal.{name}", value)
        if name != "SAMPLES":
            monkeypatch.setattr(f"engine.ai.hard.{name}", value)
    levels = ["easy", "normal", "hard", "reference"]
    levels = levels[len(combo) % 2 :][: 2 + len(combo) % 3]
    first = play(new_game(combo, 3, levels), levels)
    again = play(new_game(combo, 3, levels), levels)
    assert first.finished and first.record() == again.record()
    assert replay(first.record()).scores == first.scores


@pytest.mark.slow  # (the quick loop plays normal with smaller budgets)
def test_normal_at_its_full_size_plays_the_same_game_twice():
    first = play(new_game((), 8, ["normal", "reference"]), ["normal", "reference"])
    again = play(new_game((), 8, ["normal", "reference"]), ["normal", "reference"])
    assert first.record() == again.record()


def test_a_different_ai_seed_plays_differently():
    def opening(seeds: tuple[int, int]) -> list[object]:
        game = Game(["A", "B"], (), 4)
        easy = [policy("easy", s) for s in seeds]
        for _ in range(30):
            seat = game.pending.players[0]
            game.apply(easy[seat].choose(SeatView(game, seat)))
        return list(game.actions)

    assert opening((1, 2)) == opening((1, 2)) != opening((3, 4))


def test_the_bot_asks_a_seat_s_level_and_seed_as_the_game_stores_them():
    game = Game(["A", "B"], (), 5, ai={1: AiSeat("easy", 99)})
    game.apply(choose(game, 0))  # no entry: the default level, the old seed
    assert seat_ai(game, 0) == AiSeat("normal", 50)
    assert seat_ai(game, 1) == AiSeat("easy", 99)
    view = SeatView(game, 1)
    if game.pending is not None and 1 in game.pending.players:
        assert choose(game, 1) == policy("easy", 99).choose(view)
    with pytest.raises(ValueError, match="unknown AI level"):
        policy("grandmaster", 1)
    assert set(LEVELS) == {"easy", "normal", "hard"} and "reference" in POLICIES


def test_a_stand_in_s_seat_gets_its_entry_all_or_nothing_and_the_record_still_replays():
    game = Game(["A", "B"], (), 5, ai={1: AiSeat("easy", 99)})
    for _ in range(3):  # a person played seat 0 for a while
        game.apply(choose(game, game.pending.players[0]))  # type: ignore[union-attr]
    before = game.record()
    for seat, ai in ((1, AiSeat("hard", 7)), (2, AiSeat("hard", 7)), (0, AiSeat("", 7))):
        with pytest.raises(ValueError):
            game.add_ai_seat(seat, ai)
    with pytest.raises(ValueError):
        game.add_ai_seat(0, AiSeat("normal", -1))
    assert game.record() == before and set(game.ai_seats) == {1}
    game.add_ai_seat(0, AiSeat("normal", 123))
    assert seat_ai(game, 0) == AiSeat("normal", 123)
    record = game.record()
    assert record["ai"] == {"0": {"level": "normal", "seed": 123}, "1": before["ai"]["1"]}
    again = replay(record)
    assert again.record() == record and again.ai_seats == game.ai_seats
    # From here on the stand-in plays with its own seed, the same in the replay.
    seat = game.pending.players[0]  # type: ignore[union-attr]
    assert choose(game, seat) == choose(again, seat)


@pytest.mark.parametrize("level", [*LEVELS, "reference"])
def test_a_level_refuses_to_move_for_a_seat_with_nothing_to_do(level):
    game = Game(["A", "B"], (), 1)
    with pytest.raises(ValueError, match="nothing to do"):
        quick(level, 1).choose(SeatView(game, 1))  # type: ignore[attr-defined]


def test_the_levels_read_only_their_seat_view():
    """No AI module reaches into a seat view's game (``view._game``): what a
    level knows is what SeatView offers."""
    for path in sorted(AI_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                assert node.attr != "_game", f"{path.name}:{node.lineno} reads a view's game"


def _honest(level: str, games: int, players: int, cap: int) -> tuple[int, int]:
    decisions = changed = 0
    for index in range(games):
        rng = random.Random(index)
        game = Game([f"P{p}" for p in range(players)], known_expansions(), 100 + index)
        mine = policy(level, 7)
        while game.pending is not None and decisions < cap * (index + 1):
            seat = game.pending.players[0]
            if seat != 0:
                game.apply(quick("reference", seat).choose(SeatView(game, seat)))  # type: ignore[attr-defined]
                continue
            action = mine.choose(SeatView(game, 0))
            if len(game.legal_actions(0)) > 1:
                redrawn = game.determinized(0, random.Random(rng.getrandbits(32)))
                decisions += 1
                changed += policy(level, 7).choose(SeatView(redrawn, 0)) != action
            game.apply(action)
    return decisions, changed


@pytest.mark.slow
@pytest.mark.parametrize(
    ("level", "games", "cap"), [("easy", 4, 99), ("normal", 1, 20), ("hard", 1, 8)]
)
def test_no_level_changes_its_mind_when_what_it_cannot_see_is_drawn_again(level, games, cap):
    """The honesty check of benchmarks.ai, smaller: 2 and 3 players, every
    expansion, at most ``cap`` decisions a game; the benchmark asks over 5,000
    decisions (500 for hard)."""
    decisions, changed = 0, 0
    for players in (2, 3):
        d, c = _honest(level, games, players, cap)
        decisions, changed = decisions + d, changed + c
    assert decisions >= 2 * games * min(cap, 30) and changed == 0


@pytest.mark.slow
def test_the_hard_level_at_its_full_budget_decides_alike_twice():
    """Same game seed and AI seed, full budget: the same decisions (no time
    enters the search)."""
    records = []
    for _ in range(2):
        game = Game(["A", "B"], ("gifts", "bets", "christmas"), 11)
        hard, ref = policy("hard", 5), policy("reference", 6)
        for _ in range(16):
            seat = game.pending.players[0]
            game.apply((hard if seat == 0 else ref).choose(SeatView(game, seat)))
        records.append(game.record())
    assert records[0] == records[1]


def test_the_levels_weigh_every_legal_answer_of_a_decision_abbot_and_river_included():
    """ranked() (what every level chooses from) lists each legal action once:
    the abbot on a monastery or garden (A-3) and taking it back (A-4) too."""
    seen: set[str] = set()
    for seed in range(6):
        game = Game(["A", "B", "C"], ("river", "abbot", "gifts"), seed)
        rng = random.Random(seed)
        while game.pending is not None:
            seat = game.pending.players[0]
            legal = game.legal_actions(seat)
            moves = ranked(game.fork(), seat, random.Random(1))
            assert sorted(map(repr, (m.action for m in moves))) == sorted(map(repr, legal))
            seen |= {a["type"] + ("+abbot" if a.get("abbot") else "") for a in legal}
            game.apply(rng.choice(legal))
    assert {"follower+abbot", "abbot-back"} <= seen


@pytest.mark.parametrize("level", sorted(POLICIES))
def test_a_level_leaves_no_copy_of_the_game_behind(level):
    # Every determinization and playout fork a level makes is released
    # (engine.fork.release): none waits for the garbage collector, whose
    # passes over them made the AI's slowest decisions.
    import gc

    game, rng = Game(["A", "B", "C"], ("gifts", "bets", "christmas"), 4), random.Random(4)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))

    def flows() -> set[int]:  # games with a live turn flow (other tests' too)
        return {id(g) for g in gc.get_objects() if isinstance(g, Game) and vars(g).get("_flow")}

    gc.collect()
    gc.disable()
    try:
        before = flows()
        for _ in range(6):
            seat = game.pending.players[0]
            game.apply(quick(level, 1).choose(SeatView(game, seat)))  # type: ignore[attr-defined]
            assert flows() - before == set()
    finally:
        gc.enable()
