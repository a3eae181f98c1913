"""What an expansion adapter declares: everything the bot shows of one
expansion (python-chess's variants, one class each, are the model).

An adapter names its engine expansion and lists, as data, the record action
types and decision steps it presents, the text key of each step's prompt,
its hidden holdings (private view keys) with their labels, its score groups,
the renders module drawing its marks on the board, its slash command and its
own English messages. Methods word what data cannot: action labels, hand
items, score groups by rule, events, the "let it pass" answer of a timeout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot.expansions import generic
from bot.text import Text, Words
from engine.game import Game
from engine.phases import Action, Decision, Event

Entry = str | Mapping[str, str]
Labeller = Callable[[Action], Text]


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
    actions: ClassVar[frozenset[str]] = frozenset()  # record action types
    prompts: ClassVar[Mapping[str, str]] = {}  # decision step -> text key
    holdings: ClassVar[Mapping[str, str]] = {}  # private view key -> label text key
    score_groups: ClassVar[Mapping[str, str]] = {}  # score reason -> group text key
    group_order: ClassVar[tuple[str, ...]] = ()  # its groups in breakdown order
    overlay: ClassVar[str | None] = None  # renders module drawing its board marks
    messages: ClassVar[Mapping[str, Entry]] = {}  # its English texts ("<name>.*")
    rules: ClassVar[RulesBook | None] = None  # its part of /rules (bot.expansions.rulebooks)

    # --- steps and actions ---------------------------------------------------------
    def prompt(self, decision: Decision, words: Words) -> Text:
        """What the game waits for at one of this expansion's steps (public)."""
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

    def labeller(self, game: Game, seat: int, words: Words) -> Labeller:
        """Labels of this expansion's actions for ``seat`` (at most 100
        characters); built once per listing, so it may read the seat's view."""
        return lambda action: generic.describe(action, words)

    def passive(self, legal: list[Action]) -> Action | None:
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

    def score_group(self, event: Event) -> str | None:
        """The breakdown group (text key) of a score event, None if not ours."""
        return self.score_groups.get(str(event.get("reason", "")))

    def event_line(self, who: Text, event: Event, words: Words) -> Text | None:
        """A public event of this expansion in words; None: the generic line."""
        return None
