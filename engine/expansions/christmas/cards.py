"""Christmas Present card designs (docs/rules/christmas.md X-1, X-4, X-5): one object each.

One row per design: id, deck, timing class (X-3), display name, effect text,
attack flag (X-5 cards that `prevent-attack` can cancel, X-4.9), its behaviour
(:mod:`.effects`: options, affected players, why not playable, effect, scoring
and end-game parts, AI advice) and the feature kind it concerns. Each design
exists in two copies (X-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from engine.expansions.christmas.behaviour import Behaviour
from engine.expansions.christmas.effects import (
    Claim,
    Lock,
    ReturnFollower,
    ScoreThree,
    ScoreUnfinished,
    Swap,
    Tiebreak,
)
from engine.expansions.christmas.special import (
    DrawTwo,
    FarmBonus,
    FarmTiebreak,
    Mastermind,
    Modifier,
    PreventAttack,
    SupplyBonus,
    city_with_pennants,
    extra_per_pennant,
    extra_per_tile,
    plain_city,
)
from engine.expansions.christmas.state import Option, is_closed_loop

if TYPE_CHECKING:
    from engine.game import Game

Deck = Literal["abbey", "roadside"]
Timing = Literal["lightning", "plain", "end"]

DECKS: tuple[Deck, ...] = ("abbey", "roadside")
COPIES = 2  # 16 designs x 2 copies per deck
HAND_LIMIT = 5


@dataclass(frozen=True, slots=True)
class CardDesign:
    id: str
    deck: Deck
    timing: Timing
    name: str
    text: str
    attack: bool
    behaviour: Behaviour
    feature: str | None = None  # road / city / monastery / field
    rule: str = ""

    def options(self, game: Game, player: int) -> list[Option] | None:
        """Legal targets of this card for ``player`` now; None: it has none."""
        return self.behaviour.options(game, player, self)


def _row(
    rule: str,
    id: str,
    deck: Deck,
    timing: Timing,
    name: str,
    text: str,
    behaviour: Behaviour,
    feature: str | None = None,
    attack: bool = False,
) -> CardDesign:
    return CardDesign(id, deck, timing, name, text, attack, behaviour, feature, rule)


DESIGNS: tuple[CardDesign, ...] = (
    # --- X-4 abbey deck -------------------------------------------------------
    _row(
        "X-4.1", "score-3", "abbey", "lightning", "Gift of points", "Score 3 points.", ScoreThree()
    ),
    _row(
        "X-4.2",
        "score-road",
        "abbey",
        "lightning",
        "Road bonus",
        "Score an unfinished road you own at 2 points per tile; its followers return.",
        ScoreUnfinished(),
        "road",
    ),
    _row(
        "X-4.3",
        "score-city",
        "abbey",
        "lightning",
        "City bonus",
        "Score an unfinished city you own at 2 per tile + 1 per pennant; its followers return.",
        ScoreUnfinished(),
        "city",
    ),
    _row(
        "X-4.4",
        "score-monastery",
        "abbey",
        "lightning",
        "Monastery bonus",
        "Score an unfinished monastery you own at 1 per surrounding tile; its followers return.",
        ScoreUnfinished(),
        "monastery",
    ),
    _row(
        "X-4.5",
        "claim-field",
        "abbey",
        "lightning",
        "Claim a field",
        "Place a follower from your supply on an unoccupied field anywhere.",
        Claim(),
        "field",
    ),
    _row(
        "X-4.5",
        "claim-road",
        "abbey",
        "lightning",
        "Claim a road",
        "Place a follower from your supply on an unoccupied road anywhere.",
        Claim(),
        "road",
    ),
    _row(
        "X-4.5",
        "claim-city",
        "abbey",
        "lightning",
        "Claim a city",
        "Place a follower from your supply on an unoccupied city anywhere.",
        Claim(),
        "city",
    ),
    _row(
        "X-4.6",
        "closed-loop-road",
        "abbey",
        "plain",
        "Closed loop",
        "Play while scoring: a completed closed-loop road you own scores 2 per tile.",
        Modifier(is_closed_loop, extra_per_tile),  # roads 1 -> 2 per tile
        "road",
    ),
    _row(
        "X-4.7",
        "draw-two",
        "abbey",
        "plain",
        "Draw two",
        "Before placing, draw a second tile; place one, the other leaves the game.",
        DrawTwo(),
    ),
    _row(
        "X-4.8",
        "pennants-worth-3",
        "abbey",
        "plain",
        "Pennants worth 3",
        "Play while scoring: a completed city with pennants you own scores 3 per pennant.",
        Modifier(city_with_pennants, extra_per_pennant),  # pennants 2 -> 3
        "city",
    ),
    _row(
        "X-4.9",
        "prevent-attack",
        "abbey",
        "plain",
        "Prevent attack",
        "Out of turn: discard to cancel a roadside attack card played against you.",
        PreventAttack(),
    ),
    _row(
        "X-4.10",
        "plain-city-worth-3",
        "abbey",
        "plain",
        "Plain city worth 3",
        "Play while scoring: a completed city without pennants you own scores 3 per tile.",
        Modifier(plain_city, extra_per_tile),  # plain city tiles 2 -> 3
        "city",
    ),
    _row(
        "X-4.11",
        "return-follower",
        "abbey",
        "plain",
        "Return follower",
        "Return one of your followers from any tile to your supply (no score).",
        ReturnFollower(),
    ),
    _row(
        "X-4.12",
        "supply-bonus",
        "abbey",
        "end",
        "Supply bonus",
        "Game end: 2 points per follower in your supply.",
        SupplyBonus(),
    ),
    _row(
        "X-4.13",
        "farm-bonus",
        "abbey",
        "end",
        "Field bonus",
        "Game end: each field you own scores +1 per completed city.",
        FarmBonus(),
        "field",
    ),
    _row(
        "X-4.14",
        "shared-farm-bonus",
        "abbey",
        "end",
        "Shared field bonus",
        "Game end: each field whose majority you share scores +1 per completed city for you.",
        FarmBonus(shared_only=True),
        "field",
    ),
    # --- X-5 roadside deck -------------------------------------------------------
    *(
        _row(
            "X-5.1",
            f"claim-occupied-{kind}",
            "roadside",
            "lightning",
            f"Join a {kind}",
            f"Place a follower from your supply on a {kind} occupied by another player.",
            Claim(occupied=True),
            kind,
            attack=True,
        )
        for kind in ("field", "road", "city", "monastery")
    ),
    *(
        _row(
            "X-5.2",
            f"lock-{kind}",
            "roadside",
            "lightning",
            f"Lock a {kind}",
            f"Lay down the followers of an unfinished {kind}; when complete, its score is "
            "paid at game end and its followers stay until then.",
            Lock(),
            kind,
            attack=True,
        )
        for kind in ("monastery", "road", "city")
    ),
    *(
        _row(
            "X-5.3",
            f"tiebreak-{kind}",
            "roadside",
            "lightning",
            f"Break a {kind} tie",
            f"Mark a {kind} where you are among tied owners: you count one extra follower "
            "when it is scored; two marks cancel.",
            Tiebreak(),
            kind,
            attack=True,
        )
        for kind in ("road", "city", "monastery")
    ),
    *(
        _row(
            "X-5.4",
            f"swap-{kind}",
            "roadside",
            "plain",
            f"Swap on a {kind}",
            f"Swap one of your followers on a {kind} with another player's follower on "
            f"another {kind}.",
            Swap(),
            kind,
            attack=True,
        )
        for kind in ("monastery", "city", "road", "field")
    ),
    _row(
        "X-5.5",
        "mastermind",
        "roadside",
        "plain",
        "Mastermind",
        "The next player's tile goes on a cell you choose; they choose the rotation.",
        Mastermind(),
        attack=True,
    ),
    _row(
        "X-5.6",
        "farm-tiebreak",
        "roadside",
        "end",
        "Field tiebreak",
        "Game end: in a field whose majority you share you count one extra follower.",
        FarmTiebreak(),
        "field",
    ),
)

BY_ID: dict[str, CardDesign] = {d.id: d for d in DESIGNS}


def deck_cards(deck: Deck) -> list[str]:
    """The 32 cards of one deck (X-1), in table order."""
    return [d.id for d in DESIGNS if d.deck == deck for _ in range(COPIES)]


# A card as shown to its holder: the entries of hidden["hand"].
CardView = TypedDict("CardView", {"card": str, "deck": str, "class": str, "name": str, "text": str})


def card_view(card: str) -> CardView:
    """A card as shown to its holder (hidden["hand"] entries)."""
    d = BY_ID[card]
    return {"card": d.id, "deck": d.deck, "class": d.timing, "name": d.name, "text": d.text}
