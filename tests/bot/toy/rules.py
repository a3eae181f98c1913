"""Bells (a toy expansion for tests): each player has two bells. Before
placing, the active player may ring one (1 point); after placing a tile in a
turn they rang, they choose to echo once or twice (1 point per echo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.phases import (
    AFTER_PLACE,
    PRIVATE_VIEW,
    PUBLIC_VIEW,
    STEP_PLACE,
    Action,
    ActionSpec,
    Decision,
    IllegalAction,
    Steps,
)

if TYPE_CHECKING:
    from engine.board import PlaceResult
    from engine.game import Game

NAME = "toy"
RING = "ring-bell"
ECHO = "echo"
STEP_ECHO = "toy-echo"
RUNG = "toy.rung"  # Turn.data: a bell rang this turn
BELLS = 2


def install(game: Game) -> None:
    game.ext[NAME] = [BELLS] * len(game.players)
    game.hooks.on(AFTER_PLACE, _after_place)
    game.hooks.on(PUBLIC_VIEW, _public_view)
    game.hooks.on(PRIVATE_VIEW, _private_view)
    game.hooks.add_action(
        ActionSpec(RING, frozenset({STEP_PLACE}), _legal_ring, _check_ring, _ring)
    )
    game.hooks.add_action(ActionSpec(ECHO, frozenset({STEP_ECHO}), _legal_echo, _check_echo, _none))


def _legal_ring(game: Game, player: int) -> list[Action]:
    turn = game.turn
    if turn is None or turn.player != player or turn.data.get(RUNG) or not game.ext[NAME][player]:
        return []
    return [{"player": player, "type": RING}]


def _check_ring(game: Game, action: Action) -> None:
    if action not in _legal_ring(game, action["player"]):
        raise IllegalAction("no bell to ring now")


def _ring(game: Game, action: Action) -> Steps:
    player = action["player"]
    game.ext[NAME][player] -= 1
    assert game.turn is not None
    game.turn.data[RUNG] = True
    game.events.append({"type": "bell-rung", "player": player})
    game.award(player, 1, {"reason": "bell"})
    return
    yield


def _legal_echo(game: Game, player: int) -> list[Action]:
    d = game.pending
    if d is None or d.step != STEP_ECHO or player not in d.players:
        return []
    return [{"player": player, "type": ECHO, "times": n} for n in (1, 2)]


def _check_echo(game: Game, action: Action) -> None:
    if action not in _legal_echo(game, action["player"]):
        raise IllegalAction("echo once or twice")


def _none(game: Game, action: Action) -> Steps:
    return
    yield


def _after_place(game: Game, result: PlaceResult) -> Steps:
    turn = game.turn
    if turn is None or not turn.data.get(RUNG):
        return
    player = turn.player
    x, y = result.placed.pos
    action = yield from game.decide(
        lambda: Decision(STEP_ECHO, (player,), player, (ECHO,), {"x": x, "y": y})
    )
    game.award(player, int(action["times"]), {"reason": "echo"})


def _public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, object]) -> None:
    counts["bells"] = tuple(game.ext[NAME])


def _private_view(game: Game, player: int, hidden: dict[str, object]) -> None:
    hidden["bells"] = game.ext[NAME][player]
