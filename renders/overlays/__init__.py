"""Board overlays of the expansions, one module each, registered by key.

Importing this package registers every overlay; renders.board looks them up
through :func:`renders.overlays.base.active` and never names an expansion.
"""

from renders.overlays import bets, christmas
from renders.overlays.base import REGISTRY, BoardContext, LegendItem, Overlay, active, register

__all__ = [
    "REGISTRY",
    "BoardContext",
    "LegendItem",
    "Overlay",
    "active",
    "bets",
    "christmas",
    "register",
]
