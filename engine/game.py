"""The game: setup, the turn as explicit phases (B-3), actions and legality.

A :class:`Game` is built from a setup (players, expansions, seed, decks) and
advanced only by :meth:`Game.apply`, one action at a time, exactly as the game
record lists them (docs/notation.md). ``apply`` either performs the whole action or
raises :class:`IllegalAction` with the state exactly as before.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Generator, Iterable
from typing import Any

from engine import flows, listing, scoring
from engine import fork as forking
from engine.actions import Follower, GameAction, Place
from engine.board import Board, Feature, Pos
from engine.board import Follower as Piece  # on the board; Follower is the action
from engine.decks import shuffled as shuffled
from engine.events import EventLog
from engine.fork import Lineage
from engine.legality import checked
from engine.logs import ActionLog
from engine.phases import (
    STEP_FOLLOWER,
    STEP_PLACE,
    Action,
    Decision,
    Event,
    Hooks,
    IllegalAction,
    Steps,
)
from engine.plugins import install_expansions, known_expansions, stock
from engine.seat import AiSeat, check_ai_seats
from engine.tiles import KINDS
from engine.turn import ASKED, PlacementRule, Turn

__all__ = ["Game", "PlacementRule", "Turn", "shuffled"]

FOLLOWERS_PER_PLAYER = 7  # B-1


MIN_PLAYERS, MAX_PLAYERS = 2, 6


class Game:
    def __init__(
        self,
        players: list[str],
        expansions: Iterable[str] = (),
        seed: int = 0,
        decks: dict[str, list[str]] | None = None,
        flow: int | None = None,
        ai: dict[int, AiSeat] | None = None,
    ) -> None:
        """``flow``: the rules flow it is played under (engine.flows; None:
        current); ``ai``: the AI seats' levels and seeds (engine.seat)."""
        self._setup(players, expansions, seed, decks, flow, ai)
        self._start()

    def _setup(
        self,
        players: list[str],
        expansions: Iterable[str],
        seed: int,
        decks: dict[str, list[str]] | None,
        flow: int | None,
        ai: dict[int, AiSeat] | None,
    ) -> None:
        """Everything before the turn flow starts (engine.fork builds games so)."""
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"a game needs 2 to 6 players, not {len(players)} (B-1)")
        exps = list(dict.fromkeys(expansions))
        unknown = [e for e in exps if e not in known_expansions()]
        if unknown:
            raise ValueError(
                f"unknown expansion {unknown[0]!r}; known: {', '.join(known_expansions())}"
            )
        self.players = list(players)
        self.expansions = exps
        self.seed = seed
        self.flow = flows.current() if flow is None else flow
        self.decks: dict[str, list[str]] = {k: list(v) for k, v in (decks or {}).items()}
        self.hooks = Hooks()
        self.board = Board()
        self.scores = [0] * len(players)
        self.supply = [FOLLOWERS_PER_PLAYER] * len(players)
        self.events = EventLog()
        self.actions = ActionLog()  # record dicts on reading; typed inside
        self._rng = random.Random(f"{seed}/play")
        self._rng_shared = False  # a copy holds the same stream (engine.fork)
        self.ext: dict[str, Any] = {}  # expansion state by expansion name
        self.turn: Turn | None = None
        self.turns_played = 0
        self.current = 0
        self.finished = False
        self.undo_floor = 0  # actions before this index may not be taken back
        self.ai_seats = check_ai_seats(ai or {}, len(players))  # levels and seeds
        self.redrawn_for: int | None = None  # the seat a determinization kept
        # engine.fork: actions applied when this turn began; checkpoints wanted
        # at turn starts; how to rebuild the game (None: from its setup).
        self._turn_start, self._watch = 0, False
        self._lineage: Lineage | None = None

        tiles = stock(self.expansions)  # B-2, and what each expansion adds or replaces
        if "tiles" in self.decks:
            bad = [k for k in self.decks["tiles"] if k not in KINDS]
            if bad:
                raise ValueError(f"unknown tile kind {bad[0]!r} in decks.tiles")
            self.bag = list(self.decks["tiles"])
        else:
            self.bag = shuffled(seed, "tiles", tiles.land)
        self._drawn_from: str | None = None  # the opening pile of the last draw

        install_expansions(self)
        self._wire_board()
        start = self.board.place(tiles.start, (0, 0), 0)
        self.last_placed: Pos | None = start.placed.pos
        self.events.append({"type": "start", "tile": tiles.start, "x": 0, "y": 0, "rotation": 0})

    def _start(self) -> None:
        """Run the turn flow up to its first decision."""
        self._flow = self._run()
        self._pending: Decision | None = None
        self._advance(None)

    # --- public API ------------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The stream of in-game randomness (replays draw alike). Copies of a
        game share it until one of them draws: that one draws from its own."""
        if self._rng_shared:
            own = random.Random(0)
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, stream: random.Random) -> None:
        self._rng, self._rng_shared = stream, False

    @property
    def pending(self) -> Decision | None:
        """What the game waits for, or None once finished."""
        return self._pending

    def apply(self, action: Action | GameAction) -> list[Event]:
        """Perform one action (a record dict or a typed action); return the
        events it caused.

        Raises :class:`IllegalAction` (state unchanged) when it is not legal
        now, :class:`MalformedAction` (a kind of IllegalAction) when its shape
        is wrong.
        """
        typed = checked(self, action, self._pending)
        events = self.events
        mark = events.size()
        self.actions.append(typed)
        try:
            self._advance(typed)
        except Exception:
            # Safety net: an effect failed part-way. Rebuild the exact previous
            # state from the record (without this action), then re-raise.
            self._restore(len(self.actions) - 1)
            raise
        return events.since(mark)

    def check(self, action: Action | GameAction) -> None:
        """Raise :class:`IllegalAction` (or :class:`MalformedAction`) exactly
        when :meth:`apply` would refuse ``action``; change nothing either way."""
        checked(self, action, self._pending)

    def is_legal(self, action: Action | GameAction) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (nothing changes)."""
        try:
            checked(self, action, self._pending)
        except IllegalAction:
            return False
        return True

    def legal_placements(self) -> list[tuple[int, int, int]]:
        """Every legal (x, y, rotation) for the tile to place, or [] when the
        pending step is not a placement (B-4)."""
        if self._pending is None or self._pending.step != STEP_PLACE or self.turn is None:
            return []
        return list(self._placements(self.turn))

    def _placements(self, turn: Turn) -> list[tuple[int, int, int]]:
        """legal_placements() in the place step, maybe the board's own list (read only)."""
        out = self.board._placements(turn.tile)
        if turn.allowed_cells is not None:
            out = [p for p in out if (p[0], p[1]) in turn.allowed_cells]
        if turn.rule is not None:
            out = [p for p in out if p in turn.rule.allowed]
        return out

    def fits_this_turn(self, kind: str) -> bool:
        """Whether a tile of ``kind`` could be placed this turn: anywhere on the
        board, or on a cell an effect fixed (``Turn.allowed_cells``, e.g. C-3),
        or where an expansion's rule allows (``Turn.rule``)."""
        turn = self.turn
        cells = turn.allowed_cells if turn is not None else None
        if turn is not None and turn.rule is not None:
            allowed = turn.rule.allowed
            return any(
                p in allowed and (cells is None or (p[0], p[1]) in cells)
                for p in self.board.placements(kind)
            )
        if cells is None:
            return self.board.can_place(kind)
        return any(self.board.fits(kind, cell) for cell in cells)

    def tiles_left(self) -> int:
        """Tiles still to draw: the land tiles and any opening pile (R-2)."""
        return len(self.bag) + sum(pile.left(self) for pile in self.hooks.openings)

    def opening(self) -> str | None:
        """The opening pile the next tile will come from (R-2), None once
        every one is used up: then tiles come from the bag (C-6)."""
        return next((p.name for p in self.hooks.openings if p.left(self)), None)

    def legal_followers(self) -> list[str] | None:
        """Canonical locations where a follower may go on the tile just placed
        (B-5), or None when the pending step is not the follower step. Not
        placing one (``null``) is always allowed in that step."""
        return listing.legal_followers(self)

    def legal_moves(self) -> list[tuple[int, int, int, str | None]]:
        """Every legal (x, y, rotation, location) of this turn's placement
        and follower choice, nothing placed (engine.listing.legal_moves)."""
        return listing.legal_moves(self)

    def legal_actions(self, player: int) -> list[Action]:
        """Every complete legal action for ``player`` now (base and expansion)."""
        return listing.legal_actions(self, player)

    def fork(self) -> Game:
        """An independent copy at this very step, alike under the same actions (engine.fork)."""
        return forking.fork(self)

    def determinized(self, seat: int, rng: random.Random) -> Game:
        """A fork with all hidden from ``seat`` drawn again from ``rng`` (engine.fork)."""
        return forking.determinized(self, seat, rng)

    def add_ai_seat(self, seat: int, ai: AiSeat) -> None:
        """A stand-in's level and seed for ``seat``, in the record from now on;
        ValueError, nothing changed, for a bad seat, level or seed, or a seat with one."""
        if seat in self.ai_seats:
            raise ValueError(f"AI seat {seat} has its level and seed already")
        self.ai_seats = {**self.ai_seats, **check_ai_seats({seat: ai}, len(self.players))}

    def record(self) -> dict[str, Any]:
        """The game record (docs/notation.md) that replays to this state."""
        if self.redrawn_for is not None:
            raise ValueError("a determinized game has no record: its hidden state was redrawn")
        rec: dict[str, Any] = {
            "format": "carcassonne-record/1",
            "flow": self.flow,  # the rules flow it is played under (engine.flows)
            "players": list(self.players),
            "expansions": list(self.expansions),
            "seed": self.seed,
        }
        if self.decks:
            rec["decks"] = {k: list(v) for k, v in self.decks.items()}
        if self.ai_seats:
            rec["ai"] = {str(seat): ai.to_record() for seat, ai in sorted(self.ai_seats.items())}
        rec["actions"] = list(self.actions)
        return rec

    def final_scores(self) -> list[int]:
        return list(self.scores)

    def winners(self) -> list[int]:
        return scoring.winners(self.scores) if self.finished else []

    # --- services for expansions ---------------------------------------------
    def decide(self, make: Callable[[], Decision]) -> Generator[Decision, GameAction, GameAction]:
        """Yield a decision until an action of its own types arrives and return
        that action; run the expansion actions attached to its step in between
        (e.g. opening a gift before placing). ``make`` rebuilds the decision
        after each of those, since they may change it."""
        while True:
            decision = make()
            action = yield decision
            if action.TYPE in decision.types:
                return action
            spec = self.hooks.actions[action.TYPE]
            yield from spec.run(self, action)
            if spec.ends_step:
                return action

    def draw_tile(self) -> str | None:
        """Draw the next tile that fits somewhere, from the opening piles first
        (R-2); tiles that fit nowhere are removed from the game and logged
        (B-4, R-5). None when every pile and the bag are empty."""
        if self.hooks.openings:
            for pile in self.hooks.openings:
                kind = pile.draw(self)
                if kind is not None:
                    self._drawn_from = pile.name
                    return kind
            self._drawn_from = None
        while self.bag:
            kind = self.bag.pop(0)
            self.reveal()
            if self.board.can_place(kind):
                return kind
            self.events.append(
                {"type": "discard", "tile": kind, "reason": "fits nowhere on the board (B-4)"}
            )
        return None

    def reveal(self) -> None:
        """Mark that hidden information came out: earlier actions are final."""
        self.undo_floor = self.actions.size()

    def award(self, player: int, points: int, detail: dict[str, Any]) -> None:
        self.scores[player] += points
        self.events.append({"type": "score", "player": player, "points": points, **detail})

    def add_follower(
        self, player: int, pos: Pos, seg: int, lying: bool = False, piece: str | None = None
    ) -> Piece:
        """Put a follower from ``player``'s supply on a segment (caller checks);
        with ``piece``, that expansion's piece instead (not from the supply)."""
        follower = Piece(player, pos, seg, lying, piece)
        feat = self.board.feature_at(pos, seg)
        feat.followers += (follower,)
        self.board.occupied.add(feat.id)
        if piece is None:
            self.supply[player] -= 1
        if self.hooks.follower_placed.fns:
            self.hooks.follower_placed(self, feat, follower)
        return follower

    def remove_follower(self, follower: Piece) -> None:
        """Return one follower to its owner's supply (a piece just leaves the board)."""
        self.board.feature_at(follower.pos, follower.seg).drop(follower)
        if follower.piece is None:
            self.supply[follower.player] += 1

    def move_follower(self, follower: Piece, pos: Pos, seg: int, lying: bool = False) -> None:
        """Move a follower to another segment (its supply is unchanged)."""
        self.board.feature_at(follower.pos, follower.seg).drop(follower)
        follower.pos, follower.seg, follower.lying = pos, seg, lying
        feat = self.board.feature_at(pos, seg)
        feat.followers += (follower,)
        self.board.occupied.add(feat.id)
        self.hooks.follower_placed(self, feat, follower)

    def followers_of(self, player: int) -> list[tuple[Feature, Piece]]:
        """``player``'s followers on the board with their features, in a stable order."""
        out = [(feat, f) for feat, f in self.board.followers() if f.player == player]
        out.sort(key=lambda ff: (ff[1].pos[1], ff[1].pos[0], ff[1].seg))
        return out

    def return_followers(self, feat: Feature) -> None:
        for f in feat.followers:
            if f.piece is None:
                self.supply[f.player] += 1
        feat.followers = ()

    def location(self, follower: Piece) -> str:
        return self.board.location_name(follower.pos, follower.seg)

    # --- the turn (B-3) ------------------------------------------------------
    def _run(self) -> Steps:
        while True:
            # Between turns the generator holds nothing: a copy of the objects
            # here is a checkpoint a fork can resume from (engine.fork).
            self._turn_start = self.actions.size()
            if self._watch:
                forking.turn_started(self)
            tile = self.draw_tile()
            if tile is None:
                break
            yield from self._turn(tile)
            self.turns_played += 1
            self.current = (self.current + 1) % len(self.players)
        self.turn = None
        yield from self.hooks.before_final.run(self)
        scoring.final_scoring(self)
        yield from self.hooks.after_final.run(self)
        self.events.append({"type": "end", "scores": list(self.scores)})

    def _turn(self, tile: str) -> Steps:
        player = self.current
        self.turn = turn = Turn(self.turns_played + 1, player, tile)
        if self._drawn_from is not None:
            turn.opening = self._drawn_from
        self.events.drawn(player, tile)
        hooks = self.hooks
        if hooks.after_draw.fns:
            yield from hooks.after_draw.run(self)

        # decide(), with its first question asked here: the common case costs
        # no generator or closure of its own.
        place = yield ASKED[STEP_PLACE, turn.tile, player]
        if type(place) is not Place:
            place = yield from self._then_decide(
                place,
                lambda: ASKED[STEP_PLACE, turn.tile, player],
            )
        assert isinstance(place, Place)
        pos = (place.x, place.y)  # B-4 (checked)
        result = self.board.place(turn.tile, pos, place.rotation)
        turn.placed, self.last_placed = result.placed, pos
        self.events.placed(player, turn.tile, place.x, place.y, place.rotation)
        if hooks.after_place.fns:
            yield from hooks.after_place.run(self, result)
        follower = yield ASKED[STEP_FOLLOWER, turn.tile, player]
        if type(follower) is not Follower:
            follower = yield from self._then_decide(
                follower,
                lambda: ASKED[STEP_FOLLOWER, turn.tile, player],
            )
        # Else no follower, or an action that ended the step.
        if isinstance(follower, Follower) and follower.location is not None:
            self._follower(follower, follower.location)
        if result.completed or hooks.before_scoring.when_empty or hooks.after_scoring.when_empty:
            yield from scoring.completion_scoring(self, result.completed)
        if hooks.end_turn.fns:
            yield from hooks.end_turn.run(self)

    def _then_decide(
        self, attached: GameAction, make: Callable[[], Decision]
    ) -> Generator[Decision, GameAction, GameAction]:
        """decide(make) when the first answer was an action attached to the step."""
        spec = self.hooks.actions[attached.TYPE]
        yield from spec.run(self, attached)
        if spec.ends_step:
            return attached
        return (yield from self.decide(make))

    def _follower(self, action: Follower, loc: str) -> None:
        """Put the follower (or piece) of ``action`` on ``loc`` of the tile just placed."""
        assert self.turn is not None and self.turn.placed is not None
        placed = self.turn.placed
        seg = placed.face.name_to_seg[loc]
        if action.piece is not None:
            self.add_follower(self.turn.player, placed.pos, seg, piece=action.piece)
            self.events.append(
                {
                    "type": "follower",
                    "player": self.turn.player,
                    "x": placed.pos[0],
                    "y": placed.pos[1],
                    "location": placed.face.canonical[seg],
                    "feature": placed.face.segments[seg].kind,
                    "piece": action.piece,
                }
            )
            return
        self.add_follower(self.turn.player, placed.pos, seg)
        self.events.follower(
            self.turn.player,
            placed.pos[0],
            placed.pos[1],
            placed.face.canonical[seg],
            placed.face.segments[seg].kind,
        )

    # --- internals ---------------------------------------------------------------
    def _advance(self, action: GameAction | None) -> None:
        try:
            self._pending = self._flow.send(action)  # type: ignore[arg-type]
        except StopIteration:
            self._pending = None
            self.finished = True
            self.turn = None

    def _wire_board(self) -> None:
        """Joins reach the merge hook point, only while it has functions (no
        call per join otherwise), through a weak reference: a board holding
        its game would make every game a cycle for the garbage collector."""
        hooks, owner = self.hooks, weakref.ref(self)

        def relay(kept: Feature, absorbed: Feature) -> None:
            game = owner()
            if game is not None:
                hooks.merge(game, kept, absorbed)

        self.board.merge_hooks[:] = [relay]
        self.board.merge_gate = hooks.merge.fns

    def _restore(self, n_actions: int) -> None:
        fresh = forking.rebuilt(self, n_actions)
        self.__dict__ = fresh.__dict__
        self._wire_board()
