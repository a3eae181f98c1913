"""Images for messages, rendered off the event loop (asyncio.to_thread).

Views are taken on the loop (the engine game may be shared with the store's
cache and must not be read while another coroutine changes it); the frozen
views are then drawn in a worker thread. Every image takes the words to
draw as a :class:`renders.captions.Captions`; until the words module supplies
localised ones, ``None`` means the English of :mod:`renders.english`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from engine.views import PrivateView, PublicView

if TYPE_CHECKING:
    from renders.captions import Captions
    from renders.final import Row
    from renders.hand import HandSection

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

Cell = tuple[int, int]


def _words(captions: Captions | None) -> Captions:
    from renders.english import english

    return captions if captions is not None else english()


def board_png(
    view: PublicView, legal_cells: Sequence[Cell] | None = None, captions: Captions | None = None
) -> bytes:
    from renders.board import render_board

    return render_board(view, _words(captions), legal_cells=legal_cells)


def hand_png(
    view: PrivateView,
    captions: Captions | None = None,
    sections: Sequence[HandSection] | None = None,
) -> bytes | None:
    """The private hand image (English sections from the view when none given)."""
    from renders.english import english_hand
    from renders.hand import render_hand

    seat = view.player
    players = view.public.players
    name = players[seat] if 0 <= seat < len(players) else "?"
    parts = sections if sections is not None else english_hand(view)
    return render_hand(seat, name, parts, _words(captions))


def tile_png(kind: str, rotations: Sequence[int], captions: Captions | None = None) -> bytes | None:
    from renders.preview import render_tile_choices

    return render_tile_choices(kind, rotations, _words(captions))


def placement_png(
    view: PublicView,
    cell: Cell,
    kind: str,
    rotations: Sequence[int],
    captions: Captions | None = None,
) -> bytes:
    from renders.preview import render_placement_preview

    return render_placement_preview(view, cell, kind, rotations, _words(captions))


def follower_png(
    view: PublicView,
    spots: Sequence[str],
    captions: Captions | None = None,
    cell: Cell | None = None,
) -> bytes:
    from renders.preview import render_follower_preview

    return render_follower_preview(view, spots, _words(captions), cell=cell)


def final_png(view: PublicView, rows: Sequence[Row], captions: Captions | None = None) -> bytes:
    from renders.final import render_final

    return render_final(view, rows, _words(captions))


def timelapse_gif(record: dict[str, Any], captions: Captions | None = None) -> bytes:
    from renders.timelapse import timelapse, views_from_record

    return timelapse(views_from_record(record), _words(captions))


async def board_async(
    view: PublicView, legal_cells: Sequence[Cell] | None = None, captions: Captions | None = None
) -> bytes:
    return await asyncio.to_thread(board_png, view, list(legal_cells or ()), captions)


async def hand_async(
    view: PrivateView,
    captions: Captions | None = None,
    sections: Sequence[HandSection] | None = None,
) -> bytes | None:
    return await asyncio.to_thread(hand_png, view, captions, sections)


async def tile_async(
    kind: str, rotations: Sequence[int], captions: Captions | None = None
) -> bytes | None:
    return await asyncio.to_thread(tile_png, kind, list(rotations), captions)


def _off_loop(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``fn`` run in a worker thread (its arguments must not change meanwhile)."""

    async def run(*args: P.args, **kwargs: P.kwargs) -> R:
        return await asyncio.to_thread(fn, *args, **kwargs)

    run.__name__ = f"{fn.__name__}_async"
    run.__doc__ = fn.__doc__
    return run


placement_async = _off_loop(placement_png)
follower_async = _off_loop(follower_png)
final_async = _off_loop(final_png)
timelapse_async = _off_loop(timelapse_gif)  # a second or two of work


async def warm_up_async(views: Sequence[PublicView] = ()) -> None:
    """Warm the render caches in a thread (start-up, in the background);
    ``views``: boards of the games in progress, if at hand."""
    from renders import warm_up

    await asyncio.to_thread(warm_up, list(views))
