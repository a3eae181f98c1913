"""The River's adapter (bot/expansions/river.py): a river tile is offered only
the cell beyond the open end (R-3), the board numbers that cell alone, the
panel says why (R-3, R-4), and once the river is laid the land tiles are
placed as usual (R-6); no command (nothing to choose), its /rules pages in
every language."""

from __future__ import annotations

from types import SimpleNamespace

from bot import expansions
from bot.expansions.river import ADAPTER
from bot.present import choices as ch
from bot.present import panel as pn
from bot.render import board_alt
from bot.text import ENGLISH, Words
from engine import Game
from tests.engine.helpers import play

INFO = SimpleNamespace(
    id=1, version=0, seats=[SimpleNamespace(index=i, is_ai=False) for i in (0, 1)]
)
FR, NL = Words("fr"), Words("nl")


def panel(g: Game, seat: int, words: Words = ENGLISH) -> pn.Panel:
    return pn.build(g, INFO, seat, words, ai_seats=set())  # type: ignore[arg-type]


def cells(p: pn.Panel) -> list[str]:
    return [
        o.value for r in p.rows if isinstance(r, pn.Sel) and r.verb == "cell" for o in r.options
    ]


def test_r3_a_river_tile_is_offered_the_one_cell_beyond_the_open_end() -> None:
    g = Game(["Ada", "Bo"], ["river"], seed=3, decks={"river": ["RV10", "RV2"], "tiles": ["U"]})
    # The spring's water runs east: the river goes on at 1,0, nowhere else.
    assert ch.legal_cells(g) == [(1, 0)] and ch.numbered_cells(g) == {(1, 0): 1}
    shown = panel(g, 0)
    assert cells(shown) == ["1,0"]
    note = ENGLISH("river.note.place")
    assert note in shown.text and FR("river.note.place") in panel(g, 0, FR).text
    assert note not in panel(g, 1).text  # Bo is not asked
    # The board's words say one numbered cell (what the image numbers).
    alt = board_alt(ch.shown_view(g), ENGLISH, ch.legal_cells(g))
    assert "1 numbered cell" in alt
    # RV10 turns the river right (south): the lake then goes on at 1,1 alone.
    play(g, "RV10 1,0 r0 -")
    assert ch.legal_cells(g) == [(1, 1)] and cells(panel(g, 1)) == ["1,1"]


def test_r3_a_sole_cell_is_chosen_for_the_player_who_picks_the_way_at_once() -> None:
    g = Game(["Ada", "Bo"], ["river"], seed=3, decks={"river": ["RV10", "RV2"], "tiles": ["U"]})
    shown = panel(g, 0)
    rotations = [b for r in shown.rows if isinstance(r, tuple) for b in r if b.verb == "rot"]
    assert rotations and all(b.arg.startswith("1,0,") for b in rotations)
    assert shown.image is not None and shown.image.kind == "placement"
    assert ENGLISH("panel.only_cell") in shown.text and "{" not in FR("panel.only_cell")
    # The select still shows the cell, chosen.
    (sel,) = [r for r in shown.rows if isinstance(r, pn.Sel) and r.verb == "cell"]
    assert [o.default for o in sel.options] == [True]
    # Several cells: nothing is chosen for the player.
    g = Game(["Ada", "Bo"], ["river"], seed=3, decks={"river": ["RV2"], "tiles": ["U", "U"]})
    play(g, "RV2 1,0 r0 -")
    shown = panel(g, 1)
    assert ENGLISH("panel.only_cell") not in shown.text
    assert shown.image is not None and shown.image.kind == "tile"


def test_r6_after_the_river_land_tiles_are_placed_as_usual() -> None:
    g = Game(["Ada", "Bo"], ["river"], seed=3, decks={"river": ["RV2"], "tiles": ["U", "U"]})
    play(g, "RV2 1,0 r0 -")  # the lake closes the river
    assert g.turn is not None and g.turn.tile == "U"
    assert len(ch.legal_cells(g)) > 1  # anywhere it fits
    assert ENGLISH("river.note.place") not in panel(g, 1).text


def test_the_river_has_no_command_and_its_rules_in_every_language() -> None:
    assert expansions.adapter("river") is ADAPTER
    assert ADAPTER.command is None and ADAPTER.actions == ()
    assert [a.name for a in expansions.adapters()][-2:] == ["river", "abbot"]
    for words in (ENGLISH, FR, NL):
        pages = ADAPTER.rule_pages(words)
        assert len(pages) == 2 and all(p and "{" not in p for p in pages)
        assert words("river.title") != "river.title"
    assert FR("river.title") == "La Rivière" and NL("river.title") == "De Rivier"
