"""Christmas Present's adapter (bot/expansions/christmas.py): every card
named and explained, a card drawn told to its holder unless it acts at once
(X-3), the hand image's cards by timing class, and the answer that changes
nothing for a player who lets a question go (X-4.9, X-3.2)."""

from __future__ import annotations

from bot.expansions.christmas import ADAPTER, card_name
from bot.text import ENGLISH, has
from engine.actions import parse_action
from engine.expansions.christmas.cards import DESIGNS
from engine.game import Game
from engine.views import PrivateView, public_view


def test_every_card_has_a_name_and_its_text() -> None:
    for design in DESIGNS:
        assert has(f"christmas.card.{design.id}") and has(f"christmas.text.{design.id}")
        assert str(card_name(design.id, ENGLISH)) != design.id  # a name, not the id


def test_x3_a_drawn_card_is_kept_and_told_unless_it_acts_at_once() -> None:
    for design in DESIGNS:
        event = {"type": "xmas-card", "card": design.id, "deck": design.deck, "private": 0}
        told = ADAPTER.received_text(event, ENGLISH)
        if design.timing == "lightning":
            assert told is None, design.id  # shown to everyone, resolved at once
        else:
            assert str(card_name(design.id, ENGLISH)) in str(told), design.id
    assert ADAPTER.received_text({"type": "gift-card", "card": "synod"}, ENGLISH) is None


def test_x3_the_hand_shows_each_card_with_its_timing() -> None:
    kept = [d for d in DESIGNS if d.timing != "lightning"][:4]
    hand = [{"card": d.id} for d in kept] + [{"card": "no-such-card"}]
    view = PrivateView(
        0, public_view(Game(["Ada", "Bo"], ["christmas"], seed=1)), {"hand": hand}, ()
    )
    (section,) = ADAPTER.hand_sections(view, ENGLISH)
    assert [c.tone for c in section.cards] == [d.timing for d in kept] + ["neutral"]
    assert [c.title for c in section.cards] == [
        *(str(card_name(d.id, ENGLISH)) for d in kept),
        "no-such-card",  # unknown: shown by its id, not dropped
    ]


def test_a_silent_player_answers_what_changes_nothing() -> None:
    # an attacked player who lets the question go does not cancel it.
    react = [parse_action({"type": "xmas-react", "player": 1, "cancel": c}) for c in (True, False)]
    assert ADAPTER.passive(react) == react[1]
    # no modifier played.
    modifiers = [
        parse_action({"type": "xmas-modifier", "player": 1, "card": c}) for c in ("x", None)
    ]
    assert ADAPTER.passive(modifiers) == modifiers[1]
    assert ADAPTER.passive([{"type": "xmas-play", "card": "x"}]) is None
