"""The Bets (RULES.md T-1..T-8): bookmaker tiles, staking chips, settlement.

The 10 bookmaker tiles are rows of the tile catalogue (engine/tiles.py, T-8);
the Game shuffles them into the bag. The chips are the table in
:mod:`engine.expansions.bet_chips` (T-7). This module adds:

* step 4 of a bookmaker turn (T-2), an ``after_scoring`` step: every player
  with a chip in supply answers ``stake`` or ``stake_pass`` in any order (one
  decision lists every seat still to answer). **Ruling (T-2):** a player with no
  chip in supply is not asked; when nobody has one the step is skipped.
* settlement after completion scoring (T-4): ``feature_scored`` notes each
  completed road or city (reason "completed" only, T-4.1) touching an office
  with chips; the ``after_scoring`` step then asks the active player to pick
  the feature for every office shared by several of them (``settle_feature``),
  and only then flips the chips, office by office.
* final settlement (T-5) in ``before_final``: each chip against the tile count
  so far of an unfinished road or city of its tile; where several qualify its
  owner picks (``settle_feature``; all owners answer in any order).

Secrecy (T-3): chip faces live only in ``game.ext["bets"]``; events and views
carry seats, never faces, until a chip is flipped. A player's private view
lists their supply only, not their staked chips. The ``stake`` action in the
game record names the face (the record is an administrative artefact, never
shown to players).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.board import Feature, PlaceResult, Pos
from engine.expansions.bet_chips import FACES, face_order, payout
from engine.phases import (
    AFTER_PLACE,
    AFTER_SCORING,
    BEFORE_FINAL,
    FEATURE_SCORED,
    PRIVATE_VIEW,
    PUBLIC_VIEW,
    Action,
    ActionSpec,
    Decision,
    IllegalAction,
    Steps,
)
from engine.scoring import COMPLETED, FINAL, FeatureScore
from engine.tiles import KINDS

if TYPE_CHECKING:
    from engine.game import Game

NAME = "bets"

# Steps (the "step" of a pending decision).
STEP_STAKE = "bets"  # T-2 step 4
STEP_SETTLE = "bets_settle"  # T-4 the active player picks the feature
STEP_FINAL = "bets_final"  # T-5 each owner picks for their own chips

# Action types (docs/record-format.md, "The Bets").
STAKE = "stake"
PASS = "stake_pass"
CHOOSE = "settle_feature"

BET_KINDS = ("road", "city")  # T-2: bets are on roads and cities only
BET_REASON = "bet"  # "reason" of the score events that pay chips


@dataclass(slots=True)
class Stake:
    """A chip face down on an office."""

    player: int
    face: str


@dataclass(slots=True)
class Scored:
    """A completed road or city of this turn touching offices with chips."""

    root: int
    kind: str
    tiles: int  # T-6 plain tile count at scoring
    offices: list[Pos]


@dataclass(slots=True)
class BetsState:
    supply: list[list[str]]  # per seat, faces in table order (T-3: own view only)
    offices: list[Pos] = field(default_factory=list)  # placed offices, in order
    stacks: dict[Pos, list[Stake]] = field(default_factory=dict)  # office -> chips
    office: Pos | None = None  # office of the running step 4
    waiting: list[int] = field(default_factory=list)  # step 4 seats still to answer
    scored: list[Scored] = field(default_factory=list)  # this turn, not yet settled
    # Open feature choices (T-4 active player / T-5 owners): (seat, office) ->
    # candidate roots; answers: (seat, office) -> chosen root.
    asks: dict[tuple[int, Pos], list[int]] = field(default_factory=dict)
    answers: dict[tuple[int, Pos], int] = field(default_factory=dict)


def install(game: Game) -> None:
    game.ext[NAME] = BetsState(supply=[list(FACES) for _ in game.players])
    game.hooks.on(AFTER_PLACE, _after_place)
    game.hooks.on(FEATURE_SCORED, _feature_scored)
    game.hooks.on(AFTER_SCORING, _after_scoring)
    game.hooks.on(BEFORE_FINAL, _before_final)
    game.hooks.on(PUBLIC_VIEW, _public_view)
    game.hooks.on(PRIVATE_VIEW, _private_view)
    game.hooks.add_action(
        ActionSpec(STAKE, frozenset({STEP_STAKE}), _legal_stake, _validate_stake, _run_stake)
    )
    game.hooks.add_action(
        ActionSpec(PASS, frozenset({STEP_STAKE}), _legal_pass, _validate_pass, _run_pass)
    )
    game.hooks.add_action(
        ActionSpec(
            CHOOSE,
            frozenset({STEP_SETTLE, STEP_FINAL}),
            _legal_choose,
            _validate_choose,
            _run_choose,
        )
    )
    game.hooks.ai_policies.append(ai_policy)


def state(game: Game) -> BetsState:
    st: BetsState = game.ext[NAME]
    return st


def staked(game: Game) -> list[tuple[Pos, Stake]]:
    """Every chip on the board with its office (engine-internal: faces!)."""
    st = state(game)
    return [(pos, s) for pos in st.offices for s in st.stacks[pos]]


# --- board helpers ------------------------------------------------------------
def features_on(game: Game, pos: Pos) -> list[tuple[str, Feature]]:
    """Roads and cities with a segment on the tile at ``pos``, each once, with a
    location name of theirs on that tile (NOTATION.md)."""
    placed = game.board.tiles[pos]
    out: list[tuple[str, Feature]] = []
    seen: set[int] = set()
    for i, seg in enumerate(placed.face.segments):
        if seg.kind not in BET_KINDS:
            continue
        feat = game.board.feature_of(placed.nodes[i])
        if feat.id not in seen:
            seen.add(feat.id)
            out.append((placed.face.canonical[i], feat))
    return out


def _location_of(game: Game, pos: Pos, root: int) -> str:
    for loc, feat in features_on(game, pos):
        if feat.id == game.board.find(root):
            return loc
    raise KeyError(root)  # pragma: no cover - candidates come from features_on


def _feature_info(game: Game, pos: Pos, roots: list[int]) -> list[dict[str, Any]]:
    wanted = {game.board.find(r) for r in roots}
    return [
        {"location": loc, "feature": feat.kind, "tiles": len(feat.tiles)}
        for loc, feat in features_on(game, pos)
        if feat.id in wanted
    ]


# --- hooks ----------------------------------------------------------------------
def _after_place(game: Game, result: PlaceResult) -> Steps:
    """Remember every placed office (T-1) so views and settlement find them."""
    pos = result.placed.pos
    if KINDS[result.placed.kind].office:
        st = state(game)
        st.offices.append(pos)
        st.stacks[pos] = []
    yield from ()


def _feature_scored(game: Game, score: FeatureScore) -> None:
    """T-4 / T-4.1: note completed roads and cities over offices with chips;
    they are settled in the after_scoring step, after all normal scoring."""
    feat = score.feature
    if score.reason != COMPLETED or feat.kind not in BET_KINDS:
        return
    st = state(game)
    offices = [p for p in st.offices if st.stacks[p] and p in feat.tiles]
    if offices:
        # T-6: the plain tile count, whatever modifiers did to the points.
        st.scored.append(Scored(game.board.find(score.root), feat.kind, len(feat.tiles), offices))


def _after_scoring(game: Game, scores: list[FeatureScore]) -> Steps:
    yield from _settle_completed(game)
    yield from _stake_step(game)


def _public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    st = state(game)
    counts["chips"] = tuple(len(s) for s in st.supply)
    # T-3: the stack shows whose chips lie there, never their faces.
    extra["bets"] = {
        "offices": [
            {"x": x, "y": y, "chips": [s.player for s in st.stacks[(x, y)]]} for x, y in st.offices
        ]
    }


def _private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    # T-3: a player sees their own supply, not even their own staked chips.
    hidden["chips"] = list(state(game).supply[player])


# --- step 4: placing bets (T-2) -----------------------------------------------
def _skip_reason(game: Game, pos: Pos) -> str | None:
    st = state(game)
    if not game.bag:
        return "the bookmaker tile was the last tile of the game (T-2)"
    if all(game.board.is_complete(feat) for _, feat in features_on(game, pos)):
        return "all roads and cities on the bookmaker tile are complete (T-2)"
    if not any(st.supply):
        return "no player has a chip in supply (T-2)"
    return None


def _stake_step(game: Game) -> Steps:
    turn = game.turn
    if turn is None or turn.placed is None or not KINDS[turn.placed.kind].office:
        return
    pos = turn.placed.pos
    reason = _skip_reason(game, pos)
    if reason is not None:
        game.events.append({"type": "bets_skipped", "x": pos[0], "y": pos[1], "reason": reason})
        return
    st = state(game)
    st.office = pos
    # Ruling (T-2): only players with a chip in supply are asked; any order.
    st.waiting = [p for p in range(len(game.players)) if st.supply[p]]
    active = turn.player
    # Decisions of this module list no base types: apply() validates the answer
    # through its ActionSpec, and the step runs it here (game.decide() would
    # only return base-type answers).
    while st.waiting:
        action = yield Decision(
            STEP_STAKE,
            tuple(st.waiting),
            active,
            (),
            {"x": pos[0], "y": pos[1], "tile": turn.placed.kind},
        )
        yield from game.hooks.actions[action["type"]].run(game, action)
    st.office = None
    game.events.append(
        {"type": "bets_closed", "x": pos[0], "y": pos[1], "chips": len(st.stacks[pos])}
    )


def _legal_stake(game: Game, player: int) -> list[Action]:
    st = state(game)
    if player not in st.waiting:
        return []
    return [{"player": player, "type": STAKE, "chip": face} for face in st.supply[player]]


def _legal_pass(game: Game, player: int) -> list[Action]:
    return [{"player": player, "type": PASS}] if player in state(game).waiting else []


def _check_waiting(game: Game, player: int) -> BetsState:
    st = state(game)
    if st.office is None or player not in st.waiting:
        raise IllegalAction("you have already staked or passed on this betting office (T-2)")
    return st


def _validate_stake(game: Game, action: Action) -> None:
    st = _check_waiting(game, action["player"])
    chip = action.get("chip")
    if not isinstance(chip, str) or chip not in FACES:
        raise IllegalAction(
            f"'chip' must be one of the chip faces {', '.join(FACES)}, not {chip!r} (T-7)"
        )
    if chip not in st.supply[action["player"]]:
        # T-3: do not say where the chip is; the private view lists the supply.
        raise IllegalAction(
            "that chip is not in your supply; you may stake only a chip from your "
            "own supply (your private view lists them) (T-2)"
        )


def _validate_pass(game: Game, action: Action) -> None:
    _check_waiting(game, action["player"])


def _run_stake(game: Game, action: Action) -> Steps:
    st = state(game)
    player, office = action["player"], st.office
    assert office is not None
    st.supply[player].remove(action["chip"])
    st.stacks[office].append(Stake(player, action["chip"]))
    st.waiting.remove(player)
    # T-3: the event names the seat, never the face.
    game.events.append({"type": "stake", "player": player, "x": office[0], "y": office[1]})
    yield from ()


def _run_pass(game: Game, action: Action) -> Steps:
    st = state(game)
    office = st.office
    assert office is not None
    st.waiting.remove(action["player"])
    game.events.append(
        {"type": "stake_pass", "player": action["player"], "x": office[0], "y": office[1]}
    )
    yield from ()


# --- feature choices (T-4 active player, T-5 owners) ----------------------------
def _open_asks(st: BetsState) -> list[tuple[int, Pos]]:
    return [k for k in st.asks if k not in st.answers]


def _choose_step(game: Game, step: str, active: int | None) -> Steps:
    """Wait until every open ask is answered (any order)."""
    st = state(game)
    while _open_asks(st):
        asks = _open_asks(st)
        players = tuple(sorted({p for p, _ in asks}))
        info = {
            "questions": [
                {
                    "player": p,
                    "x": pos[0],
                    "y": pos[1],
                    "chips": len(st.stacks[pos]),
                    "features": _feature_info(game, pos, st.asks[(p, pos)]),
                }
                for p, pos in asks
            ]
        }
        action = yield Decision(step, players, players[0] if active is None else active, (), info)
        yield from game.hooks.actions[action["type"]].run(game, action)


def _legal_choose(game: Game, player: int) -> list[Action]:
    st = state(game)
    out: list[Action] = []
    for p, pos in _open_asks(st):
        if p == player:
            out += [
                {
                    "player": player,
                    "type": CHOOSE,
                    "x": pos[0],
                    "y": pos[1],
                    "location": f["location"],
                }
                for f in _feature_info(game, pos, st.asks[(p, pos)])
            ]
    return out


def _resolve_choice(game: Game, action: Action) -> tuple[tuple[int, Pos], int]:
    """The (seat, office) an answer is for and the chosen root, or IllegalAction."""
    st = state(game)
    player = action["player"]
    x, y, loc = action.get("x"), action.get("y"), action.get("location")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
        raise IllegalAction("a settle_feature action needs integer 'x' and 'y' of a betting office")
    assert isinstance(x, int) and isinstance(y, int)
    key = (player, (x, y))
    if key not in st.asks:
        where = ", ".join(f"{px},{py}" for p, (px, py) in _open_asks(st) if p == player)
        raise IllegalAction(
            f"there is no choice for you to make at {x},{y}; you choose at {where or 'no office'}"
            " (T-4, T-5)"
        )
    if key in st.answers:
        raise IllegalAction(f"you have already chosen the feature for {x},{y} (T-4, T-5)")
    options = _feature_info(game, (x, y), st.asks[key])
    placed = game.board.tiles[(x, y)]
    seg = placed.face.name_to_seg.get(loc) if isinstance(loc, str) else None
    names = ", ".join(f"{o['location']} ({o['feature']}, {o['tiles']} tiles)" for o in options)
    if seg is None or placed.face.segments[seg].kind not in BET_KINDS:
        raise IllegalAction(
            f"{loc!r} is not a road or city location on the tile at {x},{y}; choose {names}"
        )
    root = game.board.find(placed.nodes[seg])
    if root not in {game.board.find(r) for r in st.asks[key]}:
        raise IllegalAction(
            f"the {placed.face.segments[seg].kind} at {loc} cannot settle these chips; "
            f"choose {names} (T-4, T-5)"
        )
    return key, root


def _validate_choose(game: Game, action: Action) -> None:
    _resolve_choice(game, action)


def _run_choose(game: Game, action: Action) -> Steps:
    key, root = _resolve_choice(game, action)
    state(game).answers[key] = root
    game.events.append(
        {
            "type": "settle_choice",
            "player": action["player"],
            "x": key[1][0],
            "y": key[1][1],
            "location": _location_of(game, key[1], root),
        }
    )
    yield from ()


# --- settlement (T-4, T-5, T-6) --------------------------------------------------
def _flip(
    game: Game, pos: Pos, chips: list[Stake], feat: Feature | None, tiles: int, scoring: str
) -> None:
    """Turn ``chips`` face up against a feature of ``tiles`` tiles, pay the
    matching ones and return all of them to their owners' supplies (T-4)."""
    st = state(game)
    game.reveal()  # hidden information comes out: earlier actions are final
    loc = None if feat is None else _location_of(game, pos, feat.id)
    for chip in chips:
        points = 0 if feat is None else payout(chip.face, tiles)
        game.events.append(
            {
                "type": "bet_settled",
                "player": chip.player,
                "chip": chip.face,
                "x": pos[0],
                "y": pos[1],
                "feature": None if feat is None else feat.kind,
                "location": loc,
                "tiles": tiles,
                "points": points,
                "scoring": scoring,
            }
        )
        if points:
            game.award(
                chip.player,
                points,
                {
                    "feature": feat.kind if feat else None,
                    "reason": BET_REASON,
                    "tiles": tiles,
                    "chip": chip.face,
                    "at": [pos[0], pos[1]],
                },
            )
        st.stacks[pos].remove(chip)
        st.supply[chip.player].append(chip.face)
        st.supply[chip.player].sort(key=face_order)


def _settle_completed(game: Game) -> Steps:
    """T-4: after the normal scoring of this turn, flip the chips of every
    office on a completed road or city; the active player first picks the
    feature for offices shared by several of them."""
    st = state(game)
    scored, st.scored = st.scored, []
    if not scored:
        return
    offices: list[Pos] = []
    for s in scored:
        offices += [p for p in s.offices if p not in offices]
    by_office = {pos: [s for s in scored if pos in s.offices] for pos in offices}
    active = game.turn.player if game.turn is not None else 0
    st.asks = {
        (active, pos): [s.root for s in cands] for pos, cands in by_office.items() if len(cands) > 1
    }
    st.answers = {}
    yield from _choose_step(game, STEP_SETTLE, active)
    for pos in offices:
        cands = by_office[pos]
        root = st.answers.get((active, pos), cands[0].root)
        chosen = next(s for s in cands if s.root == root)
        feat = game.board.features[game.board.find(chosen.root)]
        _flip(game, pos, list(st.stacks[pos]), feat, chosen.tiles, COMPLETED)
    st.asks, st.answers = {}, {}


def _before_final(game: Game) -> Steps:
    """T-5: settle every chip still on the board against the tile count so far
    of an unfinished road or city of its tile; owners choose where several
    qualify (each for their own chips, any order)."""
    st = state(game)
    candidates: dict[Pos, list[Feature]] = {}
    for pos in st.offices:
        if st.stacks[pos]:
            candidates[pos] = [
                f for _, f in features_on(game, pos) if not game.board.is_complete(f)
            ]
    st.asks = {
        (chip.player, pos): [f.id for f in feats]
        for pos, feats in candidates.items()
        if len(feats) > 1
        for chip in st.stacks[pos]
    }
    st.answers = {}
    yield from _choose_step(game, STEP_FINAL, None)
    for pos, feats in candidates.items():
        for chip in list(st.stacks[pos]):
            root = st.answers.get((chip.player, pos), feats[0].id if feats else None)
            feat = None if root is None else game.board.features[game.board.find(root)]
            tiles = 0 if feat is None else len(feat.tiles)
            _flip(game, pos, [chip], feat, tiles, FINAL)
    st.asks, st.answers = {}, {}


# --- AI advice -----------------------------------------------------------------
# Weights for how many tiles beyond the minimum a feature still gains.
_GROWTH: tuple[tuple[int, float], ...] = ((0, 0.4), (1, 0.3), (2, 0.2), (3, 0.1))


def _expected(face: str, feat: Feature, tiles_left: int) -> float:
    """Rough expected payout of ``face`` on ``feat``: at least one more tile per
    open edge, a little more likely; near the end the count stays as it is."""
    n = len(feat.tiles)
    if tiles_left < 4 * max(1, feat.open_edges):
        return float(payout(face, n))
    base = n + feat.open_edges
    return sum(w * payout(face, base + extra) for extra, w in _GROWTH)


def _ai_stake(game: Game, player: int) -> Action:
    st = state(game)
    assert st.office is not None
    open_feats = [f for _, f in features_on(game, st.office) if not game.board.is_complete(f)]
    best, best_value = None, 0.0
    for face in st.supply[player]:
        value = max((_expected(face, f, len(game.bag)) for f in open_feats), default=0.0)
        if value > best_value:
            best, best_value = face, value
    if best is None:
        return {"player": player, "type": PASS}
    return {"player": player, "type": STAKE, "chip": best}


def _ai_choose(game: Game, player: int, legal: list[Action]) -> Action | None:
    """Pick the feature that pays the AI's own chip there most (a player knows
    which chip they staked, T-3 only forbids looking)."""
    st = state(game)
    best: Action | None = None
    best_points = -1
    for action in legal:
        if action["type"] != CHOOSE:
            continue
        pos = (action["x"], action["y"])
        _, root = _resolve_choice(game, action)
        tiles = len(game.board.features[root].tiles)
        points = sum(payout(s.face, tiles) for s in st.stacks[pos] if s.player == player)
        if points > best_points:
            best, best_points = action, points
    return best


def ai_policy(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    if decision.step == STEP_STAKE:
        return _ai_stake(game, player)
    if decision.step in (STEP_SETTLE, STEP_FINAL):
        return _ai_choose(game, player, legal)
    return None
