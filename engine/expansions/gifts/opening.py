"""Opening a gift (G-3): in the ``place`` step of one's own turn, before
placing, at most one per turn; each card's targets and plan come from the card
table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import shown
from engine.expansions.gifts.actions import OPEN, OpenGift
from engine.expansions.gifts.cards import CARDS
from engine.expansions.gifts.state import OPENED, state
from engine.fields import refuse_unused
from engine.phases import Action, IllegalAction, Steps

if TYPE_CHECKING:
    from engine.game import Game


def _can_open_now(game: Game, player: int) -> bool:
    turn = game.turn
    return turn is not None and turn.player == player and not turn.data.get(OPENED)


def legal_openings(game: Game, player: int) -> list[Action]:
    if not _can_open_now(game, player):
        return []
    out = []
    for card in dict.fromkeys(state(game).hands[player]):
        for t in CARDS[card].targets(game, player):
            out.append({"player": player, "type": OPEN, "card": card, **t})
    return out


def validate_open(game: Game, action: OpenGift) -> None:
    player = action.player
    turn = game.turn
    if turn is None or turn.player != player:
        raise IllegalAction(
            "you may open a gift only in your own turn, before placing (G-3)", code="gift_not_now"
        )
    if turn.data.get(OPENED):
        raise IllegalAction(
            "you already opened a gift this turn; only one per turn (G-3)",
            code="gift_already_opened",
        )
    card = CARDS.get(action.card)
    if card is None:
        raise IllegalAction(
            f"'card' must be one of {', '.join(CARDS)}, not {shown(action.card)}", code="malformed"
        )
    refuse_unused(action, card.fields, f"{card.name} ({card.rule})")
    if card.id not in state(game).hands[player]:
        raise IllegalAction(f"you hold no unopened {card.name} gift (G-3)", code="gift_not_held")
    card.plan(game, player, action)


def run_open(game: Game, action: OpenGift) -> Steps:
    player, card = action.player, CARDS[action.card]
    plan = card.plan(game, player, action)
    st = state(game)
    assert game.turn is not None
    game.turn.data[OPENED] = True
    st.hands[player].remove(card.id)
    st.discard.append(card.id)  # G-3: onto the face-up discard pile
    game.events.append({"type": "gift-opened", "player": player, "card": card.id, **plan.event})
    yield from plan.apply()
