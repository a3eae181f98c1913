"""The Gifts (G-1..G-10) as players see it: /gift, gift cards in hand by
name, each gift's effect in words, the Gifts row of the final breakdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot import places
from bot.expansions import generic, register
from bot.expansions.adapter import Adapter, CommandSpec, Entry, Label, Labeller, Namer
from bot.expansions.rulebooks.gifts import BOOK as RULES
from bot.text import Text, Words
from engine.actions import GameAction
from engine.expansions import gifts as engine
from engine.expansions.gifts import actions as act
from engine.expansions.gifts.cards import CARDS
from engine.game import Game
from engine.phases import Decision, Event
from engine.views import PrivateView

if TYPE_CHECKING:
    from renders.hand import HandSection

# The cards' names and effects, as players read them (translated with the rest).
CARD_WORDS: dict[str, Entry] = {}
for _card in CARDS.values():
    CARD_WORDS[f"gifts.card.{_card.id}"] = _card.name
    CARD_WORDS[f"gifts.text.{_card.id}"] = _card.text


def card_name(card: object, words: Words) -> Text:
    return words(f"gifts.card.{card}") if str(card) in CARDS else generic.humanize(card)


class GiftsAdapter(Adapter):
    name = engine.NAME
    title = "gifts.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("gift", "gifts.command", "gifts.command.choice")
    actions = engine.ACTIONS  # the action classes it presents
    prompts: ClassVar[Mapping[str, str]] = {engine.STEP_CHOOSE: "gifts.prompt.choose_tile"}
    holdings: ClassVar[Mapping[str, str]] = {"gifts": "gifts.holding"}
    received = frozenset({"gift-card"})
    score_groups: ClassVar[Mapping[str, str]] = {
        engine.ROAD_SWEEPER: "gifts.group",
        engine.CASH_OUT: "gifts.group",
        "unopened-gifts": "gifts.group",  # G-10
    }
    group_order = ("gifts.group",)
    image_counts: ClassVar[Mapping[str, str]] = {"gifts": "gifts.image.count"}
    messages: ClassVar[Mapping[str, Entry]] = {
        "gifts.title": "The Gifts",
        "gifts.command": "Open a gift or choose a tile (The Gifts)",
        "gifts.command.name": "gift",  # the command's name (bot.ui.labels)
        "gifts.command.choice": "what to do (only what the game allows now)",
        "gifts.prompt.choose_tile": "Choose which of your two tiles to keep",
        "gifts.holding": "Gifts",
        "gifts.group": "Gifts",
        "gifts.image.count": "Gifts",
        "gifts.hand.title": {"one": "Gifts ({count})", "other": "Gifts ({count})"},
        "gifts.hand.note": (
            "Open one after drawing your tile, before placing it. "
            "Each unopened gift scores 2 points at the end."
        ),
        "gifts.hand.band": "GIFT",
        # choices
        "gifts.label.open": "Open {card}",
        "gifts.label.synod": "Open Synod: a follower on {target}",
        "gifts.label.sweep": "Open Road sweeper on {target}",
        "gifts.label.lie_down": "Open Change position: lay down {follower}",
        "gifts.label.stand_up": "Open Change position: stand up {follower}",
        "gifts.detail.change": "It moves to {spot} of the same tile.",
        "gifts.label.cash_out": "Open Cash out: take back {follower}",
        "gifts.detail.cash_out": {
            "one": "{count} follower there: {points} for you.",
            "other": "{count} followers there: {points} for you.",
        },
        "gifts.label.take_two": "Open Take two: draw a second tile",
        "gifts.label.keep": "Keep the tile with {tile}",
        # events
        "gifts.event.received": "{who} received a gift.",
        "gifts.event.none": "{who} would have received a gift, but none is left.",
        "gifts.event.reshuffle": "The opened gifts were shuffled into a new pile.",
        "gifts.event.opened": "{who} opened {card}.",
        "gifts.event.synod": "{who} opened Synod: a follower on the monastery at {x},{y}.",
        "gifts.event.sweep": "{who} opened Road sweeper on the road at {x},{y}.",
        "gifts.event.change": "{who} opened Change position: a follower at {x},{y} moved.",
        "gifts.event.cash_out": "{who} opened Cash out: a follower at {x},{y} came home.",
        "gifts.event.take_two": "{who} drew a second tile.",
        "gifts.event.kept": "{who} kept one of the two tiles; the other went back into the pile.",
        "gifts.score.sweep": "{who} scored {points} with Road sweeper.",
        "gifts.score.cash_out": "{who} scored {points} with Cash out.",
        "gifts.score.unopened": {
            "one": "{who} scored {points} for {count} unopened gift.",
            "other": "{who} scored {points} for {count} unopened gifts.",
        },
        "gifts.received": "You received a gift: **{card}**. {text}",
        **CARD_WORDS,
    }

    def prompt(self, decision: Decision, words: Words, game: Game | None = None) -> Text:
        return words("gifts.prompt.choose_tile")

    def labeller(
        self, game: Game, seat: int, words: Words, offered: Sequence[GameAction]
    ) -> Labeller:
        # Where a follower may move on its tile (G-6), told apart when two
        # spots of one kind lie on the same side (an inner and an outer field).
        moves: dict[tuple[int | None, int | None, str | None], list[str]] = {}
        for a in offered:
            if (
                isinstance(a, act.OpenGift)
                and a.card == engine.CHANGE_POSITION
                and a.to is not None
            ):
                moves.setdefault((a.x, a.y, a.location), []).append(a.to)

        def label(action: GameAction) -> Text | Label:
            match action:
                case act.ChooseTile(tile=tile):
                    return Label(words("gifts.label.keep", tile=places.tile_words(tile, words)))
                case act.OpenGift():
                    return self._open_label(game, seat, action, words, moves)
            return generic.describe(action, words)

        return label

    def _open_label(
        self,
        game: Game,
        seat: int,
        action: act.OpenGift,
        words: Words,
        moves: Mapping[tuple[int | None, int | None, str | None], list[str]],
    ) -> Label:
        card, x, y, loc = action.card, action.x, action.y, action.location
        if x is None or y is None:
            if card == engine.TAKE_TWO:
                return Label(words("gifts.label.take_two"))
            return Label(words("gifts.label.open", card=card_name(card, words)))
        target = places.feature_at(game, x, y, loc, words, viewer=seat)
        follower = places.follower_at(game, x, y, loc, words, viewer=seat, player=seat)
        if card == engine.SYNOD:
            return Label(words("gifts.label.synod", target=target))
        if card == engine.ROAD_SWEEPER:
            return Label(words("gifts.label.sweep", target=target))
        if card == engine.CHANGE_POSITION:
            found = places.at(game, x, y, loc)
            lying = found is not None and found[0].kind == "field"
            to = str(action.to)
            spot = Text("")
            if found is not None and to in found[1].name_to_seg:
                face = found[1]
                kind = face.segments[face.name_to_seg[to]].kind
                options = moves.get((x, y, loc), [to])
                alike = [o for o in options if face.segments[face.name_to_seg[o]].kind == kind]
                where = places.spots(face, alike, words)[alike.index(to)] if to in alike else None
                spot = places.spot_phrase(face, to, words, where)
            key = "gifts.label.stand_up" if lying else "gifts.label.lie_down"
            return Label(words(key, follower=follower), words("gifts.detail.change", spot=spot))
        if card == engine.CASH_OUT:
            found = places.at(game, x, y, loc)
            n = len(found[0].followers) if found is not None else 0
            return Label(
                words("gifts.label.cash_out", follower=follower),
                words(
                    "gifts.detail.cash_out",
                    count=n,
                    points=words("scores.points", count=n * engine.CASH_OUT_POINTS),
                ),
            )
        return Label(words("gifts.label.open", card=card_name(card, words)))

    def hand_items(self, key: str, value: Any, words: Words) -> list[Text]:
        return [card_name(v, words) for v in value or ()]

    def hand_sections(self, view: PrivateView, words: Words) -> list[HandSection]:
        from renders.hand import Card, HandSection

        held = [str(c) for c in view.hidden.get("gifts") or ()]
        cards = tuple(
            Card(
                card_name(c, words),
                words(f"gifts.text.{c}") if c in CARDS else "",
                words("gifts.hand.band"),
                "gift",
            )
            for c in held
        )
        title = words("gifts.hand.title", count=len(cards))
        return [HandSection(title, words("gifts.hand.note"), cards=cards)]

    def received_text(self, event: Event, words: Words) -> Text | None:
        card = event.get("card")
        if event.get("type") != "gift-card" or card is None:
            return None
        text = words(f"gifts.text.{card}") if str(card) in CARDS else Text("")
        return words("gifts.received", card=card_name(card, words), text=text)

    def score_line(self, who: Text, event: Event, words: Words) -> Text | None:
        reason = event.get("reason")
        points = words("scores.points", count=int(event.get("points", 0)))
        if reason == engine.ROAD_SWEEPER:
            return words("gifts.score.sweep", who=who, points=points)
        if reason == engine.CASH_OUT:
            return words("gifts.score.cash_out", who=who, points=points)
        if reason == "unopened-gifts":
            n = int(event.get("gifts", 0))
            return words("gifts.score.unopened", who=who, points=points, count=n)
        return None

    def event_line(self, who: Text, event: Event, words: Words, name: Namer) -> Text | None:
        kind = event.get("type")
        if kind == "gift-received":
            return words("gifts.event.received", who=who)
        if kind == "gift-none":
            return words("gifts.event.none", who=who)
        if kind == "gift-reshuffle":
            return words("gifts.event.reshuffle")
        if kind == "take-two":
            return words("gifts.event.take_two", who=who)
        if kind == "tile-chosen":
            return words("gifts.event.kept", who=who)
        if kind == "gift-opened":
            card = str(event.get("card"))
            x, y = event.get("x"), event.get("y")
            keys = {
                engine.SYNOD: "gifts.event.synod",
                engine.ROAD_SWEEPER: "gifts.event.sweep",
                engine.CHANGE_POSITION: "gifts.event.change",
                engine.CASH_OUT: "gifts.event.cash_out",
            }
            if card in keys and x is not None and y is not None:
                return words(keys[card], who=who, x=x, y=y)
            return words("gifts.event.opened", who=who, card=card_name(card, words))
        return None


ADAPTER = register(GiftsAdapter())
