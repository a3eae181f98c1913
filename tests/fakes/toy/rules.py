"""Bells (a toy expansion for tests): each player has two bells. Before
placing, the active player may ring one (1 point); after placing a tile in a
turn they rang, they choose to echo once or twice (1 point per echo).

Written to the engine's plug-in contract (engine.plugins): typed actions, an
``install`` that registers hooks and action types, a :data:`PLUGIN`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import GameAction
from engine.phases import STEP_PLACE, Action, ActionSpec, Decision, IllegalAction, Steps
from engine.plugins import Plugin

if TYPE_CHECKING:
    from engine.board import PlaceResult
    from engine.game import Game

NAME = "toy"
STEP_ECHO = "toy-echo"
RUNG = "toy.rung"  # Turn.data: a bell rang this turn
BELLS = 2


@dataclass(frozen=True, slots=True)
class Ring(GameAction):
    TYPE: ClassVar[str] = "ring-bell"
    EXPANSION: ClassVar[str | None] = NAME


@dataclass(frozen=True, slots=True)
class Echo(GameAction):
    TYPE: ClassVar[str] = "echo"
    EXPANSION: ClassVar[str | None] = NAME

    times: int


RING, ECHO = Ring.TYPE, Echo.TYPE


def install(game: Game) -> None:
    game.ext[NAME] = [BELLS] * len(game.players)
    game.hooks.after_place.add(_after_place)
    game.hooks.public_view.add(_public_view)
    game.hooks.private_view.add(_private_view)
    game.hooks.add_action(
        ActionSpec(Ring, frozenset({STEP_PLACE}), _legal_ring, _check_ring, _ring)
    )
    game.hooks.add_action(ActionSpec(Echo, frozenset({STEP_ECHO}), _legal_echo, _check_echo, _none))


PLUGIN = Plugin(NAME, install, (Ring, Echo))


def _legal_ring(game: Game, player: int) -> list[Action]:
    turn = game.turn
    if turn is None or turn.player != player or turn.data.get(RUNG) or not game.ext[NAME][player]:
        return []
    return [{"player": player, "type": RING}]


def _check_ring(game: Game, action: Ring) -> None:
    if not _legal_ring(game, action.player):
        raise IllegalAction("no bell to ring now")


def _ring(game: Game, action: Ring) -> Steps:
    game.ext[NAME][action.player] -= 1
    assert game.turn is not None
    game.turn.data[RUNG] = True
    game.events.append({"type": "bell-rung", "player": action.player})
    game.award(action.player, 1, {"reason": "bell"})
    yield from ()


def _legal_echo(game: Game, player: int) -> list[Action]:
    d = game.pending
    if d is None or d.step != STEP_ECHO or player not in d.players:
        return []
    return [{"player": player, "type": ECHO, "times": n} for n in (1, 2)]


def _check_echo(game: Game, action: Echo) -> None:
    if action.times not in (1, 2):
        raise IllegalAction("echo once or twice")


def _none(game: Game, action: Echo) -> Steps:
    yield from ()


def _after_place(game: Game, result: PlaceResult) -> Steps:
    turn = game.turn
    if turn is None or not turn.data.get(RUNG):
        return
    player = turn.player
    x, y = result.placed.pos
    action = yield from game.decide(
        lambda: Decision(STEP_ECHO, (player,), player, (ECHO,), {"x": x, "y": y})
    )
    assert isinstance(action, Echo)
    game.award(player, action.times, {"reason": "echo"})


def _public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    counts["bells"] = tuple(game.ext[NAME])


def _private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    hidden["bells"] = game.ext[NAME][player]
