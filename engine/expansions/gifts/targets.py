"""What each gift does (G-4..G-8, G-10): its legal targets and its plan.

``<card>_targets(game, player)`` lists every legal target as action fields;
``plan_<card>(game, player, action)`` checks one target (IllegalAction,
nothing changed) and returns a :class:`Plan` that performs it. The card table
(:mod:`.cards`) attaches both to each card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import scoring
from engine.actions import named_feature, named_segment, segment_of, shown
from engine.board import Board, Feature, Follower, Pos
from engine.expansions.gifts import take_two
from engine.expansions.gifts.actions import OpenGift
from engine.expansions.gifts.state import CASH_OUT, CASH_OUT_POINTS, ROAD_SWEEPER
from engine.marks import is_locked as _marked
from engine.phases import IllegalAction, MalformedAction, Steps
from engine.tiles import FOLLOWER_KINDS

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class Plan:
    """A validated opening: ``apply`` performs it (no further checks needed)."""

    event: dict[str, Any]
    apply: Callable[[], Steps]


# C-1 binds the gifts in games played under this rules flow and later
# (engine.flows): a game begun before it finishes under the rule it began with.
LOCKS_BIND_GIFTS = 2


def is_locked(game: Game, feat: Feature) -> bool:
    """Whether a Christmas lock keeps ``feat`` out of the gifts' reach (C-1)."""
    return lock_test(game)(feat)


def lock_test(game: Game) -> Callable[[Feature], bool]:
    """``is_locked`` for this game's features, the rules flow read once (a
    listing asks it of every feature or follower it looks at)."""
    return _marked if game.flow >= LOCKS_BIND_GIFTS else _unbound


def _unbound(feat: Feature) -> bool:
    return False


# --- targets ------------------------------------------------------------------------
def synod_targets(game: Game, player: int) -> list[dict[str, Any]]:
    """G-4: every unfinished monastery, if a follower is in supply."""
    if game.supply[player] == 0:
        return []
    board = game.board
    out = []
    for pos, node in sorted(board.monasteries.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if board.is_unfinished(board.feature_of(node)):
            out.append(named_segment(board, pos, board.node_seg[node][1]))
    return out


def road_sweeper_targets(game: Game, player: int) -> list[dict[str, Any]]:
    """G-5: every unfinished road but a locked one (C-1), named by its first
    segment (y, x, location order)."""
    board = game.board
    locked = lock_test(game)
    found = [
        named_feature(board, feat)
        for feat in board.features.values()
        # board.is_unfinished for a road, inline: this walks every feature
        if feat.kind == "road" and feat.open_edges and not feat.completed and not locked(feat)
    ]
    found.sort(key=_north_west_first)
    return found


def _north_west_first(target: dict[str, Any]) -> tuple[int, int, str]:
    return target["y"], target["x"], target["location"]


def _own_spots(game: Game, player: int) -> list[tuple[Feature, Follower]]:
    """``player``'s followers a gift may move or take back, one per (tile,
    segment), in (y, x, segment) order: followers sharing a segment are
    interchangeable, a locked feature's followers are out of reach (C-1),
    and a gift never chooses an expansion's piece (C-4: the abbot).
    Every opening listing asks this: one pass over the occupied features
    (board.followers() without its sort: the keys are sorted here), keeping
    the first follower of each segment as ``Game.followers_of`` would."""
    board = game.board
    features, locked = board.features, lock_test(game)
    spots: dict[tuple[int, int, int], tuple[Feature, Follower]] = {}
    for root in board.occupied:
        feat = features.get(root)
        if feat is None:  # joined into another (board.followers() drops it)
            continue
        for f in feat.followers:
            if f.player == player and f.piece is None:
                key = (f.pos[1], f.pos[0], f.seg)
                if key not in spots and not locked(feat):
                    spots[key] = (feat, f)
    return [spots[key] for key in sorted(spots)]


def change_position_targets(game: Game, player: int) -> list[dict[str, Any]]:
    """G-6: from a road/city/monastery segment to a field segment of the same
    tile or back. Ruling (G-6, G-10): a standing target must be unfinished,
    since a follower on a finished feature would never score or come back;
    C-1: and not locked (nor may a locked feature's follower move)."""
    board = game.board
    locked = lock_test(game)
    out = []
    for feat, f in _own_spots(game, player):
        placed = board.tiles[f.pos]
        face = placed.face
        lying = feat.kind == "field"
        here = None
        # B-5, A-3: face.spots are the follower spots (never a garden)
        for i in face.spots:
            if (face.segments[i].kind == "field") == lying:
                continue
            if not lying or _can_stand_on(board, locked, board.feature_of(placed.nodes[i])):
                if here is None:
                    here = named_segment(board, f.pos, f.seg)
                out.append({**here, "to": face.canonical[i]})
    return out


def _can_stand_on(board: Board, locked: Callable[[Feature], bool], target: Feature) -> bool:
    """G-6: a follower may stand up on an unfinished feature, not a locked one
    (C-1; ``locked`` is :func:`lock_test`'s, the rules flow read once a listing)."""
    return board.is_unfinished(target) and not locked(target)


def cash_out_targets(game: Game, player: int) -> list[dict[str, Any]]:
    """G-7: each of ``player``'s followers on any feature but a locked one (C-1)."""
    return [named_segment(game.board, f.pos, f.seg) for _, f in _own_spots(game, player)]


def take_two_targets(game: Game, player: int) -> list[dict[str, Any]]:
    """G-8, G-10: no target; possible while some tile left fits."""
    return [{}] if take_two.possible(game) else []


# --- plans --------------------------------------------------------------------------
def _own_follower(
    game: Game, player: int, action: OpenGift, what: str, rule: str
) -> tuple[Feature, Follower]:
    """The follower of ``player``'s the opening names, not on a locked feature
    (C-1), never a piece such as the abbot (C-4)."""
    pos, seg = segment_of(game.board, action, what)
    feat = game.board.feature_at(pos, seg)
    mine = [f for f in feat.followers if f.player == player and f.pos == pos and f.seg == seg]
    for f in mine:
        if f.piece is None:
            if is_locked(game, feat):
                raise IllegalAction(
                    f"that {feat.kind} is locked: {what} cannot take or move its followers "
                    f"({rule}, C-1)",
                    code="feature_locked",
                    feature=feat.kind,
                )
            return feat, f
    if mine:
        raise IllegalAction(
            f"that is your {mine[0].piece}: {what} never chooses it ({rule}, C-4)",
            code="abbot_not_chosen",
        )
    raise IllegalAction(
        f"you have no follower at {pos[0]},{pos[1]} {game.board.location_name(pos, seg)}",
        code="no_follower_there",
        x=pos[0],
        y=pos[1],
    )


def _unfinished(
    game: Game, action: OpenGift, kind: str, card: str, verb: str, rule: str
) -> tuple[Pos, int]:
    """The segment of the unfinished ``kind`` the opening names (G-10)."""
    pos, seg = segment_of(game.board, action, card)
    feat = game.board.feature_at(pos, seg)
    if feat.kind != kind:
        raise IllegalAction(
            f"{card} {verb} a {kind}, not a {feat.kind} ({rule})", code="wrong_target"
        )
    if not game.board.is_unfinished(feat):
        raise IllegalAction(
            f"that {kind} is finished; {card} needs an unfinished one ({rule})",
            code="feature_finished",
            feature=kind,
        )
    return pos, seg


def plan_synod(game: Game, player: int, action: OpenGift) -> Plan:
    """G-4: a follower from supply onto an unfinished monastery."""
    board = game.board
    if game.supply[player] == 0:
        raise IllegalAction(
            "Synod needs a follower in your supply (G-4)", code="no_follower_in_supply"
        )
    pos, seg = _unfinished(game, action, "monastery", "Synod", "goes on", "G-4")

    def synod() -> Steps:
        game.add_follower(player, pos, seg)
        yield from ()

    return Plan(named_segment(board, pos, seg), synod)


def plan_road_sweeper(game: Game, player: int, action: OpenGift) -> Plan:
    """G-5: score an unfinished road as at game end, then clear it."""
    board = game.board
    pos, seg = _unfinished(game, action, "road", "Road sweeper", "scores", "G-5")
    root = board.find(board.tiles[pos].nodes[seg])
    if is_locked(game, board.features[root]):
        raise IllegalAction(
            "that road is locked: Road sweeper cannot score it (G-5, C-1)",
            code="feature_locked",
            feature="road",
        )

    def sweep() -> Steps:
        # Scored like an incomplete road at game end (B-8: 1 per tile) for its
        # owners, then every follower on it goes home even if a score hook kept
        # them; the road is not marked completed, so it stays open (G-5).
        scoring.score_now(game, root, ROAD_SWEEPER, False)
        game.return_followers(board.features[board.find(root)])
        yield from ()

    return Plan(named_segment(board, pos, seg), sweep)


def plan_change_position(game: Game, player: int, action: OpenGift) -> Plan:
    """G-6: stand up or lie down on the same tile."""
    board = game.board
    feat, follower = _own_follower(game, player, action, "Change position", "G-6")
    pos = follower.pos
    placed = board.tiles[pos]
    if action.to is None:
        raise MalformedAction("Change position needs 'to', a location on the same tile (G-6)")
    seg = placed.face.name_to_seg.get(action.to)
    if seg is None:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(
            f"{shown(action.to)} is not a location on {placed.kind} at {pos[0]},{pos[1]}; "
            f"its locations are {names} (G-6: same tile only)",
            code="no_such_spot",
            x=pos[0],
            y=pos[1],
        )
    target = board.feature_at(pos, seg)
    lying = feat.kind == "field"
    if (target.kind == "field") == lying:
        raise IllegalAction(
            f"Change position switches between standing and lying: a follower on a "
            f"{feat.kind} cannot move to a {target.kind} (G-6)",
            code="same_posture",
        )
    if target.kind not in FOLLOWER_KINDS:
        raise IllegalAction(
            f"a follower cannot stand on the {target.kind} at {action.to}: "
            "only an abbot stands on a garden (A-3, G-6)",
            code="spot_not_for_follower",
            feature=target.kind,
        )
    if lying and not board.is_unfinished(target):
        raise IllegalAction(
            f"the {target.kind} at {action.to} is finished (G-6)",
            code="feature_finished",
            feature=target.kind,
        )
    if lying and is_locked(game, target):
        raise IllegalAction(
            f"the {target.kind} at {action.to} is locked (G-6, C-1)",
            code="feature_locked",
            feature=target.kind,
        )
    event = {**named_segment(board, pos, follower.seg), "to": placed.face.canonical[seg]}

    def change() -> Steps:
        game.move_follower(follower, pos, seg, lying=not lying)
        yield from ()

    return Plan(event, change)


def plan_cash_out(game: Game, player: int, action: OpenGift) -> Plan:
    """G-7: take a follower back, 2 points per follower on its feature."""
    feat, follower = _own_follower(game, player, action, "Cash out", "G-7")
    n = len(feat.followers)
    pos = follower.pos

    def cash() -> Steps:
        game.remove_follower(follower)
        game.award(
            player,
            CASH_OUT_POINTS * n,
            {"feature": feat.kind, "reason": CASH_OUT, "followers": n, "at": [pos[0], pos[1]]},
        )
        yield from ()

    return Plan({**named_segment(game.board, pos, follower.seg), "followers": n}, cash)


def plan_take_two(game: Game, player: int, action: OpenGift) -> Plan:
    """G-8, G-10: only when some tile left fits."""
    turn = game.turn
    if turn is not None and turn.opening is not None:
        raise IllegalAction(
            f"this turn's tile comes from the {turn.opening} pile: no second tile may be "
            "drawn; Take two cannot be opened (C-6, G-10)",
            code="no_second_tile",
        )
    if not take_two.possible(game):
        raise IllegalAction(
            "no tile left in the pile fits on the board; Take two cannot be opened (G-10)",
            code="no_tile_fits",
        )
    return Plan({}, lambda: take_two.take_two(game, player))
