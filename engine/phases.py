"""Turn phases, decisions and the typed hook points expansions plug into (B-3).

The game runs as a generator: it yields a :class:`Decision` whenever it needs
somebody's input and receives that person's action. The base turn is

    draw -> [after_draw] -> place -> [after_place] -> follower -> [follower_placed]
    -> score (B-7) [before_scoring, score_feature, after_scoring] -> [end_turn]

and the end of the game is

    [before_final] -> final scoring (B-8) [score_feature] -> [after_final]

Names in brackets are hook points: attributes of :class:`Hooks`, each typed
with the arguments its functions receive. Step hooks are generator functions
that may yield further decisions; plain hooks are ordinary functions.
Expansions also attach their own action types to existing steps (e.g. opening
a gift during the ``place`` step) with :class:`ActionSpec`. The base game never
names an expansion.
"""

from __future__ import annotations

import builtins
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

from engine.frozen import freeze, frozen_builder

if TYPE_CHECKING:
    from engine.actions import GameAction
    from engine.board import Feature, Follower, PlaceResult
    from engine.game import Game
    from engine.scoring import FeatureScore

Action = dict[str, Any]  # a record action: a plain JSON object (docs/notation.md)
Event = dict[str, Any]
Steps = Generator["Decision", "GameAction", None]


class IllegalAction(Exception):
    """An action the rules do not allow now; the message says what was wrong.

    The message is English, for the record's readers, the log and the command
    line. ``code`` names the refusal and ``values`` carry what it is about
    (coordinates, a feature kind, a count), so that the bot can word it in the
    reader's language (``rejection.<code>`` in its catalogues)."""

    code: str | None = None

    def __init__(self, message: str, code: str | None = None, **values: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.values: dict[str, object] = values


class MalformedAction(IllegalAction):
    """An action of the wrong shape (not an object, a missing or unknown field,
    a value of the wrong JSON type), whatever the state of the game. A kind of
    IllegalAction, so one ``except IllegalAction`` still catches every refusal."""

    code = "malformed"


# --- step names (the "step" of a pending decision) ---------------------------
STEP_PLACE = "place"
STEP_FOLLOWER = "follower"

# --- hook point names (the attributes of Hooks; Hooks.on accepts them) --------
AFTER_DRAW = "after_draw"
AFTER_PLACE = "after_place"
BEFORE_SCORING = "before_scoring"
AFTER_SCORING = "after_scoring"
END_TURN = "end_turn"
BEFORE_FINAL = "before_final"
AFTER_FINAL = "after_final"
FOLLOWER_PLACED = "follower_placed"
OWNER_STRENGTH = "owner_strength"
SCORE_FEATURE = "score_feature"
FEATURE_SCORED = "feature_scored"
MERGE = "merge"
PUBLIC_VIEW = "public_view"
PRIVATE_VIEW = "private_view"
REMEMBERED = "remembered"
REDRAW = "redraw"

STEP_HOOKS = frozenset(
    {AFTER_DRAW, AFTER_PLACE, BEFORE_SCORING, AFTER_SCORING, END_TURN, BEFORE_FINAL, AFTER_FINAL}
)
PLAIN_HOOKS = frozenset(
    {
        FOLLOWER_PLACED,
        OWNER_STRENGTH,
        SCORE_FEATURE,
        FEATURE_SCORED,
        MERGE,
        PUBLIC_VIEW,
        PRIVATE_VIEW,
        REMEMBERED,
        REDRAW,
    }
)


@dataclass(frozen=True, slots=True)
class Decision:
    """Input the game waits for.

    ``players`` may act now (several for simultaneous steps such as bets);
    ``active`` is whose turn it is; ``types`` the action types accepted besides
    the extension actions attached to ``step``; ``info`` public details for the
    bot (never hidden information).
    """

    step: str
    players: tuple[int, ...]
    active: int
    types: tuple[str, ...]
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # What the game hands out of its own state cannot be changed (engine.frozen).
        object.__setattr__(self, "info", freeze(self.info))


# Decision(...) for the turn's hot path (engine.frozen): the same object, cheaper
# (its info given unchangeable: a FrozenDict).
new_decision: Callable[[str, tuple[int, ...], int, tuple[str, ...], dict[str, Any]], Decision] = (
    frozen_builder(Decision)
)

A = TypeVar("A", bound="GameAction")


@dataclass(frozen=True, slots=True)
class ActionSpec(Generic[A]):
    """An action type an expansion adds to one or more steps.

    ``action`` is its typed action class (which knows its record ``type`` and
    its expansion); ``legal(game, player)`` lists complete legal actions as
    record dicts (for the bot's choices and the AI); ``validate(game, action)``
    raises :class:`IllegalAction` without changing anything; ``run(game,
    action)`` performs it and may yield further decisions. Only the players of
    the pending decision may send it. ``ends_step``: the action is the whole
    answer of the step it is attached to (A-4 in the follower step); else
    the step asks again afterwards. Only for a step whose own answer may be
    left out (the follower step).
    """

    action: builtins.type[A]
    steps: frozenset[str]
    legal: Callable[[Game, int], list[Action]]
    validate: Callable[[Game, A], None]
    run: Callable[[Game, A], Steps]
    ends_step: bool = False

    @property
    def type(self) -> str:
        return self.action.TYPE

    @property
    def expansion(self) -> str | None:
        return self.action.EXPANSION


@dataclass(frozen=True, slots=True)
class PieceSpec:
    """A piece an expansion adds (A-1's abbot), put on the tile just placed in
    the follower step instead of a follower: a ``follower`` action with
    ``"<name>": true`` (docs/notation.md). It comes from no follower supply.
    ``spots(game, seat)``: the canonical locations it may take now;
    ``refuse(game, seat, location)``: the refusal there (citing the rule,
    with its own code so that players read why in their language)."""

    name: str
    spots: Callable[[Game, int], list[str]]
    refuse: Callable[[Game, int, str], IllegalAction]


@dataclass(frozen=True, slots=True)
class OpeningPile:
    """Tiles an expansion deals before the land tiles, in its own order (R-2's
    river pile). ``draw(game)``: its next tile that can be placed, removing
    those that cannot (each with a "discard" event); None once it is used up.
    ``left(game)``: how many it still holds. While a turn's tile comes from
    one, or the next will, tile cards have no use (C-6)."""

    name: str
    draw: Callable[[Game], str | None]
    left: Callable[[Game], int]


def only_answer(game: Game, seat: int) -> Action | None:
    """The one legal action of ``seat`` now, or None when it has a real choice
    (or nothing to do). A question put to several players alike whose answer
    some of them cannot vary (an attack they hold nothing against, X-4.9; a
    scoring step without a modifier in hand, X-3.2) has exactly one legal
    answer for them: the bot may send it at once, privately, for a player who
    chose to answer such questions automatically."""
    legal = game.legal_actions(seat)
    return legal[0] if len(legal) == 1 else None


# AI advice of an expansion: fn(game, player, decision, legal) returns the
# action to take, or None to leave the choice to the next policy / the base AI.
AiPolicy = Callable[["Game", int, Decision, list[Action]], "Action | None"]
# What a player's holdings in an expansion are worth in points at the end, as
# the AI levels estimate it (engine.ai.evaluate): fn(game, player).
AiWorth = Callable[["Game", int], float]

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


class _HookPoint(Generic[P, R]):
    """The functions registered on one hook point, in registration order."""

    __slots__ = ("fns", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self.fns: list[Callable[P, R]] = []

    def add(self, fn: Callable[P, R]) -> None:
        self.fns.append(fn)


class StepHook(_HookPoint[P, Steps]):
    """A hook point whose functions are generators that may yield decisions."""

    __slots__ = ()

    def run(self, *args: P.args, **kwargs: P.kwargs) -> Steps:
        for fn in self.fns:
            yield from fn(*args, **kwargs)


class ScoringHook(StepHook[["Game", list[T]]]):
    """``before_scoring`` / ``after_scoring``: step hooks around a turn's
    completion scoring (B-7), which most turns have nothing for. A function
    registered with ``idle_when_empty=True`` does nothing when no feature is
    scored (no roots, no scores), so a turn that completes nothing does not
    call it: it runs only the others (``when_empty``), and no scoring step
    at all when there are none."""

    __slots__ = ("when_empty",)

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.when_empty: list[Callable[[Game, list[T]], Steps]] = []  # not idle when empty

    def add(self, fn: Callable[[Game, list[T]], Steps], idle_when_empty: bool = False) -> None:
        self.fns.append(fn)
        if not idle_when_empty:
            self.when_empty.append(fn)


class PlainHook(_HookPoint[P, None]):
    """A hook point whose functions are called in turn."""

    __slots__ = ()

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for fn in self.fns:
            fn(*args, **kwargs)


class Hooks:
    """The hook points of one game; expansions register on them at install
    (``game.hooks.after_place.add(fn)``), each registration type-checked."""

    def __init__(self) -> None:
        # Step hooks.
        self.after_draw: StepHook[[Game]] = StepHook(AFTER_DRAW)  # tile drawn, not placed
        self.after_place: StepHook[[Game, PlaceResult]] = StepHook(AFTER_PLACE)
        self.before_scoring: ScoringHook[int] = ScoringHook(BEFORE_SCORING)  # roots
        self.after_scoring: ScoringHook[FeatureScore] = ScoringHook(AFTER_SCORING)
        self.end_turn: StepHook[[Game]] = StepHook(END_TURN)
        self.before_final: StepHook[[Game]] = StepHook(BEFORE_FINAL)  # before B-8
        self.after_final: StepHook[[Game]] = StepHook(AFTER_FINAL)  # after B-8
        # Plain hooks.
        self.follower_placed: PlainHook[[Game, Feature, Follower]] = PlainHook(FOLLOWER_PLACED)
        # (game, feature, followers per player): adjust the counts owners come from (B-6)
        self.owner_strength: PlainHook[[Game, Feature, dict[int, int]]] = PlainHook(OWNER_STRENGTH)
        self.score_feature: PlainHook[[Game, FeatureScore]] = PlainHook(SCORE_FEATURE)  # to pay
        self.feature_scored: PlainHook[[Game, FeatureScore]] = PlainHook(FEATURE_SCORED)  # paid
        self.merge: PlainHook[[Game, Feature, Feature]] = PlainHook(MERGE)  # kept, absorbed
        # (game, counts per seat, extra): add public data under the expansion's keys
        self.public_view: PlainHook[[Game, dict[str, tuple[int, ...]], dict[str, Any]]] = PlainHook(
            PUBLIC_VIEW
        )
        # (game, seat, hidden): add that seat's own hidden data
        self.private_view: PlainHook[[Game, int, dict[str, Any]]] = PlainHook(PRIVATE_VIEW)
        # (game, seat, hidden): what the seat knows from its own actions though its
        # private view does not show it (the seat view of engine.seat adds it)
        self.remembered: PlainHook[[Game, int, dict[str, Any]]] = PlainHook(REMEMBERED)
        # (game, seat, rng): draw again, in place, every hidden thing the seat cannot
        # see, from pools sorted first (Game.determinized, engine.fork)
        self.redraw: PlainHook[[Game, int, random.Random]] = PlainHook(REDRAW)
        self.actions: dict[str, ActionSpec[Any]] = {}
        self._by_step: dict[str, tuple[ActionSpec[Any], ...]] = {}
        # Pieces of expansions by name, and piles dealt before the land tiles.
        self.pieces: dict[str, PieceSpec] = {}
        self.openings: list[OpeningPile] = []
        # AI advice, one policy per expansion (engine.plugins installs them),
        # and what each expansion's holdings are worth to a player (engine.ai).
        self.ai_policies: list[AiPolicy] = []
        self.ai_worth: list[AiWorth] = []
        self.ai_erosion = 0.0  # the expansions' erosions added up (engine.ai.evaluate)

    def on(self, name: str, fn: Callable[..., Any]) -> None:
        """Register on a hook point by name (untyped; prefer the attributes)."""
        if name not in STEP_HOOKS and name not in PLAIN_HOOKS:
            raise ValueError(f"unknown hook point {name!r}")
        point: StepHook[...] | PlainHook[...] = getattr(self, name)
        point.add(fn)

    def add_action(self, spec: ActionSpec[Any]) -> None:
        self.actions[spec.type] = spec
        self._by_step.clear()

    def for_step(self, step: str) -> tuple[ActionSpec[Any], ...]:
        """The action types attached to ``step`` (read on every listing)."""
        specs = self._by_step.get(step)
        if specs is None:
            specs = tuple(a for a in self.actions.values() if step in a.steps)
            self._by_step[step] = specs
        return specs
