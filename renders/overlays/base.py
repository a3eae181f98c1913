"""What an expansion's board overlay is, and the registry of them.

The board (renders.board) draws the base game only. Each expansion with
public marks on the board registers one :class:`Overlay` under its key in
``PublicView.extra`` (the engine's PUBLIC_VIEW hook data) from its module
``renders.overlays.<name>``, found by the expansion's name when a view of a
game with it is drawn; the board calls every overlay whose key the view
carries, and its legend explains the marks the overlays noted while drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from PIL import Image, ImageDraw

from engine.tiles import face
from engine.views import PublicView
from renders import art
from renders.tiles import anchor

Box = tuple[int, int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class LegendItem:
    """One legend entry: its caption key (Captions.legend) and its symbol,
    drawn as an RGBA image of the given side."""

    key: str
    icon: Callable[[int], Image.Image]


@dataclass(frozen=True, slots=True)
class BoardContext:
    """Where the board is drawn: overlays draw through this only."""

    img: Image.Image
    draw: ImageDraw.ImageDraw
    view: PublicView
    size: int  # tile side in pixels
    cell_box: Callable[[int, int], Box]
    kinds: dict[tuple[int, int], tuple[str, int]]  # cell -> (kind, rotation)
    legend: list[LegendItem] = field(default_factory=list)  # marks drawn, explained

    def note(self, item: LegendItem) -> None:
        """Explain a kind of mark in the legend (once), as it is drawn."""
        if all(i.key != item.key for i in self.legend):
            self.legend.append(item)

    def spot(self, ref: Any) -> Point | None:
        """Pixel spot of a feature reference ``{"x", "y", "location"}`` (the
        segment's follower spot), or None when it is not on the board."""
        try:
            x, y, loc = int(ref["x"]), int(ref["y"]), str(ref["location"])
        except (KeyError, TypeError, ValueError):
            return None
        if (x, y) not in self.kinds:
            return None
        kind, rot = self.kinds[(x, y)]
        seg = face(kind, rot).name_to_seg.get(loc)
        if seg is None:
            return None
        ax, ay = anchor(kind, rot, seg)
        b = self.cell_box(x, y)
        return b[0] + ax * self.size, b[1] + ay * self.size


class Overlay(Protocol):
    key: str  # the expansion's key in PublicView.extra

    def draw(self, ctx: BoardContext, data: Any) -> None:
        """Draw the public marks of ``data`` (= view.extra[key]), noting a
        legend entry (``ctx.note``) for each kind of mark drawn; bad or
        unknown entries are skipped."""


REGISTRY: dict[str, Overlay] = {}


def register(overlay: Overlay) -> Overlay:
    REGISTRY[overlay.key] = overlay
    return overlay


def active(view: PublicView) -> list[tuple[Overlay, Any]]:
    """The overlays this view has data for (each expansion's module found by
    its name), in registration order."""
    art.load(view.expansions)
    return [(o, view.extra[k]) for k, o in REGISTRY.items() if k in view.extra]
