"""Christmas Present (X-1..X-6) for ``/rules``: drawing from the two decks,
the kinds of cards, and each of the 32 designs (their ids, decks and timing
from the engine's table)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.expansions.adapter import CardText, Entry, RulesBook
from engine.expansions.christmas.cards import DESIGNS, CardDesign

MESSAGES: Mapping[str, Entry] = {
    "christmas.rules.title": "Christmas Present",
    "christmas.rules.how": (
        "**Two decks.** After placing your tile you may draw:\n"
        "- an **abbey** card, when your tile lies in one of the 8 cells around a monastery "
        "where another player has a follower;\n"
        "- a **roadside** card, when your tile shows only roads and fields (the straight, "
        "curve, three-way and four-way road tiles).\n"
        "Drawing is optional, at most one card from each deck per tile. A deck that runs out "
        "stays empty.\n\n"
        "**Your hand** is secret: others see only how many cards you hold. You may keep 5; "
        "at the end of your turn you discard down to 5."
    ),
    "christmas.rules.kinds": (
        "**Acts at once** (lightning): everyone sees it, you choose its target, it takes "
        "effect and is discarded. With no possible target it is discarded without effect.\n\n"
        "**Kept in hand**: play it later in your own turn, before placing your tile or "
        "before placing your follower. Exceptions: Prevent attack is played in another "
        "player's turn, and the three scoring cards (Closed loop, Pennants worth 3, Plain "
        "city worth 3) while your completed features are scored.\n\n"
        "**End cards** stay secret until the game ends, then count before the final "
        "scoring. Cards still in hand that are not end cards are worth nothing.\n\n"
        "**Attacks**: every roadside card except Field tiebreak; an attacked player may "
        "cancel it with Prevent attack."
    ),
    "christmas.kind.abbey.lightning": "abbey, acts at once",
    "christmas.kind.abbey.plain": "abbey, kept in hand",
    "christmas.kind.abbey.end": "abbey, counts at the end",
    "christmas.kind.roadside.lightning.attack": "roadside attack, acts at once",
    "christmas.kind.roadside.plain.attack": "roadside attack, kept in hand",
    "christmas.kind.roadside.end": "roadside, counts at the end",
    # --- the abbey deck (X-4) ---
    "christmas.card.score-3": "Gift of points",
    "christmas.card.score-3.effect": "You score 3 points.",
    "christmas.card.score-road": "Road bonus",
    "christmas.card.score-road.effect": (
        "An unfinished road you own scores now for you alone, 2 points per tile; all its "
        "followers go home."
    ),
    "christmas.card.score-city": "City bonus",
    "christmas.card.score-city.effect": (
        "An unfinished city you own scores now for you alone, 2 points per tile and 1 per "
        "pennant; all its followers go home."
    ),
    "christmas.card.score-monastery": "Monastery bonus",
    "christmas.card.score-monastery.effect": (
        "An unfinished monastery you own scores now for you alone, 1 point per tile around "
        "it; its monks go home."
    ),
    "christmas.card.claim-field": "Claim a field",
    "christmas.card.claim-field.effect": (
        "Put a follower from your supply on a field without followers, anywhere."
    ),
    "christmas.card.claim-road": "Claim a road",
    "christmas.card.claim-road.effect": (
        "Put a follower from your supply on a road without followers, anywhere."
    ),
    "christmas.card.claim-city": "Claim a city",
    "christmas.card.claim-city.effect": (
        "Put a follower from your supply on a city without followers, anywhere."
    ),
    "christmas.card.closed-loop-road": "Closed loop",
    "christmas.card.closed-loop-road.effect": (
        "Play it while scoring: a completed road you own that forms a closed loop scores "
        "2 points per tile instead of 1."
    ),
    "christmas.card.draw-two": "Draw two",
    "christmas.card.draw-two.effect": (
        "Before placing, draw a second tile and place one of the two; the other leaves the game."
    ),
    "christmas.card.pennants-worth-3": "Pennants worth 3",
    "christmas.card.pennants-worth-3.effect": (
        "Play it while scoring: a completed city with pennants that you own scores 3 points "
        "per pennant instead of 2."
    ),
    "christmas.card.prevent-attack": "Prevent attack",
    "christmas.card.prevent-attack.effect": (
        "When another player attacks you with a roadside card, discard this card to cancel "
        "the attack."
    ),
    "christmas.card.plain-city-worth-3": "Plain city worth 3",
    "christmas.card.plain-city-worth-3.effect": (
        "Play it while scoring: a completed city without pennants that you own scores "
        "3 points per tile instead of 2."
    ),
    "christmas.card.return-follower": "Return follower",
    "christmas.card.return-follower.effect": (
        "Take one of your followers from the board back into your supply, without scoring."
    ),
    "christmas.card.supply-bonus": "Supply bonus",
    "christmas.card.supply-bonus.effect": (
        "At the end: 2 points for each follower in your supply."
    ),
    "christmas.card.farm-bonus": "Field bonus",
    "christmas.card.farm-bonus.effect": (
        "At the end: each field you own scores 1 more point per completed city for you."
    ),
    "christmas.card.shared-farm-bonus": "Shared field bonus",
    "christmas.card.shared-farm-bonus.effect": (
        "At the end: each field where you share the most farmers with others scores 1 more "
        "point per completed city for you."
    ),
    # --- the roadside deck (X-5) ---
    "christmas.card.claim-occupied-field": "Join a field",
    "christmas.card.claim-occupied-field.effect": (
        "Put a follower from your supply on a field where another player has a follower."
    ),
    "christmas.card.claim-occupied-road": "Join a road",
    "christmas.card.claim-occupied-road.effect": (
        "Put a follower from your supply on a road where another player has a follower."
    ),
    "christmas.card.claim-occupied-city": "Join a city",
    "christmas.card.claim-occupied-city.effect": (
        "Put a follower from your supply on a city where another player has a follower."
    ),
    "christmas.card.claim-occupied-monastery": "Join a monastery",
    "christmas.card.claim-occupied-monastery.effect": (
        "Put a follower from your supply on a monastery where another player has a monk."
    ),
    "christmas.card.lock-monastery": "Lock a monastery",
    "christmas.card.lock-monastery.effect": (
        "Lock an unfinished monastery with followers: its monks lie down and stay until the "
        "end; when it is completed its points are paid only at the end."
    ),
    "christmas.card.lock-road": "Lock a road",
    "christmas.card.lock-road.effect": (
        "Lock an unfinished road with followers: its followers lie down and stay until the "
        "end; when it is completed its points are paid only at the end."
    ),
    "christmas.card.lock-city": "Lock a city",
    "christmas.card.lock-city.effect": (
        "Lock an unfinished city with followers: its followers lie down and stay until the "
        "end; when it is completed its points are paid only at the end."
    ),
    "christmas.card.tiebreak-road": "Break a road tie",
    "christmas.card.tiebreak-road.effect": (
        "Mark a road where you are tied for the most followers: you count one follower more "
        "when it is scored. Two marks cancel out."
    ),
    "christmas.card.tiebreak-city": "Break a city tie",
    "christmas.card.tiebreak-city.effect": (
        "Mark a city where you are tied for the most followers: you count one follower more "
        "when it is scored. Two marks cancel out."
    ),
    "christmas.card.tiebreak-monastery": "Break a monastery tie",
    "christmas.card.tiebreak-monastery.effect": (
        "Mark a monastery where you are tied for the most monks: you count one monk more "
        "when it is scored. Two marks cancel out."
    ),
    "christmas.card.swap-monastery": "Swap on a monastery",
    "christmas.card.swap-monastery.effect": (
        "Swap one of your monks with another player's monk on a different unfinished monastery."
    ),
    "christmas.card.swap-city": "Swap on a city",
    "christmas.card.swap-city.effect": (
        "Swap one of your followers in a city with another player's follower in a "
        "different unfinished city."
    ),
    "christmas.card.swap-road": "Swap on a road",
    "christmas.card.swap-road.effect": (
        "Swap one of your followers on a road with another player's follower on a "
        "different unfinished road."
    ),
    "christmas.card.swap-field": "Swap on a field",
    "christmas.card.swap-field.effect": (
        "Swap one of your farmers with another player's farmer in a different field."
    ),
    "christmas.card.mastermind": "Mastermind",
    "christmas.card.mastermind.effect": (
        "In the next player's turn you choose the cell where their tile goes; they choose "
        "its rotation."
    ),
    "christmas.card.farm-tiebreak": "Field tiebreak",
    "christmas.card.farm-tiebreak.effect": (
        "At the end: in every field where you are tied for the most farmers, you count one "
        "farmer more. Two such cards cancel out."
    ),
}


def kind_key(design: CardDesign) -> str:
    """Deck and timing of a design as one text key (X-1, X-3; attacks X-5)."""
    return f"christmas.kind.{design.deck}.{design.timing}" + (".attack" if design.attack else "")


BOOK = RulesBook(
    title="christmas.rules.title",
    pages=("christmas.rules.how", "christmas.rules.kinds"),
    cards=tuple(
        CardText(d.id, f"christmas.card.{d.id}", f"christmas.card.{d.id}.effect", kind_key(d))
        for d in DESIGNS
    ),
    messages=MESSAGES,
)
