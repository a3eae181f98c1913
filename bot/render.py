"""Images for messages, rendered off the event loop (asyncio.to_thread).

Views are taken on the loop (the engine game may be shared with the store's
cache and must not be read while another coroutine changes it); the frozen
views are then drawn in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from engine.views import PrivateView, PublicView

log = logging.getLogger(__name__)

Cell = tuple[int, int]


def board_png(view: PublicView, legal_cells: Sequence[Cell] | None = None) -> bytes:
    from renders.board import render_board

    return render_board(view, legal_cells=legal_cells)


def hand_png(view: PrivateView) -> bytes | None:
    """The private hand image, or None when renders has no hand renderer."""
    try:
        from renders.private import render_hand
    except ImportError:  # renders/private.py is optional for the bot
        return None
    return render_hand(view)


def tile_png(kind: str, rotations: Sequence[int]) -> bytes | None:
    try:
        from renders.private import render_tile_choices
    except ImportError:
        return None
    return render_tile_choices(kind, rotations)


async def board_async(view: PublicView, legal_cells: Sequence[Cell] | None = None) -> bytes:
    return await asyncio.to_thread(board_png, view, list(legal_cells or ()))


async def hand_async(view: PrivateView) -> bytes | None:
    return await asyncio.to_thread(hand_png, view)


async def tile_async(kind: str, rotations: Sequence[int]) -> bytes | None:
    return await asyncio.to_thread(tile_png, kind, list(rotations))
