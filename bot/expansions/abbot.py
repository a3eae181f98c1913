"""The Abbot (A-1..A-5) as players see it: /abbot, "put your abbot on the
monastery / in the garden" beside the follower choices (A-3), "take your
abbot back (+N points now)" with the points it would score (A-4), the abbot
counted apart in every supply shown (A-1), gardens in the score lines and
the final breakdown (A-2, A-5), and why an abbot on a locked feature stays
(A-4, C-1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from bot import places
from bot.expansions import generic, register
from bot.expansions.adapter import Adapter, CommandSpec, Entry, Label, Labeller, Namer
from bot.expansions.rulebooks.abbot import BOOK as RULES
from bot.text import Text, Words
from engine.actions import Follower, GameAction
from engine.expansions import abbot as engine
from engine.game import Game
from engine.marks import is_locked
from engine.phases import STEP_FOLLOWER, Event

if TYPE_CHECKING:
    from renders.preview import Mark

# The features an abbot stands on, each worded in whole sentences:
# languages put a different preposition and article before each.
SPOTS = ("monastery", "garden")
GARDEN = "garden"
FEATURE_SCORES = ("completed", "final")  # the core's reasons (B-7, B-8)


def _kind(event: Event) -> str | None:
    kind = event.get("feature")
    return str(kind) if kind in SPOTS else None


def _marked(game: Game, seat: int, words: Words) -> dict[str, tuple[str, str]]:
    """A-3: location -> (badge, feature kind) of each spot the abbot may take
    now, as the follower picture marks them ("A"; "A1", "A2" if several)."""
    d, turn = game.pending, game.turn
    if d is None or d.step != STEP_FOLLOWER or seat not in d.players or turn is None:
        return {}
    placed = turn.placed
    if placed is None:
        return {}
    found = [
        (loc, hit[0].kind)
        for loc in engine.rules.spots(game, seat)
        if (hit := places.at(game, *placed.pos, loc)) is not None and hit[0].kind in SPOTS
    ]
    letter = str(words("abbot.preview.badge"))
    return {
        loc: (letter if len(found) == 1 else f"{letter}{n}", kind)
        for n, (loc, kind) in enumerate(found, 1)
    }


class AbbotAdapter(Adapter):
    name = engine.NAME
    title = "abbot.title"
    rules = RULES  # its part of /rules
    command = CommandSpec("abbot", "abbot.command", "abbot.command.choice")
    actions = engine.ACTIONS  # the action classes it presents; placing it: bot.expansions
    feature_groups = ("abbot.group.garden",)  # beside the base game's features
    image_counts: ClassVar[Mapping[str, str]] = {engine.NAME: "abbot.image.count"}
    messages: ClassVar[Mapping[str, Entry]] = {
        "abbot.title": "The Abbot",
        "abbot.command": "Put your abbot on your new tile, or take it back (The Abbot)",
        "abbot.command.name": "abbot",  # the command's name (bot.ui.labels)
        "abbot.command.choice": "what to do (only what the game allows now)",
        # the follower picture's mark for the abbot's spots: not a number
        "abbot.preview.badge": "A",
        "abbot.preview.monastery": "Abbot: monastery",
        "abbot.preview.garden": "Abbot: garden",
        # choices
        "abbot.label.monastery": "Put your abbot on the monastery",
        "abbot.label.garden": "Put your abbot in the garden",
        "abbot.label.back": "Take your abbot back (+{points} now)",
        "abbot.note.locked.monastery": (
            "Your abbot stays on the monastery at {x},{y} until the end: it is locked."
        ),
        "abbot.note.locked.garden": (
            "Your abbot stays in the garden at {x},{y} until the end: it is locked."
        ),
        # the supply: after "5 followers in supply"
        "abbot.supply.home": "abbot in supply",
        "abbot.supply.board": "abbot on the board",
        "abbot.image.count": "Abbot",
        # events
        "abbot.event.placed.monastery": "{who} put their abbot on the monastery at {x},{y}.",
        "abbot.event.placed.garden": "{who} put their abbot in the garden at {x},{y}.",
        "abbot.event.back.monastery": (
            "{who} took their abbot back from the monastery at {x},{y} and scored {points}."
        ),
        "abbot.event.back.garden": (
            "{who} took their abbot back from the garden at {x},{y} and scored {points}."
        ),
        "abbot.score.garden.completed": "{who} scored {points} for a completed garden.",
        "abbot.score.garden.final": "{who} scored {points} for an unfinished garden.",
        "abbot.group.garden": "Gardens",
    }

    def labeller(
        self, game: Game, seat: int, words: Words, offered: Sequence[GameAction]
    ) -> Labeller:
        marked = _marked(game, seat, words)

        def label(action: GameAction) -> Text | Label:
            match action:
                case Follower(location=str(location), piece=engine.PIECE):
                    if location in marked:  # badged as on the follower picture
                        badge, kind = marked[location]
                        text = words(f"abbot.label.{kind}")
                        return Label(words("label.numbered", number=badge, label=text))
                    placed = game.turn.placed if game.turn is not None else None
                    found = places.at(game, *placed.pos, location) if placed is not None else None
                    if found is not None and found[0].kind in SPOTS:
                        return Label(words(f"abbot.label.{found[0].kind}"))
                case engine.AbbotBack():
                    points = engine.back_points(game, seat) or 0
                    return Label(
                        words("abbot.label.back", points=words("scores.points", count=points))
                    )
            return generic.describe(action, words)

        return label

    def preview_marks(self, game: Game, seat: int, words: Words) -> list[Mark]:
        """A-3: the monastery or garden the abbot may take now, marked on the
        follower picture (the abbot is public: nothing hidden shows)."""
        from renders.preview import Mark

        return [
            Mark(loc, badge, str(words(f"abbot.preview.{kind}")))
            for loc, (badge, kind) in _marked(game, seat, words).items()
        ]

    def panel_notes(self, game: Game, seat: int, words: Words) -> list[Text]:
        """A-4 (Ruling, C-1): no "take back" while the abbot's feature is
        locked; the follower step says why."""
        d = game.pending
        if d is None or d.step != STEP_FOLLOWER or seat not in d.players:
            return []
        found = engine.abbot_on_board(game, seat)
        if found is None or not is_locked(found[0]) or found[0].kind not in SPOTS:
            return []
        x, y = found[1].pos
        return [words(f"abbot.note.locked.{found[0].kind}", x=x, y=y)]

    def supply_text(
        self, counts: Mapping[str, Sequence[int]], seat: int, words: Words
    ) -> Text | None:
        home = counts.get(engine.NAME, ())
        if seat >= len(home):
            return None
        return words("abbot.supply.home" if home[seat] else "abbot.supply.board")

    # --- scores and events ---------------------------------------------------------------
    def score_group(self, event: Event) -> str | None:
        """Gardens are a row of their own (A-2); points of an abbot taken back
        count with its monastery or garden (A-4)."""
        kind, reason = _kind(event), event.get("reason")
        if kind == GARDEN and reason in (*FEATURE_SCORES, engine.BACK_REASON):
            return "abbot.group.garden"
        if kind is not None and reason == engine.BACK_REASON:
            return f"group.{kind}"
        return None

    def score_line(self, who: Text, event: Event, words: Words) -> Text | None:
        reason = event.get("reason")
        if reason == engine.BACK_REASON:
            return Text("")  # the abbot-back line says it
        if _kind(event) == GARDEN and reason in FEATURE_SCORES:
            points = words("scores.points", count=int(event.get("points", 0)))
            return words(f"abbot.score.garden.{reason}", who=who, points=points)
        return None

    def event_line(self, who: Text, event: Event, words: Words, name: Namer) -> Text | None:
        kind, type_ = _kind(event), event.get("type")
        x, y = event.get("x"), event.get("y")
        if kind is None or x is None or y is None:
            return None
        if type_ == "follower" and event.get("piece") == engine.PIECE:
            return words(f"abbot.event.placed.{kind}", who=who, x=x, y=y)
        if type_ == engine.BACK:
            points = words("scores.points", count=int(event.get("points", 0)))
            return words(f"abbot.event.back.{kind}", who=who, x=x, y=y, points=points)
        return None


ADAPTER = register(AbbotAdapter())
