"""The README's pictures, drawn from the code: ``python -m tests.renders.samples
[output-dir]`` (or ``make readme-images``; default docs/img), with the words
the bot draws (its text layer, in English: renders take their words in and
hold none).

From one game of the engine's AI seats with every expansion (fixed seed):
board.png the whole board at the end (``/board``, and with the final
score); board-turn.png the turn's image in turn 71 with the tile in hand,
the numbered cells where it fits and the overview; placement.png the
rotations of turn 47's tile at one cell; follower.png the follower spots of
a tile just placed; hand.png a sample hand (hand-made hidden data in the
private-view keys, so that every kind of item shows); final.png the score
breakdown; names.png a turn of six players whose names are written in Latin,
Cyrillic, Japanese, Hebrew and Arabic; timelapse.gif (only with ``--gif``:
about a megabyte). tests/test_readme_images.py fails when docs/img differs
from what this draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.expansions import known_expansions
from engine.expansions.christmas_cards import card_view
from engine.game import Game
from engine.views import PrivateView, PublicView, public_view
from renders.board import render_board
from renders.choices import distinct_cells, distinct_rotations
from renders.demo import ai_game, follower_step, random_game
from renders.final import render_final
from renders.hand import render_hand
from renders.preview import render_follower_preview, render_placement_preview
from renders.timelapse import timelapse, views_from_record
from renders.turn import render_turn
from tests.renders.conftest import WORDS, english_hand, english_rows

SEED = 7
MID = 46  # a turn whose tile has three different rotations at one cell
LATE = 70  # a turn whose image shows a part of the board and the overview
EXPANSIONS = known_expansions()  # every expansion the engine ships
WORLD_NAMES = ["Zoë 🎄", "Łukasz", "Дмитрий", "佐藤", "שרה", "محمد"]


def sample_hand(view_seat: int = 0) -> PrivateView:
    """A hand with every kind of hidden item, as the expansions report them."""
    game = ai_game(SEED, expansions=EXPANSIONS, stop_after=20)
    public = public_view(game)
    hidden = {
        "gifts": ["synod", "take-two"],
        "hand": [card_view(c) for c in ("score-road", "pennants-worth-3", "farm-tiebreak")],
        "chips": ["2|3", "4", "6|7+", "5|8+"],
    }
    return PrivateView(view_seat, public, hidden, ())


def placement_sample(game: Game) -> tuple[PublicView, tuple[int, int], str, list[int]]:
    """The turn's tile at its first legal cell with the most distinct rotations."""
    assert game.turn is not None
    tile = game.turn.tile
    placements = game.legal_placements()
    best = max(
        distinct_cells(placements),
        key=lambda c: len(distinct_rotations(tile, [r for x, y, r in placements if (x, y) == c])),
    )
    rots = distinct_rotations(tile, [r for x, y, r in placements if (x, y) == best])
    return public_view(game), best, tile, rots


def images() -> dict[str, bytes]:
    """Every picture of the README (file name -> PNG)."""
    words = WORDS
    out: dict[str, bytes] = {}
    game = ai_game(SEED, expansions=EXPANSIONS)
    end = public_view(game)
    out["board.png"] = render_board(end, words)
    late = ai_game(SEED, expansions=EXPANSIONS, stop_after=LATE)
    cells = distinct_cells(late.legal_placements())
    out["board-turn.png"] = render_turn(public_view(late), words, legal_cells=cells)
    view, cell, tile, rots = placement_sample(ai_game(SEED, expansions=EXPANSIONS, stop_after=MID))
    out["placement.png"] = render_placement_preview(view, cell, tile, rots, words)
    placed, spots = follower_step(random_game(11, stop_after=9))
    out["follower.png"] = render_follower_preview(placed, spots, words)
    hand = sample_hand()
    name = hand.public.players[hand.player]
    out["hand.png"] = render_hand(hand.player, name, english_hand(hand), words)
    rows = english_rows(end)
    out["final.png"] = render_final(end, rows, words)
    world = random_game(5, players=WORLD_NAMES, stop_after=6)
    cells = distinct_cells(world.legal_placements())
    out["names.png"] = render_turn(public_view(world), words, legal_cells=cells)
    return out


def main(out: Path, gif: bool = False) -> None:
    out.mkdir(parents=True, exist_ok=True)
    drawn = images()
    for name, png in drawn.items():
        (out / name).write_bytes(png)
    written = ", ".join(drawn)
    if gif:
        game = ai_game(SEED, expansions=EXPANSIONS)
        (out / "timelapse.gif").write_bytes(timelapse(views_from_record(game.record()), WORDS))
        written += ", timelapse.gif"
    print(f"wrote {written} to {out}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(Path(args[0] if args else "docs/img"), gif="--gif" in sys.argv)
