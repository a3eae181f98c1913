"""Every word drawn on an image comes from the caller, in one typed object.

The bot builds a :class:`Captions` in the game's language from its text layer
(``bot.render.captions``: the English catalogue and each expansion's words,
French and Dutch through the localisation catalogues) and passes it to each
image function; the drawing code holds no sentence of its own, and there is
no second wording: the sample images, tests and benchmarks take their words
from the same place. Names, numbers and symbols are drawn by the images
themselves.

Formatters take plain values (numbers, names) and return one line; plural
forms are the formatter's business.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# Legend entries of the board (renders.board and renders.overlays.*): the
# key each one is looked up by in :attr:`Captions.legend`.
LEGEND_LAST = "last"  # the frame round the last tile placed
LEGEND_LEGAL = "legal"  # a numbered cell where the tile fits
LEGEND_REGION = "region"  # the overview's frame round the part shown large


@dataclass(frozen=True, slots=True)
class Captions:
    """The words of every image (one language)."""

    # Board header and status line.
    turn: Callable[[int], str]  # "Turn 12"
    to_play: Callable[[Sequence[str]], str]  # names of the seats that may act -> "Ada to play"
    game_over: str  # "Game over"
    winners: Callable[[Sequence[str]], str]  # "Ada wins", "Ada and Bo share the victory"
    tile_to_place: str  # heading beside the tile in hand
    tiles_left: Callable[[int], str]  # "61 tiles left"
    # Scoreboard column headings.
    player: str
    points: str
    followers: str
    # Public counts by their view key (PublicView.counts): {"gifts": "Gifts", ...}.
    counts: Mapping[str, str]
    # Board legend by key (LEGEND_* here and the overlays' keys).
    legend: Mapping[str, str]
    # Placement preview.
    rotations_title: Callable[[int, int], str]  # cell x, y -> "Your tile at 3,-2: pick a rotation"
    # Follower preview.
    follower_title: str  # "Where does your follower go?"
    marks_title: str  # the same when only other pieces may go: "Put a piece? Pick a letter"
    features: Mapping[str, str]  # "road", "city", "monastery", "field" -> word
    # Hand.
    hand_private: str  # "your hand - only you see this"
    hand_empty: str  # "Nothing in hand"
    none: str  # an empty section
    # End of game.
    final_title: str  # "Final score"
    total: str  # "Total"
    other_points: str  # points no breakdown row explains

    def count(self, key: str) -> str:
        return self.counts.get(key, key)

    def legend_for(self, key: str) -> str:
        return self.legend.get(key, key)

    def feature(self, kind: str) -> str:
        return self.features.get(kind, kind)
