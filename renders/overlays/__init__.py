"""Each expansion's drawing, one module per expansion: ``renders.overlays.<name>``.

A module is found by its expansion's name (:func:`renders.art.load`, from the
engine's registry) and registers on import what it draws: its board overlay
(public marks, :mod:`.base`), its tiles' art and its pieces (:mod:`renders.art`).
renders.board and renders.tiles never name an expansion. Adding an
expansion's drawing is adding its module here, nothing else.
"""

from renders.overlays.base import REGISTRY, BoardContext, LegendItem, Overlay, active, register

__all__ = ["REGISTRY", "BoardContext", "LegendItem", "Overlay", "active", "register"]
