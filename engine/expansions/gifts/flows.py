"""The Gifts' changes of the rules flow (engine.flows).

- Flow 3: an ``open-gift`` naming a field its card does not use (``to`` on
  a synod, a target on take-two) is refused; an older record's openings lose
  such fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.expansions.gifts.actions import OPEN, OpenGift
from engine.expansions.gifts.cards import CARDS
from engine.fields import drop_unused
from engine.phases import Action
from engine.plugins import Migration

if TYPE_CHECKING:
    from engine.game import Game


def drop_unused_fields(game: Game, action: Action) -> Action:
    card_id = action.get("card") if action.get("type") == OPEN else None
    card = CARDS.get(card_id) if isinstance(card_id, str) else None
    return action if card is None else drop_unused(action, OpenGift, card.fields)


MIGRATIONS = (Migration(3, "fields a card does not use are refused", rewrite=drop_unused_fields),)
