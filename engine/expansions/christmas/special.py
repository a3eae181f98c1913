"""Christmas cards that act on the tile (X-4.7, X-5.5), on scoring (X-3.2), as
a reaction (X-4.9) or at the game end (X-6): their behaviours.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import scoring
from engine.board import Feature
from engine.expansions.christmas.actions import XmasTarget
from engine.expansions.christmas.behaviour import Behaviour, Resolution
from engine.expansions.christmas.state import (
    DRAW_TWO_USED,
    STEP_MASTERMIND,
    STEP_TARGET,
    Ask,
    Option,
    ask,
    hook_when_needed,
    reason,
    state,
)
from engine.phases import STEP_PLACE, Steps

if TYPE_CHECKING:
    from engine.expansions.christmas.cards import CardDesign
    from engine.game import Game


# --- X-5.5 --------------------------------------------------------------------------
class Mastermind(Behaviour):
    """The next player's tile goes on a cell the card's owner picks when that
    player draws (:meth:`after_draw`, on that hook point from the first
    mastermind played)."""

    def affected(self, game: Game, player: int, opt: Option | None) -> set[int]:
        return {(player + 1) % len(game.players)}

    def why_not(self, game: Game, player: int, card: CardDesign) -> str | None:
        if not game.tiles_left():
            return "no tile is left: there is no next turn (X-5.5)"
        pile = game.opening()
        if pile is not None:  # C-6: the next tile is drawn in order and goes where its rule says
            return f"the next tile comes from the {pile} pile, whose place no card fixes (C-6)"
        if state(game).mastermind is not None:
            return "a mastermind is already waiting for the next turn (X-5.5)"
        return None

    def run(self, r: Resolution) -> Steps:
        st = state(r.game)
        victim = (r.player + 1) % len(r.game.players)
        st.mastermind = (r.player, victim)
        st.mastermind_card = r.card.id
        hook_when_needed(r.game.hooks.after_draw, self.after_draw)
        r.ev["victim"] = victim
        r.game.events.append(r.ev)
        yield from ()

    def after_draw(self, game: Game) -> Steps:
        """The victim's tile is drawn: the owner picks its cell (X-5.5)."""
        st = state(game)
        turn = game.turn
        assert turn is not None
        if st.mastermind is None:
            return
        owner, victim = st.mastermind
        if victim != turn.player:
            return
        st.mastermind = None
        yield from self.choose_cell(game, st.mastermind_card, owner, victim)

    def choose_cell(self, game: Game, card: str, owner: int, victim: int) -> Steps:
        turn = game.turn
        assert turn is not None
        cells = sorted(
            {(x, y) for x, y, _ in game.board.placements(turn.tile)}, key=lambda c: (c[1], c[0])
        )
        options = [Option({"x": x, "y": y}, (x, y)) for x, y in cells]
        question = Ask(STEP_MASTERMIND, owner, card=card, target="cell", options=options)
        info = {"card": card, "tile": turn.tile, "victim": victim}
        action = yield from ask(game, question, info, XmasTarget)
        assert action.x is not None and action.y is not None
        turn.allowed_cells = {(action.x, action.y)}
        game.events.append(
            {
                "type": "xmas-mastermind",
                "player": owner,
                "victim": victim,
                "x": action.x,
                "y": action.y,
            }
        )

    def value(self, game: Game, player: int, opt: Option) -> float:
        # The cell with the fewest rotations for the victim's tile.
        if game.turn is None:
            return 0.0
        return -len(game.board.fits(game.turn.tile, opt.key))  # type: ignore[arg-type]

    def play_rank(self, game: Game, player: int, card: CardDesign) -> int | None:
        return 0


# --- X-4.7 --------------------------------------------------------------------------
class DrawTwo(Behaviour):
    """Before placing, a second tile; the player keeps one, the other leaves the
    game. Once per turn (ruling); under a mastermind the tile kept must fit the
    fixed cell (C-3)."""

    def why_not(self, game: Game, player: int, card: CardDesign) -> str | None:
        turn, pending = game.turn, game.pending
        assert turn is not None and pending is not None
        if pending.step != STEP_PLACE:
            return "draw-two is played before placing your tile (X-4.7)"
        if turn.data.get(DRAW_TWO_USED):
            return "draw-two was already played this turn (X-4.7, one per turn)"
        if turn.opening is not None:
            return f"this turn's tile comes from the {turn.opening} pile: no second tile (C-6)"
        if not game.bag:
            return "no tile is left to draw (X-4.7)"
        return None

    def run(self, r: Resolution) -> Steps:
        game, player, card = r.game, r.player, r.card
        game.events.append(r.ev)
        turn = game.turn
        assert turn is not None
        turn.data[DRAW_TWO_USED] = True
        second = game.draw_tile()
        if second is None:
            game.events.append({"type": "xmas-no-tile", "player": player, "card": card.id})
            return
        game.events.append({"type": "xmas-extra-tile", "player": player, "tile": second})
        # C-3: only a tile that can be placed this turn (on a cell a mastermind
        # fixed, say) may be kept; the tile in hand always can.
        tiles = [t for t in dict.fromkeys([turn.tile, second]) if game.fits_this_turn(t)]
        options = [Option({"tile": t}, t) for t in tiles]
        question = Ask(STEP_TARGET, player, card=card.id, target="tile", options=options)
        info = {"card": card.id, "tiles": [turn.tile, second]}
        answer = yield from ask(game, question, info, XmasTarget)
        chosen = answer.tile
        assert chosen is not None
        other = second if chosen == turn.tile else turn.tile
        turn.tile = chosen
        game.events.append(
            {"type": "discard", "tile": other, "reason": "the tile not chosen (X-4.7)"}
        )

    def play_rank(self, game: Game, player: int, card: CardDesign) -> int | None:
        return 1


# --- modifiers, X-4.10 -------------------------------------------
class Modifier(Behaviour):
    modifier = True
    held = 1.5

    def __init__(
        self,
        applies: Callable[[Game, Feature], bool],
        bonus: Callable[[scoring.FeatureScore], int],
    ) -> None:
        self._applies = applies
        self._bonus = bonus

    def why_not(self, game: Game, player: int, card: CardDesign) -> str | None:
        return f"{card.id!r} is played during the scoring step on a feature you own (X-3.2)"

    def applies(self, game: Game, feat: Feature) -> bool:
        return self._applies(game, feat)

    def bonus(self, score: scoring.FeatureScore) -> int:
        return self._bonus(score)


def extra_per_tile(score: scoring.FeatureScore) -> int:
    return score.tiles


def extra_per_pennant(score: scoring.FeatureScore) -> int:
    return score.pennants


def plain_city(game: Game, feat: Feature) -> bool:
    return feat.kind == "city" and feat.pennants == 0


def city_with_pennants(game: Game, feat: Feature) -> bool:
    return feat.kind == "city" and feat.pennants > 0


# --- X-4.9 --------------------------------------------------------------------------
class PreventAttack(Behaviour):
    cancels_attacks = True
    held = 1.5

    def why_not(self, game: Game, player: int, card: CardDesign) -> str | None:
        return f"{card.id} is played only against an attack on you (X-4.9)"


# --- X-6 end cards: ..4.14, X-5.6 ----------------------------------------------
class SupplyBonus(Behaviour):
    def held_worth(self, game: Game, player: int, card: CardDesign) -> float:
        return 2.0 * max(0, game.supply[player] - 1)  # a follower or so still to use

    def at_game_end(self, game: Game, player: int, card: CardDesign) -> None:
        # the supply counted now, before locked followers return.
        n = game.supply[player]
        game.award(player, 2 * n, {"reason": reason(card.id), "card": card.id, "followers": n})


class FarmBonus(Behaviour):
    """+1 per completed city for each farm you own (X-4.13), or only for farms
    whose majority you share (``shared_only``, X-4.14)."""

    def __init__(self, shared_only: bool = False) -> None:
        self.shared_only = shared_only

    def farm_bonus(self, shared: bool) -> int:
        return 1 if shared or not self.shared_only else 0

    def held_worth(self, game: Game, player: int, card: CardDesign) -> float:
        """+1 per completed city of each farm the holder owns (or shares) now."""
        total = 0
        for feat in game.board.features.values():
            if feat.kind == "field" and feat.followers:
                owners = scoring.owners(game, feat)
                if player in owners:
                    total += self.farm_bonus(len(owners) >= 2) * scoring.completed_cities(
                        game, feat
                    )
        return float(total)


class FarmTiebreak(Behaviour):
    farm_tiebreak = 1
    held = 1.0
