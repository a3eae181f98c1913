"""The engine's fast paths (issue #19) against the plain definitions they replace.

Speed and memory are measured by ``python -m benchmarks.engine``; these tests
only check that every shortcut gives exactly what the straightforward code
gives: fit tables, listings, tile counts, monastery lookups, the AI's
Outlook, compact events and seat copies of the logs, the action fast path,
frozen builders, the shuffle.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from copy import deepcopy
from typing import Any

import pytest

import engine.board as board_module
from engine import Game, IllegalAction, flows
from engine.actions import BASE_ACTIONS, Follower, Place, named_feature, plain_base_action
from engine.ai import AI, Outlook, feature_value, option_values, preview
from engine.ai.heuristics import _share
from engine.board import SEAT_SLOTS, Board, Feature, Placed
from engine.board import Follower as Piece
from engine.decks import shuffle
from engine.directions import OFFSETS, ROTATIONS
from engine.events import EventLog
from engine.expansions import known_expansions
from engine.fork import clone, copy_board, copy_state
from engine.frozen import FrozenDict, FrozenList, freeze, frozen_builder
from engine.game import MAX_PLAYERS, PlacementRule, shuffled
from engine.listing import place_actions
from engine.phases import Decision, new_decision
from engine.scoring import follower_counts, owners
from engine.tiles import (
    BASE_KINDS,
    FACES,
    FITS,
    KINDS,
    NEED_CODES,
    START_KIND,
    base_bag,
    misfit,
    need_side,
)
from tests.engine.helpers import fingerprint
from tests.quick import slow_unless

# The base game and every expansion at once before each commit; each alone in CI.
EXPANSION_SETS = slow_unless(
    [(), *((e,) for e in known_expansions()), tuple(known_expansions())],
    lambda e: len(e) != 1,
)


def _played(seed: int, expansions: tuple[str, ...] = (), players: int = 3) -> list[Game]:
    """Every state of a random game, as replays of its record's prefixes
    (every 10th action, so the test stays quick)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], expansions, seed)
    states = []
    while game.pending is not None:
        if len(game.actions) % 10 == 0:
            states.append(game.record())
        options = [a for p in game.pending.players for a in game.legal_actions(p)]
        game.apply(rng.choice(options))
    states.append(game.record())
    return [_replayed(r) for r in states]


def _at_place(games: list[Game]) -> list[Game]:
    """The states among ``games`` that ask for a tile's placement."""
    return [g for g in games if g.pending is not None and g.pending.step == "place"]


def _replayed(record: dict[str, Any]) -> Game:
    game = Game(record["players"], record["expansions"], record["seed"], record.get("decks"))
    for action in record["actions"]:
        game.apply(action)
    return game


# --- B-4: the fit table and the listings ------------------------------------------
def test_fit_table_matches_the_edges_for_every_kind_and_need():
    for kind in KINDS:
        for code in range(NEED_CODES):
            need = [need_side(code, side) for side in range(4)]
            expected = tuple(
                r
                for r in ROTATIONS
                if all(n in ("?", e) for n, e in zip(need, FACES[(kind, r)].edges, strict=True))
            )
            assert FITS[kind][code] == expected, (kind, need)
            for r in ROTATIONS:
                if r not in expected:  # the B-4 message names a side that breaks the need
                    side, mine, theirs = misfit(FACES[(kind, r)], code)
                    assert theirs == need[side] != "?" and mine != theirs


def _listing(board: Board, kind: str) -> list[tuple[int, int, int]]:
    """B-4 by definition: every empty neighbour cell, every fitting rotation."""
    out = []
    for (x, y), need in board.frontier.items():
        for r in ROTATIONS:
            edges = FACES[(kind, r)].edges
            if all(need_side(need, d) in ("?", edges[d]) for d in range(4)):
                out.append((x, y, r))
    return sorted(out)


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_listings_and_draw_checks_match_the_definition(expansions):
    for game in _played(3, expansions):
        board = game.board
        for kind in sorted({*game.bag[:6], "D", "V"}):
            assert board.placements(kind) == _listing(board, kind), kind
            assert board.can_place(kind) == bool(_listing(board, kind))
            for x, y, r in _listing(board, kind):
                assert r in board.fits(kind, (x, y))
        if board._cells is not None:  # kept sorted and up to date by place() once made
            assert [(x, y) for x, y, _, _, _ in board._cells] == sorted(board.frontier)
            for x, y, need, quad, _ in board._cells:
                assert need == board.frontier[x, y]
                assert quad == tuple((x, y, r) for r in ROTATIONS)


def test_a_placement_drops_the_kept_listing():
    game = Game(["A", "B"], seed=5)
    before = game.legal_placements()
    x, y, r = before[0]
    game.apply({"player": 0, "type": "place", "x": x, "y": y, "rotation": r})
    assert game.board.placements(game.turn.tile) == _listing(game.board, game.turn.tile)
    listing = game.board.placements("V")
    listing.clear()  # the caller's copy: the kept listing is untouched
    assert game.board.placements("V") == _listing(game.board, "V")


# --- features: tile counts, monasteries -----------------------------------------------
@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_feature_sizes_count_distinct_tiles(expansions):
    for seed in range(3):
        for game in _played(seed, expansions)[::3]:
            for feat in game.board.features.values():
                tiles = {pos for pos, _ in feat.segments}
                assert feat.size == len(tiles) == len(feat.tiles)
                assert feat.tiles == tiles


def test_monasteries_near_an_empty_cell_are_those_around_it_in_ring_order():
    for game in _played(11)[::2]:
        board = game.board
        for cell in board.frontier:
            around = [m for m, _ in board.monasteries_around(cell)]
            assert list(board.monasteries_near(cell)) == around


def test_the_kept_neighbours_of_a_cell_are_its_four_by_edge():
    _played(5)  # the placements fill the table
    assert len(board_module._AROUND) > 10
    for (x, y), around in board_module._AROUND.items():
        assert around == tuple((x + dx, y + dy) for dx, dy in OFFSETS)


# --- the AI's Outlook ------------------------------------------------------------------
def _option_values_by_preview(game: Game, player: int, kind: str, pos, rotation: int):
    """option_values as written before Outlook: a preview per placement."""
    board = game.board
    face = FACES[(kind, rotation)]
    segs = preview(board, face, pos)
    base = 0.0
    for prev in segs:
        if prev.counts:
            base += feature_value(game, player, prev, with_me=False)
    for mpos, node in board.monasteries_around(pos):
        if mpos == pos:
            continue
        feat = board.feature_of(node)
        if feat.followers and not feat.completed:
            counts: dict[int, int] = {}
            for f in feat.followers:
                counts[f.player] = counts.get(f.player, 0) + 1
            bonus = 1.0 + (2.0 if board.ring_count(mpos) == 7 else 0.0)
            base += _share(counts, player, len(game.players)) * bonus
    out: dict[str | None, float] = {None: base}
    if game.supply[player] == 0:
        return out
    for i, prev in enumerate(segs):
        if not prev.counts:
            out[face.canonical[i]] = base + feature_value(game, player, prev, with_me=True)
    return out


@pytest.mark.parametrize("seed", [0, 7])
def test_outlook_gives_exactly_the_preview_numbers(seed):
    game = Game(["A", "B", "C"], (), seed)
    ais = [AI(p) for p in range(3)]
    checked = 0
    while game.pending is not None:
        player = game.pending.players[0]
        if game.pending.step == "place" and len(game.actions) % 4 == 0:
            outlook = Outlook(game, player)
            kind = game.turn.tile
            for x, y, r in game.legal_placements():
                expected = _option_values_by_preview(game, player, kind, (x, y), r)
                assert outlook.options(kind, (x, y), r) == expected  # floats, exactly
                assert option_values(game, player, kind, (x, y), r) == expected
                assert outlook.best(kind, (x, y), r) == max(expected.values())
                checked += 1
        game.apply(ais[player].choose(game, player))
    assert checked > 100


# --- compact events --------------------------------------------------------------------
def test_event_log_reads_as_the_dicts_it_stands_for():
    log = EventLog()
    score = {"type": "score", "player": 1, "points": 4, "at": [0, 1]}
    log.drawn(0, "V")
    log.placed(0, "V", 1, -2, 90)
    log.append(score)
    log.follower(0, 1, -2, "SSW", "field")
    expected = [
        {"type": "draw", "player": 0, "tile": "V"},
        {"type": "place", "player": 0, "tile": "V", "x": 1, "y": -2, "rotation": 90},
        score,
        {"type": "follower", "player": 0, "x": 1, "y": -2, "location": "SSW", "feature": "field"},
    ]
    assert list(log) == expected and log == expected and len(log) == 4
    assert [list(e) for e in log] == [list(e) for e in expected]  # same key order
    assert repr(log) == repr(expected)
    assert log[1:3] == expected[1:3] and log.since(2) == expected[2:] and log[-1] == expected[-1]
    assert log[2] == score and isinstance(log[2], FrozenDict)  # kept, unchangeable
    log[0]["tile"] = "X"  # a compact event's dict is a fresh copy
    assert log[0]["tile"] == "V"


def test_a_compact_score_event_reads_as_the_one_award_logs():
    # scoring.pay logs a score without an expansion's fields compact.
    plain, compact = Game(["A", "B"], seed=1), Game(["A", "B"], seed=1)
    fields = {"feature": "city", "reason": "completed", "tiles": 3, "pennants": 1, "cities": 0}
    plain.award(1, 8, {**fields, "at": [2, -1]})
    compact.scores[1] += 8
    compact.events.scored(1, 8, *fields.values(), (2, -1))
    assert compact.scores == plain.scores
    assert [list(e.items()) for e in compact.events] == [list(e.items()) for e in plain.events]
    compact.events[-1]["at"].append(5)  # a fresh copy each time it is read
    assert compact.events[-1]["at"] == [2, -1]


def _seen_by(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The plain definition: every event but those addressed to another seat."""
    return [e for e in events if e.get("private", seat) == seat]


@pytest.mark.parametrize("seed", range(3))
def test_a_seat_s_copy_of_the_event_log_leaves_out_exactly_others_private_events(seed):
    """EventLog.copy(seat) finds private events by their index: the same as
    filtering every event, also for copies of copies and events added later."""
    rng = random.Random(seed)
    log = EventLog()
    for i in range(60):
        if rng.random() < 0.5:
            log.drawn(i % 3, "V")
        else:
            private = {"private": rng.randrange(3)} if rng.random() < 0.4 else {}
            log.append({"type": "note", "n": i, **private})
    for seat in range(3):
        mine = log.copy(seat)
        assert list(mine) == _seen_by(list(log), seat)
        mine.append({"type": "late", "private": (seat + 1) % 3})
        mine.append({"type": "own", "private": seat})
        assert list(mine.copy()) == list(mine)
        assert list(mine.copy().copy(seat)) == _seen_by(list(mine), seat)
        assert list(mine.copy(seat)) == list(mine)[:-2] + list(mine)[-1:]


def test_a_seat_s_copy_of_the_action_log_is_each_action_as_the_seat_knows_it():
    # engine.logs.ActionLog.copy(seat) redacts only the actions its scan found
    # hidden, the scan handed from log to copy: against every action redacted
    # by its definition, at every step, for logs copied early that grew apart.
    def plain(actions, seat):
        return [a if not a.HIDDEN or a.player == seat else a.redacted(seat) for a in actions]

    rng = random.Random(2)
    game = Game([f"P{i}" for i in range(3)], ("bets", "christmas", "gifts"), 2)
    early = None
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
        log = game.actions
        if len(log) == 40:
            early = log.copy()
        for seat in range(3):
            assert list(log.copy(seat).typed()) == plain(log.typed(), seat)
            assert list(log.copy().copy(seat).typed()) == plain(log.typed(), seat)
            twice = log.copy((seat + 1) % 3).copy(seat)
            assert list(twice.typed()) == plain(plain(log.typed(), (seat + 1) % 3), seat)
        if early is not None and len(log) % 3 == 0:  # the early copy grows its own way
            hidden = [a for a in log.typed() if a.HIDDEN]
            early.append(hidden[-1] if hidden and len(early) % 2 else log.typed()[-1])
            for seat in range(3):
                assert list(early.copy(seat).typed()) == plain(early.typed(), seat)
    assert any(a.HIDDEN for a in game.actions.typed())


def test_a_determinization_s_log_redacts_other_seats_hidden_fields_alike_each_time():
    """Redacted actions are made once per action and seat (engine.logs): each
    determinization still shows the other seats' stakes blank, its own as played."""
    game, rng = Game(["A", "B"], ("bets",), 4), random.Random(4)
    while {a["player"] for a in game.actions if a["type"] == "stake"} != {0, 1}:
        assert game.pending is not None
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    stakes = [a for a in game.actions if a["type"] == "stake"]
    for k in range(3):
        d = game.determinized(0, random.Random(k))
        seen = [a for a in d.actions if a["type"] == "stake"]
        assert seen == [a if a["player"] == 0 else {**a, "chip": ""} for a in stakes]


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_a_feature_is_named_by_its_north_west_segment(expansions):
    """named_feature's loop against its definition: the least (y, x, segment)."""
    for game in _played(8, expansions)[::3]:
        for feat in game.board.features.values():
            (x, y), seg = min(feat.segments, key=lambda s: (s[0][1], s[0][0], s[1]))
            assert named_feature(game.board, feat) == {
                "x": x,
                "y": y,
                "location": game.board.location_name((x, y), seg),
            }


# --- the fast path of place and follower actions ------------------------------------------
GOOD = [
    {"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90},
    {"type": "place", "rotation": 0, "x": -3, "y": 12, "player": 1},
    {"player": 0, "type": "follower", "location": None},
    {"player": 1, "type": "follower", "location": "NNW"},
    {"player": 2, "type": "follower", "location": "nowhere"},  # well formed, not legal
]
BAD = [
    {"player": True, "type": "place", "x": 1, "y": 0, "rotation": 90},
    {"player": 0, "type": "place", "x": 1.0, "y": 0, "rotation": 90},
    {"player": 0, "type": "place", "x": 1, "y": 0},
    {"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90, "extra": 1},
    {"player": 0, "type": "place", "x": 2**63, "y": 0, "rotation": 90},
    {"player": 0, "type": "place", "x": 1, "y": 0, "rotation": -(2**63) - 1},
    {"player": 0, "type": "follower"},
    {"player": 0, "type": "follower", "location": 3},
    {"player": 0, "type": "follower", "location": None, "x": 1},
    {"player": "0", "type": "follower", "location": None},
    {"player": 0, "type": "gift", "card": "x"},
    [("player", 0)],
]


def test_the_fast_path_reads_exactly_what_the_parser_reads():
    for data in GOOD:
        typed = plain_base_action(data)
        assert typed == BASE_ACTIONS[data["type"]].from_record(data)
        assert plain_base_action(typed) is typed
    for data in BAD:
        assert plain_base_action(data) is None  # the general parser decides


def _outcome(game: Game, data: object) -> tuple[str, str]:
    try:
        game.check(data)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return type(exc).__name__, str(exc)
    return "legal", ""


def test_check_answers_as_the_general_path_does(monkeypatch):
    game = Game(["A", "B"], seed=2)
    x, y, r = game.legal_placements()[0]
    place = {"player": 0, "type": "place", "x": x, "y": y, "rotation": r}
    cases = [*GOOD, *BAD, place, {**place, "player": 1}, {**place, "rotation": 45}]
    fast = [_outcome(game, data) for data in cases]
    monkeypatch.setattr("engine.legality.plain_base_action", lambda data: None)
    assert [_outcome(game, data) for data in cases] == fast
    assert fast[len(GOOD) + len(BAD)] == ("legal", "")


def test_follower_actions_are_interned_only_for_known_seats_and_locations():
    a = plain_base_action({"player": 1, "type": "follower", "location": "N"})
    b = plain_base_action({"player": 1, "type": "follower", "location": "N"})
    assert a is b and a == Follower(1, "N")
    odd = {"player": 1, "type": "follower", "location": "not a location"}
    assert plain_base_action(odd) is not plain_base_action(odd)
    far = {"player": 10**9, "type": "follower", "location": None}
    assert plain_base_action(far) is not plain_base_action(far)


# --- frozen builders ---------------------------------------------------------------------
def test_frozen_builders_make_ordinary_frozen_objects():
    info = {"tile": "D"}
    made = new_decision("place", (0,), 0, ("place",), info)
    plain = Decision("place", (0,), 0, ("place",), info)
    assert type(made) is Decision and made == plain and repr(made) == repr(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.step = "follower"  # type: ignore[misc]
    build = frozen_builder(Placed)
    placed = build("D", (0, 0), 0, FACES[("D", 0)], (0, 1, 2, 3))
    assert type(placed) is Placed
    assert placed == Placed("D", (0, 0), 0, FACES[("D", 0)], (0, 1, 2, 3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        placed.rotation = 90  # type: ignore[misc]
    place = frozen_builder(Place)(0, 1, 2, 90)  # a subclass: its base's slot too
    assert type(place) is Place and place == Place(0, 1, 2, 90)
    with pytest.raises(dataclasses.FrozenInstanceError):
        place.x = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        frozen_builder(_NoSlots)


@dataclasses.dataclass(frozen=True)
class _NoSlots:
    a: int


# --- the bag shuffle ---------------------------------------------------------------------
def test_shuffled_is_random_shuffle():
    decks = ["tiles", "gifts", "abbey"]
    seeds = [*range(50), -1, 2**80]
    for seed, deck in itertools.product(seeds, decks):
        for items in (base_bag(), list("abcdefghijk"), ["x"], []):
            expected = list(items)
            random.Random(f"{seed}/{deck}").shuffle(expected)
            assert shuffled(seed, deck, items) == expected


def test_shuffle_is_random_shuffle_and_leaves_the_stream_alike():
    # Determinizations shuffle their hidden piles with it (engine.fork.redraw).
    for seed, n in itertools.product([*range(30), 2**70], [0, 1, 2, 3, 17, 64, 72, 200]):
        expected, got = list(range(n)), list(range(n))
        theirs, ours = random.Random(seed), random.Random(seed)
        theirs.shuffle(expected)
        shuffle(got, ours)
        assert got == expected
        assert ours.getrandbits(64) == theirs.getrandbits(64)


# --- joins reach merge hooks ----------------------------------------------------------------
def _play_until(game: Game, done) -> None:
    # Random play: an AI would fork the game, and joins in forks reach the
    # same (shared) hooks with the fork.
    rng = random.Random(1)
    while not (done() and game.pending is not None and game.pending.step == "place"):
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))


def test_joins_reach_merge_hooks_registered_late_and_after_a_restore(monkeypatch):
    game = Game(["A", "B"], seed=4)
    seen: list[Game] = []
    game.hooks.merge.add(lambda g, kept, absorbed: seen.append(g))  # after construction
    _play_until(game, lambda: seen)
    assert all(g is game for g in seen)
    before = fingerprint(game)
    failing = [True]
    place = Board.place

    def flaky(self: Board, kind: str, pos: tuple[int, int], rotation: int):  # fails once
        if failing.pop() if failing else False:
            raise RuntimeError("effect failed")
        return place(self, kind, pos, rotation)

    monkeypatch.setattr(Board, "place", flaky)
    x, y, r = game.legal_placements()[0]
    with pytest.raises(RuntimeError):
        game.apply({"player": game.pending.active, "type": "place", "x": x, "y": y, "rotation": r})
    assert fingerprint(game) == before  # rebuilt by replay
    again: list[Game] = []
    game.hooks.merge.add(lambda g, kept, absorbed: again.append(g))
    _play_until(game, lambda: again)
    assert all(g is game for g in again)


# --- issue #35: the board's follower index, feature order, frozen values ---------------
@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_board_followers_are_every_feature_s_followers_in_root_order(expansions):
    for seed in range(2):
        for game in _played(seed, expansions, players=4):
            board = game.board
            assert list(board.features) == sorted(board.features)  # ascending roots
            plain = [(feat, f) for feat in board.features.values() for f in feat.followers]
            assert list(board.followers()) == plain
            assert list(board.followers()) == plain  # after dropping stale roots


def test_flat_and_nested_values_freeze_alike():
    flat = {"type": "score", "player": 1, "points": 4, "at": (2, 3)}
    nested = {"type": "x", "at": [2, 3], "more": {"a": [1, {"b": {2}}]}}
    for value in (flat, nested):
        frozen = freeze(value)
        assert type(frozen) is FrozenDict and frozen == value
    assert type(freeze(nested)["at"]) is FrozenList
    assert type(freeze(nested)["more"]["a"][1]) is FrozenDict
    assert freeze(nested)["more"]["a"][1]["b"] == frozenset({2})
    with pytest.raises(TypeError):
        freeze(flat)["points"] = 5
    deep = [({"a": [1, ("s", {3})]}, "x"), {"b": ((1, [2]), None)}, 7, "y", [[{}]]]
    for value in (flat, nested, deep, {"d": deep}, ("t", [deep])):
        assert _shape(freeze(value)) == _shape(_frozen_plainly(value))
        assert freeze(value) == _frozen_plainly(value)


def _frozen_plainly(value: Any) -> Any:
    """freeze's definition: every dict, list, tuple and set inside made unchangeable."""
    kind = type(value)
    if kind is dict:
        return FrozenDict({k: _frozen_plainly(v) for k, v in value.items()})
    if kind in (list, tuple):
        items = [_frozen_plainly(v) for v in value]
        return FrozenList(items) if kind is list else tuple(items)
    return frozenset(value) if kind is set else value


def _shape(value: Any) -> Any:
    """The types of a value and of everything inside it."""
    inside = value.values() if isinstance(value, dict) else value
    if isinstance(value, dict | list | tuple):
        return (type(value), [_shape(v) for v in inside])
    return type(value)


@pytest.mark.parametrize("seed", range(3))
def test_x5_4_has_swap_says_whether_swap_options_lists_any(seed):
    from engine.expansions.christmas.targets import has_swap, swap_options

    found = set()
    for game in _played(seed, ("christmas", "abbot"), players=4):
        for player in range(4):
            for kind in ("road", "city", "field", "monastery"):
                listed = bool(swap_options(game, player, kind))
                assert has_swap(game, player, kind) == listed
                found.add(listed)
    assert found == {True, False}


def _moves_by_copies(game: Game) -> dict[tuple[int, int, int], list[str | None] | None]:
    """legal_moves() by definition: each placement applied to its own copy of
    the game, then legal_followers() there (None for a placement whose copy
    is asked something else first: an expansion's question after placing)."""
    record, player = game.record(), game.pending.active
    out: dict[tuple[int, int, int], list[str | None] | None] = {}
    for x, y, r in game.legal_placements()[::3]:  # a third of them, to stay quick
        copy = _replayed(record)
        copy.apply({"player": player, "type": "place", "x": x, "y": y, "rotation": r})
        locs = copy.legal_followers()
        out[x, y, r] = None if locs is None else [None, *locs]
    return out


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_legal_moves_are_each_placement_then_its_follower_spots(expansions):
    compared = 0
    for seed in range(2):
        for game in _played(seed, expansions, players=3)[seed::2]:
            if game.pending is None or game.pending.step != "place":
                assert game.legal_moves() == []
                continue
            moves = game.legal_moves()
            listed: dict[tuple[int, int, int], list[str | None]] = {}
            for x, y, r, loc in moves:
                listed.setdefault((x, y, r), []).append(loc)
            assert list(listed) == game.legal_placements()  # every placement, in order
            copies = _moves_by_copies(game)
            for placement, locs in copies.items():
                if locs is not None:  # else asked something first: not comparable
                    assert listed[placement] == locs, placement
                    compared += 1
    assert compared > 10


@pytest.mark.parametrize("seed", range(2))
def test_gifts_ai_values_placements_as_option_values_and_preview_do(seed):
    from engine.expansions.gifts.advice import tile_value
    from engine.expansions.gifts.ai import earns_gift

    checked = 0
    for game in _at_place(_played(seed, ("gifts",), players=3)):
        player, kind = game.pending.active, game.turn.tile
        expected = max(
            (
                max(option_values(game, player, kind, (x, y), r).values())
                for x, y, r in game.board.placements(kind)
            ),
            default=float("-inf"),
        )
        assert tile_value(game, player, kind) == expected  # floats, exactly
        outlook = Outlook(game, player)
        for x, y, r in game.legal_placements():
            gift = earns_gift(game, player, kind, x, y, r)
            best = max(_option_values_by_preview(game, player, kind, (x, y), r).values())
            assert outlook.best_and_lead(kind, (x, y), r) == (best, gift)
            checked += gift
    assert checked > 0


# --- the base actions legal_actions() lists (issue #35) ------------------------------------
def _base_actions_by_definition(game: Game, player: int) -> list[dict[str, Any]]:
    """The place and follower actions of the pending step, built as plain dicts
    from legal_placements() and legal_followers() (B-4, B-5)."""
    d = game.pending
    out: list[dict[str, Any]] = []
    if "place" in d.types:
        out += [
            {"player": player, "type": "place", "x": x, "y": y, "rotation": r}
            for x, y, r in game.legal_placements()
        ]
    if "follower" in d.types:
        locs = [None, *(game.legal_followers() or [])]
        out += [{"player": player, "type": "follower", "location": loc} for loc in locs]
    return out


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_listed_base_actions_are_their_definition_shared_and_unchangeable(expansions):
    listed = 0
    for seed in range(2):
        for game in _played(seed, expansions, players=4):
            if game.pending is None:
                continue
            for p in game.pending.players:
                base = [a for a in game.legal_actions(p) if a["type"] in ("place", "follower")]
                base = [a for a in base if len(a) == len(_base_keys(a))]  # pieces aside
                assert base == _base_actions_by_definition(game, p)
                for action in base:
                    assert isinstance(action, FrozenDict)
                    with pytest.raises(TypeError, match="cannot be changed"):
                        action["player"] = 5
                    assert game.is_legal(action) and game.is_legal(dict(action))
                    listed += 1
    assert listed > 100


def _base_keys(action: dict[str, Any]) -> tuple[str, ...]:
    if action["type"] == "place":
        return ("player", "type", "x", "y", "rotation")
    return ("player", "type", "location")


def test_a_listed_action_is_shared_by_later_listings_and_games():
    a, b = Game(["A", "B"], seed=3), Game(["A", "B"], seed=3)
    first = a.legal_actions(0)
    assert first == b.legal_actions(0) and all(
        x is y for x, y in zip(first, b.legal_actions(0), strict=True)
    )
    for action in first:  # applied, a listed action is read as its own dict is
        assert plain_base_action(action) == plain_base_action(dict(action)) is not None
    changed = dict(first[0])
    changed["rotation"] = 45  # a copy changes; the listing does not
    assert a.legal_actions(0) == first and a.legal_actions(0)[0]["rotation"] != 45


def test_a_cell_s_place_actions_are_shared_by_every_board_and_kept_per_seat():
    # Board._entry: a cell's kept actions by seat serve every board (games,
    # copies, determinizations) and each seat its own.
    games = [g for g in _played(4, players=4) if g.turn is not None and g.pending is not None]
    for game in games[::3]:
        copies = [game, game.fork(), game.determinized(0, random.Random(1))]
        for seat in range(4):
            expected = [
                {"player": seat, "type": "place", "x": x, "y": y, "rotation": r}
                for x, y, r in game.legal_placements()
            ]
            for copy in copies:
                assert place_actions(copy, copy.turn, seat) == expected
        cell = next(iter(game.board.frontier))
        kept = {id(c.board._entries[cell][4]) for c in copies if cell in c.board._entries}
        assert len(kept) == 1


def test_a_board_s_copy_keeps_its_segments_while_the_original_joins_features():
    # engine.fork.copy_board shares each feature's segments: joins make new ones.
    game = Game(["A", "B"], seed=6)
    rng = random.Random(6)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    copy = copy_state(game)
    before = {root: list(f.segments) for root, f in copy.board.features.items()}
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    assert {root: list(f.segments) for root, f in copy.board.features.items()} == before


def _containers(value: Any, seen: dict[int, Any]) -> dict[int, Any]:
    """Every changeable object reachable from ``value`` by id (lists, dicts,
    sets, dataclass instances that are not frozen)."""
    if id(value) in seen or isinstance(value, int | str | float | bool | type(None)):
        return seen
    if isinstance(value, tuple | frozenset | FrozenList):  # unchangeable: may be shared
        for v in value:
            _containers(v, seen)
        return seen
    if isinstance(value, FrozenDict):
        for v in value.values():
            _containers(v, seen)
        return seen
    seen[id(value)] = value
    if isinstance(value, dict):
        for k, v in value.items():
            _containers(k, seen)
            _containers(v, seen)
    elif isinstance(value, list | set):
        for v in value:
            _containers(v, seen)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _containers(getattr(value, f.name), seen)
    return seen


def _check_forked_copies(game: Game, held: set[tuple[str, str]]) -> int:
    """engine.fork.clone of each expansion state with its own forked(memo):
    equal to deepcopy with the board's memo, sharing nothing changeable
    with the original (board objects map to the copy's). Notes in ``held``
    the fields that held something."""
    checked = 0
    for name, value in game.ext.items():
        if not hasattr(type(value), "forked"):
            continue
        checked += 1
        memo: dict[int, Any] = {}
        board = copy_board(game.board, memo)
        plain = deepcopy(value, dict(memo))
        mine = clone(value, memo)
        assert type(mine) is type(value) and mine == plain == value, name
        originals = _containers(value, {})
        new_board = _containers(board.features, {})
        for key, obj in _containers(mine, {}).items():
            assert key not in originals, (name, obj)
            if isinstance(obj, Feature | Piece):
                assert key in new_board, (name, obj)
        held.update((name, f.name) for f in dataclasses.fields(value) if getattr(value, f.name))
    return checked


def test_an_expansion_state_s_own_fork_copy_is_its_deep_copy():
    # gifts, bets and christmas copy their own state for a fork (forked):
    # at every step of random games, then with what those games never hold
    # between two steps (christmas modifiers).
    held: set[tuple[str, str]] = set()
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        game = Game([f"P{i}" for i in range(4)], ("gifts", "bets", "christmas"), seed)
        while game.pending is not None:  # every step: some state lasts one step only
            game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
            checked += _check_forked_copies(game, held)
    assert checked > 300
    xmas = game.ext["christmas"]
    xmas.modifiers = {3: [(0, "pennants-worth-3")]}
    xmas.card_scoring = (1, "score-road")
    xmas.deferred = [{"feature": "road", "x": 0, "y": 0, "tiles": 2, "points": {0: 2}}]
    xmas.mastermind = (0, 1)
    _check_forked_copies(game, held)
    every = {(n, f.name) for n, v in game.ext.items() for f in dataclasses.fields(v)}
    assert every - held == set()  # each field held something in some copy


def test_a_feature_drops_the_first_equal_follower_as_list_remove_does():
    # Feature.followers is a tuple replaced on change: drop() is list.remove.
    a, b, a_twin = Piece(0, (0, 0), 1), Piece(1, (0, 0), 2), Piece(0, (0, 0), 1)
    feat = Feature(0, "road", 1, (((0, 0), 1),), followers=(a, b, a_twin))
    plain = [a, b, a_twin]
    plain.remove(a_twin)
    feat.drop(a_twin)
    assert feat.followers == tuple(plain) and feat.followers[0] is b and feat.followers[1] is a_twin
    with pytest.raises(ValueError):
        feat.drop(Piece(2, (0, 0), 1))


def test_bet_chip_faces_sort_by_their_place_in_the_table():
    # bet_chips.face_order: a dict's lookup for FACES.index.
    from engine.expansions.bet_chips import FACES, face_order

    assert [face_order(f) for f in FACES] == [FACES.index(f) for f in FACES]
    assert sorted(reversed(FACES), key=face_order) == sorted(reversed(FACES), key=FACES.index)


def test_a_kept_redaction_is_used_only_for_the_very_action_it_was_made_for():
    # engine.logs keeps redactions by (id(action), seat), the action in the entry.
    from engine.expansions.bets.actions import Stake
    from engine.logs import _REDACTED, _redacted

    mine, other = Stake(0, "4"), Stake(2, "5|6")
    assert _redacted(mine, 1) == mine.redacted(1) != mine
    assert _redacted(mine, 1) is _redacted(mine, 1)
    _REDACTED[id(other), 1] = (mine, mine.redacted(1))  # as if an old id came back
    assert _redacted(other, 1) == other.redacted(1)
    assert _REDACTED[id(other), 1][0] is other


def test_a_copy_s_turn_is_the_turn_with_cells_and_data_of_its_own():
    # engine.fork.copy_state copies the turn's __dict__ (dataclasses.replace
    # without its checks), then gives it its own allowed cells and data.
    seen = set()
    for seed in range(3):
        for game in _played(seed, tuple(known_expansions()), 3):
            turn = game.turn
            if turn is None:
                continue
            copied = copy_state(game).turn
            assert type(copied) is type(turn) and copied == dataclasses.replace(turn)
            assert vars(copied).keys() == vars(turn).keys()
            assert copied.data is not turn.data
            seen.update(["data"] if turn.data else [])
            mid = game
    assert seen == {"data"}
    mid.turn.allowed_cells = {(0, 1)}  # as fixes the cell
    copied = copy_state(mid).turn
    assert copied == dataclasses.replace(mid.turn)
    assert copied.allowed_cells is not mid.turn.allowed_cells


@pytest.mark.parametrize("seed", range(2))
def test_one_outlook_values_every_tile_kind_as_a_fresh_one_does(seed):
    # gifts.advice.take_two_gain values each kind left with the decision's one
    # Outlook (what it caches never depends on the kind): exactly as fresh ones.
    from engine.expansions.gifts.advice import tile_value

    checked = 0
    for game in _at_place(_played(seed, ("gifts",), players=3)):
        player = game.pending.active
        shared = Outlook(game, player)
        for kind in sorted(set(game.bag))[::3]:
            assert tile_value(game, player, kind, shared) == tile_value(game, player, kind)
            checked += 1
    assert checked > 20


# --- issue #35: the base turn's shortcuts ----------------------------------------------
def _random_to_end(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    return game


@pytest.mark.parametrize("seed", range(4))
def test_b8_final_scoring_of_the_occupied_roots_is_that_of_every_feature(seed):
    # engine.scoring.final_scoring reads only the roots holding followers
    # unless a scoring hook exists: a no-op one makes it read every feature.
    fast = _random_to_end(Game(["A", "B", "C"], seed=seed), seed)
    plain = Game(["A", "B", "C"], seed=seed)
    plain.hooks.feature_scored.add(lambda game, score: None)
    _random_to_end(plain, seed)
    assert list(plain.events) == list(fast.events)
    assert any(e["type"] == "score" and e["reason"] == "final" for e in fast.events)


def test_a_place_action_is_legal_exactly_where_b4_and_the_turn_s_limits_allow():
    # engine.legality.check_place accepts at once where the tile fits a
    # frontier cell and no effect limits the turn; else its checks in order.
    for game in _at_place(_played(2))[::4]:
        turn, board = game.turn, game.board
        fits = set(_listing(board, turn.tile))
        cells = {*board.frontier, *list(board.tiles)[:3], (99, 99)}
        cell = min(board.frontier)
        for limit in (None, "cells", "rule"):
            if limit == "cells":
                turn.allowed_cells = {cell}
            if limit == "rule":
                turn.allowed_cells = None
                turn.rule = PlacementRule(
                    frozenset(sorted(fits)[:1]),
                    lambda x, y, r: IllegalAction("no", code="placement_refused"),
                )
            for x, y in cells:
                for r in (*ROTATIONS, 45):
                    data = {"player": turn.player, "type": "place", "x": x, "y": y, "rotation": r}
                    allowed = (x, y, r) in fits
                    if limit == "cells":
                        allowed = allowed and (x, y) == cell
                    if limit == "rule":
                        allowed = allowed and (x, y, r) in turn.rule.allowed
                    assert game.is_legal(data) == allowed, (limit, x, y, r)


def test_a_cell_keeps_a_slot_for_the_actions_of_every_seat_a_game_may_have():
    game = Game(["A", "B"], seed=1)
    (cell,) = [c for c in game.board.frontier_cells() if (c[0], c[1]) == (0, -1)]
    assert len(cell[4]) == SEAT_SLOTS == MAX_PLAYERS


def test_the_logs_size_is_their_length_in_every_copy():
    # RecordLog.size is the list's own __len__: copies answer for their own list.
    game = _random_to_end(Game(["A", "B"], ("gifts",), seed=3), 3)
    first = game.actions.typed()[0]
    for seat in (None, 0):
        events, actions = game.events.copy(seat), game.actions.copy(seat)
        events.append({"type": "probe"})
        actions.append(first)
        for log in (events, actions, game.events, game.actions):
            assert log.size() == len(log) == len(list(log))


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_b6_owners_are_the_players_with_most_followers(expansions):
    # scoring.owners names a lone player's followers' owner at once (no hook to weigh them).
    seen = 0
    for game in _played(1, expansions, players=4):
        for feat in game.board.features.values():
            counts = follower_counts(feat)
            if game.hooks.owner_strength.fns:
                game.hooks.owner_strength(game, feat, counts)
            best = max(counts.values(), default=0)
            expected = sorted(p for p, c in counts.items() if c == best and c > 0)
            assert owners(game, feat) == expected
            seen += bool(expected)
    assert seen


def test_a_new_game_s_kept_setup_parts_are_their_definitions():
    # tiles.base_bag copies a tuple made once; flows.current is found once per
    # set of registered expansions.
    bag = [t.kind for t in BASE_KINDS for _ in range(t.count)]
    bag.remove(START_KIND)  # B-2
    assert base_bag() == bag and base_bag() is not base_bag()
    newest = max(m.flow for m in flows.migrations(known_expansions()))
    assert flows.current() == newest == Game(["A", "B"]).flow
