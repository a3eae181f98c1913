"""What each person may see (hidden information never in the public view).

:func:`public_view` is built for everyone: the board, scores, supplies and
only *counts* of hidden things; expansions add public data through the
``public_view`` hook. :func:`private_view` adds one player's own hidden data
(``private_view`` hook) and the events addressed to that player alone.
Events carrying hidden information have a ``"private": seat`` key.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from engine.phases import Event

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class TileView:
    kind: str
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class FollowerView:
    player: int
    x: int
    y: int
    location: str
    feature: str  # road / city / monastery / garden / field
    lying: bool  # farmers, and followers laid down by an effect
    piece: str | None = None  # an expansion's piece (A-1's "abbot"); None: a follower

    def __repr__(self) -> str:
        # The piece only when there is one: a follower reads as it always has.
        piece = "" if self.piece is None else f", piece={self.piece!r}"
        return (
            f"FollowerView(player={self.player!r}, x={self.x!r}, y={self.y!r}, "
            f"location={self.location!r}, feature={self.feature!r}, lying={self.lying!r}{piece})"
        )


@dataclass(frozen=True, slots=True)
class TurnView:
    number: int
    player: int
    tile: str | None
    step: str
    waiting: tuple[int, ...]  # seats that may act now


@dataclass(frozen=True, slots=True)
class PublicView:
    players: tuple[str, ...]
    expansions: tuple[str, ...]
    scores: tuple[int, ...]
    supply: tuple[int, ...]
    tiles: tuple[TileView, ...]
    followers: tuple[FollowerView, ...]
    last_placed: tuple[int, int] | None
    tiles_left: int
    turn: TurnView | None
    finished: bool
    winners: tuple[int, ...]
    counts: dict[str, tuple[int, ...]]  # per seat, e.g. {"gifts": (1, 0)}
    extra: dict[str, Any]  # public expansion data (discard piles, ...)
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class PrivateView:
    player: int
    public: PublicView
    hidden: dict[str, Any]  # this player's own hidden data
    events: tuple[Event, ...]  # events addressed to this player only

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def public_view(game: Game) -> PublicView:
    board = game.board
    tiles = tuple(TileView(p.kind, p.pos[0], p.pos[1], p.rotation) for p in board.tiles.values())
    followers = []
    for feat, f in board.followers():
        followers.append(
            FollowerView(
                f.player,
                f.pos[0],
                f.pos[1],
                game.location(f),
                feat.kind,
                f.lying or feat.kind == "field",
                f.piece,
            )
        )
    followers.sort(key=lambda v: (v.y, v.x, v.location, v.player))
    turn = None
    d = game.pending
    if d is not None:
        number = game.turn.number if game.turn else game.turns_played
        tile = game.turn.tile if game.turn else None
        turn = TurnView(number, d.active, tile, d.step, d.players)
    counts: dict[str, tuple[int, ...]] = {}
    extra: dict[str, Any] = {}
    game.hooks.public_view(game, counts, extra)
    return PublicView(
        players=tuple(game.players),
        expansions=tuple(game.expansions),
        scores=tuple(game.scores),
        supply=tuple(game.supply),
        tiles=tiles,
        followers=tuple(followers),
        last_placed=game.last_placed,
        tiles_left=game.tiles_left(),
        turn=turn,
        finished=game.finished,
        winners=tuple(game.winners()),
        counts=counts,
        extra=extra,
        events=tuple(e for e in game.events if "private" not in e),
    )


def private_view(game: Game, player: int) -> PrivateView:
    hidden: dict[str, Any] = {}
    game.hooks.private_view(game, player, hidden)
    return PrivateView(
        player=player,
        public=public_view(game),
        hidden=hidden,
        events=tuple(e for e in game.events if e.get("private") == player),
    )
