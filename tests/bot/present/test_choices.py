"""Choices offered to players come only from the engine's legal lists."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from bot import expansions
from bot.present import choices as ch
from bot.present import panel as pn
from bot.services.standin import minimal_action, passive_action
from bot.text import ENGLISH as W
from bot.text import Text
from engine.actions import Follower, GameAction, Place
from engine.ai import AI
from engine.expansions import known_expansions
from engine.expansions.bets.actions import Stake, StakePass
from engine.expansions.christmas.actions import XmasDraw, XmasReact
from engine.expansions.gifts.actions import ChooseTile
from engine.game import Game
from renders.board import distinct_cells, number_cells
from renders.choices import distinct_rotations
from tests.quick import slow_after


@dataclass(frozen=True, slots=True)
class Numbered(GameAction):
    """An action of no expansion, for the labels and pages below."""

    TYPE: ClassVar[str] = "n"

    n: int


@dataclass(frozen=True, slots=True)
class Long(Numbered):
    TYPE: ClassVar[str] = "x" * 150


def test_cells_use_the_board_numbering_and_rotations_are_legal_and_distinct() -> None:
    game = Game(["Ada", "Bo"], seed=3)
    placements = game.legal_placements()
    assert ch.numbered_cells(game) == number_cells(distinct_cells(placements))
    tile = game.turn.tile  # type: ignore[union-attr]
    for x, y in ch.legal_cells(game):
        legal = sorted(r for a, b, r in placements if (a, b) == (x, y))
        offered = ch.rotations_at(game, x, y)
        # The placement preview's numbers: every different result once (#14).
        assert offered == distinct_rotations(tile, legal) and set(offered) <= set(legal)


def test_a_symmetric_tile_is_offered_once_per_different_result() -> None:
    game = Game(["Ada", "Bo"], seed=3, decks={"tiles": ["X", "X"]})  # the crossroads
    x, y = ch.legal_cells(game)[0]
    assert len(ch.all_rotations_at(game, x, y)) == 4
    assert len(ch.rotations_at(game, x, y)) == 1


def test_follower_labels_are_the_numbered_spots_then_none_b5() -> None:
    game = Game(["Ada", "Bo"], seed=3)
    x, y, r = game.legal_placements()[0]
    game.apply({"player": 0, "type": "place", "x": x, "y": y, "rotation": r})
    labels = ch.follower_labels(game, W)
    assert labels[-1] == (None, "No follower")
    # Numbered as on the follower preview (the engine's order), feature and side named.
    assert [loc for loc, _ in labels[:-1]] == game.legal_followers()
    for n, (_, label) in enumerate(labels[:-1], 1):
        assert label.startswith(f"{n} · ") and label.endswith(")"), label
        assert label.split(" · ")[1].split(" (")[0] in ("Road", "City", "Monastery", "Field")


def test_spots_are_named_by_compass_words_never_codes() -> None:
    from bot import places
    from engine.tiles import face

    crossroads = face("X", 0)
    names = {places.spot_label(crossroads, loc, W) for loc in crossroads.name_to_seg}
    assert "Road (north)" in names and "Field (north-east)" in names
    straight = face("U", 0)  # a road from north to south between two fields
    assert places.spot_label(straight, "N", W) == "Road (north-south)"
    for label in names:
        assert not any(code in label.split() for code in ("NNE", "ENE", "WSW", "C"))


def test_expansion_actions_are_grouped_by_their_adapter() -> None:
    offered = [a.name for a in expansions.adapters()]
    game = Game(["Ada", "Bo"], offered, seed=8)
    for spec in game.hooks.actions.values():
        adapter = expansions.for_action(spec.action)
        assert adapter is not None and adapter.name in offered, spec.type
        assert ch.command_of(spec.action) in ("gift", "bet", "card", "abbot")
    # A follower action placing the abbot is The Abbot's, under /abbot.
    abbot = Follower(0, "C", "abbot")
    assert expansions.for_action(abbot) is expansions.adapter("abbot")
    assert ch.command_of(abbot) == "abbot" and expansions.for_action(Follower(0, "C")) is None
    assert expansions.for_action(Place) is None
    assert ch.command_of(Place(0, 0, 1, 0)) == ch.ALL_EXPANSION_ACTIONS


def test_panel_offers_every_legal_action_of_the_seat_and_nothing_else() -> None:
    """Through a whole game: each panel's expansion choices are exactly the
    seat's legal expansion actions, and its cell options the legal cells."""
    from types import SimpleNamespace

    game = Game(["Ada", "Bo", "Cy"], known_expansions(), seed=4)
    info = SimpleNamespace(
        id=1, version=0, seats=[SimpleNamespace(index=i, is_ai=False) for i in range(3)]
    )
    checked = 0
    while game.pending is not None and checked < 150:
        d = game.pending
        seat = d.players[0]
        legal = ch.legal(game, seat)
        assert [a.to_record() for a in legal] == game.legal_actions(seat)  # typed, same actions
        offered: set[str] = set()
        panel = pn.build(game, info, seat, W, ai_seats=set())  # type: ignore[arg-type]
        pages = [panel] + [
            pn.build(game, info, seat, W, action_page=int(b.arg), ai_seats=set())  # type: ignore[arg-type]
            for b in panel.rows[-1]  # type: ignore[union-attr]
            if b.verb == "apage"
        ]
        for row in [r for p in pages for r in p.rows]:
            if isinstance(row, pn.Sel) and row.verb == "cell":
                cells = {tuple(int(v) for v in o.value.split(",")) for o in row.options}
                assert cells <= set(ch.legal_cells(game))
            elif isinstance(row, pn.Sel) and row.verb == "actsel":
                offered |= {o.value for o in row.options}
                assert all(len(o.label) <= 100 and len(o.description) <= 100 for o in row.options)
            elif isinstance(row, tuple):
                offered |= {b.arg for b in row if b.verb == "act"}
                assert all(len(b.label) <= 80 for b in row)
                for b in row:
                    if b.verb == "fol":
                        assert (None if b.arg == "none" else b.arg) in [
                            None,
                            *(game.legal_followers() or []),
                        ]
        # Expansion actions, the abbot's placement included (A-3: a follower action).
        expected = {ch.action_key(a) for a in legal if expansions.for_action(a) is not None}
        assert offered == expected
        game.apply(AI(seat).choose(game, seat))
        checked += 1


def test_passive_and_minimal_actions() -> None:
    assert passive_action([Stake(0, "4"), StakePass(0)]) == StakePass(0)
    assert passive_action([XmasReact(1, True), XmasReact(1, False)]) == XmasReact(1, False)
    assert passive_action([XmasDraw(0, "abbey", True), XmasDraw(0, "abbey", False)]) == (
        XmasDraw(0, "abbey", False)
    )
    assert passive_action([ChooseTile(0, "V")]) is None
    game = Game(["Ada", "Bo"], seed=3)
    first = minimal_action(game, 0)
    assert isinstance(first, Place)
    game.apply(first)
    assert minimal_action(game, 0) == Follower(0, None)


def test_labels_fit_discord_limits() -> None:
    from bot.expansions.generic import describe

    assert len(describe(Long(0, 7), W)) <= 100
    assert describe(Numbered(0, 7), W) == "N n 7"  # its type and its fields


def test_more_than_25_actions_are_paged(monkeypatch) -> None:
    from types import SimpleNamespace

    game = Game(["Ada", "Bo"], seed=3)
    many = [ch.Choice(100 + i, Numbered(0, i), Text(f"Action {i}")) for i in range(60)]
    monkeypatch.setattr(
        ch, "choices", lambda game, seat, words, base=None: many if base is False else []
    )
    info = SimpleNamespace(id=1, version=0, seats=[])
    first = pn.build(game, info, 0, W, ai_seats=set())  # type: ignore[arg-type]
    pager = [b for b in first.rows[-1] if b.verb == "apage"]  # type: ignore[union-attr]
    assert [b.arg for b in pager] == ["1", "2"]
    seen = set()
    for page in (0, 1, 2):
        panel = pn.build(game, info, 0, W, action_page=page, ai_seats=set())  # type: ignore[arg-type]
        select = next(r for r in panel.rows if isinstance(r, pn.Sel) and r.verb == "actsel")
        assert len(select.options) <= 25
        seen |= {o.value for o in select.options}
    assert seen == {c.key for c in many}


# Each seed met a pair once (two fields on one side, two followers on one
# spot, two offices, a crossing's arms): 2 to 4 players. One whole game in the
# quick loop, the others with the slow tests.
@pytest.mark.parametrize("seed", slow_after([3, 4, 11, 28, 29]))
def test_a_seats_choices_can_always_be_told_apart(seed: int) -> None:
    """Through whole games with every expansion: the expansion choices a
    panel offers never read the same (label and description), e.g. the final
    settlement's roads at two offices (T-5) name their office."""
    from types import SimpleNamespace

    players = ["Ada", "Bo", "Cy", "Dee"][: 2 + seed % 3]
    game = Game(players, known_expansions(), seed=seed)
    info = SimpleNamespace(
        id=1, version=0, seats=[SimpleNamespace(index=i, is_ai=False) for i in range(4)]
    )
    while game.pending is not None:
        d = game.pending
        for seat in d.players:
            panel = pn.build(game, info, seat, W, ai_seats=set())  # type: ignore[arg-type]
            pages = [panel] + [
                pn.build(game, info, seat, W, action_page=int(b.arg), ai_seats=set())  # type: ignore[arg-type]
                for b in panel.rows[-1]  # type: ignore[union-attr]
                if b.verb == "apage"
            ]
            read: list[tuple[str, str]] = []
            for row in [r for p in pages for r in p.rows]:
                if isinstance(row, pn.Sel) and row.verb == "actsel":
                    read += [(o.label, o.description) for o in row.options]
                elif isinstance(row, tuple):
                    read += [(b.label, "") for b in row if b.verb == "act"]
            dup = [r for r in set(read) if read.count(r) > 1]
            assert not dup, (seed, d.step, dup)
        seat = d.players[0]
        game.apply(AI(seat).choose(game, seat))


def test_place_and_follower_choices_are_the_pairs_legal_moves_lists_b4_b5() -> None:
    """The place panel offers the placements of Game.legal_moves(), and once
    one is made the follower panel offers exactly the locations legal_moves()
    paired with it (then none): the bot's two steps and the legality-only
    listing agree, so each choice it shows is one of those pairs (issue #35)."""
    from engine import replay

    compared = 0
    for seed in (3, 8):
        game = Game(["Ada", "Bo", "Cy"], seed=seed)
        ai = AI(seed)
        while game.pending is not None and len(game.board.tiles) < 30:
            if game.pending.step == "place":
                seat = game.pending.active
                pairs: dict[tuple[int, int, int], list[str | None]] = {}
                for x, y, r, loc in game.legal_moves():
                    pairs.setdefault((x, y, r), []).append(loc)
                offered = [
                    (x, y, r)
                    for x, y in ch.legal_cells(game)
                    for r in ch.all_rotations_at(game, x, y)
                ]
                assert sorted(offered) == sorted(pairs)
                record = game.record()
                for x, y, r in list(pairs)[:: max(1, len(pairs) // 4)]:
                    copy = replay(record)
                    copy.apply({"player": seat, "type": "place", "x": x, "y": y, "rotation": r})
                    locs = [loc for loc, _ in ch.follower_labels(copy, W)]
                    assert sorted(locs, key=str) == sorted(pairs[x, y, r], key=str)
                    assert [*ch.follower_spots(copy), None] == [*pairs[x, y, r][1:], None]
                    compared += 1
            seat = game.pending.players[0]
            game.apply(ai.choose(game, seat))
    assert compared > 20
