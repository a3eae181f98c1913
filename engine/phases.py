"""Turn phases, decisions and the named hook points expansions plug into (B-3).

The game runs as a generator: it yields a :class:`Decision` whenever it needs
somebody's input and receives that person's action. The base turn is

    draw -> [after_draw] -> place -> [after_place] -> follower -> [follower_placed]
    -> score (B-7) [before_scoring, score_feature, after_scoring] -> [end_turn]

and the end of the game is

    [before_final] -> final scoring (B-8) [score_feature] -> [after_final]

Names in brackets are hook points (constants below). Step hooks are generator
functions ``fn(game, *args)`` that may yield further decisions; plain hooks are
ordinary functions. Expansions also attach their own action types to existing
steps (e.g. opening a gift during the ``place`` step) with :class:`ActionSpec`.
The base game never names an expansion.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game

Action = dict[str, Any]
Event = dict[str, Any]
Steps = Generator["Decision", Action, None]


class IllegalAction(Exception):
    """An action the rules do not allow now; the message says what was wrong."""


# --- step names (the "step" of a pending decision) ---------------------------
STEP_PLACE = "place"
STEP_FOLLOWER = "follower"

# --- step hooks (generator functions) ---------------------------------------
AFTER_DRAW = "after_draw"  # (game): tile drawn, before placing
AFTER_PLACE = "after_place"  # (game, result: PlaceResult)
BEFORE_SCORING = "before_scoring"  # (game, roots: list[int]) about to be scored
AFTER_SCORING = "after_scoring"  # (game, scores: list[FeatureScore]) step 3 done
END_TURN = "end_turn"  # (game)
BEFORE_FINAL = "before_final"  # (game): after the last turn, before B-8
AFTER_FINAL = "after_final"  # (game): after B-8

# --- plain hooks ---------------------------------------------------------------
FOLLOWER_PLACED = "follower_placed"  # (game, feature, follower)
OWNER_STRENGTH = "owner_strength"  # (game, feature, counts: dict[player, int])
SCORE_FEATURE = "score_feature"  # (game, score: FeatureScore) before paying
FEATURE_SCORED = "feature_scored"  # (game, score: FeatureScore) after paying
MERGE = "merge"  # (game, kept: Feature, absorbed: Feature)
PUBLIC_VIEW = "public_view"  # (game, counts: dict, extra: dict) add public-only data
PRIVATE_VIEW = "private_view"  # (game, player, extra: dict) add that player's data

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


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action type an expansion adds to one or more steps.

    ``legal(game, player)`` lists complete legal actions (for the bot's choices
    and the AI); ``validate(game, action)`` raises :class:`IllegalAction`
    without changing anything; ``run(game, action)`` performs it and may yield
    further decisions. Only the players of the pending decision may send it.
    """

    type: str
    steps: frozenset[str]
    legal: Callable[[Game, int], list[Action]]
    validate: Callable[[Game, Action], None]
    run: Callable[[Game, Action], Steps]


AiPolicy = Callable[["Game", int, Decision, list[Action]], "Action | None"]


class Hooks:
    """Named hook points; expansions register functions on them at install."""

    def __init__(self) -> None:
        self._hooks: dict[str, list[Callable[..., Any]]] = defaultdict(list)
        self.actions: dict[str, ActionSpec] = {}
        # AI advice from expansions: fn(game, player, decision, legal) returns the
        # action to take, or None to leave the choice to the base AI (engine.ai).
        self.ai_policies: list[AiPolicy] = []

    def on(self, name: str, fn: Callable[..., Any]) -> None:
        if name not in STEP_HOOKS and name not in PLAIN_HOOKS:
            raise ValueError(f"unknown hook point {name!r}")
        self._hooks[name].append(fn)

    def add_action(self, spec: ActionSpec) -> None:
        self.actions[spec.type] = spec

    def call(self, name: str, *args: Any) -> None:
        for fn in self._hooks.get(name, ()):
            fn(*args)

    def steps(self, name: str, *args: Any) -> Steps:
        for fn in self._hooks.get(name, ()):
            yield from fn(*args)

    def for_step(self, step: str) -> Iterable[ActionSpec]:
        return (a for a in self.actions.values() if step in a.steps)
