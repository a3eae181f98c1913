"""The Bets (docs/rules/bets.md T-1..T-8): bookmaker tiles, staking chips, settlement.

The 10 bookmaker tiles are this package's table (:mod:`.tiles`, T-8),
registered with the tile catalogue by its Plugin and shuffled into the land
tiles (``stock``). The chips are the table in
:mod:`engine.expansions.bet_chips` (T-7). This package adds, through hook
points and action types only:

* ``after_place``: remember each placed betting office (T-1);
* ``after_scoring``: settle chips on the completed roads and cities it is
  given (T-4, :mod:`.settlement`), then step 4 of a bookmaker turn (T-2,
  :mod:`.staking`); registered with the first office placed;
* ``before_final``: final settlement (T-5);
* ``public_view`` / ``private_view`` (:mod:`.view`).

Secrecy (T-3): chip faces live only in ``game.ext["bets"]``; events and views
carry seats, never faces, until a chip is flipped. The ``stake`` action in the
game record names the face (the record is an administrative artefact, never
shown to players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import PlaceResult
from engine.expansions.bet_chips import FACES
from engine.expansions.bets import settlement, staking, view
from engine.expansions.bets.actions import CHOOSE, PASS, STAKE, SettleFeature, Stake, StakePass
from engine.expansions.bets.state import (
    BET_KINDS,
    BET_REASON,
    NAME,
    STEP_FINAL,
    STEP_SETTLE,
    STEP_STAKE,
    BetsState,
    StakedChip,
    features_on,
    staked,
    state,
)
from engine.expansions.bets.tiles import BOOKMAKER_KINDS, is_bookmaker, stock
from engine.phases import ActionSpec, Steps
from engine.scoring import FeatureScore

if TYPE_CHECKING:
    from engine.game import Game

ACTIONS = (Stake, StakePass, SettleFeature)

__all__ = [
    "ACTIONS",
    "BET_KINDS",
    "BET_REASON",
    "BOOKMAKER_KINDS",
    "CHOOSE",
    "NAME",
    "PASS",
    "STAKE",
    "STEP_FINAL",
    "STEP_SETTLE",
    "STEP_STAKE",
    "BetsState",
    "StakedChip",
    "features_on",
    "install",
    "is_bookmaker",
    "staked",
    "state",
    "stock",
]


def install(game: Game) -> None:
    game.ext[NAME] = BetsState(supply=[list(FACES) for _ in game.players])
    h = game.hooks
    h.after_place.add(_after_place)
    h.before_final.add(settlement.settle_final)
    h.public_view.add(view.public_view)
    h.private_view.add(view.private_view)
    h.remembered.add(view.remembered)
    h.redraw.add(view.redraw)
    h.add_action(
        ActionSpec(
            Stake,
            frozenset({STEP_STAKE}),
            staking.legal_stake,
            staking.validate_stake,
            staking.run_stake,
        )
    )
    h.add_action(
        ActionSpec(
            StakePass,
            frozenset({STEP_STAKE}),
            staking.legal_pass,
            staking.validate_pass,
            staking.run_pass,
        )
    )
    h.add_action(
        ActionSpec(
            SettleFeature,
            frozenset({STEP_SETTLE, STEP_FINAL}),
            settlement.legal_choose,
            settlement.validate_choose,
            settlement.run_choose,
        )
    )


def _after_place(game: Game, result: PlaceResult) -> Steps:
    """Remember every placed office (T-1) so views and settlement find them."""
    pos = result.placed.pos
    if is_bookmaker(result.placed.kind):
        st = state(game)
        st.offices.append(pos)
        st.stacks[pos] = []
        # Nothing is staked or settled before the first office (T-2, T-4):
        # the scoring hook comes with it, so that the turns before run no
        # completion scoring step when nothing completes. The registry is
        # shared with forks, where these hooks find nothing to do until an
        # office is placed there too.
        hooks = game.hooks
        if _after_scoring not in hooks.after_scoring.fns:
            hooks.after_scoring.add(_after_scoring)
    yield from ()


def _after_scoring(game: Game, scores: list[FeatureScore]) -> Steps:
    # Every turn passes here; most have no chip to settle and no office placed.
    if scores and (scored := settlement.staked_scores(game, scores)):
        yield from settlement.settle_completed(game, scored)
    turn = game.turn
    if turn is not None and turn.placed is not None and is_bookmaker(turn.placed.kind):
        yield from staking.stake_step(game)
