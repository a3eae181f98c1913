"""The shape of a Christmas card's behaviour (X-3..X-6).

The card table (:mod:`.cards`) gives every design one :class:`Behaviour`, so
a design is one object with its options, the players an attack affects, why it
cannot be played now, its effect, its part in scoring and at the game end, and
the AI's advice. The defaults below mean "nothing": no target, nobody
affected, no change to scoring, never played by the AI on its own. The
behaviours themselves: :mod:`.effects` (cards with a target on the board) and
:mod:`.special` (the tile, scoring, reactions and the game end).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine import scoring
from engine.board import Feature
from engine.expansions.christmas.actions import XmasTarget
from engine.expansions.christmas.state import Option
from engine.phases import Steps

if TYPE_CHECKING:
    from engine.expansions.christmas.cards import CardDesign
    from engine.game import Game

Event = dict[str, Any]


def feature_value(game: Game, feat: Feature) -> float:
    """AI: a feature's worth as scored now, plus one."""
    return scoring.value(game, feat, game.board.is_complete(feat))[0] + 1


@dataclass(slots=True)
class Resolution:
    """A card being resolved (X-3), as its effect sees it."""

    game: Game
    player: int
    card: CardDesign
    opt: Option | None  # the target chosen; None for a card without one
    action: XmasTarget | None  # the xmas-target answer that chose it
    ev: Event  # the xmas-effect event, for the effect to complete and append

    @property
    def target(self) -> Option:
        assert self.opt is not None, "a card with a target"
        return self.opt


class Behaviour:
    """What a card design does. ``target`` is the kind of target playing it
    asks for (:data:`.targets.TARGET_KEYS`; "" for none)."""

    target: ClassVar[str] = ""
    modifier: ClassVar[bool] = False  # played while scoring, not from hand
    cancels_attacks: ClassVar[bool] = False
    farm_tiebreak: ClassVar[int] = 0  # extra followers in a shared farm

    def options(self, game: Game, player: int, card: CardDesign) -> list[Option] | None:
        """Legal targets for ``player`` now; None for a card without a target."""
        return None

    def affected(self, game: Game, player: int, opt: Option | None) -> set[int]:
        """Players an attack acts against (X-4.9)."""
        return set()

    def why_not(self, game: Game, player: int, card: CardDesign) -> str | None:
        """Why the card cannot be played from hand now (after the hand, turn and
        timing checks every card shares), or None."""
        if not self.has_options(game, player, card):
            return f"{card.id!r} has no legal target now"
        return None

    def has_options(self, game: Game, player: int, card: CardDesign) -> bool:
        """Whether :meth:`options` lists any target now (a behaviour may know
        without listing them all: card legality asks on every listing)."""
        return bool(card.options(game, player))

    def check_target(self, game: Game, card: CardDesign, action: XmasTarget) -> None:
        """Checks of a chosen target beyond being one of the options."""

    def run(self, r: Resolution) -> Steps:
        """The effect (X-3); appends ``r.ev`` where it belongs among its events."""
        r.game.events.append(r.ev)
        yield from ()

    def card_points(self, game: Game, score: scoring.FeatureScore) -> int:
        """X-3.3: the points of the card's own scoring of a feature."""
        return 0

    def applies(self, game: Game, feat: Feature) -> bool:
        """X-3.2: a modifier applies to this feature being scored."""
        return False

    def bonus(self, score: scoring.FeatureScore) -> int:
        """X-3.2: a modifier's extra points over B-7."""
        return 0

    def at_game_end(self, game: Game, player: int, card: CardDesign) -> None:
        """X-6: an end card revealed at game end, before B-8."""

    def farm_bonus(self, shared: bool) -> int:
        """X-4.13/14: points per completed city for a farm one owns."""
        return 0

    def value(self, game: Game, player: int, opt: Option) -> float:
        """AI: how much ``player`` likes this option of the card's question."""
        return 0.0

    def play_rank(self, game: Game, player: int, card: CardDesign) -> int | None:
        """AI: play the card from hand now (lower rank first), or None."""
        return None

    # AI levels: the points a card in hand is worth to its holder (what playing
    # it later, or keeping it to the end, may bring).
    held: ClassVar[float] = 2.0

    def held_worth(self, game: Game, player: int, card: CardDesign) -> float:
        return self.held
