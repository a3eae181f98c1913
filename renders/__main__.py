"""Write sample images: ``python -m renders [output-dir]`` (default docs/img).

board.png is the end of a full 82-tile game with all three expansions played
by the engine's AI seats (fixed seed); board-choices.png the same game in
turn 41 with the cells where its tile fits; choices.png that tile's legal
rotations; hand.png a sample hand (hand-made hidden data in the agreed
private-view keys, so that every kind of item shows).
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.expansions.christmas_cards import card_view
from engine.views import PrivateView, public_view
from renders.board import distinct_cells, render_board
from renders.demo import ai_game
from renders.private import render_hand, render_tile_choices

SEED = 7
EXPANSIONS = ("gifts", "bets", "christmas")


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


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    game = ai_game(SEED, expansions=EXPANSIONS)
    (out / "board.png").write_bytes(render_board(public_view(game)))
    mid = ai_game(SEED, expansions=EXPANSIONS, stop_after=40)
    cells = distinct_cells(mid.legal_placements())
    (out / "board-choices.png").write_bytes(render_board(public_view(mid), legal_cells=cells))
    tile = mid.turn.tile if mid.turn else "D"
    rots = sorted({r for _, _, r in mid.legal_placements()}) or [0]
    (out / "choices.png").write_bytes(render_tile_choices(tile, rots))
    (out / "hand.png").write_bytes(render_hand(sample_hand()))
    print(f"wrote board.png, board-choices.png, choices.png, hand.png to {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img"))
