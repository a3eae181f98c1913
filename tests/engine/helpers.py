"""Shared helpers for engine tests: scripted games and state fingerprints."""

from __future__ import annotations

from typing import Any

from engine.directions import OFFSETS, opposite
from engine.game import Game
from engine.moves import parse_move
from engine.views import private_view, public_view


def scripted(tiles: list[str], players: int = 2, **kw: Any) -> Game:
    """A game whose draw pile is exactly ``tiles`` (top first)."""
    decks = {"tiles": tiles, **kw.pop("decks", {})}
    return Game([f"P{i}" for i in range(players)], decks=decks, **kw)


def play(game: Game, *moves: str) -> Game:
    """Apply text moves (docs/notation.md) for whoever is to move."""
    for text in moves:
        move = parse_move(text)
        assert game.turn is not None and game.turn.tile == move.kind, (
            f"expected to place {move.kind}, the turn's tile is "
            f"{game.turn.tile if game.turn else None}"
        )
        for action in move.actions(game.turn.player):
            game.apply(action)
    return game


def fingerprint(game: Game) -> str:
    """Everything observable about a game, for 'exactly as before' checks."""
    parts = [
        repr(game.record()),
        repr(public_view(game)),
        *(repr(private_view(game, p)) for p in range(len(game.players))),
        repr(game.events),
        repr(game.bag),
        repr(game.pending),
        repr(game.undo_floor),
        repr(
            sorted(
                (f.player, f.pos, f.seg, f.lying, str(f.piece)) for _, f in game.board.followers()
            )
        ),
    ]
    return "\n".join(parts)


def check_invariants(game: Game) -> None:
    """Base-game invariants that must hold after every action."""
    board = game.board
    # Every placed tile matches its neighbours (B-4).
    for (x, y), placed in board.tiles.items():
        for edge, (dx, dy) in enumerate(OFFSETS):
            other = board.tiles.get((x + dx, y + dy))
            if other is not None:
                assert placed.face.edges[edge] == other.face.edges[opposite(edge)], (x, y, edge)
    # Supply + board followers = 7 per player (B-1); a piece of an expansion
    # one abbot each) is counted apart, and only where it may stand.
    on_board = [0] * len(game.players)
    pieces: set[tuple[str, int]] = set()
    for feat, f in board.followers():
        if f.piece is None:
            on_board[f.player] += 1
        else:
            assert (f.piece, f.player) not in pieces, (f.piece, f.player)
            assert feat.kind in ("monastery", "garden"), feat.kind
            pieces.add((f.piece, f.player))
    for p in range(len(game.players)):
        assert game.supply[p] + on_board[p] == 7, (p, game.supply[p], on_board[p])
        assert game.supply[p] >= 0
    # A garden holds no follower, only an abbot.
    for feat in board.features.values():
        if feat.kind == "garden":
            assert all(f.piece is not None for f in feat.followers)
