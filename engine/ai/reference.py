"""Today's AI, kept as it was (issue 31: the arena's ``reference``, the yardstick
that does not move when the levels improve): one ply.

For the place step it takes the placement whose best follower choice the
heuristic valuation (:class:`~engine.ai.heuristics.Outlook`) likes most; for
the follower step the location worth most; expansions advise through their
``Plugin.ai`` (``game.hooks.ai_policies``); any other decision falls back to
the first legal action, which expansions order sensibly. Ties break by a
stream seeded from the AI's seed and the record length.

It decides on a determinization of its seat's view (everything hidden drawn
again), so it cannot peek; it reads nothing hidden anyway, so the decision is
the one it made on the game itself before seat views existed.
"""

from __future__ import annotations

import random

from engine.ai.heuristics import Outlook, feature_value, preview_of
from engine.fork import release
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action
from engine.seat import SeatView


class AI:
    """A deterministic AI seat (the ``reference`` policy)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView | Game, player: int | None = None) -> Action:
        """The action for the view's seat. ``choose(game, seat)`` (a game and a
        seat) makes the seat view itself."""
        if isinstance(view, Game):
            if player is None:
                raise ValueError("choose(game, seat) needs the seat")
            view = SeatView(view, player)
        if view.decision is None:
            raise ValueError("the game is over")
        sample = random.Random(f"{self.seed}/{view.actions_taken}/{view.seat}/sample")
        game = view.determinized(sample)
        try:
            return decide(game, view.seat, self.seed)
        finally:
            release(game)


def decide(game: Game, player: int, seed: int) -> Action:
    """The reference AI's action for ``player`` in ``game`` (a game the seat
    may read whole: a determinization, or a search's own sample)."""
    decision = game.pending
    if decision is None:
        raise ValueError("the game is over")
    if game.hooks.ai_policies or game.hooks.for_step(decision.step):
        legal = game.legal_actions(player)
        if not legal:
            raise ValueError(f"seat {player} has nothing to do now")
        for policy in game.hooks.ai_policies:
            advice = policy(game, player, decision, legal)
            if advice is not None:
                return advice
    else:  # the base game's own steps: no need to build every action as a dict
        legal = game.legal_actions(player) if decision.step != STEP_PLACE else []
        if player not in decision.players or not (legal or game.legal_placements()):
            raise ValueError(f"seat {player} has nothing to do now")
    rng = random.Random(f"{seed}/{len(game.actions)}/{player}")
    if decision.step == STEP_PLACE and game.turn is not None:
        return place(game, player, rng)
    if decision.step == STEP_FOLLOWER and game.turn is not None:
        return follower(game, player, rng)
    return legal[0]


def place(game: Game, player: int, rng: random.Random) -> Action:
    """The placement whose best follower choice is worth most (Outlook)."""
    assert game.turn is not None
    best: tuple[float, float, int, int, int] | None = None
    outlook = Outlook(game, player)  # shared by every placement of this decision
    kind = game.turn.tile
    for x, y, rot in game.legal_placements():
        score = outlook.best(kind, (x, y), rot)
        key = (score, rng.random(), x, y, rot)
        if best is None or key > best:
            best = key
    assert best is not None
    _, _, x, y, rot = best
    return {"player": player, "type": "place", "x": x, "y": y, "rotation": rot}


def follower_values(game: Game, player: int) -> dict[str | None, float]:
    """Each legal follower choice on the tile just placed, valued on the real
    features (the tile is on the board: a preview would count it twice)."""
    assert game.turn is not None and game.turn.placed is not None
    placed = game.turn.placed
    legal = set(game.legal_followers() or [])
    values: dict[str | None, float] = {None: 0.0}
    for i, node in enumerate(placed.nodes):
        name = placed.face.canonical[i]
        if name in legal:
            feat = game.board.feature_of(node)
            values[name] = feature_value(game, player, preview_of(game, feat), with_me=True)
    return values


def follower(game: Game, player: int, rng: random.Random) -> Action:
    values = follower_values(game, player)
    best = max(values.items(), key=lambda kv: (kv[1], rng.random()))
    return {"player": player, "type": "follower", "location": best[0]}


def play_out(game: Game, seeds: dict[int, int] | None = None) -> Game:
    """Let reference AI seats play every remaining decision (all seats, or those
    in ``seeds`` mapping seat -> AI seed; others must not be asked)."""
    ais = {p: AI(seed) for p, seed in (seeds or {p: p for p in range(len(game.players))}).items()}
    while game.pending is not None:
        decision = game.pending
        actor = next((p for p in decision.players if p in ais), None)
        if actor is None:
            raise ValueError(f"no AI for seats {decision.players}")
        game.apply(ais[actor].choose(game, actor))
    return game
