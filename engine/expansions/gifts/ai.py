"""AI advice for The Gifts (installed by engine.plugins beside the rules).

A gift is opened when its estimated gain (the card table's ``gain``) beats
the 2 points it is worth kept unopened (G-9); with two tiles drawn (G-8) the
AI keeps the one whose best placement it values more.
"""

from __future__ import annotations

import random

from engine.ai.heuristics import Outlook, preview
from engine.expansions.gifts.actions import CHOOSE, OPEN
from engine.expansions.gifts.advice import tile_value
from engine.expansions.gifts.cards import CARDS
from engine.expansions.gifts.state import END_POINTS, STEP_CHOOSE, state
from engine.game import Game
from engine.phases import STEP_PLACE, Action, Decision
from engine.tiles import FACES

GIFT_WORTH = 2.5  # a gift kept is 2 points (G-9), opened usually more
# AI levels: what an unfinished feature loses per tile still to come to the
# synod, road sweeper, change of position and cash out (engine.ai.evaluate;
# measured by benchmarks.ai_erosion).
EROSION = 0.003


def advise(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    if decision.step == STEP_CHOOSE:
        choices = [a for a in legal if a["type"] == CHOOSE]
        if not choices:
            return None
        outlook = Outlook(game, player)  # one for both tiles: the board is the same
        return max(choices, key=lambda a: tile_value(game, player, a["tile"], outlook))
    if decision.step != STEP_PLACE:
        return None
    openings = [a for a in legal if a["type"] == OPEN]
    if openings:
        best, gain = max(
            ((a, opening_gain(game, player, a)) for a in openings), key=lambda ag: ag[1]
        )
        if gain > END_POINTS:
            return best
    if any(a["type"] not in ("place", OPEN) for a in legal):
        return None  # another expansion's action is possible: leave the step to it
    return placement(game, player)


def opening_gain(game: Game, player: int, a: Action) -> float:
    """Estimated points gained by this opening (legal by construction)."""
    return CARDS[a["card"]].gain(game, player, a)


def placement(game: Game, player: int) -> Action | None:
    """The base AI's placement valuation plus the worth of a gift the tile
    would earn (G-2); None (base AI decides) when no gift is left to get."""
    st = state(game)
    if game.turn is None or not (st.deck or st.discard):
        return None
    kind = game.turn.tile
    rng = random.Random(f"gifts-ai/place/{len(game.actions)}/{player}")
    best: tuple[float, float, int, int, int] | None = None
    outlook = Outlook(game, player)  # option_values of every placement, worked out once
    for x, y, r in game.legal_placements():
        # A tile that joins a road or city led by others earns a gift (G-2):
        # earns_gift, read off what the Outlook works out anyway.
        value, led = outlook.best_and_lead(kind, (x, y), r)
        if led:
            value += GIFT_WORTH
        key = (value, rng.random(), x, y, r)
        if best is None or key > best:
            best = key
    if best is None:
        return None
    _, _, x, y, r = best
    return {"player": player, "type": "place", "x": x, "y": y, "rotation": r}


def earns_gift(game: Game, player: int, kind: str, x: int, y: int, rotation: int) -> bool:
    """G-2 as previewed: a road or city the tile joins belongs to others only."""
    for prev in preview(game.board, FACES[(kind, rotation)], (x, y)):
        if prev.kind in ("road", "city") and prev.counts:
            top = max(prev.counts.values())
            if prev.counts.get(player, 0) < top:
                return True
    return False


def worth(game: Game, player: int) -> float:
    """AI levels: gifts in hand (2 points each kept, G-9, more opened)."""
    return GIFT_WORTH * len(state(game).hands[player])
