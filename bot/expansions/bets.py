"""The Bets (T-1..T-8) as players see it: /bet, chips in supply with what
they pay, the offices' stakes, the Bets row of the final breakdown; a silent
player's stake is "pass" (T-2). Chip faces are private (T-3): they appear
only in the holder's own panel and hand, and once settled."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from bot import places
from bot.expansions import generic, register
from bot.expansions.adapter import Adapter, CommandSpec, Entry, Label, Labeller, Namer
from bot.expansions.rulebooks.bets import BOOK as RULES
from bot.expansions.rulebooks.bets import chips_page, win_lines
from bot.text import Text, Words, join
from engine.actions import GameAction
from engine.expansions import bets as engine
from engine.expansions.bet_chips import CHIPS, Win
from engine.expansions.bets import actions as act
from engine.game import Game
from engine.phases import Decision, Event
from engine.views import PrivateView

if TYPE_CHECKING:
    from renders.hand import HandSection


def pays(face: str, words: Words) -> Text:
    """What a chip pays, in a sentence: "2 points for exactly 2 tiles, 3
    points for exactly 3 tiles"."""
    chip = CHIPS.get(face)
    if chip is None:
        return Text("")

    def win(w: Win) -> Text:
        key = "bets.pays.at_least" if w.high is None else "bets.pays.exactly"
        return words(key, points=words("scores.points", count=w.points), count=w.low)

    return join([win(w) for w in chip.wins], words("bets.pays.or"))


def short_pays(face: str, words: Words) -> Text:
    """What a chip pays, beside it in the hand picture: one line per number."""
    return join(win_lines(face, words))


class BetsAdapter(Adapter):
    name = engine.NAME
    title = "bets.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("bet", "bets.command", "bets.command.choice")
    actions = engine.ACTIONS  # the action classes it presents
    prompts: ClassVar[Mapping[str, str]] = {
        engine.STEP_STAKE: "bets.prompt.stake",
        engine.STEP_SETTLE: "bets.prompt.settle",
        engine.STEP_FINAL: "bets.prompt.final",
    }
    holdings: ClassVar[Mapping[str, str]] = {"chips": "bets.holding"}
    score_groups: ClassVar[Mapping[str, str]] = {engine.BET_REASON: "bets.group"}
    group_order = ("bets.group",)
    overlay = "renders.overlays.bets"  # bookmaker offices and their stakes
    image_counts: ClassVar[Mapping[str, str]] = {"chips": "bets.image.count"}
    image_legend: ClassVar[Mapping[str, str]] = {"chips": "bets.image.legend"}
    messages: ClassVar[Mapping[str, Entry]] = {
        "bets.title": "The Bets",
        "bets.command": "Bet a chip, pass, or pick the feature that settles your bets (The Bets)",
        "bets.command.name": "bet",  # the command's name (bot.ui.labels)
        "bets.command.choice": "what to do (only what the game allows now)",
        "bets.prompt.stake": "Bet a chip on the betting office{where}, or pass",
        "bets.prompt.settle": "Choose which road or city settles the bets{where}",
        "bets.prompt.final": "Choose which road or city settles your bets",
        "bets.holding": "Chips in supply",
        "bets.group": "Bets",
        "bets.image.count": "Chips",
        "bets.image.legend": "chips bet on an office",
        "bets.hand.title": {
            "one": "Chips in your supply ({count})",
            "other": "Chips in your supply ({count})",
        },
        "bets.hand.item": "{chip}: {pays}",
        "bets.pays.exactly": {
            "one": "{points} for exactly {count} tile",
            "other": "{points} for exactly {count} tiles",
        },
        "bets.pays.at_least": {
            "one": "{points} for {count} or more tiles",
            "other": "{points} for {count} or more tiles",
        },
        "bets.pays.or": ", ",
        # choices
        "bets.label.stake": "Bet chip {chip}",
        "bets.detail.stake": "Pays {pays}.",
        "bets.label.pass": "Don't bet",
        "bets.label.settle": {
            "one": "Settle with the {feature} ({where}, {count} tile)",
            "other": "Settle with the {feature} ({where}, {count} tiles)",
        },
        # the same when the choices lie at several offices (the final settlement)
        "bets.label.settle_at": {
            "one": "Settle with the {feature} ({where}, office at {x},{y}, {count} tile)",
            "other": "Settle with the {feature} ({where}, office at {x},{y}, {count} tiles)",
        },
        # events
        "bets.event.stake": "{who} bet a chip on the office at {x},{y}.",
        "bets.event.pass": "{who} did not bet.",
        "bets.event.closed": {
            "one": "Bets on the office at {x},{y} are closed: {count} chip.",
            "other": "Bets on the office at {x},{y} are closed: {count} chips.",
        },
        "bets.event.skipped": "No bets on the office at {x},{y}.",
        "bets.event.choice": "{who} chose which road or city settles the bets at {x},{y}.",
        "bets.event.settled": {
            "one": "Bets on the office at {x},{y} ({feature} of {count} tile): {chips}.",
            "other": "Bets on the office at {x},{y} ({feature} of {count} tiles): {chips}.",
        },
        "bets.event.won": "{who} wins {points} ({chip})",
        "bets.event.lost": "{who} wins nothing ({chip})",
    }

    def labeller(
        self, game: Game, seat: int, words: Words, offered: Sequence[GameAction]
    ) -> Labeller:
        # Choices at several offices (T-5, the final settlement) name each office.
        offices = {(a.x, a.y) for a in offered if isinstance(a, act.SettleFeature)}

        def label(action: GameAction) -> Text | Label:
            match action:
                case act.Stake(chip=chip):
                    return Label(
                        words("bets.label.stake", chip=Text(chip)),
                        words("bets.detail.stake", pays=pays(chip, words)),
                    )
                case act.StakePass():
                    return Label(words("bets.label.pass"))
                case act.SettleFeature(x=x, y=y, location=loc):
                    found = places.at(game, x, y, loc)
                    if found is None:
                        return Label(words("where.cell", x=x, y=y))
                    feature, face, seg = found
                    return Label(
                        words(
                            "bets.label.settle_at" if len(offices) > 1 else "bets.label.settle",
                            feature=places.feature_word(feature.kind, words),
                            where=places.spot(face, seg, words),
                            x=x,
                            y=y,
                            count=len(feature.tiles),
                        )
                    )
            return generic.describe(action, words)

        return label

    def prompt(self, decision: Decision, words: Words, game: Game | None = None) -> Text:
        info = decision.info
        questions = info.get("questions") or []
        if not ("x" in info and "y" in info) and questions:
            info = {"x": questions[0].get("x"), "y": questions[0].get("y")}
        where = (
            words("prompt.where", x=info["x"], y=info["y"])
            if info.get("x") is not None and info.get("y") is not None
            else Text("")
        )
        return words(self.prompts.get(decision.step, "bets.prompt.stake"), where=where)

    def rule_pages(self, words: Words) -> list[Text]:
        return [*super().rule_pages(words), chips_page(words)]

    def passive(self, legal: Sequence[GameAction]) -> GameAction | None:
        return next((a for a in legal if isinstance(a, act.StakePass)), None)

    def hand_items(self, key: str, value: object, words: Words) -> list[Text]:
        faces = [str(f) for f in value or ()] if isinstance(value, list) else []
        return [words("bets.hand.item", chip=Text(f), pays=pays(f, words)) for f in faces]

    def hand_sections(self, view: PrivateView, words: Words) -> list[HandSection]:
        from renders.hand import Chip, HandSection

        faces = [str(f) for f in view.hidden.get("chips") or ()]
        chips = tuple(Chip(f, short_pays(f, words)) for f in faces)
        return [HandSection(words("bets.hand.title", count=len(chips)), chips=chips)]

    def score_line(self, who: Text, event: Event, words: Words) -> Text | None:
        if event.get("reason") == engine.BET_REASON:
            return Text("")  # bet_settled says it
        return None

    def event_line(self, who: Text, event: Event, words: Words, name: Namer) -> Text | None:
        kind = event.get("type")
        x, y = event.get("x"), event.get("y")
        if kind == "stake":
            return words("bets.event.stake", who=who, x=x, y=y)
        if kind == "stake_pass":
            return words("bets.event.pass", who=who)
        if kind == "bets_closed":
            return words("bets.event.closed", x=x, y=y, count=int(event.get("chips", 0)))
        if kind == "bets_skipped":
            return words("bets.event.skipped", x=x, y=y)
        if kind == "settle_choice":
            return words("bets.event.choice", who=who, x=x, y=y)
        return None

    def group_key(self, event: Event) -> str | None:
        # A settlement's chips and the points they pay read as one line.
        if event.get("type") == "bet_settled":
            return f"bets:{event.get('x')},{event.get('y')}"
        at = event.get("at")
        if event.get("reason") == engine.BET_REASON and isinstance(at, list | tuple):
            return f"bets:{at[0]},{at[1]}"
        return None

    def group_line(self, events: list[Event], words: Words, name: Namer) -> Text | None:
        events = [e for e in events if e.get("type") == "bet_settled"]
        if not events:
            return Text("")
        first = events[0]
        chips = [
            words(
                "bets.event.won" if int(e.get("points", 0)) else "bets.event.lost",
                who=name(e.get("player")),
                points=words("scores.points", count=int(e.get("points", 0))),
                chip=Text(str(e.get("chip"))),
            )
            for e in events
        ]
        return words(
            "bets.event.settled",
            x=first.get("x"),
            y=first.get("y"),
            feature=places.feature_word(str(first.get("feature") or "road"), words),
            count=int(first.get("tiles", 0)),
            chips=join(chips, ", "),
        )


ADAPTER = register(BetsAdapter())
