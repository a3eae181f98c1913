"""Christmas Present (X-1..X-6) as players see it: /card, the seat's cards
by name, every card's effect in words, the Christmas cards row of the final
breakdown; a silent player lets an attack pass, declines a draw and plays
no modifier.

The attack question (X-4.9) and the modifier question (X-3.2) are discreet:
whether a player holds the card that answers them is secret, so they are
never shown by name in public (bot.expansions.adapter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot import places
from bot.expansions import generic, register
from bot.expansions.adapter import Adapter, CommandSpec, Entry, Label, Labeller, Namer
from bot.expansions.rulebooks.christmas import BOOK as RULES
from bot.text import Text, Words, escape, join
from engine.actions import GameAction
from engine.expansions import christmas as engine
from engine.expansions.christmas import actions as act
from engine.expansions.christmas.cards import BY_ID, DESIGNS
from engine.game import Game
from engine.phases import Decision, Event
from engine.views import PrivateView

if TYPE_CHECKING:
    from renders.hand import HandSection

# The cards' names and effects, as players read them (translated with the rest).
CARD_WORDS: dict[str, Entry] = {}
for _d in DESIGNS:
    CARD_WORDS[f"christmas.card.{_d.id}"] = _d.name
    CARD_WORDS[f"christmas.text.{_d.id}"] = _d.text

# What each kind of card does, by its behaviour (the event's words and the target's).
EFFECTS = {
    "ScoreUnfinished": "score",
    "Claim": "claim",
    "Lock": "lock",
    "Tiebreak": "tiebreak",
    "ReturnFollower": "return",
    "Swap": "swap",
    "Mastermind": "mastermind",
}


def card_name(card: object, words: Words) -> Text:
    return words(f"christmas.card.{card}") if str(card) in BY_ID else generic.humanize(card)


def effect_of(card: object) -> str | None:
    design = BY_ID.get(str(card))
    return None if design is None else EFFECTS.get(type(design.behaviour).__name__)


def deck_name(deck: object, words: Words) -> Text:
    return words(f"christmas.deck.{deck}") if deck in ("abbey", "roadside") else Text(str(deck))


class ChristmasAdapter(Adapter):
    name = engine.NAME
    title = "christmas.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("card", "christmas.command", "christmas.command.choice")
    actions = engine.ACTIONS  # the action classes it presents
    prompts: ClassVar[Mapping[str, str]] = {
        engine.STEP_DRAW: "christmas.prompt.draw",
        engine.STEP_TARGET: "christmas.prompt.target",
        engine.STEP_MASTERMIND: "christmas.prompt.mastermind",
        engine.STEP_REACT: "christmas.prompt.react",
        engine.STEP_MODIFIER: "christmas.prompt.modifier",
        engine.STEP_DISCARD: "christmas.prompt.discard",
    }
    discreet = frozenset({engine.STEP_REACT, engine.STEP_MODIFIER})
    holdings: ClassVar[Mapping[str, str]] = {"hand": "christmas.holding"}
    received = frozenset({"xmas-card"})
    group_order = ("christmas.group",)
    end_events = frozenset({"xmas-end-cards"})
    overlay = "renders.overlays.christmas"  # locks and tiebreak marks
    image_counts: ClassVar[Mapping[str, str]] = {"hand": "christmas.image.count"}
    image_legend: ClassVar[Mapping[str, str]] = {
        "lock": "christmas.image.legend.lock",
        "tiebreak": "christmas.image.legend.tiebreak",
    }
    messages: ClassVar[Mapping[str, Entry]] = {
        "christmas.title": "Christmas Present",
        "christmas.command": "Draw, play or target a Christmas card, or answer an attack",
        "christmas.command.name": "card",  # the command's name (bot.ui.labels)
        "christmas.command.choice": "what to do (only what the game allows now)",
        "christmas.someone": "someone",
        "christmas.deck.abbey": "abbey",
        "christmas.deck.roadside": "roadside",
        "christmas.prompt.draw": "Draw a Christmas card from the {deck} deck, or not",
        "christmas.prompt.target": "Choose where {card} acts",
        "christmas.prompt.keep": "Choose which tile to keep ({card})",
        "christmas.prompt.mastermind": "Choose the cell where {victim} must place their next tile",
        "christmas.prompt.react": "{attacker} plays {card} against you: cancel it or let it pass",
        "christmas.prompt.modifier": "Play a card on your feature being scored, or not",
        "christmas.prompt.discard": "You hold more than 5 cards: discard down to 5",
        "christmas.holding": "Christmas cards",
        "christmas.group": "Christmas cards",
        "christmas.image.count": "Cards",
        "christmas.image.legend.lock": "locked: paid at game end",
        "christmas.image.legend.tiebreak": "counts one extra follower",
        "christmas.hand.title": {
            "one": "Christmas cards ({count} of 5)",
            "other": "Christmas cards ({count} of 5)",
        },
        "christmas.hand.band.lightning": "LIGHTNING - acts at once",
        "christmas.hand.band.plain": "PLAIN - play in your turn",
        "christmas.hand.band.end": "GAME END - applies at the end",
        "christmas.hand.deck.abbey": "Abbey deck",
        "christmas.hand.deck.roadside": "Roadside deck",
        "christmas.hand.item": "{card}: {text}",
        # choices
        "christmas.label.draw": "Draw from the {deck} deck",
        "christmas.label.decline": "Don't draw",
        "christmas.label.play": "Play {card}",
        "christmas.label.cancel": "Cancel it with Prevent attack",
        "christmas.label.let_pass": "Let it pass",
        "christmas.label.no_modifier": "No card: score it as it is",
        "christmas.label.modifier": "Play {card} on {target}",
        "christmas.label.discard": "Discard {cards}",
        "christmas.label.score": "Score {target} now",
        "christmas.label.claim": "Put a follower on {target}",
        "christmas.label.lock": "Lock {target}",
        "christmas.label.tiebreak": "Mark {target}",
        "christmas.label.return": "Take back {target}",
        "christmas.label.swap": "Swap {mine} with {theirs}",
        "christmas.label.cell": "Cell {x},{y}",
        "christmas.label.keep": "Keep the tile with {tile}",
        "christmas.label.target": "{target}",
        # events
        "christmas.event.draw": "{who} drew a card from the {deck} deck.",
        "christmas.event.decline": "{who} did not draw from the {deck} deck.",
        "christmas.event.reveal": "It is {card}: it acts at once.",
        "christmas.event.play": "{who} played {card}.",
        "christmas.event.play_on": "{who} played {card} on the {feature} at {x},{y}.",
        "christmas.event.no_target": "{card} has nothing to act on and is discarded.",
        "christmas.event.goes_through": "{who}'s {card} goes through.",
        "christmas.event.cancelled": "{who} stopped {attacker}'s {card} with Prevent attack.",
        "christmas.event.score": (
            "{who} scored the {feature} at {x},{y} early; its followers went home."
        ),
        "christmas.event.claim": "{who} put a follower on the {feature} at {x},{y}.",
        "christmas.event.lock": "{who} locked the {feature} at {x},{y}.",
        "christmas.event.tiebreak": (
            "{who} marked the {feature} at {x},{y}: one more follower in a tie."
        ),
        "christmas.event.return": "{who} took a follower back from {x},{y}.",
        "christmas.event.swap": (
            "{who} swapped their follower at {mx},{my} with {owner}'s at {tx},{ty}."
        ),
        "christmas.event.mastermind": (
            "{who} played Mastermind: {victim}'s next tile goes where {who} says."
        ),
        "christmas.event.effect": "{who}'s {card} takes effect.",
        "christmas.event.deferred": (
            "The locked {feature} at {x},{y} is complete: its points are paid at the end."
        ),
        "christmas.event.cell": "{who} chose the cell {x},{y} for {victim}'s tile.",
        "christmas.event.extra_tile": "{who} drew a second tile.",
        "christmas.event.no_tile": "No tile was left to draw.",
        "christmas.event.end_cards": "{who} shows {cards}.",
        "christmas.event.discard": "{who} discarded {cards}.",
        "christmas.score.lock": "{who} scored {points} for a locked {feature}.",
        "christmas.score.card": "{who} scored {points} with {card}.",
        "christmas.received": "You drew **{card}** from the {deck} deck. {text}",
        **CARD_WORDS,
    }

    # --- steps ------------------------------------------------------------------------
    def prompt(self, decision: Decision, words: Words, game: Game | None = None) -> Text:
        info, step = decision.info, decision.step
        card = card_name(info.get("card"), words) if info.get("card") else Text("")
        players = list(game.players) if game is not None else []

        def name(seat: Any) -> Text:
            if isinstance(seat, int) and 0 <= seat < len(players):
                return escape(players[seat])
            return words("christmas.someone")

        if step == engine.STEP_DRAW:
            return words("christmas.prompt.draw", deck=deck_name(info.get("deck"), words))
        if step == engine.STEP_TARGET:
            if info.get("tiles"):
                return words("christmas.prompt.keep", card=card)
            return words("christmas.prompt.target", card=card)
        if step == engine.STEP_MASTERMIND:
            return words("christmas.prompt.mastermind", victim=name(info.get("victim")))
        if step == engine.STEP_REACT:
            return words("christmas.prompt.react", attacker=name(info.get("attacker")), card=card)
        return words(self.prompts.get(step, "christmas.prompt.discard"))

    def labeller(
        self, game: Game, seat: int, words: Words, offered: Sequence[GameAction]
    ) -> Labeller:
        pending = game.pending
        asked_card = pending.info.get("card") if pending is not None else None

        def target(action: act.XmasTarget) -> Text | Label:
            effect = effect_of(asked_card)
            x, y, loc = action.x, action.y, action.location
            if action.tile is not None:
                return words("christmas.label.keep", tile=places.tile_words(action.tile, words))
            mine, theirs = action.mine, action.theirs
            if mine is not None and theirs is not None:
                a = places.follower_at(game, mine.x, mine.y, mine.location, words, seat, seat)
                b = places.follower_at(
                    game, theirs.x, theirs.y, theirs.location, words, seat, theirs.player
                )
                return Label(words("christmas.label.swap", mine=a, theirs=b))
            if x is None or y is None:
                return generic.describe(action, words)
            if loc is None:
                return words("christmas.label.cell", x=x, y=y)
            if effect == "return":
                follower = places.follower_at(game, x, y, loc, words, seat, seat)
                return words("christmas.label.return", target=follower)
            spot = places.feature_at(game, x, y, loc, words, viewer=seat)
            key = (
                f"christmas.label.{effect}"
                if effect in ("score", "claim", "lock", "tiebreak")
                else "christmas.label.target"
            )
            return words(key, target=spot)

        def label(action: GameAction) -> Text | Label:
            match action:
                case act.XmasDraw(draw=True, deck=deck):
                    return words("christmas.label.draw", deck=deck_name(deck, words))
                case act.XmasDraw():
                    return words("christmas.label.decline")
                case act.XmasPlay(card=card):
                    text = words(f"christmas.text.{card}") if card in BY_ID else Text("")
                    return Label(words("christmas.label.play", card=card_name(card, words)), text)
                case act.XmasReact(cancel=cancel):
                    return words("christmas.label.cancel" if cancel else "christmas.label.let_pass")
                case act.XmasModifier(card=None):
                    return words("christmas.label.no_modifier")
                case act.XmasModifier(card=card, x=x, y=y, location=loc):
                    spot = (
                        places.feature_at(game, x, y, loc, words, viewer=seat)
                        if x is not None and y is not None
                        else Text("")
                    )
                    return Label(
                        words("christmas.label.modifier", card=card_name(card, words), target=spot),
                        words(f"christmas.text.{card}") if str(card) in BY_ID else Text(""),
                    )
                case act.XmasDiscard(cards=cards):
                    names = [card_name(c, words) for c in cards]
                    return words("christmas.label.discard", cards=join(names, ", "))
                case act.XmasTarget():
                    return target(action)
            return generic.describe(action, words)

        return label

    def passive(self, legal: Sequence[GameAction]) -> GameAction | None:
        """Let an attack pass (X-4.9), decline a draw (X-2), play no modifier (X-3.2)."""
        for a in legal:
            match a:
                case act.XmasReact(cancel=False) | act.XmasDraw(draw=False):
                    return a
        return next((a for a in legal if isinstance(a, act.XmasModifier) and a.card is None), None)

    # --- holdings -----------------------------------------------------------------------
    def hand_items(self, key: str, value: Any, words: Words) -> list[Text]:
        out = []
        for item in value or ():
            card = item.get("card") if isinstance(item, dict) else item
            text = words(f"christmas.text.{card}") if str(card) in BY_ID else Text("")
            out.append(words("christmas.hand.item", card=card_name(card, words), text=text))
        return out

    def hand_sections(self, view: PrivateView, words: Words) -> list[HandSection]:
        from renders.hand import Card, HandSection

        cards = []
        for item in view.hidden.get("hand") or ():
            card = str(item.get("card")) if isinstance(item, dict) else str(item)
            design = BY_ID.get(card)
            if design is None:
                cards.append(Card(card, "", "", "neutral"))
                continue
            cards.append(
                Card(
                    card_name(card, words),
                    words(f"christmas.text.{card}"),
                    words(f"christmas.hand.band.{design.timing}"),
                    design.timing,
                    words(f"christmas.hand.deck.{design.deck}"),
                )
            )
        title = words("christmas.hand.title", count=len(cards))
        return [HandSection(title, cards=tuple(cards))]

    def received_text(self, event: Event, words: Words) -> Text | None:
        card = event.get("card")
        if event.get("type") != "xmas-card" or card is None:
            return None
        design = BY_ID.get(str(card))
        if design is not None and design.timing == "lightning":
            return None  # shown to all and resolved at once: nothing kept
        text = words(f"christmas.text.{card}") if design is not None else Text("")
        return words(
            "christmas.received",
            card=card_name(card, words),
            deck=deck_name(event.get("deck"), words),
            text=text,
        )

    # --- scores and events ------------------------------------------------------------------
    def score_group(self, event: Event) -> str | None:
        # Card payments carry a "christmas:<card>" reason or the card itself.
        reason = str(event.get("reason", ""))
        if reason.startswith(engine.NAME) or "card" in event:
            return "christmas.group"
        return None

    def score_line(self, who: Text, event: Event, words: Words) -> Text | None:
        reason = str(event.get("reason", ""))
        if not reason.startswith(engine.NAME + ":") and "card" not in event:
            return None
        points = words("scores.points", count=int(event.get("points", 0)))
        if reason == f"{engine.NAME}:lock":
            feature = places.feature_word(str(event.get("feature")), words)
            return words("christmas.score.lock", who=who, points=points, feature=feature)
        card = event.get("card") or reason.split(":", 1)[-1]
        return words("christmas.score.card", who=who, points=points, card=card_name(card, words))

    def event_line(self, who: Text, event: Event, words: Words, name: Namer) -> Text | None:
        kind = event.get("type")
        card = card_name(event.get("card"), words) if event.get("card") else Text("")
        deck = deck_name(event.get("deck"), words)
        if kind == "xmas-draw":
            return words("christmas.event.draw", who=who, deck=deck)
        if kind == "xmas-decline":
            return words("christmas.event.decline", who=who, deck=deck)
        if kind == "xmas-reveal":
            return words("christmas.event.reveal", card=card)
        if kind == "xmas-play":
            target = event.get("target")
            if isinstance(target, dict) and "x" in target:
                feature = (
                    BY_ID[str(event["card"])].feature if str(event.get("card")) in BY_ID else None
                )
                return words(
                    "christmas.event.play_on",
                    who=who,
                    card=card,
                    feature=places.feature_word(feature or "road", words),
                    x=target["x"],
                    y=target["y"],
                )
            return words("christmas.event.play", who=who, card=card)
        if kind == "xmas-no-target":
            return words("christmas.event.no_target", card=card)
        if kind == "xmas-not-cancelled":
            return words("christmas.event.goes_through", who=who, card=card)
        if kind == "xmas-cancel":
            return words(
                "christmas.event.cancelled",
                who=who,
                attacker=name(event.get("attacker")),
                card=card,
            )
        if kind == "xmas-effect":
            return self._effect(who, event, card, words, name)
        if kind == "xmas-deferred":
            return words(
                "christmas.event.deferred",
                feature=places.feature_word(str(event.get("feature")), words),
                x=event.get("x"),
                y=event.get("y"),
            )
        if kind == "xmas-mastermind":
            return words(
                "christmas.event.cell",
                who=who,
                x=event.get("x"),
                y=event.get("y"),
                victim=name(event.get("victim")),
            )
        if kind == "xmas-extra-tile":
            return words("christmas.event.extra_tile", who=who)
        if kind == "xmas-no-tile":
            return words("christmas.event.no_tile")
        if kind in ("xmas-end-cards", "xmas-discard"):
            cards = join([card_name(c, words) for c in event.get("cards") or ()], ", ")
            key = (
                "christmas.event.end_cards"
                if kind == "xmas-end-cards"
                else "christmas.event.discard"
            )
            return words(key, who=who, cards=cards)
        return None

    def _effect(self, who: Text, event: Event, card: Text, words: Words, name: Namer) -> Text:
        effect = effect_of(event.get("card"))
        design = BY_ID.get(str(event.get("card")))
        feature = places.feature_word(design.feature or "road", words) if design else Text("")
        found = event.get("target")
        target: dict[str, Any] = found if isinstance(found, dict) else {}
        x = event.get("x", target.get("x"))
        y = event.get("y", target.get("y"))
        if effect in ("score", "claim", "lock", "tiebreak") and x is not None:
            return words(f"christmas.event.{effect}", who=who, feature=feature, x=x, y=y)
        if effect == "return" and x is not None:
            return words("christmas.event.return", who=who, x=x, y=y)
        if effect == "swap" and isinstance(target.get("mine"), dict):
            mine, theirs = target["mine"], target.get("theirs") or {}
            return words(
                "christmas.event.swap",
                who=who,
                mx=mine.get("x"),
                my=mine.get("y"),
                owner=name(theirs.get("player")),
                tx=theirs.get("x"),
                ty=theirs.get("y"),
            )
        if effect == "mastermind":
            return words("christmas.event.mastermind", who=who, victim=name(event.get("victim")))
        if effect is None and design is not None and design.id == "score-3":
            return Text("")  # the score line says it
        return words("christmas.event.effect", who=who, card=card)


ADAPTER = register(ChristmasAdapter())
