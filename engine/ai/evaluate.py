"""A position's worth for the levels: each player's expected final score.

Scores so far, plus for every unfinished feature with followers what it is
expected to pay its owners (B-6): its value now and the points it is expected
to gain, a city's completion doubling what it has (B-7). Chance and gain come
from a measured table (:mod:`engine.ai.chances`) by the feature's empty cells
(along a road's or city's open edges, around a monastery), the tiles left, and
how many of them fit its hardest cell (none: dead, it scores as unfinished,
B-8). A farm pays 3 per city it touches times that city's chance. Followers in
supply are worth what they may still earn (less each, none beyond the turns
left), followers that come back with a completed feature a little.
Expansions add what their holdings are worth (``Plugin.worth``: gifts in
hand, staked chips, cards in hand, scores held back by a lock). Where their
cards take points from unfinished features (a lock, a claim on an occupied
feature, a swap, a road sweeper...), an unfinished feature keeps only
``exp(-erosion × tiles left)`` of its expected points, ``erosion`` being the
expansions' ``Plugin.erosion`` added up (measured by
``python -m benchmarks.ai_erosion``; none in the base game).

It reads the board, the scores, the supplies and the kinds of the tiles left,
never their order: on a determinized game it uses only what the seat may know.
"""

from __future__ import annotations

import math
from collections import Counter

from engine import scoring
from engine.ai.chances import CHANCES, fits_bucket, left_bucket
from engine.board import Feature, Pos
from engine.directions import OFFSETS
from engine.game import Game
from engine.tiles import FITS, RING_KINDS

FOLLOWER_WORTH = (9.1, 7.7, 6.65, 5.6, 4.55, 3.5, 2.8)  # the 1st, 2nd... follower in supply
RETURN_WORTH = 0.6  # a follower back from a completed feature


class Estimate:
    """Expected final scores of one position (cached chances per cell and feature)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.board = game.board
        self.left = game.tiles_left()  # the land tiles and any opening pile
        self.kinds = Counter(game.bag)  # what may close a land feature
        self.left_bucket = left_bucket(self.left)
        self.keep = math.exp(-game.hooks.ai_erosion * self.left) if game.hooks.ai_erosion else 1.0
        self._fits: dict[int, int] = {}
        self._outlook: dict[int, tuple[float, float]] = {}

    def fitting(self, need: int) -> int:
        """Tiles left that fit an empty cell with this need code (any rotation)."""
        n = self._fits.get(need)
        if n is None:
            n = self._fits[need] = sum(c for k, c in self.kinds.items() if FITS[k][need])
        return n

    def open_cells(self, feat: Feature) -> set[Pos]:
        """The empty cells along a road's or city's open edges."""
        tiles = self.board.tiles
        cells: set[Pos] = set()
        for pos, seg in feat.segments:
            for edge in tiles[pos].face.segments[seg].edges:
                dx, dy = OFFSETS[edge]
                cell = (pos[0] + dx, pos[1] + dy)
                if cell not in tiles:
                    cells.add(cell)
        return cells

    def outlook(self, root: int, feat: Feature) -> tuple[float, float]:
        """(chance a road, city or monastery gets completed, points it is
        expected to gain from now on), from the measured table by its bucket."""
        got = self._outlook.get(root)
        if got is not None:
            return got
        board = self.board
        if feat.kind in RING_KINDS:  # a monastery or a garden (B-7, A-2): the same odds
            empty = 8 - board.ring_count(feat.segments[0][0])
            key = ("monastery", empty, self.left_bucket, 0)
        else:
            cells = self.open_cells(feat)
            fits = min(self.fitting(board.frontier[c]) for c in cells)
            key = (feat.kind, min(len(cells), 5), self.left_bucket, fits_bucket(fits))
        chance, gain, typical = CHANCES.get(key, (0.0, 0.0, 0.0))
        if feat.kind == "city":  # completion doubles the value it has now (B-7)
            gain += chance * (feat.size + feat.pennants - typical)
        got = self._outlook[root] = (chance, gain)
        return got

    def feature_points(self, root: int, feat: Feature) -> tuple[float, float]:
        """(expected points to each owner, chance its followers come back)."""
        if feat.kind == "field":
            return 3 * self.farm_cities(feat) * self.keep, 0.0
        now = scoring.value(self.game, feat, False)[0]
        if feat.kind not in RING_KINDS and feat.open_edges == 0:
            return float(scoring.value(self.game, feat, True)[0]), 1.0
        chance, gain = self.outlook(root, feat)
        return (now + gain) * self.keep, chance

    def farm_cities(self, feat: Feature) -> float:
        """B-8: completed cities a farm touches, expected at the end."""
        board = self.board
        total = 0.0
        for root in {board.find(c) for c in feat.cities}:
            city = board.features[root]
            total += 1.0 if city.open_edges == 0 else self.outlook(root, city)[0]
        return total

    def final_scores(self) -> list[float]:
        game = self.game
        n = len(game.players)
        out = [float(s) for s in game.scores]
        back = [0.0] * n
        for root, feat in self.board.features.items():
            if not feat.followers or feat.completed:
                continue
            points, chance = self.feature_points(root, feat)
            for p in scoring.owners(game, feat):
                out[p] += points
            if feat.kind != "field":
                for f in feat.followers:
                    if f.piece is None:  # a piece goes back to no supply
                        back[f.player] += chance
        turns = [
            self.left // n + (1 if (p - game.current) % n < self.left % n else 0) for p in range(n)
        ]
        for p in range(n):
            usable = min(game.supply[p] + int(back[p]), turns[p])
            out[p] += sum(FOLLOWER_WORTH[:usable]) * min(1.0, turns[p] / 6) + RETURN_WORTH * back[p]
        for worth in game.hooks.ai_worth:
            for p in range(n):
                out[p] += worth(game, p)
        return out


def final_scores(game: Game) -> list[float]:
    """Each player's expected final score (the exact scores once finished)."""
    if game.finished:
        return [float(s) for s in game.scores]
    return Estimate(game).final_scores()


def margin(scores: list[float], seat: int) -> float:
    """The seat's expected lead over the best other player."""
    return scores[seat] - max(s for q, s in enumerate(scores) if q != seat)
