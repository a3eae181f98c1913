"""Errors of the game store, typed so that the bot can answer each one plainly.

Messages are shown to players as they are, so they never carry hidden
information (hands, gifts, staked chips): the engine's IllegalAction texts are
already safe and are the only engine text passed on.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base class: anything the store refuses, with a message fit for players."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFound(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game #{game_id}")
        self.game_id = game_id


class GameNotStarted(StoreError):
    """The game is still in its lobby (actions need an active game)."""


class GameNotInLobby(StoreError):
    """Seats change and games start only in the lobby."""


class GameFinished(StoreError):
    """The game is over (finished or abandoned): nothing more can be played."""


class NotYourTurn(StoreError):
    """The user (or seat) may not act now: not seated, or another seat must act."""


class SeatError(StoreError):
    """A seat request that cannot be met (full table, taken seat, no such seat)."""


class StaleGame(StoreError):
    """Another process changed the game between loading and saving."""

    def __init__(self, message: str = "the game changed, try again") -> None:
        super().__init__(message)


class ActionRejected(StoreError):
    """The engine refused the action; ``reason`` is its (safe) explanation and
    ``index`` the log index the action would have taken."""

    def __init__(self, reason: str, index: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.index = index


class InvalidSetup(StoreError):
    """A game cannot be created or started as asked (expansions, players, options)."""


class CorruptGame(StoreError):
    """The stored log does not replay: a bug or a hand-edited database."""
