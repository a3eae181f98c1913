"""Images for messages, rendered off the event loop (asyncio.to_thread).

Views are taken on the loop (the engine game may be shared with the store's
cache and must not be read while another coroutine changes it); the frozen
views are then drawn in a worker thread. Every word drawn on an image comes
from the text layer: :func:`captions` builds the renders' :class:`Captions`
for one language (the game's for public images, the reader's for private
ones); callers pass the words of the reader.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bot import expansions, metrics
from bot.text import ENGLISH, Text, Words
from engine.views import PrivateView, PublicView

if TYPE_CHECKING:
    from renders.captions import Captions
    from renders.final import Row
    from renders.hand import HandSection
    from renders.preview import Mark

log = logging.getLogger(__name__)

Cell = tuple[int, int]
FEATURES = ("road", "city", "monastery", "field")


def _names(words: Words, names: Sequence[str]) -> str:
    """Names in a sentence ("Ada", "Ada and Bo", "Ada, Bo and Cy"); drawn as
    typed (an image needs no markdown escaping)."""
    items = [str(n) for n in names]
    if len(items) <= 1:
        return "".join(items)
    return words("image.names", first=Text(", ".join(items[:-1])), last=Text(items[-1]))


@lru_cache(maxsize=8)
def captions(words: Words = ENGLISH) -> Captions:
    """The words of every image in ``words``' language."""
    from renders.captions import LEGEND_LAST, LEGEND_LEGAL, LEGEND_REGION, Captions

    counts = {k: words(v) for a in expansions.adapters() for k, v in a.image_counts.items()}
    legend = {
        LEGEND_LAST: words("image.legend.last"),
        LEGEND_LEGAL: words("image.legend.legal"),
        LEGEND_REGION: words("image.legend.region"),
    }
    legend |= {k: words(v) for a in expansions.adapters() for k, v in a.image_legend.items()}
    return Captions(
        turn=lambda n: words("image.turn", turn=n),
        to_play=lambda names: (
            words("image.to_play", names=Text(_names(words, names))) if names else ""
        ),
        game_over=words("image.game_over"),
        winners=lambda names: (
            words("image.winners", count=len(names), names=Text(_names(words, names)))
            if names
            else words("image.no_winner")
        ),
        tile_to_place=words("image.tile_to_place"),
        tiles_left=lambda n: words("image.tiles_left", count=n),
        player=words("image.player"),
        points=words("image.points"),
        followers=words("image.followers"),
        counts=counts,
        legend=legend,
        rotations_title=lambda x, y: words("image.rotations_title", x=x, y=y),
        follower_title=words("image.follower_title"),
        marks_title=words("image.marks_title"),
        features={k: words(f"image.feature.{k}") for k in FEATURES},
        hand_private=words("image.hand_private"),
        hand_empty=words("image.hand_empty"),
        none=words("image.none"),
        final_title=words("image.final_title"),
        total=words("image.total"),
        other_points=words("image.other_points"),
    )


# --- the images in words (alt text: screen readers, and what shows while an
# image does not load); the same words as the images, never more -------------
ALT_LIMIT = 1024  # Discord's attachment description


def _scores(view: PublicView, words: Words) -> str:
    each = [
        str(words("image.alt.score", name=Text(name), points=points))
        for name, points in zip(view.players, view.scores, strict=True)
    ]
    return str(words("image.alt.scores", scores=Text(", ".join(each))))


def _alt(parts: Sequence[str]) -> str:
    return " · ".join(p for p in parts if p)[:ALT_LIMIT]


def board_alt(
    view: PublicView,
    words: Words = ENGLISH,
    legal_cells: Sequence[Cell] = (),
    *,
    whole: bool = False,
) -> str:
    """The board image's header and scoreboard in words; for the turn's image
    (``whole`` False) also what part of the board it shows and how many
    numbered cells (``legal_cells``, as passed to :func:`board_png`)."""
    caps = captions(words)
    shown = "" if whole else _part_shown(view, legal_cells, words)
    if view.finished or view.turn is None:
        names = [view.players[w] for w in view.winners]
        return _alt([caps.game_over, caps.winners(names), shown, _scores(view, words)])
    waiting = [view.players[p] for p in view.turn.waiting if 0 <= p < len(view.players)]
    cells = len(set(map(tuple, legal_cells)))
    return _alt(
        [
            caps.turn(view.turn.number),
            caps.to_play(waiting),
            caps.tiles_left(view.tiles_left),
            shown,
            str(words("image.alt.cells", count=cells)) if cells else "",
            _scores(view, words),
        ]
    )


def _part_shown(view: PublicView, legal_cells: Sequence[Cell], words: Words) -> str:
    """Which part of the board the turn's image shows large, once it is not
    all of it (renders.turn)."""
    from renders.turn import focus, turn_layout

    layout = turn_layout(view, captions(words), legal_cells)
    if layout.whole:
        return ""
    x, y = focus(view)
    return str(words("image.alt.part", x=x, y=y))


def final_alt(view: PublicView, words: Words = ENGLISH) -> str:
    """The final score image in words: the winners and the totals."""
    caps = captions(words)
    names = [view.players[w] for w in view.winners]
    return _alt([caps.final_title, caps.winners(names), _scores(view, words)])


# --- drawing (in a worker thread) ------------------------------------------------------
def board_png(
    view: PublicView,
    legal_cells: Sequence[Cell] | None = None,
    words: Words = ENGLISH,
    *,
    whole: bool = False,
) -> bytes:
    """The turn's image (renders.turn: readable on a phone at any size of
    board), or with ``whole`` the whole board (``/board``, the final score)."""
    if whole:
        from renders.board import render_board

        return render_board(view, captions(words), legal_cells=legal_cells)
    from renders.turn import render_turn

    return render_turn(view, captions(words), legal_cells=legal_cells)


def hand_png(view: PrivateView, sections: Sequence[HandSection], words: Words = ENGLISH) -> bytes:
    from renders.hand import render_hand

    seat = view.player
    players = view.public.players
    name = players[seat] if 0 <= seat < len(players) else "?"
    return render_hand(seat, name, sections, captions(words))


def tile_png(kind: str, rotations: Sequence[int], words: Words = ENGLISH) -> bytes:
    from renders.preview import render_tile_choices

    return render_tile_choices(kind, rotations, captions(words))


def placement_png(
    view: PublicView, cell: Cell, kind: str, rotations: Sequence[int], words: Words = ENGLISH
) -> bytes:
    from renders.preview import render_placement_preview

    return render_placement_preview(view, cell, kind, rotations, captions(words))


def follower_png(
    view: PublicView,
    spots: Sequence[str],
    cell: Cell | None = None,
    words: Words = ENGLISH,
    marks: Sequence[Mark] = (),
) -> bytes:
    from renders.preview import render_follower_preview

    return render_follower_preview(view, spots, captions(words), cell=cell, marks=marks)


def final_png(view: PublicView, rows: Sequence[Row], words: Words = ENGLISH) -> bytes:
    from renders.final import render_final

    return render_final(view, rows, captions(words))


def timelapse_gif(record: dict[str, Any], words: Words = ENGLISH) -> bytes:
    from renders.timelapse import timelapse, views_from_record

    return timelapse(views_from_record(record), captions(words))


# --- off the event loop -------------------------------------------------------------------
async def board_async(
    view: PublicView,
    legal_cells: Sequence[Cell] | None = None,
    words: Words = ENGLISH,
    *,
    whole: bool = False,
) -> bytes:
    cells = list(legal_cells or ())
    return await asyncio.to_thread(
        metrics.timed, "board", lambda: board_png(view, cells, words, whole=whole)
    )


async def hand_async(
    view: PrivateView, sections: Sequence[HandSection], words: Words = ENGLISH
) -> bytes:
    return await asyncio.to_thread(metrics.timed, "hand", hand_png, view, list(sections), words)


async def tile_async(kind: str, rotations: Sequence[int], words: Words = ENGLISH) -> bytes:
    return await asyncio.to_thread(metrics.timed, "tile", tile_png, kind, list(rotations), words)


async def placement_async(
    view: PublicView, cell: Cell, kind: str, rotations: Sequence[int], words: Words = ENGLISH
) -> bytes:
    turns = list(rotations)
    return await asyncio.to_thread(
        metrics.timed, "placement", placement_png, view, cell, kind, turns, words
    )


async def follower_async(
    view: PublicView,
    spots: Sequence[str],
    cell: Cell | None = None,
    words: Words = ENGLISH,
    marks: Sequence[Mark] = (),
) -> bytes:
    spot_list, mark_list = list(spots), list(marks)
    return await asyncio.to_thread(
        metrics.timed, "follower", follower_png, view, spot_list, cell, words, mark_list
    )


async def final_async(view: PublicView, rows: Sequence[Row], words: Words = ENGLISH) -> bytes:
    return await asyncio.to_thread(metrics.timed, "final", final_png, view, list(rows), words)


async def timelapse_async(record: dict[str, Any], words: Words = ENGLISH) -> bytes:
    """The whole game as an animated GIF (a second or two of work, in a thread)."""
    return await asyncio.to_thread(metrics.timed, "timelapse", timelapse_gif, record, words)


async def warm_up_async(views: Sequence[PublicView] = ()) -> None:
    """Warm the render caches in a thread (start-up, in the background);
    ``views``: boards of the games in progress, if at hand."""
    from renders import warm_up

    try:
        await asyncio.to_thread(warm_up, captions(), list(views))
    except Exception:
        log.exception("warming the render caches failed")
