"""Expansion overlays are pluggable: the board and the tiles never name an
expansion, each expansion's module is found by its name, and a new overlay
module draws on the board through the registry alone."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from PIL import Image

from engine.expansions import gifts, known_expansions
from engine.game import Game
from engine.views import public_view
from renders import art, board, overview, panels, pieces, tiles, turn
from renders.overlays import REGISTRY, BoardContext, LegendItem, register
from renders.overlays.base import Overlay
from tests.renders.conftest import WORDS

EXPANSION_WORDS = ("gifts", "bets", "christmas", "chip", "office", "lock", "tiebreak", "xmas")


def test_board_modules_name_no_expansion() -> None:
    for module in (board, turn, panels, overview):
        source = Path(str(module.__file__)).read_text().lower()
        for word in EXPANSION_WORDS:
            assert not re.search(rf"\b{word}", source), f"{module.__name__} mentions {word!r}"


def test_tiles_and_pieces_name_no_expansion() -> None:
    for module in (tiles, pieces, art):
        source = Path(module.__file__ or "").read_text().lower()
        for name in (*known_expansions(), "xmas"):
            assert not re.search(rf"\b{name}", source), f"{module.__name__} mentions {name!r}"


def test_each_expansion_s_module_is_found_by_its_name() -> None:
    art.load(["bets", "no-such-expansion"])  # one without a module draws nothing of its own
    assert "bets" in REGISTRY
    art.load()
    assert {"bets", "christmas"} <= set(REGISTRY)
    assert gifts.NAME not in REGISTRY  # The Gifts draws nothing on the board
    assert "abbot" in art.PIECES and len(art.UNDER) >= 1 and len(art.OVER) >= 3


class ToyOverlay:
    key = "toy"

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def draw(self, ctx: BoardContext, data: Any) -> None:
        self.seen.append(data)
        b = ctx.cell_box(0, 0)
        ctx.draw.rectangle((b[0] + 5, b[1] + 5, b[0] + 25, b[1] + 25), fill=(255, 0, 255))
        ctx.note(LegendItem("toy-mark", _icon))


def _icon(side: int) -> Image.Image:
    return Image.new("RGBA", (side, side), (255, 0, 255, 255))


def test_a_new_overlay_draws_through_the_registry_alone() -> None:
    toy = ToyOverlay()
    overlay: Overlay = toy
    register(overlay)
    try:
        view = public_view(Game(["Ada", "Bo"], seed=1))
        plain = board.board_image(view, WORDS)
        marked = board.board_image(dataclasses.replace(view, extra={"toy": {"n": 1}}), WORDS)
        assert toy.seen == [{"n": 1}]
        assert (255, 0, 255) in {c for _, c in marked.getcolors(1 << 20) or []}
        assert plain.tobytes() != marked.tobytes()
        legend = marked.crop((0, marked.height - 40, marked.width, marked.height))
        assert (255, 0, 255) in {c for _, c in legend.getcolors(1 << 20) or []}  # explained
    finally:
        del REGISTRY["toy"]
