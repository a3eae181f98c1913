"""The Bets' state, names and board helpers (docs/rules/bets.md T-1..T-8).

Secrecy (T-3): chip faces live only in ``game.ext["bets"]``; events and views
carry seats, never faces, until a chip is flipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.board import Feature, Pos
from engine.frozen import FrozenDict

if TYPE_CHECKING:
    from engine.game import Game

NAME = "bets"

# Steps (the "step" of a pending decision).
STEP_STAKE = "bets"  # T-2 step 4
STEP_SETTLE = "bets_settle"  # T-4 the active player picks the feature
STEP_FINAL = "bets_final"  # T-5 each owner picks for their own chips

BET_KINDS = ("road", "city")  # T-2: bets are on roads and cities only
BET_REASON = "bet"  # "reason" of the score events that pay chips


@dataclass(slots=True)
class StakedChip:
    """A chip face down on an office."""

    player: int
    face: str


@dataclass(slots=True)
class Scored:
    """A completed road or city of this turn touching offices with chips."""

    root: int
    kind: str
    tiles: int  # T-6 plain tile count at scoring
    offices: list[Pos]


@dataclass(slots=True)
class BetsState:
    supply: list[list[str]]  # per seat, faces in table order (T-3: own view only)
    offices: list[Pos] = field(default_factory=list)  # placed offices, in order
    stacks: dict[Pos, list[StakedChip]] = field(default_factory=dict)  # office -> chips
    office: Pos | None = None  # office of the running step 4
    waiting: list[int] = field(default_factory=list)  # step 4 seats still to answer
    # Open feature choices (T-4 active player / T-5 owners): (seat, office) ->
    # candidate roots; answers: (seat, office) -> chosen root.
    asks: dict[tuple[int, Pos], list[int]] = field(default_factory=dict)
    answers: dict[tuple[int, Pos], int] = field(default_factory=dict)

    def forked(self, memo: dict[int, Any]) -> BetsState:
        """A fork's copy (engine.fork.clone, which every determinization
        makes): each container and chip copied; cells and roots are values."""
        return BetsState(
            [faces.copy() for faces in self.supply],
            self.offices.copy(),
            {pos: [StakedChip(c.player, c.face) for c in s] for pos, s in self.stacks.items()},
            self.office,
            self.waiting.copy(),
            {key: roots.copy() for key, roots in self.asks.items()},
            self.answers.copy(),
        )


def state(game: Game) -> BetsState:
    st: BetsState = game.ext[NAME]
    return st


def staked(game: Game) -> list[tuple[Pos, StakedChip]]:
    """Every chip on the board with its office (engine-internal: faces!)."""
    st = state(game)
    return [(pos, s) for pos in st.offices for s in st.stacks[pos]]


def features_on(game: Game, pos: Pos) -> list[tuple[str, Feature]]:
    """Roads and cities with a segment on the tile at ``pos``, each once, with a
    location name of theirs on that tile (docs/notation.md)."""
    placed = game.board.tiles[pos]
    out: list[tuple[str, Feature]] = []
    seen: set[int] = set()
    for i, seg in enumerate(placed.face.segments):
        if seg.kind not in BET_KINDS:
            continue
        feat = game.board.feature_of(placed.nodes[i])
        if feat.id not in seen:
            seen.add(feat.id)
            out.append((placed.face.canonical[i], feat))
    return out


def location_of(game: Game, pos: Pos, root: int) -> str:
    """The location ``features_on`` names the road or city of ``root`` by on
    the tile at ``pos``: its first segment there (one pass, no list made)."""
    placed = game.board.tiles[pos]
    find = game.board.find
    root = find(root)
    for i, seg in enumerate(placed.face.segments):
        if seg.kind in BET_KINDS and find(placed.nodes[i]) == root:
            return placed.face.canonical[i]
    raise KeyError(root)  # pragma: no cover - candidates come from features_on


def offered_feature(loc: str, feat: Feature) -> FrozenDict:
    """A road or city as a settlement question offers it (T-4, T-5): its
    location on the office's tile, kind and tile count (T-6)."""
    return FrozenDict(location=loc, feature=feat.kind, tiles=feat.size)


def feature_info(game: Game, pos: Pos, roots: list[int]) -> list[FrozenDict]:
    """The features of ``roots`` on the tile at ``pos`` as offered, in
    ``features_on`` order."""
    wanted = {game.board.find(r) for r in roots}
    return [offered_feature(loc, feat) for loc, feat in features_on(game, pos) if feat.id in wanted]
