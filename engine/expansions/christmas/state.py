"""Christmas Present's state, names, questions and board helpers (docs/rules/christmas.md X).

State lives in ``game.ext["christmas"]`` (:class:`XmasState`). Every choice is
an expansion decision: :func:`ask` records the question (:class:`Ask`, with
its legal :class:`Option` list) where validation finds it, yields the
decision and returns the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from engine import scoring
from engine.actions import GameAction, named_segment
from engine.board import Feature, Follower
from engine.fork import clone
from engine.frozen import freeze
from engine.marks import LOCKED
from engine.phases import Decision, PlainHook, StepHook, new_decision

if TYPE_CHECKING:
    from engine.game import Game

NAME = "christmas"

# Steps (Decision.step): each named for its question; the record action that
# answers it is named for the answer (engine.expansions.christmas.actions).
STEP_DRAW = "xmas-offer"  # draw or decline (xmas-draw)
STEP_TARGET = "xmas-targeting"  # a card's target, or the tile kept, X-4.7 (xmas-target)
STEP_MASTERMIND = "xmas-mastermind"  # the owner picks the cell, out of turn (xmas-target)
STEP_REACT = "xmas-attack"  # cancel an attack or let it pass, out of turn (xmas-react)
STEP_MODIFIER = "xmas-scoring"  # modifiers during the scoring step (xmas-modifier)
STEP_DISCARD = "xmas-hand-limit"  # discard down to 5 (xmas-discard)

LOCK = LOCKED  # Feature.marks key, shared with every card it keeps out (C-1)
TIEBREAK = "christmas.tiebreak"  # Feature.marks key: seats with a mark
DRAW_TWO_USED = "christmas.draw-two"  # Turn.data: once per turn (ruling)


def reason(card: str) -> str:
    """Score reason of a card's own payment (not "completed"/"final", so bets
    leave their chips, T-4.1)."""
    return f"christmas:{card}"


@dataclass
class Option:
    """One legal choice: ``public`` is what the action carries (minus player and
    type), ``key`` what an action is matched on, ``data`` what the effect uses."""

    public: dict[str, Any]
    key: Hashable
    data: Any = None


@dataclass
class Ask:
    """The expansion decision under way (validation looks here)."""

    step: str
    player: int
    card: str | None = None
    deck: str | None = None
    target: str = ""  # target kind: feature / follower / swap / cell / tile / modifier
    options: list[Option] = field(default_factory=list)
    need: int = 0  # discard: how many cards
    # A question put to several players at once: who has still to answer,
    # and the answers so far (read when everybody has answered).
    waiting: list[int] = field(default_factory=list)
    answers: dict[int, bool] = field(default_factory=dict)


@dataclass
class XmasState:
    decks: dict[str, list[str]]
    hands: list[list[str]]
    discard: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)  # drawn/played, resolving now
    end_cards: list[list[str]] = field(default_factory=list)  # revealed at X-6
    deferred: list[dict[str, Any]] = field(default_factory=list)  # scores
    mastermind: tuple[int, int] | None = None  # (owner, victim)
    mastermind_card: str = ""  # the card that set it
    modifiers: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    card_scoring: tuple[int, str] | None = None  # (player, card) of scoring
    final: bool = False
    ask: Ask | None = None

    def forked(self, memo: dict[int, Any]) -> XmasState:
        """A fork's copy (engine.fork.clone, which every determinization
        makes): lists of card ids copied; what refers to the board (the
        question's options) and the deferred scores by clone itself."""
        return XmasState(
            {name: cards.copy() for name, cards in self.decks.items()},
            [hand.copy() for hand in self.hands],
            self.discard.copy(),
            self.in_play.copy(),
            [cards.copy() for cards in self.end_cards],
            clone(self.deferred, memo) if self.deferred else [],
            self.mastermind,
            self.mastermind_card,
            {root: used.copy() for root, used in self.modifiers.items()},
            self.card_scoring,
            self.final,
            None if self.ask is None else clone(self.ask, memo),
        )


def state(game: Game) -> XmasState:
    st: XmasState = game.ext[NAME]
    return st


A = TypeVar("A", bound=GameAction)


def hook_when_needed(point: StepHook[...] | PlainHook[...], fn: Callable[..., Any]) -> None:
    """Register ``fn`` on ``point`` unless it is there. The hooks of what most
    games never see (a mark on a feature, a mastermind, a modifier played, a
    hand over the limit) come with the first one, not at install, so that
    every turn before it runs none of them. Hooks are shared with the game's
    forks, where they find nothing to do until the same happens there."""
    if fn not in point.fns:
        point.add(fn)


def ask(
    game: Game, question: Ask, info: dict[str, Any], answer: type[A]
) -> Generator[Decision, GameAction, A]:
    """Wait for ``question.player``'s answer to one christmas decision (apply()
    checked it against the question through the answer's ActionSpec)."""
    active = game.turn.player if game.turn is not None else question.player
    decision = new_decision(question.step, (question.player,), active, (), freeze(info))
    return (yield from ask_made(game, question, decision, answer))


def ask_made(
    game: Game, question: Ask, decision: Decision, answer: type[A]
) -> Generator[Decision, GameAction, A]:
    """:func:`ask` with its decision made already (one shared by every game,
    as the X-2 offers are: :mod:`.play`)."""
    st = state(game)
    st.ask = question
    action = yield decision
    st.ask = None
    assert isinstance(action, answer)
    return action


# --- board helpers ---------------------------------------------------------------
def tiebreak_marks(feat: Feature) -> set[int]:
    marks = feat.mark(TIEBREAK)
    return set(marks) if isinstance(marks, (set, frozenset, list, tuple)) else set()


def follower_ref(game: Game, f: Follower) -> dict[str, Any]:
    return named_segment(game.board, f.pos, f.seg)


def follower_key(game: Game, f: Follower) -> tuple[int, int, str, int]:
    return (f.pos[0], f.pos[1], game.location(f), f.player)


def features_of(game: Game, kind: str | None) -> list[Feature]:
    # Ascending roots: the board keeps its features in that order.
    return [feat for feat in game.board.features.values() if feat.kind == kind]


def occupied_features_of(game: Game, kind: str | None) -> list[Feature]:
    """The features of ``kind`` that hold followers, in the order of
    :func:`features_of`: read from the board's index of the roots that may
    hold followers (Board.occupied; stale roots, gone or empty, skipped), a
    few dozen, not from all its features, hundreds late in a game."""
    features = game.board.features
    out = []
    for root in sorted(game.board.occupied):
        feat = features.get(root)
        if feat is not None and feat.followers and feat.kind == kind:
            out.append(feat)
    return out


def root_of(game: Game, feat: Feature) -> int:
    board = game.board
    pos, seg = feat.segments[0]
    return board.find(board.tiles[pos].nodes[seg])


def tied_owners(feat: Feature) -> list[int]:
    """Players tied for the most followers (raw counts, X-5.3/X-5.6), if 2+."""
    raw = scoring.follower_counts(feat)
    if not raw:
        return []
    best = max(raw.values())
    tied = sorted(p for p, c in raw.items() if c == best)
    return tied if len(tied) >= 2 else []


def is_closed_loop(game: Game, feat: Feature) -> bool:
    """X-4.6: a road all of whose segments run edge to edge has no end."""
    if feat.kind != "road":
        return False
    tiles = game.board.tiles
    return all(len(tiles[pos].face.segments[seg].edges) == 2 for pos, seg in feat.segments)
