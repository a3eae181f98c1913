"""The abbot's rules (docs/rules/abbot.md A-1, A-3, A-4; C-4, C-5 in the other packages).

- A-3: in the follower step, instead of a follower, the abbot from supply on
  the unoccupied monastery or garden of the tile just placed (the core asks
  :func:`spots` / :func:`refuse` through the piece's ``PieceSpec``);
- A-4: instead, ``abbot-back``: the abbot comes home and its owner alone scores
  its monastery or garden as at game end (B-8); other followers there stay.
  **Ruling:** not from a locked feature (C-1, X-5.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import shown
from engine.expansions.abbot.actions import BACK, AbbotBack
from engine.expansions.abbot.state import BACK_REASON, SPOT_KINDS, abbot_on_board
from engine.marks import is_locked
from engine.phases import STEP_FOLLOWER, Action, IllegalAction, Steps
from engine.scoring import value

if TYPE_CHECKING:
    from engine.game import Game


def spots(game: Game, seat: int) -> list[str]:
    """A-3: where the abbot may go now: the unoccupied monastery or garden of
    the tile just placed, while the abbot is in ``seat``'s supply."""
    turn = game.turn
    if turn is None or turn.placed is None or turn.player != seat:
        return []
    if abbot_on_board(game, seat) is not None:
        return []
    placed, board = turn.placed, game.board
    return [
        placed.face.canonical[i]
        for i in placed.face.rings
        if not board.feature_of(placed.nodes[i]).followers
    ]


def refuse(game: Game, seat: int, location: str) -> IllegalAction:
    """Why the abbot may not go on ``location`` now (A-1, A-3), with the
    code players read it by."""
    turn = game.turn
    assert turn is not None and turn.placed is not None
    placed = turn.placed
    x, y = placed.pos
    on_board = abbot_on_board(game, seat)
    if on_board is not None:
        bx, by = on_board[1].pos
        return IllegalAction(
            f"your abbot is on the board at {bx},{by}, not in your supply (A-1, A-4)",
            code="abbot_on_board",
            x=bx,
            y=by,
        )
    seg = placed.face.name_to_seg.get(location)
    if seg is None:
        names = ", ".join(placed.face.canonical)
        return IllegalAction(
            f"{shown(location)} is not a location on {placed.kind} at {x},{y}; "
            f"its locations are {names}",
            code="no_such_spot",
            x=x,
            y=y,
        )
    kind = placed.face.segments[seg].kind
    if kind not in SPOT_KINDS:
        return IllegalAction(
            f"the abbot goes only on a monastery or a garden, not a {kind} (A-3)",
            code="spot_not_for_abbot",
            feature=kind,
        )
    return IllegalAction(
        f"the {kind} at {location} already holds a follower (A-3)",
        code="feature_occupied",
        feature=kind,
    )


# --- A-4 taking the abbot back -------------------------------------------------------
def back_points(game: Game, seat: int) -> int | None:
    """A-4: what taking ``seat``'s abbot back would score now (B-8: 1 + 1 per
    tile around its monastery or garden), None while it is in supply."""
    found = abbot_on_board(game, seat)
    return None if found is None else value(game, found[0], False)[0]


def legal_back(game: Game, seat: int) -> list[Action]:
    d = game.pending
    if d is None or d.step != STEP_FOLLOWER or seat not in d.players:
        return []
    found = abbot_on_board(game, seat)
    if found is None or is_locked(found[0]):
        return []
    x, y = found[1].pos
    return [{"player": seat, "type": BACK, "x": x, "y": y}]


def validate_back(game: Game, action: AbbotBack) -> None:
    found = abbot_on_board(game, action.player)
    if found is None:
        raise IllegalAction(
            "your abbot is in your supply, not on the board (A-4)", code="abbot_in_supply"
        )
    feat, abbot = found
    if abbot.pos != (action.x, action.y):
        x, y = abbot.pos
        raise IllegalAction(
            f"your abbot stands at {x},{y}, not at {action.x},{action.y} (A-4)",
            code="abbot_not_there",
            x=action.x,
            y=action.y,
        )
    if is_locked(feat):
        raise IllegalAction(
            f"the {feat.kind} at {action.x},{action.y} is locked: its abbot stays until the "
            "game end (A-4, C-1)",
            code="feature_locked",
            feature=feat.kind,
        )


def run_back(game: Game, action: AbbotBack) -> Steps:
    """A-4: its owner alone scores the feature as at game end, then the abbot
    comes home; the feature stays open for the followers still on it."""
    found = abbot_on_board(game, action.player)
    assert found is not None
    feat, abbot = found
    points = back_points(game, action.player) or 0
    location = game.location(abbot)
    game.remove_follower(abbot)
    game.events.append(
        {
            "type": BACK,
            "player": action.player,
            "x": action.x,
            "y": action.y,
            "location": location,
            "feature": feat.kind,
            "points": points,
        }
    )
    game.award(
        action.player,
        points,
        {
            "feature": feat.kind,
            "reason": BACK_REASON,
            "tiles": game.board.ring_count(abbot.pos) + 1,
            "at": [action.x, action.y],
        },
    )
    yield from ()
