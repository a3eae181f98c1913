"""What an expansion adapter declares: everything the bot shows of one
expansion (python-chess's variants, one class each, are the model).

An adapter names its engine expansion and lists, as data, the typed action
classes (engine.actions) and decision steps it presents, the text key of each step's prompt,
its hidden holdings (private view keys) with their labels, its score groups,
the renders module drawing its marks on the board, the words its images
need, its slash command and its own English messages. Methods word what data
cannot: action labels (matching on the action classes), hand items and hand
sections, score groups by rule, events, the "let it pass" answer of a
timeout. docs/architecture.md ("The bot") has the whole contract.

Discreet steps: a question that only a holder of some hidden card could
answer in more than one way is asked alike of everyone it may concern (the
engine sees to it, X-4.9, X-3.2). The bot never shows such a step by name
in public and answers it at once, privately, for a player with nothing to
play who chose to (bot.services.prefs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from bot.expansions import generic
from bot.text import Text, Words
from engine.actions import GameAction
from engine.game import Game
from engine.phases import Decision, Event
from engine.views import PrivateView

if TYPE_CHECKING:
    from renders.hand import HandSection
    from renders.preview import Mark

Entry = str | Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Label:
    """A choice in words: ``text`` on the button or option (short), ``detail``
    in a select option's description (what does not fit on the button)."""

    text: Text
    detail: str = ""


Labeller = Callable[[GameAction], "Text | Label"]
Namer = Callable[[object], Text]  # a seat number -> the player's (escaped) name


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """An expansion's slash command: ``/<name> choice:<one of its actions>``.
    ``description`` and ``option`` are text keys."""

    name: str
    description: str
    option: str


@dataclass(frozen=True, slots=True)
class CardText:
    """One card as ``/rules`` explains it: the engine's card id and the text
    keys of its name, its effect and (optionally) its kind (deck, timing)."""

    id: str
    name: str
    effect: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class RulesBook:
    """What ``/rules`` shows of one part of the game, in the players' words:
    its title, its pages (text keys, in order) and its cards, with the
    English texts of those keys (``messages``, under the part's prefix)."""

    title: str
    pages: tuple[str, ...]
    cards: tuple[CardText, ...] = ()
    messages: Mapping[str, Entry] = field(default_factory=dict)


class Adapter:
    """How the bot presents one expansion. Subclass, fill the class data,
    override what needs more than data, and ``register`` an instance."""

    name: ClassVar[str]  # the engine expansion (engine.expansions.<name>)
    title: ClassVar[str]  # text key of its name as players read it
    command: ClassVar[CommandSpec | None] = None
    actions: ClassVar[tuple[type[GameAction], ...]] = ()  # the action classes it presents
    prompts: ClassVar[Mapping[str, str]] = {}  # decision step -> text key
    discreet: ClassVar[frozenset[str]] = frozenset()  # steps never shown by name (above)
    holdings: ClassVar[Mapping[str, str]] = {}  # private view key -> label text key
    received: ClassVar[frozenset[str]] = frozenset()  # private events: something received
    score_groups: ClassVar[Mapping[str, str]] = {}  # score reason -> group text key
    group_order: ClassVar[tuple[str, ...]] = ()  # its groups in breakdown order
    # its groups of features (gardens, A-2): after the base game's, before any card's
    feature_groups: ClassVar[tuple[str, ...]] = ()
    end_events: ClassVar[frozenset[str]] = frozenset()  # event types of the game's end
    overlay: ClassVar[str | None] = None  # renders module drawing its board marks
    image_counts: ClassVar[Mapping[str, str]] = {}  # public count key -> text key
    image_legend: ClassVar[Mapping[str, str]] = {}  # board legend key -> text key
    messages: ClassVar[Mapping[str, Entry]] = {}  # its English texts ("<name>.*")
    rules: ClassVar[RulesBook | None] = None  # its part of /rules (bot.expansions.rulebooks)

    # --- steps and actions ---------------------------------------------------------
    def prompt(self, decision: Decision, words: Words, game: Game | None = None) -> Text:
        """What the game waits for at one of this expansion's steps, said to
        the players asked (never hidden data)."""
        key = self.prompts.get(decision.step)
        info = decision.info
        where = (
            words("prompt.where", x=info["x"], y=info["y"])
            if "x" in info and "y" in info
            else Text("")
        )
        if key is None:
            return words(
                "prompt.generic",
                step=generic.humanize(decision.step),
                where=where,
                expansion=words(self.title),
            )
        return words(key, where=where)

    def labeller(
        self, game: Game, seat: int, words: Words, offered: Sequence[GameAction]
    ) -> Labeller:
        """Labels of this expansion's actions for ``seat``; built once per
        listing, so it may read the seat's view. ``offered``: every action the
        listing labels (the seat's legal actions now), so that a label can tell
        its choice apart from the others."""
        return lambda action: generic.describe(action, words)

    def passive(self, legal: Sequence[GameAction]) -> GameAction | None:
        """The answer that lets a question pass, when the time limit runs out
        on someone else's turn (None: the AI answers)."""
        return None

    def rule_pages(self, words: Words) -> list[Text]:
        """This expansion's ``/rules`` pages before its cards (an adapter may
        add pages built from its tables)."""
        return [words(key) for key in self.rules.pages] if self.rules is not None else []

    # --- holdings, scores, events ------------------------------------------------------
    def hand_items(self, key: str, value: Any, words: Words) -> list[Text]:
        """The items of one hidden holding (private: DMs and ephemeral replies)."""
        if isinstance(value, list):
            return [generic.hand_item(v, words) for v in value]
        return [generic.ident(value)]

    def hand_sections(self, view: PrivateView, words: Words) -> list[HandSection]:
        """This expansion's part of the hand image (none by default)."""
        return []

    def supply_text(
        self, counts: Mapping[str, Sequence[int]], seat: int, words: Words
    ) -> Text | None:
        """What of this expansion ``seat`` has in supply apart from its
        followers, from the public view's ``counts`` (said after "5 followers
        in supply"); None: nothing."""
        return None

    def panel_notes(self, game: Game, seat: int, words: Words) -> list[Text]:
        """Lines this expansion adds to ``seat``'s panel while the game asks
        the seat (what it cannot do now and why, say); none by default."""
        return []

    def preview_marks(self, game: Game, seat: int, words: Words) -> list[Mark]:
        """Spots of the tile just placed where a piece of this expansion may
        go now, marked on ``seat``'s follower picture beside the numbered
        follower spots (a badge that is not a number and a key entry; the
        expansion's choices should name the same badge); none by default."""
        return []

    def received_text(self, event: Event, words: Words) -> Text | None:
        """What a private "received" event says to its player (a DM)."""
        return None

    def score_group(self, event: Event) -> str | None:
        """The breakdown group (text key) of a score event, None if not ours."""
        return self.score_groups.get(str(event.get("reason", "")))

    def score_line(self, who: Text, event: Event, words: Words) -> Text | None:
        """A score event of this expansion in words; None: not ours."""
        return None

    def group_key(self, event: Event) -> str | None:
        """Events in a row with the same key are worded together (group_line)."""
        return None

    def group_line(self, events: list[Event], words: Words, name: Namer) -> Text | None:
        """One line for a group of events (see group_key)."""
        return None

    def event_line(self, who: Text, event: Event, words: Words, name: Namer) -> Text | None:
        """A public event of this expansion in words (``name`` names other
        seats it mentions); None: the generic line.
        Return an empty Text for an event that needs no line."""
        return None
