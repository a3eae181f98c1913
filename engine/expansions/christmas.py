"""Christmas Present (RULES.md X-1..X-6): two card decks, drawn around other
players' monasteries and on road-only tiles, with lightning, plain and end cards.

Plugged into the base turn only through hook points and action types:

- ``after_draw``: a pending mastermind (X-5.5) lets its owner pick the cell;
- ``xmas-play`` in the ``place`` and ``follower`` steps: plain cards (X-3);
- ``after_place``: the optional draws (X-2); lightning cards resolve at once;
- ``before_scoring``: modifiers (X-3.2); ``score_feature``: modifiers, card
  scorings (X-3.3), lock deferral (X-5.2) and the farm bonuses (X-4.13/14);
- ``owner_strength``: tiebreak marks (X-5.3) and farm tiebreak (X-5.6);
- ``merge`` / ``follower_placed``: locks spread through joins (X-5.2);
- ``end_turn``: discard down to the hand limit (X-3.1);
- ``before_final``: end cards in seat order, then locked scores (X-6).

Every choice is an expansion decision (step names below) answered by one
record action (docs/record-format.md). State lives in ``game.ext["christmas"]``
(:class:`XmasState`); the decks come from ``shuffled(seed, "abbey"/"roadside")``
or the record's ``decks``, so replays are exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine import scoring
from engine.board import Feature, Follower, Pos
from engine.expansions.christmas_cards import (
    BY_ID,
    COPIES,
    DECKS,
    HAND_LIMIT,
    Deck,
    card_view,
    deck_cards,
)
from engine.phases import (
    AFTER_DRAW,
    AFTER_PLACE,
    AFTER_SCORING,
    BEFORE_FINAL,
    BEFORE_SCORING,
    END_TURN,
    FOLLOWER_PLACED,
    MERGE,
    OWNER_STRENGTH,
    PRIVATE_VIEW,
    PUBLIC_VIEW,
    SCORE_FEATURE,
    STEP_FOLLOWER,
    STEP_PLACE,
    Action,
    ActionSpec,
    Decision,
    IllegalAction,
    Steps,
)
from engine.tiles import KINDS

if TYPE_CHECKING:
    from engine.board import PlaceResult
    from engine.game import Game

NAME = "christmas"

# Steps (Decision.step) and the record action answering each.
STEP_DRAW = "xmas-draw"  # draw or decline
STEP_TARGET = "xmas-target"  # target of a card (or the tile kept, X-4.7)
STEP_MASTERMIND = "xmas-mastermind"  # the owner picks the cell (out of turn)
STEP_REACT = "xmas-react"  # cancel an attack or let it pass (out of turn)
STEP_MODIFIER = "xmas-modifier"  # modifiers during the scoring step
STEP_DISCARD = "xmas-discard"  # discard down to 5
DRAW = "xmas-draw"
PLAY = "xmas-play"
TARGET = "xmas-target"
REACT = "xmas-react"
MODIFIER = "xmas-modifier"
DISCARD = "xmas-discard"

LOCK = "christmas.lock"  # Feature.marks key
TIEBREAK = "christmas.tiebreak"  # Feature.marks key: seats with a mark
_DRAW_TWO_USED = "christmas.draw-two"  # Turn.data: once per turn (ruling)


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
    target: str = ""  # target kind: feature / follower / swap / cell / tile
    options: list[Option] = field(default_factory=list)
    need: int = 0  # discard: how many cards


@dataclass
class XmasState:
    decks: dict[str, list[str]]
    hands: list[list[str]]
    discard: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)  # drawn/played, resolving now
    end_cards: list[list[str]] = field(default_factory=list)  # revealed at X-6
    deferred: list[dict[str, Any]] = field(default_factory=list)  # scores
    mastermind: tuple[int, int] | None = None  # (owner, victim)
    modifiers: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    card_scoring: tuple[int, str] | None = None  # (player, card) of scoring
    final: bool = False
    ask: Ask | None = None


def state(game: Game) -> XmasState:
    st: XmasState = game.ext[NAME]
    return st


# --- setup (X-1) ----------------------------------------------------------------
def _deck(game: Game, name: Deck) -> list[str]:
    from engine.game import shuffled

    if name not in game.decks:
        return shuffled(game.seed, name, deck_cards(name))
    cards = list(game.decks[name])
    for c in cards:
        design = BY_ID.get(c)
        if design is None or design.deck != name:
            raise ValueError(f"{c!r} is not a card of the {name} deck (X-1)")
    extra = [c for c, n in Counter(cards).items() if n > COPIES]
    if extra:
        raise ValueError(f"decks.{name} holds more than {COPIES} copies of {extra[0]!r} (X-1)")
    return cards


def install(game: Game) -> None:
    n = len(game.players)
    game.ext[NAME] = XmasState(
        decks={d: _deck(game, d) for d in DECKS},
        hands=[[] for _ in range(n)],
        end_cards=[[] for _ in range(n)],
    )
    h = game.hooks
    h.on(AFTER_DRAW, _after_draw)
    h.on(AFTER_PLACE, _after_place)
    h.on(BEFORE_SCORING, _before_scoring)
    h.on(AFTER_SCORING, _after_scoring)
    h.on(END_TURN, _end_turn)
    h.on(BEFORE_FINAL, _before_final)
    h.on(SCORE_FEATURE, _score_feature)
    h.on(OWNER_STRENGTH, _owner_strength)
    h.on(MERGE, _merge)
    h.on(FOLLOWER_PLACED, _follower_placed)
    h.on(PUBLIC_VIEW, _public_view)
    h.on(PRIVATE_VIEW, _private_view)
    h.add_action(
        ActionSpec(
            PLAY, frozenset({STEP_PLACE, STEP_FOLLOWER}), legal_plays, _validate_play, _run_play
        )
    )
    h.add_action(ActionSpec(DRAW, frozenset({STEP_DRAW}), _legal_draw, _validate_draw, _no_run))
    h.add_action(
        ActionSpec(
            TARGET,
            frozenset({STEP_TARGET, STEP_MASTERMIND}),
            _legal_target,
            _validate_target,
            _no_run,
        )
    )
    h.add_action(ActionSpec(REACT, frozenset({STEP_REACT}), _legal_react, _validate_react, _no_run))
    h.add_action(
        ActionSpec(
            MODIFIER, frozenset({STEP_MODIFIER}), _legal_modifier, _validate_modifier, _no_run
        )
    )
    h.add_action(
        ActionSpec(DISCARD, frozenset({STEP_DISCARD}), _legal_discard, _validate_discard, _no_run)
    )
    from engine.expansions.christmas_ai import ai_policy

    h.ai_policies.append(ai_policy)


def _no_run(game: Game, action: Action) -> Steps:
    """Answers to christmas decisions are consumed by the waiting step itself."""
    yield from ()


def _ask(game: Game, ask: Ask, info: dict[str, Any]) -> Generator[Decision, Action, Action]:
    """Wait for ``ask.player``'s answer to one christmas decision."""
    st = state(game)
    active = game.turn.player if game.turn is not None else ask.player
    st.ask = ask
    action = yield Decision(ask.step, (ask.player,), active, (), info)
    st.ask = None
    return action


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# --- board helpers ---------------------------------------------------------------
def locked(feat: Feature) -> bool:
    return bool(feat.marks.get(LOCK))


def tiebreak_marks(feat: Feature) -> set[int]:
    marks = feat.marks.get(TIEBREAK)
    return set(marks) if isinstance(marks, (set, frozenset, list, tuple)) else set()


def feature_ref(game: Game, feat: Feature) -> dict[str, Any]:
    """The feature's first segment (north-west first) as x, y, location."""
    pos, seg = min(feat.segments, key=lambda s: (s[0][1], s[0][0], s[1]))
    return {"x": pos[0], "y": pos[1], "location": game.board.location_name(pos, seg)}


def follower_ref(game: Game, f: Follower) -> dict[str, Any]:
    return {"x": f.pos[0], "y": f.pos[1], "location": game.location(f)}


def _features(game: Game, kind: str | None) -> list[Feature]:
    return [feat for _, feat in sorted(game.board.features.items()) if feat.kind == kind]


def _tied_owners(feat: Feature) -> list[int]:
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


def _segment(game: Game, d: object, what: str) -> tuple[Pos, int]:
    """(pos, seg) named by {"x", "y", "location"}; IllegalAction if not one."""
    if not isinstance(d, dict):
        raise IllegalAction(f"{what} must be an object with 'x', 'y' and 'location'")
    x, y, loc = d.get("x"), d.get("y"), d.get("location")
    if not _is_int(x) or not _is_int(y):
        raise IllegalAction(f"{what} needs integer 'x' and 'y', not {x!r}, {y!r}")
    assert isinstance(x, int) and isinstance(y, int)
    placed = game.board.tiles.get((x, y))
    if placed is None:
        raise IllegalAction(f"{what}: there is no tile at {x},{y}")
    seg = placed.face.name_to_seg.get(loc) if isinstance(loc, str) else None
    if seg is None:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(f"{what}: {loc!r} is not a location on the tile at {x},{y} ({names})")
    return (x, y), seg


# --- options per card (X-4, X-5) ----------------------------------------------
def card_options(game: Game, player: int, card: str) -> list[Option] | None:
    """Legal targets of ``card`` for ``player`` now; None for cards without one."""
    d = BY_ID[card]
    board = game.board
    has_supply = game.supply[player] > 0  # followers placed by cards obey supply
    effect = d.effect
    if effect in ("score_unfinished", "claim", "claim_occupied", "lock", "tiebreak"):
        out = []
        for feat in _features(game, d.feature):
            if effect == "score_unfinished":  # ..4.4, X-3.3; locks hold (ruling)
                ok = (
                    game.board.is_unfinished(feat)
                    and not locked(feat)
                    and player in scoring.owners(game, feat)
                )
            elif effect == "claim":  # not yet scored, no follower
                ok = has_supply and not feat.completed and not feat.followers
            elif effect == "claim_occupied":
                ok = (
                    has_supply
                    and not feat.completed
                    and any(f.player != player for f in feat.followers)
                )
            elif effect == "lock":  # unfinished, with followers, not yet locked
                ok = game.board.is_unfinished(feat) and bool(feat.followers) and not locked(feat)
            else:  # you among tied owners, one mark per player
                ok = (
                    not feat.completed
                    and player in _tied_owners(feat)
                    and player not in tiebreak_marks(feat)
                )
            if ok:
                root = board.find(board.tiles[feat.segments[0][0]].nodes[feat.segments[0][1]])
                out.append(Option(feature_ref(game, feat), root, feat))
        return out
    if effect == "return":  # own follower, not held by a lock (ruling)
        return [
            Option(follower_ref(game, f), _fkey(game, f), f)
            for feat, f in game.followers_of(player)
            if not locked(feat)
        ]
    if effect == "swap":
        return _swap_options(game, player, d.feature)
    return None


def _fkey(game: Game, f: Follower) -> tuple[int, int, str, int]:
    return (f.pos[0], f.pos[1], game.location(f), f.player)


def _swap_options(game: Game, player: int, kind: str | None) -> list[Option]:
    def free(feat: Feature) -> bool:
        return feat.kind == kind and not feat.completed and not locked(feat)

    mine = [(feat, f) for feat, f in game.followers_of(player) if free(feat)]
    theirs = sorted(
        ((feat, f) for feat, f in game.board.followers() if f.player != player and free(feat)),
        key=lambda ff: (ff[1].pos[1], ff[1].pos[0], ff[1].seg, ff[1].player),
    )
    out: list[Option] = []
    seen: set[Hashable] = set()
    for fa, a in mine:
        for fb, b in theirs:
            if fa is fb:
                continue
            key = (_fkey(game, a), _fkey(game, b))
            if key in seen:
                continue
            seen.add(key)
            public = {
                "mine": follower_ref(game, a),
                "theirs": {**follower_ref(game, b), "player": b.player},
            }
            out.append(Option(public, key, (a, b)))
    return out


def _target_key(game: Game, kind: str, action: Action, player: int) -> Hashable:
    """What a target action designates, in the form of :attr:`Option.key`."""
    if kind == "feature":
        pos, seg = _segment(game, action, "the target")
        return game.board.find(game.board.tiles[pos].nodes[seg])
    if kind == "follower":
        pos, seg = _segment(game, action, "the follower")
        return (pos[0], pos[1], game.board.location_name(pos, seg), player)
    if kind == "swap":
        pa, sa = _segment(game, action.get("mine"), "'mine'")
        theirs = action.get("theirs")
        pb, sb = _segment(game, theirs, "'theirs'")
        assert isinstance(theirs, dict)
        other = theirs.get("player")
        if not _is_int(other):
            raise IllegalAction("'theirs' needs the seat of that follower's 'player'")
        return (
            (pa[0], pa[1], game.board.location_name(pa, sa), player),
            (pb[0], pb[1], game.board.location_name(pb, sb), other),
        )
    if kind == "cell":
        x, y = action.get("x"), action.get("y")
        if not _is_int(x) or not _is_int(y):
            raise IllegalAction(f"the cell needs integer 'x' and 'y', not {x!r}, {y!r}")
        return (x, y)
    tile = action.get("tile")
    if not isinstance(tile, str):
        raise IllegalAction(f"'tile' must be a tile kind, not {tile!r}")
    return tile


def _target_kind(card: str) -> str:
    effect = BY_ID[card].effect
    if effect == "return":
        return "follower"
    if effect == "swap":
        return "swap"
    return "feature"


def _affected(game: Game, player: int, card: str, opt: Option | None) -> list[int]:
    """Players an attack card acts against (X-4.9), in seat order after the attacker."""
    d = BY_ID[card]
    who: set[int] = set()
    if d.effect in ("claim_occupied", "lock") and opt is not None:
        who = {f.player for f in opt.data.followers}
    elif d.effect == "tiebreak" and opt is not None:
        who = set(_tied_owners(opt.data))
    elif d.effect == "swap" and opt is not None:
        who = {opt.data[1].player}
    elif d.effect == "mastermind":
        who = {(player + 1) % len(game.players)}
    who.discard(player)
    n = len(game.players)
    return sorted(who, key=lambda p: (p - player) % n)


# --- resolving a card --------------------------------------------------------------
def _resolve(game: Game, player: int, card: str) -> Steps:
    """Target, reactions, effect, discard (X-3). The card is in ``in_play``."""
    st = state(game)
    d = BY_ID[card]
    options = card_options(game, player, card)
    opt: Option | None = None
    action: Action = {}
    if options is not None:
        if not options:  # no legal target, discarded without effect
            game.events.append({"type": "xmas-no-target", "player": player, "card": card})
            _finish(st, card)
            return
        kind = _target_kind(card)
        ask = Ask(STEP_TARGET, player, card=card, target=kind, options=options)
        info: dict[str, Any] = {"card": card, "options": [o.public for o in options]}
        action = yield from _ask(game, ask, info)
        key = _target_key(game, kind, action, player)
        opt = next(o for o in options if o.key == key)
    if d.attack:
        for p in _affected(game, player, card, opt):
            if "prevent-attack" not in st.hands[p]:
                continue
            shown: dict[str, Any] = {"card": card, "attacker": player}
            if opt is not None:
                shown["target"] = opt.public
            answer = yield from _ask(game, Ask(STEP_REACT, p, card=card), shown)
            if answer["cancel"]:  # both cards to the discard pile, no effect
                st.hands[p].remove("prevent-attack")
                st.discard.append("prevent-attack")
                game.events.append(
                    {"type": "xmas-cancel", "player": p, "card": card, "attacker": player}
                )
                _finish(st, card)
                return
            game.events.append({"type": "xmas-pass", "player": p, "card": card})
    yield from _effect(game, player, card, opt, action)
    _finish(st, card)


def _finish(st: XmasState, card: str) -> None:
    st.in_play.remove(card)
    st.discard.append(card)


def _effect(game: Game, player: int, card: str, opt: Option | None, action: Action) -> Steps:
    st = state(game)
    d = BY_ID[card]
    effect = d.effect
    ev: dict[str, Any] = {"type": "xmas-effect", "player": player, "card": card}
    if opt is not None:
        ev["target"] = opt.public
    if effect == "score3":
        game.events.append(ev)
        game.award(player, 3, {"reason": reason(card), "card": card})
    elif effect == "score_unfinished":  # ..4.4 via the scoring pipeline
        assert opt is not None
        game.events.append(ev)
        st.card_scoring = (player, card)
        try:
            scoring.score_now(game, opt.key, reason(card), False)  # type: ignore[arg-type]
        finally:
            st.card_scoring = None
    elif effect in ("claim", "claim_occupied"):  # on the segment named
        pos, seg = _segment(game, action, "the target")
        f = game.add_follower(player, pos, seg)
        ev.update(follower_ref(game, f), feature=d.feature, lying=f.lying)
        game.events.append(ev)
    elif effect == "lock":
        assert opt is not None
        feat: Feature = opt.data
        feat.marks[LOCK] = True
        for f in feat.followers:
            f.lying = True
        game.events.append(ev)
    elif effect == "tiebreak":
        assert opt is not None
        feat = opt.data
        feat.marks[TIEBREAK] = sorted(tiebreak_marks(feat) | {player})
        game.events.append(ev)
    elif effect == "swap":
        assert opt is not None
        a, b = opt.data
        pa, sa, pb, sb = a.pos, a.seg, b.pos, b.seg
        game.move_follower(a, pb, sb)
        game.move_follower(b, pa, sa)
        game.events.append(ev)
    elif effect == "return":
        assert opt is not None
        game.remove_follower(opt.data)
        game.events.append(ev)
    elif effect == "mastermind":  # applies at the next player's draw
        victim = (player + 1) % len(game.players)
        st.mastermind = (player, victim)
        ev["victim"] = victim
        game.events.append(ev)
    elif effect == "draw_two":
        game.events.append(ev)
        yield from _draw_two(game, player)


def _draw_two(game: Game, player: int) -> Steps:
    turn = game.turn
    assert turn is not None
    turn.data[_DRAW_TWO_USED] = True
    second = game.draw_tile()
    if second is None:
        game.events.append({"type": "xmas-no-tile", "player": player, "card": "draw-two"})
        return
    game.events.append({"type": "xmas-extra-tile", "player": player, "tile": second})
    tiles = list(dict.fromkeys([turn.tile, second]))
    options = [Option({"tile": t}, t) for t in tiles]
    ask = Ask(STEP_TARGET, player, card="draw-two", target="tile", options=options)
    action = yield from _ask(game, ask, {"card": "draw-two", "tiles": [turn.tile, second]})
    chosen = action["tile"]
    other = second if chosen == turn.tile else turn.tile
    turn.tile = chosen
    game.events.append({"type": "discard", "tile": other, "reason": "the tile not chosen (X-4.7)"})


# --- X-2 drawing -------------------------------------------------------------------
def draw_decks(game: Game, player: int, pos: Pos, kind: str) -> list[Deck]:
    """The decks a tile placed at ``pos`` lets ``player`` draw from (X-2)."""
    out: list[Deck] = []
    board = game.board
    for mpos, node in board.monasteries_around(pos):
        if mpos != pos and any(f.player != player for f in board.feature_of(node).followers):
            out.append("abbey")
            break
    if KINDS[kind].only_roads_and_fields:
        out.append("roadside")
    return out


def _after_place(game: Game, result: PlaceResult) -> Steps:
    st = state(game)
    turn = game.turn
    assert turn is not None
    player = turn.player
    placed = result.placed
    for deck in draw_decks(game, player, placed.pos, placed.kind):
        if not st.decks[deck]:  # no refill
            continue
        info = {"deck": deck, "left": len(st.decks[deck])}
        action = yield from _ask(game, Ask(STEP_DRAW, player, deck=deck), info)
        if not action["draw"]:
            game.events.append({"type": "xmas-decline", "player": player, "deck": deck})
            continue
        card = st.decks[deck].pop(0)
        game.reveal()
        game.events.append({"type": "xmas-draw", "player": player, "deck": deck})
        game.events.append(
            {"type": "xmas-card", "player": player, "deck": deck, "card": card, "private": player}
        )
        if BY_ID[card].timing == "lightning":  # resolves now, revealed
            game.events.append(
                {"type": "xmas-reveal", "player": player, "deck": deck, "card": card}
            )
            st.in_play.append(card)
            yield from _resolve(game, player, card)
        else:
            st.hands[player].append(card)


def _legal_draw(game: Game, player: int) -> list[Action]:
    ask = state(game).ask
    if ask is None or ask.step != STEP_DRAW or ask.player != player:
        return []
    return [{"player": player, "type": DRAW, "deck": ask.deck, "draw": b} for b in (True, False)]


def _validate_draw(game: Game, action: Action) -> None:
    ask = state(game).ask
    if ask is None or ask.step != STEP_DRAW:
        raise IllegalAction("no christmas card is offered now (X-2)")
    if action.get("deck") != ask.deck:
        raise IllegalAction(f"'deck' must be {ask.deck!r}, the deck offered now (X-2)")
    if not isinstance(action.get("draw"), bool):
        raise IllegalAction("'draw' must be true (draw the card) or false (decline) (X-2)")


# --- plain cards (X-3) ---------------------------------------------------------
def why_not_playable(game: Game, player: int, card: object) -> str | None:
    """None if ``player`` may play ``card`` from hand now, else the reason."""
    st = state(game)
    turn = game.turn
    pending = game.pending
    if not isinstance(card, str) or card not in BY_ID:
        return f"unknown card {card!r}"
    if card not in st.hands[player]:
        return f"{card!r} is not in your hand"
    d = BY_ID[card]
    if turn is None or pending is None or turn.player != player:
        return "cards are played during your own turn (X-3)"
    if d.timing == "end":
        return f"{card!r} is an end card, applied at game end (X-3, X-6)"
    if d.effect == "modifier":
        return f"{card!r} is played during the scoring step on a feature you own (X-3.2)"
    if d.effect == "prevent":
        return "prevent-attack is played only against an attack on you (X-4.9)"
    if d.effect == "draw_two":
        if pending.step != STEP_PLACE:
            return "draw-two is played before placing your tile (X-4.7)"
        if turn.data.get(_DRAW_TWO_USED):
            return "draw-two was already played this turn (X-4.7, one per turn)"
        if turn.allowed_cells is not None:
            return "your tile's cell is fixed this turn (X-5.5); draw-two cannot be played"
        if not game.bag:
            return "no tile is left to draw (X-4.7)"
        return None
    if d.effect == "mastermind":
        if not game.bag:
            return "no tile is left: there is no next turn (X-5.5)"
        if st.mastermind is not None:
            return "a mastermind is already waiting for the next turn (X-5.5)"
        return None
    options = card_options(game, player, card)
    if not options:
        return f"{card!r} has no legal target now"
    return None


def legal_plays(game: Game, player: int) -> list[Action]:
    st = state(game)
    return [
        {"player": player, "type": PLAY, "card": c}
        for c in dict.fromkeys(st.hands[player])
        if why_not_playable(game, player, c) is None
    ]


def _validate_play(game: Game, action: Action) -> None:
    why = why_not_playable(game, action["player"], action.get("card"))
    if why is not None:
        raise IllegalAction(f"cannot play that card: {why}")


def _run_play(game: Game, action: Action) -> Steps:
    st = state(game)
    player, card = action["player"], action["card"]
    st.hands[player].remove(card)
    st.in_play.append(card)
    game.events.append({"type": "xmas-play", "player": player, "card": card})
    yield from _resolve(game, player, card)


# --- targets, reactions -------------------------------------------------------------
def _legal_target(game: Game, player: int) -> list[Action]:
    ask = state(game).ask
    if ask is None or ask.player != player or ask.step not in (STEP_TARGET, STEP_MASTERMIND):
        return []
    return [{"player": player, "type": TARGET, **o.public} for o in ask.options]


def _validate_target(game: Game, action: Action) -> None:
    ask = state(game).ask
    if ask is None or ask.step not in (STEP_TARGET, STEP_MASTERMIND):
        raise IllegalAction("no card target is being chosen now")
    key = _target_key(game, ask.target, action, action["player"])
    if not any(o.key == key for o in ask.options):
        sample = ", ".join(str(o.public) for o in ask.options[:3])
        raise IllegalAction(
            f"that is not a legal {ask.target} for {ask.card!r}; "
            f"{len(ask.options)} legal, e.g. {sample}"
        )
    if ask.target == "feature" and BY_ID[ask.card or ""].effect in ("claim", "claim_occupied"):
        pos, seg = _segment(game, action, "the target")
        kind = game.board.tiles[pos].face.segments[seg].kind
        if kind != BY_ID[ask.card or ""].feature:
            raise IllegalAction(f"the follower must stand on a {BY_ID[ask.card or ''].feature}")


def _legal_react(game: Game, player: int) -> list[Action]:
    ask = state(game).ask
    if ask is None or ask.step != STEP_REACT or ask.player != player:
        return []
    return [{"player": player, "type": REACT, "cancel": b} for b in (True, False)]


def _validate_react(game: Game, action: Action) -> None:
    ask = state(game).ask
    if ask is None or ask.step != STEP_REACT:
        raise IllegalAction("no attack is waiting for a reaction (X-4.9)")
    if not isinstance(action.get("cancel"), bool):
        raise IllegalAction(
            "'cancel' must be true (discard prevent-attack to cancel) or false (let it pass)"
        )


# --- mastermind ------------------------------------------------------------------
def _after_draw(game: Game) -> Steps:
    st = state(game)
    turn = game.turn
    assert turn is not None
    if st.mastermind is None:
        return
    owner, victim = st.mastermind
    if victim != turn.player:
        return
    st.mastermind = None
    cells = sorted(
        {(x, y) for x, y, _ in game.board.placements(turn.tile)}, key=lambda c: (c[1], c[0])
    )
    options = [Option({"x": x, "y": y}, (x, y)) for x, y in cells]
    ask = Ask(STEP_MASTERMIND, owner, card="mastermind", target="cell", options=options)
    info = {"card": "mastermind", "tile": turn.tile, "victim": victim}
    action = yield from _ask(game, ask, info)
    cell = (action["x"], action["y"])
    turn.allowed_cells = {cell}
    game.events.append(
        {"type": "xmas-mastermind", "player": owner, "victim": victim, "x": cell[0], "y": cell[1]}
    )


# --- modifiers -------------------------------------------------------------------
def _is_plain_city(game: Game, feat: Feature) -> bool:
    return feat.kind == "city" and feat.pennants == 0


def _has_pennants(game: Game, feat: Feature) -> bool:
    return feat.kind == "city" and feat.pennants > 0


_MODIFIER_APPLIES: dict[str, Callable[[Game, Feature], bool]] = {
    "closed-loop-road": is_closed_loop,
    "pennants-worth-3": _has_pennants,
    "plain-city-worth-3": _is_plain_city,
}


def modifier_bonus(card: str, score: scoring.FeatureScore) -> int:
    """Extra points of a modifier over B-7: roads 1 -> 2 per tile (X-4.6),
    pennants 2 -> 3 (X-4.8), plain city tiles 2 -> 3 (X-4.10)."""
    if card == "pennants-worth-3":
        return score.pennants
    return score.tiles


def _modifier_options(game: Game, player: int, roots: list[int]) -> list[Option]:
    st = state(game)
    hand = list(dict.fromkeys(c for c in st.hands[player] if BY_ID[c].effect == "modifier"))
    out = []
    for root in roots:
        feat = game.board.features[root]
        if player not in scoring.owners(game, feat):
            continue
        for card in hand:
            used = (player, card) in st.modifiers.get(root, [])
            if not used and _MODIFIER_APPLIES[card](game, feat):
                out.append(Option({"card": card, **feature_ref(game, feat)}, (card, root), root))
    return out


def _before_scoring(game: Game, roots: list[int]) -> Steps:
    st = state(game)
    turn = game.turn
    assert turn is not None
    player = turn.player
    while True:
        options = _modifier_options(game, player, roots)
        if not options:
            return
        ask = Ask(STEP_MODIFIER, player, target="modifier", options=options)
        info = {"features": [feature_ref(game, game.board.features[r]) for r in roots]}
        action = yield from _ask(game, ask, info)
        if action["card"] is None:
            return
        card = action["card"]
        pos, seg = _segment(game, action, "the feature")
        root = game.board.find(game.board.tiles[pos].nodes[seg])
        st.hands[player].remove(card)
        st.discard.append(card)
        st.modifiers.setdefault(root, []).append((player, card))
        game.events.append(
            {
                "type": "xmas-play",
                "player": player,
                "card": card,
                "target": feature_ref(game, game.board.features[root]),
            }
        )


def _legal_modifier(game: Game, player: int) -> list[Action]:
    ask = state(game).ask
    if ask is None or ask.step != STEP_MODIFIER or ask.player != player:
        return []
    return [
        {"player": player, "type": MODIFIER, "card": None},
        *({"player": player, "type": MODIFIER, **o.public} for o in ask.options),
    ]


def _validate_modifier(game: Game, action: Action) -> None:
    ask = state(game).ask
    if ask is None or ask.step != STEP_MODIFIER:
        raise IllegalAction("no feature is being scored now (X-3.2)")
    card = action.get("card", "missing")
    if card is None:
        return
    if not isinstance(card, str) or card not in _MODIFIER_APPLIES:
        raise IllegalAction(
            f"'card' must be null (done) or a modifier card in your hand, not {card!r} (X-3.2)"
        )
    pos, seg = _segment(game, action, "the feature")
    key = (card, game.board.find(game.board.tiles[pos].nodes[seg]))
    if not any(o.key == key for o in ask.options):
        raise IllegalAction(
            f"{card!r} cannot be played there: it needs a feature scored now that you own "
            "and that it applies to, and the card in your hand (X-3.2)"
        )


def _after_scoring(game: Game, scores: list[scoring.FeatureScore]) -> Steps:
    state(game).modifiers.clear()
    yield from ()


# --- scoring hooks -----------------------------------------------------------------
def _score_feature(game: Game, score: scoring.FeatureScore) -> None:
    st = state(game)
    feat = score.feature
    if st.card_scoring is not None and score.reason == reason(st.card_scoring[1]):
        # for the card's player alone; all followers return (pay does it).
        player = st.card_scoring[0]
        n = score.tiles
        if feat.kind == "road":
            pts = 2 * n
        elif feat.kind == "city":
            pts = 2 * n + feat.pennants
        else:
            pts = game.board.ring_count(next(iter(feat.tiles)))
        score.owners = [player]
        score.points = {player: pts}
        return
    for player, card in st.modifiers.get(score.root, []):
        if player in score.points:
            score.points[player] += modifier_bonus(card, score)
            score.detail.setdefault("cards", []).append(card)
    if score.reason == scoring.COMPLETED and locked(feat):
        # computed now (modifiers included), paid and returned at game end.
        score.pay = False
        score.return_followers = False
        at = min(feat.tiles)
        st.deferred.append(
            {
                "feature": feat.kind,
                "x": at[0],
                "y": at[1],
                "tiles": score.tiles,
                "points": {p: score.points.get(p, 0) for p in score.owners},
            }
        )
        game.events.append({"type": "xmas-deferred", **_deferred_view(st.deferred[-1])})
    if score.reason == scoring.FINAL and feat.kind == "field" and st.final:
        shared = len(score.owners) >= 2
        for p in score.owners:  # +1 per completed city per card
            cards = st.end_cards[p]
            per_city = cards.count("farm-bonus") + (
                cards.count("shared-farm-bonus") if shared else 0
            )
            if per_city:
                score.points[p] += per_city * score.cities
                score.detail.setdefault("bonus", {})[str(p)] = per_city * score.cities


def _owner_strength(game: Game, feat: Feature, counts: dict[int, int]) -> None:
    for p in tiebreak_marks(feat):  # +1 per mark; two marks cancel
        if counts.get(p, 0) > 0:
            counts[p] += 1
    st = state(game)
    if feat.kind == "field" and st.final:  # applied at final scoring
        for p in _tied_owners(feat):
            counts[p] += st.end_cards[p].count("farm-tiebreak")


def _merge(game: Game, kept: Feature, absorbed: Feature) -> None:
    if locked(kept) or locked(absorbed):  # the lock spreads through a join
        kept.marks[LOCK] = True
        for f in (*kept.followers, *absorbed.followers):
            f.lying = True
    marks = tiebreak_marks(kept) | tiebreak_marks(absorbed)
    if marks:
        kept.marks[TIEBREAK] = sorted(marks)


def _follower_placed(game: Game, feat: Feature, follower: Follower) -> None:
    if locked(feat):  # every follower added later lies down too
        follower.lying = True


# --- hand limit ----------------------------------------------------------------
def _end_turn(game: Game) -> Steps:
    st = state(game)
    turn = game.turn
    assert turn is not None
    player = turn.player
    over = len(st.hands[player]) - HAND_LIMIT
    if over <= 0:
        return
    ask = Ask(STEP_DISCARD, player, need=over)
    action = yield from _ask(game, ask, {"discard": over, "hand_limit": HAND_LIMIT})
    cards = list(action["cards"])
    for c in cards:
        st.hands[player].remove(c)
    st.discard.extend(cards)
    game.events.append({"type": "xmas-discard", "player": player, "cards": cards})


def _legal_discard(game: Game, player: int) -> list[Action]:
    st = state(game)
    ask = st.ask
    if ask is None or ask.step != STEP_DISCARD or ask.player != player:
        return []
    combos = dict.fromkeys(tuple(sorted(c)) for c in combinations(st.hands[player], ask.need))
    return [{"player": player, "type": DISCARD, "cards": list(c)} for c in combos]


def _validate_discard(game: Game, action: Action) -> None:
    st = state(game)
    ask = st.ask
    if ask is None or ask.step != STEP_DISCARD:
        raise IllegalAction("no discard is due now (X-3.1)")
    cards = action.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise IllegalAction("'cards' must be a list of card ids from your hand")
    if len(cards) != ask.need:
        raise IllegalAction(
            f"discard exactly {ask.need} card(s) to keep {HAND_LIMIT} (X-3.1), not {len(cards)}"
        )
    if Counter(cards) - Counter(st.hands[action["player"]]):
        raise IllegalAction("'cards' names a card that is not in your hand")


# --- X-6 game end ------------------------------------------------------------------------
def _before_final(game: Game) -> Steps:
    st = state(game)
    st.final = True
    st.mastermind = None  # played with no turn left to act on
    for p in range(len(game.players)):  # end cards in seat order
        ends = [c for c in st.hands[p] if BY_ID[c].timing == "end"]
        if not ends:
            continue
        for c in ends:
            st.hands[p].remove(c)
        st.discard.extend(ends)
        st.end_cards[p] = ends
        game.events.append({"type": "xmas-end-cards", "player": p, "cards": ends})
        for c in ends:
            if c == "supply-bonus":  # supply counted now, before locks return
                n = game.supply[p]
                game.award(p, 2 * n, {"reason": reason(c), "card": c, "followers": n})
    for entry in st.deferred:  # locked scores, before B-8
        for p, pts in entry["points"].items():
            game.award(
                p,
                pts,
                {
                    "feature": entry["feature"],
                    "reason": "christmas:lock",
                    "tiles": entry["tiles"],
                    "at": [entry["x"], entry["y"]],
                },
            )
    for feat in list(game.board.features.values()):
        if feat.completed and locked(feat) and feat.followers:
            game.return_followers(feat)  # they stayed until game end
    yield from ()


# --- views ---------------------------------------------------------------------------
def _deferred_view(entry: dict[str, Any]) -> dict[str, Any]:
    return {**entry, "points": {str(p): v for p, v in entry["points"].items()}}


def _public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    st = state(game)
    counts["hand"] = tuple(len(h) for h in st.hands)
    locks, marks = [], []
    for _, feat in sorted(game.board.features.items()):
        if locked(feat):
            locks.append(
                {**feature_ref(game, feat), "feature": feat.kind, "completed": feat.completed}
            )
        if tiebreak_marks(feat):
            marks.append(
                {
                    **feature_ref(game, feat),
                    "feature": feat.kind,
                    "players": sorted(tiebreak_marks(feat)),
                }
            )
    extra[NAME] = {
        "abbey": len(st.decks["abbey"]),
        "roadside": len(st.decks["roadside"]),
        "discard": list(st.discard),
        "in_play": list(st.in_play),
        "locks": locks,
        "tiebreaks": marks,
        "deferred": [_deferred_view(e) for e in st.deferred],
        "mastermind": None
        if st.mastermind is None
        else {"owner": st.mastermind[0], "victim": st.mastermind[1]},
        "end_cards": {str(p): list(c) for p, c in enumerate(st.end_cards) if c},
    }


def _private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    hidden["hand"] = [card_view(c) for c in state(game).hands[player]]


def card_total(game: Game) -> int:
    """Cards anywhere (decks, hands, discard, resolving): 64 with full decks (X-1)."""
    st = state(game)
    return (
        sum(len(d) for d in st.decks.values())
        + sum(map(len, st.hands))
        + len(st.discard)
        + len(st.in_play)
    )
