"""Games played to a fixed seed, for sample images, tests and benchmarks.

:func:`random_game` takes random legal actions on the 82-tile deck (the base
set plus the ten bookmaker tiles, T-1) set up through the record's ``decks``,
so it depends on no expansion module: tests and golden images stay stable
while expansions change. :func:`ai_game` lets the engine's AI seats play,
with expansions, for the sample image in docs/img.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.ai import AI
from engine.game import Game, shuffled
from engine.phases import Action
from engine.tiles import base_bag, expansion_tiles
from engine.views import PublicView, public_view

DEMO_PLAYERS = ["Ada", "Bo", "Cy", "Dee"]

Chooser = Callable[[Game, int], Action]


def full_deck(seed: int) -> list[str]:
    """The 81 tiles after the start tile of an 82-tile game (B-2, T-1)."""
    return shuffled(seed, "tiles", base_bag() + expansion_tiles("bets"))


def play(game: Game, choose: Chooser, stop_after: int | None = None) -> Game:
    """Apply ``choose``'s actions until the game ends, or, with ``stop_after``,
    at the placing step once that many tiles besides the start tile lie on
    the board."""
    while game.pending is not None:
        d = game.pending
        if stop_after is not None and d.step == "place" and len(game.board.tiles) > stop_after:
            break
        seat = d.active if d.active in d.players else d.players[0]
        game.apply(choose(game, seat))
    return game


def random_game(
    seed: int = 7,
    players: Sequence[str] | None = None,
    stop_after: int | None = None,
    follower_rate: float = 0.5,
) -> Game:
    """Random legal actions (fixed ``seed``) on the 82-tile deck; a follower is
    placed with probability ``follower_rate`` when one may be."""
    game = Game(list(players or DEMO_PLAYERS), seed=seed, decks={"tiles": full_deck(seed)})
    rng = random.Random(f"{seed}/demo")

    def choose(g: Game, seat: int) -> Action:
        actions = g.legal_actions(seat)
        followers = [a for a in actions if a["type"] == "follower" and a["location"] is not None]
        if followers and rng.random() < follower_rate:
            return rng.choice(followers)
        return rng.choice([a for a in actions if a not in followers] or actions)

    return play(game, choose, stop_after)


def ai_game(
    seed: int = 7,
    players: Sequence[str] | None = None,
    expansions: Sequence[str] = (),
    stop_after: int | None = None,
) -> Game:
    """Every seat played by the engine's AI (deterministic for ``seed``)."""
    game = Game(list(players or DEMO_PLAYERS), expansions=expansions, seed=seed)
    ais = {p: AI(seed + p) for p in range(len(game.players))}
    return play(game, lambda g, seat: ais[seat].choose(g, seat), stop_after)


def follower_step(game: Game) -> tuple[PublicView, list[str]]:
    """Place the turn's tile at its first legal placement (``game`` is at a
    placing step) and return the view and the legal follower spots, for
    follower previews in tests and samples."""
    d = game.pending
    assert d is not None and d.step == "place", "the game must wait for a placement"
    x, y, r = game.legal_placements()[0]
    game.apply({"player": d.active, "type": "place", "x": x, "y": y, "rotation": r})
    return public_view(game), list(game.legal_followers() or [])
