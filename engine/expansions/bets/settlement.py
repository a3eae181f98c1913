"""Settling bets (T-4, T-5, T-6).

After completion scoring (T-4), in the ``after_scoring`` step: the completed
roads and cities (reason "completed" only, T-4.1) touching offices with chips
(``staked_scores``) are settled. The step first asks the active player to pick
the feature for every office shared by several of them (``settle_feature``),
and only then flips the chips, office by office. At game end (T-5), in ``before_final``: each
chip against the tile count so far of an unfinished road or city of its tile;
where several qualify its owner picks (all owners answer in any order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import shown
from engine.board import Feature, Pos
from engine.expansions.bet_chips import face_order, payout
from engine.expansions.bets.actions import CHOOSE, SettleFeature
from engine.expansions.bets.state import (
    BET_KINDS,
    BET_REASON,
    STEP_FINAL,
    STEP_SETTLE,
    Scored,
    StakedChip,
    feature_info,
    features_on,
    location_of,
    offered_feature,
    state,
)
from engine.frozen import FrozenDict, FrozenList
from engine.phases import Action, IllegalAction, Steps, new_decision
from engine.scoring import COMPLETED, FINAL, FeatureScore

if TYPE_CHECKING:
    from engine.game import Game


def staked_scores(game: Game, scores: list[FeatureScore]) -> list[Scored]:
    """T-4 / T-4.1: the completed roads and cities of this turn's completion
    scoring (``scores``, all "completed") that touch offices with chips, in
    scoring order; they are settled after all normal scoring. Read from the
    after_scoring step's scores, not noted as each is paid: no hook runs per
    scored feature, and B-8's final scoring reads only the occupied features."""
    st = state(game)
    staked = [p for p in st.offices if st.stacks[p]]
    if not staked:
        return []
    out = []
    for score in scores:
        feat = score.feature
        if feat.kind in BET_KINDS:
            tiles = feat.tiles
            offices = [p for p in staked if p in tiles]
            if offices:
                # T-6: the plain tile count, whatever modifiers did to the points.
                out.append(Scored(game.board.find(score.root), feat.kind, feat.size, offices))
    return out


# --- feature choices (T-4 active player, T-5 owners) ----------------------------
def _open_asks(game: Game) -> list[tuple[int, Pos]]:
    st = state(game)
    return [k for k in st.asks if k not in st.answers]


def _choose_step(
    game: Game, step: str, active: int | None, offered: dict[Pos, FrozenList]
) -> Steps:
    """Wait until every open ask is answered (any order); ``offered``: the
    features each asked office offers, as its questions name them."""
    st = state(game)
    # Nothing on the board or the offices changes while the choices are
    # made, so each question is worded once (unchangeable, as the decision
    # hands it out), not again for every answer.
    questions = {
        (p, pos): FrozenDict(
            player=p, x=pos[0], y=pos[1], chips=len(st.stacks[pos]), features=offered[pos]
        )
        for p, pos in st.asks
    }
    while asks := _open_asks(game):
        players = tuple(sorted({p for p, _ in asks}))
        info = FrozenDict(questions=FrozenList([questions[k] for k in asks]))
        turn = players[0] if active is None else active
        action = yield new_decision(step, players, turn, (), info)
        yield from game.hooks.actions[action.TYPE].run(game, action)


def legal_choose(game: Game, player: int) -> list[Action]:
    """The answers to the pending question (``_choose_step``): each feature
    it offers ``player``, for each of the player's open choices."""
    d = game.pending
    assert d is not None and d.step in (STEP_SETTLE, STEP_FINAL)
    return [
        {"player": player, "type": CHOOSE, "x": q["x"], "y": q["y"], "location": f["location"]}
        for q in d.info["questions"]
        if q["player"] == player
        for f in q["features"]
    ]


def resolve_choice(game: Game, action: SettleFeature) -> tuple[tuple[int, Pos], int]:
    """The (seat, office) an answer is for and the chosen root, or IllegalAction."""
    st = state(game)
    x, y, loc = action.x, action.y, action.location
    key = (action.player, (x, y))
    if key not in st.asks:
        where = ", ".join(f"{px},{py}" for p, (px, py) in _open_asks(game) if p == action.player)
        raise IllegalAction(
            f"there is no choice for you to make at {x},{y}; you choose at {where or 'no office'}"
            " (T-4, T-5)",
            code="no_settle_choice",
            x=x,
            y=y,
        )
    if key in st.answers:
        raise IllegalAction(
            f"you have already chosen the feature for {x},{y} (T-4, T-5)", code="already_answered"
        )
    placed = game.board.tiles[(x, y)]
    seg = placed.face.name_to_seg.get(loc)
    if seg is None or placed.face.segments[seg].kind not in BET_KINDS:
        raise IllegalAction(
            f"{shown(loc)} is not a road or city location on the tile at {x},{y}; "
            f"choose {_options(game, key)}",
            code="not_a_settling_feature",
            x=x,
            y=y,
        )
    root = game.board.find(placed.nodes[seg])
    # The asked roots are the features' roots now: nothing joins while the
    # choices are made (T-4 after scoring, T-5 at the end).
    if root not in st.asks[key]:
        raise IllegalAction(
            f"the {placed.face.segments[seg].kind} at {loc} cannot settle these chips; "
            f"choose {_options(game, key)} (T-4, T-5)",
            code="not_a_settling_feature",
            x=x,
            y=y,
        )
    return key, root


def _options(game: Game, key: tuple[int, Pos]) -> str:
    """The features a choice offers, for a refusal's message."""
    options = feature_info(game, key[1], state(game).asks[key])
    return ", ".join(f"{o['location']} ({o['feature']}, {o['tiles']} tiles)" for o in options)


def validate_choose(game: Game, action: SettleFeature) -> None:
    resolve_choice(game, action)


def run_choose(game: Game, action: SettleFeature) -> Steps:
    (player, pos), root = resolve_choice(game, action)
    state(game).answers[player, pos] = root
    game.events.append(
        {
            "type": "settle_choice",
            "player": action.player,
            "x": pos[0],
            "y": pos[1],
            "location": location_of(game, pos, root),
        }
    )
    yield from ()


# --- settlement -------------------------------------------------------------------
def _flip(
    game: Game,
    pos: Pos,
    chips: list[StakedChip],
    feat: Feature | None,
    loc: str | None,
    tiles: int,
    scoring: str,
) -> None:
    """Turn ``chips`` face up against a feature of ``tiles`` tiles (``loc``:
    its location on the office's tile), pay the matching ones and return all
    of them to their owners' supplies (T-4)."""
    st = state(game)
    game.reveal()  # hidden information comes out: earlier actions are final
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


def settle_completed(game: Game, scored: list[Scored]) -> Steps:
    """T-4: after the normal scoring of this turn, flip the chips of every
    office on a completed road or city (``scored``, from staked_scores); the
    active player first picks the feature for offices shared by several of them."""
    st = state(game)
    offices: list[Pos] = []
    for s in scored:
        offices += [p for p in s.offices if p not in offices]
    by_office = {pos: [s for s in scored if pos in s.offices] for pos in offices}
    active = game.turn.player if game.turn is not None else 0
    st.asks = {
        (active, pos): [s.root for s in cands] for pos, cands in by_office.items() if len(cands) > 1
    }
    st.answers = {}
    offered = {
        pos: FrozenList(feature_info(game, pos, roots)) for (_, pos), roots in st.asks.items()
    }
    yield from _choose_step(game, STEP_SETTLE, active, offered)
    for pos in offices:
        cands = by_office[pos]
        root = st.answers.get((active, pos), cands[0].root)
        chosen = next(s for s in cands if s.root == root)
        feat = game.board.features[game.board.find(chosen.root)]
        loc = location_of(game, pos, feat.id)
        _flip(game, pos, list(st.stacks[pos]), feat, loc, chosen.tiles, COMPLETED)
    st.asks, st.answers = {}, {}


def settle_final(game: Game) -> Steps:
    """T-5: settle every chip still on the board against the tile count so far
    of an unfinished road or city of its tile; owners choose where several
    qualify (each for their own chips, any order)."""
    st = state(game)
    # Per office, its unfinished roads and cities by root, with their
    # location there: nothing on the board changes until every chip is flipped.
    candidates: dict[Pos, dict[int, tuple[str, Feature]]] = {}
    for pos in st.offices:
        if st.stacks[pos]:
            candidates[pos] = {
                f.id: (loc, f) for loc, f in features_on(game, pos) if not game.board.is_complete(f)
            }
    st.asks = {
        (chip.player, pos): list(feats)
        for pos, feats in candidates.items()
        if len(feats) > 1
        for chip in st.stacks[pos]
    }
    st.answers = {}
    # Each asked office's unfinished features, in features_on order as
    # feature_info would give them: the same for all its chips' owners.
    offered = {
        pos: FrozenList([offered_feature(loc, f) for loc, f in feats.values()])
        for pos, feats in candidates.items()
        if len(feats) > 1
    }
    yield from _choose_step(game, STEP_FINAL, None, offered)
    for pos, feats in candidates.items():
        first = next(iter(feats), None)
        for chip in list(st.stacks[pos]):
            root = st.answers.get((chip.player, pos), first)
            if root is None:
                _flip(game, pos, [chip], None, None, 0, FINAL)
            else:
                loc, feat = feats[game.board.find(root)]
                _flip(game, pos, [chip], feat, loc, feat.size, FINAL)
    st.asks, st.answers = {}, {}
