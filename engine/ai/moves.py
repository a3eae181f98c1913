"""A decision's legal actions, ranked by the one-ply valuation, and the step
that finishes a turn greedily: what the levels build on.

Every function here reads a whole game: a determinization of the seat's view
(engine.seat) or a search's own sample, never the real game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.ai import reference
from engine.ai.evaluate import final_scores, margin
from engine.ai.heuristics import Outlook
from engine.fork import release
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action
from engine.seat import SeatView


@dataclass(frozen=True, slots=True)
class Move:
    """A legal action with its prior: the one-ply value (points) for placements
    and followers, a rank for other decisions (the advised answer first)."""

    action: Action
    prior: float
    # Place moves: the follower choices with it, best first, with their values.
    spots: tuple[tuple[str | None, float], ...] = ()


def legal(view: SeatView) -> list[Action]:
    """The seat's legal actions now; ValueError when the game is over or the
    seat has nothing to do (a level is asked only for a seat that moves)."""
    if view.decision is None:
        raise ValueError("the game is over")
    out = view.legal_actions()
    if not out:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    return out


class Level:
    """What every level does first: the only answer at once, else a stream of
    its own, seeded by the level, the seat's seed, the position and the seat
    (same seeds, same game); then :meth:`decide`."""

    level = ""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        choices = legal(view)
        if len(choices) == 1:
            return choices[0]
        rng = random.Random(f"{self.level}/{self.seed}/{view.actions_taken}/{view.seat}")
        return self.decide(view, choices, rng)

    def decide(self, view: SeatView, choices: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError


def asked(game: Game) -> int:
    """The seat that answers next (the first of several asked at once)."""
    assert game.pending is not None
    return game.pending.players[0]


def ranked(game: Game, player: int, rng: random.Random) -> list[Move]:
    """``player``'s legal actions now, best first (ties in a seeded order)."""
    d = game.pending
    assert d is not None
    if d.step == STEP_PLACE and game.turn is not None:
        outlook = Outlook(game, player)
        kind = game.turn.tile
        moves = []
        for x, y, r in game.legal_placements():
            spots = sorted(outlook.options(kind, (x, y), r).items(), key=_by_value, reverse=True)
            action = {"player": player, "type": "place", "x": x, "y": y, "rotation": r}
            moves.append(Move(action, spots[0][1], tuple(spots)))
        others = [a for a in game.legal_actions(player) if a["type"] != "place"]
        if others:
            advice = reference.decide(game, player, 0)
            best = max((m.prior for m in moves), default=0.0)
            for a in others:
                moves.append(Move(a, best + (1.0 if a == advice else -1.0)))
        return _sorted(moves, rng)
    if d.step == STEP_FOLLOWER and game.turn is not None and game.turn.placed is not None:
        values = reference.follower_values(game, player)
        moves = [
            Move({"player": player, "type": "follower", "location": loc}, v)
            for loc, v in values.items()
        ]
        # Anything else in the step (an expansion's piece, A-3; an action that
        # ends the step, A-4) ranks by the reference advice; the levels that
        # search judge it as they judge the followers.
        others = [a for a in game.legal_actions(player) if not _plain_follower(a)]
        if others:
            advice = reference.decide(game, player, 0)
            best = max(m.prior for m in moves)
            moves += [Move(a, best + (1.0 if a == advice else -1.0)) for a in others]
        return _sorted(moves, rng)
    legal = game.legal_actions(player)
    if len(legal) <= 1:
        return [Move(a, 0.0) for a in legal]
    advice = reference.decide(game, player, 0)
    return [Move(a, 1.0 if a == advice else -i / len(legal)) for i, a in enumerate(legal)]


def _plain_follower(action: Action) -> bool:
    return action["type"] == "follower" and action.keys() == {"player", "type", "location"}


def _by_value(spot: tuple[str | None, float]) -> tuple[float, bool]:
    return spot[1], spot[0] is None  # equal values: no follower first


def _sorted(moves: list[Move], rng: random.Random) -> list[Move]:
    tiebreak = {id(m): rng.random() for m in moves}
    return sorted(moves, key=lambda m: (m.prior, tiebreak[id(m)]), reverse=True)


def greedy(game: Game, rng: random.Random) -> None:
    """One decision by whoever is asked, as the reference AI takes it."""
    player = asked(game)
    game.apply(reference.decide(game, player, rng.getrandbits(32)))


def finish_turn(
    game: Game, rng: random.Random, follower: str | None = None, limit: int = 40
) -> None:
    """Play greedily to the start of the next turn (or the end of the game); a
    follower step of the turn's player takes ``follower`` when it is legal."""
    start = game.turns_played
    for _ in range(limit):
        d = game.pending
        if d is None or (game.turns_played != start and d.step == STEP_PLACE):
            return
        if follower is not None and d.step == STEP_FOLLOWER:
            action: Action = {"player": d.active, "type": "follower", "location": follower}
            follower = None
            if game.is_legal(action):
                game.apply(action)
                continue
        greedy(game, rng)


Candidate = tuple[Action, str | None, float]  # action, follower spot with it, prior


def candidates(moves: list[Move], placements: int, spots: int, options: int) -> list[Candidate]:
    """(action, follower spot to take with it, prior) to judge: the best
    ``placements`` each with its best ``spots`` follower choices, then the
    best ``options`` of the other actions."""
    out: list[Candidate] = []
    for m in [m for m in moves if m.spots][:placements]:
        out += [(m.action, spot, value) for spot, value in m.spots[:spots]]
    out += [(m.action, None, m.prior) for m in [m for m in moves if not m.spots][:options]]
    return out


def playout(sample: Game, seat: int, candidate: Candidate, seed: int, turns: int) -> float:
    """The seat's expected lead over the best other player once the candidate
    is played on a copy of ``sample``, its turn finished and ``turns`` more
    turns played greedily (the real lead if the game ends)."""
    game = sample.fork()
    game.apply(candidate[0])
    rng = random.Random(seed)
    finish_turn(game, rng, candidate[1])
    for _ in range(turns):
        if game.pending is None:
            break
        finish_turn(game, rng)
    lead = margin(final_scores(game), seat)
    release(game)  # freed now, not by the garbage collector
    return lead
