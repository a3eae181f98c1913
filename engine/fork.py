"""Copies of a game at any step: :meth:`Game.fork` and :meth:`Game.determinized`.

The turn is a generator (engine.game), and a generator cannot be copied. At
the top of the turn loop, though, its frames hold nothing: between two turns
the whole state of a game is its objects. So a copy is made in two parts:

* a *checkpoint*: a copy of the game's objects taken at the start of the
  current turn (:func:`turn_started`), never run nor changed afterwards;
* *re-execution*: the checkpoint copied once more, a fresh turn flow started
  from it, and the current turn's few actions applied again. The same code on
  the same state does the same thing (replays and undo rest on it too), so the
  copy stands where the original stands, mid-question or mid-card included,
  with generator frames of its own.

A game that forks keeps a checkpoint at every turn start from then on; the
first fork of a turn without one re-executes from the latest earlier
checkpoint (the first fork of all: from the setup). What rebuilds a game is
its *source*: a checkpoint, or a determinization (:class:`Redrawn`: a source,
the actions after it, then everything hidden from one seat drawn again with a
fixed key), so a determinized game can be forked and determinized in turn.
A fork shares with its original what never changes (placed tiles, typed
actions, logged events, the hook registry) and copies the rest.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import GameAction
from engine.board import Board, Feature, Follower
from engine.decks import shuffle

_new = object.__new__

if TYPE_CHECKING:
    from engine.game import Game

# Game attributes a copy shares: immutable values, or never changed after setup.
SHARED = frozenset(
    {
        "players",
        "expansions",
        "seed",
        "flow",
        "decks",
        "hooks",
        "turns_played",
        "current",
        "finished",
        "undo_floor",
        "redrawn_for",
        "last_placed",
        "_turn_start",
        "_pending",
        "_rng",
        "_drawn_from",
    }
)
_ATOMS = (int, str, float, bool, type(None))


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The game's objects copied at the start of a turn, when ``index``
    actions had been applied."""

    index: int
    state: Game

    def start(self) -> Game:
        """A live game from here: a copy, its turn flow run to the decision."""
        game = copy_state(self.state)
        game._lineage = Lineage(self, self)
        game._start()
        return game


@dataclass(frozen=True, slots=True)
class Redrawn:
    """A determinization: the game of ``base`` with ``actions`` applied, then
    everything hidden from ``seat`` drawn again from ``key``."""

    base: Checkpoint | Redrawn
    actions: tuple[GameAction, ...]
    seat: int
    key: int

    @property
    def index(self) -> int:
        return self.base.index + len(self.actions)

    def start(self) -> Game:
        game = self.base.start()
        redo(game, self.actions)
        redraw(game, self.seat, self.key)
        game._lineage = Lineage(self, None)
        return game


@dataclass(slots=True)
class Lineage:
    """How a game is rebuilt: its ``source`` gives it as it was after
    ``source.index`` actions; ``checkpoint`` is the latest one taken at a
    turn start at or after that."""

    source: Checkpoint | Redrawn
    checkpoint: Checkpoint | None
    keep: bool = False  # take a checkpoint at every turn start
    capture_at: int = -1  # take one when the turn starting at this index starts


def lineage(game: Game) -> Lineage:
    """The game's lineage; a game built from its setup gets one on first use,
    with the setup itself as the checkpoint before the first turn."""
    if game._lineage is None:
        cls = type(game)
        setup = cls.__new__(cls)
        setup._setup(game.players, game.expansions, game.seed, game.decks, game.flow, game.ai_seats)
        setup.hooks = game.hooks  # the rules of this game, hooks added later included
        first = Checkpoint(0, setup)
        game._lineage = Lineage(first, first)
    return game._lineage


def turn_started(game: Game) -> None:
    """The turn loop's top (Game._run), for a game that wants a checkpoint."""
    lin = lineage(game)
    index = game._turn_start
    if lin.keep or index == lin.capture_at:
        lin.checkpoint = Checkpoint(index, copy_state(game))
        lin.capture_at = -1
        game._watch = lin.keep


def redo(game: Game, actions: tuple[GameAction, ...]) -> None:
    """Apply actions the game applied before (checked then): re-execution."""
    for action in actions:
        game.actions.append(action)
        game._advance(action)


def _base(game: Game) -> Checkpoint | Redrawn:
    """What the current state is rebuilt from: the checkpoint of the current
    turn (made now if missing), or the game's source when the current turn
    began before it (a determinization made during this turn)."""
    lin = lineage(game)
    start = game._turn_start
    cp = lin.checkpoint
    if cp is not None and cp.index == start:
        return cp
    source = lin.source
    if start < source.index or (start == source.index and isinstance(source, Redrawn)):
        return source
    if isinstance(source, Checkpoint) and source.index == start:
        return source
    # Re-execute from the latest earlier checkpoint up to this turn's start,
    # taking one there; from now on this game keeps one at every turn start.
    earlier: Checkpoint | Redrawn = cp if cp is not None and cp.index >= source.index else source
    scratch = earlier.start()
    lineage(scratch).capture_at = start
    scratch._watch = True
    redo(scratch, game.actions.typed()[earlier.index : start])
    taken = lineage(scratch).checkpoint
    assert taken is not None and taken.index == start, "the turn start was not reached"
    release(scratch)
    lin.checkpoint, lin.keep = taken, True
    game._watch = True
    return taken


def release(game: Game) -> None:
    """Let a copy go at once: close its turn flow. A game refers to its flow
    and the flow's frames to the game, a cycle that only the garbage
    collector frees otherwise, and an AI decision leaves one or more copies
    behind (the collector's passes over them were most of the AI's slowest
    decisions). The game reads as over afterwards; nothing is recorded."""
    flow = game.__dict__.pop("_flow", None)
    game._pending = None
    if flow is not None:
        flow.close()


def fork(game: Game) -> Game:
    base = _base(game)
    out = base.start()
    redo(out, game.actions.typed()[base.index :])
    return out


def determinized(game: Game, seat: int, rng: random.Random) -> Game:
    if not 0 <= seat < len(game.players):
        raise ValueError(f"seat {seat} is not a seat of this game")
    base = _base(game)
    source = Redrawn(base, game.actions.typed()[base.index :], seat, rng.getrandbits(64))
    return source.start()


def rebuilt(game: Game, n_actions: int) -> Game:
    """The game as it was after its first ``n_actions`` actions (the safety
    net of Game.apply): from the latest checkpoint or source before them."""
    lin = lineage(game)
    cp = lin.checkpoint
    source = lin.source
    base = cp if cp is not None and source.index <= cp.index <= n_actions else source
    out = base.start()
    redo(out, game.actions.typed()[base.index : n_actions])
    return out


def redraw(game: Game, seat: int, key: int) -> None:
    """Draw again, from ``key``, everything hidden from ``seat``: the order of
    the tiles left (their kinds are known, B-2), the expansions' hidden
    state (``redraw`` hook), the random stream; and take out what would tell
    it: the seed, fixed decks, other AI seats' seeds, events addressed to
    other seats, hidden fields of other seats' actions."""
    rng = random.Random(key)
    game.bag.sort()
    shuffle(game.bag, rng)
    if game.hooks.redraw.fns:
        game.hooks.redraw(game, seat, rng)
    game.rng = random.Random(rng.getrandbits(64))
    game.seed = 0
    game.decks = {}
    game.ai_seats = {}
    game.events = game.events.copy(seat)
    game.actions = game.actions.copy(seat)
    game.redrawn_for = seat


# --- copying the objects ------------------------------------------------------------
def copy_state(game: Game) -> Game:
    """An independent copy of the game's objects, without a turn flow."""
    cls = type(game)
    new = cls.__new__(cls)
    memo: dict[int, Any] = {}
    state = dict(game.__dict__)
    state["board"] = copy_board(game.board, memo)
    state["scores"] = game.scores.copy()
    state["supply"] = game.supply.copy()
    state["bag"] = game.bag.copy()
    state["events"] = game.events.copy()
    state["actions"] = game.actions.copy()
    state["_rng_shared"] = game._rng_shared = True  # copied by whichever draws first
    turn = game.turn
    if turn is not None:
        cells = None if turn.allowed_cells is None else set(turn.allowed_cells)
        data = clone(turn.data, memo) if turn.data else {}
        copied = state["turn"] = _new(type(turn))  # dataclasses.replace without its checks
        copied.__dict__.update(turn.__dict__, allowed_cells=cells, data=data)
    state["ext"] = {name: clone(value, memo) for name, value in game.ext.items()}
    state["ai_seats"] = dict(game.ai_seats)
    state["_flow"] = None
    state["_watch"] = False
    state["_lineage"] = None
    for name in state.keys() - SHARED - _COPIED:  # attributes added by others
        state[name] = clone(state[name], memo)
    new.__dict__.update(state)
    new._wire_board()
    return new


_COPIED = frozenset(
    {
        "board",
        "scores",
        "supply",
        "bag",
        "events",
        "actions",
        "_rng_shared",
        "turn",
        "ext",
        "ai_seats",
        "_flow",
        "_watch",
        "_lineage",
    }
)


def clone(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of expansion state: lists, dicts, sets, tuples and
    dataclasses copied, frozen dataclasses and atoms shared, board objects
    mapped through ``memo`` (filled by copy_board); anything else by
    copy.deepcopy with the same memo."""
    kind: Any = type(value)
    if kind in _ATOMS:
        return value
    if kind is tuple:
        for v in value:
            if type(v) not in _ATOMS:
                return tuple(clone(v, memo) for v in value)
        return value  # atoms only (a cell, a seat pair): unchangeable, shared
    seen = memo.get(id(value))
    if seen is not None:
        return seen
    out: Any
    if kind is list:
        out = memo[id(value)] = [v if type(v) in _ATOMS else clone(v, memo) for v in value]
    elif kind is dict:
        out = memo[id(value)] = {
            k: v if type(v) in _ATOMS else clone(v, memo) for k, v in value.items()
        }
    elif kind is set or kind is frozenset:
        out = memo[id(value)] = kind(value)  # members are hashable values
    elif (names := _dataclass_fields(kind)) is not None:
        if not names:  # frozen: shared
            return value
        if not isinstance(names, tuple):  # the class's own copy
            out = memo[id(value)] = names(value, memo)
            return out
        out = memo[id(value)] = kind.__new__(kind)
        for name in names:
            v = getattr(value, name)
            object.__setattr__(out, name, v if type(v) in _ATOMS else clone(v, memo))
    else:
        out = copy.deepcopy(value, memo)
    return out


Copier = Callable[[Any, dict[int, Any]], Any]
_FIELDS: dict[type, tuple[str, ...] | Copier | None] = {}


def _dataclass_fields(kind: type) -> tuple[str, ...] | Copier | None:
    """The field names clone copies of a dataclass (() when frozen: shared),
    or its own ``forked(memo)`` copy where it has one (an expansion's state:
    written out, it copies several times quicker); None for any other class.
    Found once per class (every fork clones the expansions' state)."""
    if kind not in _FIELDS:
        names: tuple[str, ...] | Copier | None = None
        if dataclasses.is_dataclass(kind):
            frozen = kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
            names = () if frozen else tuple(f.name for f in dataclasses.fields(kind))
            names = getattr(kind, "forked", names)
        _FIELDS[kind] = names
    return _FIELDS[kind]


def copy_board(board: Board, memo: dict[int, object]) -> Board:
    """An independent copy of a board, for Game.fork: placed tiles are immutable and
    shared, features and followers are new. ``memo`` receives id(old) ->
    new for each of them, so state elsewhere that refers to them can be
    copied alike. Marks hold flat values (flags, lists of seats)."""
    new = Board.__new__(Board)
    new.tiles = board.tiles.copy()
    new.parent = board.parent.copy()
    new.node_seg = board.node_seg.copy()
    features: dict[int, Feature] = {}
    for root, f in board.features.items():
        followers = f.followers  # () shared: most features hold none
        if followers:
            copies = []
            for old in followers:
                follower = Follower(old.player, old.pos, old.seg, old.lying, old.piece)
                memo[id(old)] = follower
                copies.append(follower)
            followers = tuple(copies)
        marks = f._marks
        if marks is not None:
            marks = {
                k: v.copy() if isinstance(v, list | set | dict) else v for k, v in marks.items()
            }
        # Feature(...) written out, as Board.place makes them: the fields
        # stored directly, without the call (every fork copies every feature).
        feat = _new(Feature)
        feat.id = f.id
        feat.kind = f.kind
        feat.size = f.size
        feat.segments = f.segments
        feat.open_edges = f.open_edges
        feat.pennants = f.pennants
        feat.followers = followers
        feat.cities = f.cities
        feat.completed = f.completed
        feat.twins = f.twins
        feat._marks = marks
        memo[id(f)] = feat
        features[root] = feat
    new.features = features
    new.occupied = board.occupied.copy()
    new.frontier = board.frontier.copy()
    new.monasteries = board.monasteries.copy()
    new.rings = board.rings.copy()
    new._near_ring = board._near_ring.copy()
    new.merge_hooks = []
    new.merge_gate = new.merge_hooks
    # Entries change in place (their need code): each copied, found by cell.
    new._entries = {cell: entry.copy() for cell, entry in board._entries.items()}
    cells = board._cells
    new._cells = None if cells is None else [new._entries[e[0], e[1]] for e in cells]
    new._listing = board._listing  # never changed in place, only replaced
    return new
