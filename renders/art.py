"""What an expansion's tiles and pieces look like, beyond the base game's.

Each expansion's renders module, ``renders.overlays.<name>``, is found by the
expansion's name (the engine's registry, the way the bot finds its adapters)
and registers here on import what it draws:

* tile art: painters called with each tile's :class:`renders.geometry.Layout`
  while it is drawn, ``under`` the roads and cities (water) or ``over`` them
  (an expansion's building at the centre, a garden, bridges);
* pieces: the sprite of a piece an expansion adds, by its name;
* its board overlay (:mod:`renders.overlays.base`).

The base drawing (renders.tiles, renders.board) never names an expansion.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from engine.expansions import known_expansions

if TYPE_CHECKING:
    from PIL import Image, ImageDraw

    from renders.geometry import Layout

Painter = Callable[["ImageDraw.ImageDraw", "Layout", float], None]
PieceSprite = Callable[[int, bool, int], "Image.Image"]  # (seat, lying, size) -> RGBA

UNDER: list[Painter] = []  # after the fields, before roads and cities
OVER: list[Painter] = []  # after cities, the centre and pennants
PIECES: dict[str, PieceSprite] = {}

_LOADED: set[str] = set()


def register_tile_art(under: Painter | None = None, over: Painter | None = None) -> None:
    if under is not None:
        UNDER.append(under)
    if over is not None:
        OVER.append(over)


def register_piece(name: str, sprite: PieceSprite) -> None:
    PIECES[name] = sprite


def load(names: Iterable[str] | None = None) -> None:
    """Import the renders module of each expansion ``names`` (default: every
    registered one) once, by name; an expansion without one draws nothing
    of its own."""
    for name in known_expansions() if names is None else names:
        if name in _LOADED:
            continue
        _LOADED.add(name)
        module = f"renders.overlays.{name}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
