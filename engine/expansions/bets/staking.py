"""Step 4 of a bookmaker turn: placing bets (T-2, T-3).

Every player with a chip in supply answers ``stake`` or ``stake_pass`` in any
order (one decision lists every seat still to answer). **Ruling (T-2):** a
player with no chip in supply is not asked; when nobody has one the step is
skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import shown
from engine.board import Pos
from engine.expansions.bet_chips import FACES
from engine.expansions.bets.actions import PASS, STAKE, Stake, StakePass
from engine.expansions.bets.state import (
    STEP_STAKE,
    BetsState,
    StakedChip,
    features_on,
    state,
)
from engine.frozen import FrozenDict
from engine.phases import Action, IllegalAction, Steps, new_decision

if TYPE_CHECKING:
    from engine.game import Game


def _skip_reason(game: Game, pos: Pos) -> str | None:
    st = state(game)
    if not game.tiles_left():
        return "the bookmaker tile was the last tile of the game (T-2)"
    if all(game.board.is_complete(feat) for _, feat in features_on(game, pos)):
        return "all roads and cities on the bookmaker tile are complete (T-2)"
    if not any(st.supply):
        return "no player has a chip in supply (T-2)"
    return None


def stake_step(game: Game) -> Steps:
    """Step 4 of a turn that placed an office (the after_scoring hook checks)."""
    turn = game.turn
    assert turn is not None and turn.placed is not None
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
    # only return base-type answers). Every question of the step has the same
    # details, made unchangeable once.
    info = FrozenDict(x=pos[0], y=pos[1], tile=turn.placed.kind)
    while st.waiting:
        action = yield new_decision(STEP_STAKE, tuple(st.waiting), active, (), info)
        yield from game.hooks.actions[action.TYPE].run(game, action)
    st.office = None
    game.events.append(
        {"type": "bets_closed", "x": pos[0], "y": pos[1], "chips": len(st.stacks[pos])}
    )


def legal_stake(game: Game, player: int) -> list[Action]:
    st = state(game)
    if player not in st.waiting:
        return []
    return [{"player": player, "type": STAKE, "chip": face} for face in st.supply[player]]


def legal_pass(game: Game, player: int) -> list[Action]:
    return [{"player": player, "type": PASS}] if player in state(game).waiting else []


def _check_waiting(game: Game, player: int) -> BetsState:
    st = state(game)
    if st.office is None or player not in st.waiting:
        raise IllegalAction(
            "you have already staked or passed on this betting office (T-2)",
            code="already_answered",
        )
    return st


def validate_stake(game: Game, action: Stake) -> None:
    st = _check_waiting(game, action.player)
    if action.chip not in FACES:
        raise IllegalAction(
            f"'chip' must be one of the chip faces {', '.join(FACES)}, "
            f"not {shown(action.chip)} (T-7)",
            code="malformed",
        )
    if action.chip not in st.supply[action.player]:
        # T-3: do not say where the chip is; the private view lists the supply.
        raise IllegalAction(
            "that chip is not in your supply; you may stake only a chip from your "
            "own supply (your private view lists them) (T-2)",
            code="chip_not_in_supply",
        )


def validate_pass(game: Game, action: StakePass) -> None:
    _check_waiting(game, action.player)


def run_stake(game: Game, action: Stake) -> Steps:
    st = state(game)
    player, office = action.player, st.office
    assert office is not None
    st.supply[player].remove(action.chip)
    st.stacks[office].append(StakedChip(player, action.chip))
    st.waiting.remove(player)
    # T-3: the event names the seat, never the face.
    game.events.append({"type": "stake", "player": player, "x": office[0], "y": office[1]})
    yield from ()


def run_pass(game: Game, action: StakePass) -> Steps:
    st = state(game)
    office = st.office
    assert office is not None
    st.waiting.remove(action.player)
    game.events.append(
        {"type": "stake_pass", "player": action.player, "x": office[0], "y": office[1]}
    )
    yield from ()
