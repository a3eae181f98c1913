"""Who a game waits for, as one value: the turn, the step and the seats.
Comparing the key before and after a change tells what is new to announce."""

from __future__ import annotations

from typing import NamedTuple

from engine.game import Game


def turn_number(game: Game) -> int:
    """The turn being played (the last one once the game is over)."""
    return game.turns_played + 1 if not game.finished else game.turns_played


class WaitingKey(NamedTuple):
    turn: int
    step: str
    players: tuple[int, ...]

    @classmethod
    def of(cls, game: Game) -> WaitingKey | None:
        d = game.pending
        return None if d is None else cls(turn_number(game), d.step, d.players)

    def newly_asked(self, before: WaitingKey | None) -> list[int]:
        """Seats waited on now that were not already waited on ``before``
        (in the same turn and step)."""
        if before is None or (before.turn, before.step) != (self.turn, self.step):
            return list(self.players)
        return [p for p in self.players if p not in before.players]
