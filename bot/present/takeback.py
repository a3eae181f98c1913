"""Which of a seat's actions it may take back (the panel's Undo button and
/undo): its own choices in its current turn, with any AI answers after
them, never across the undo floor (a tile drawn or anything hidden revealed)."""

from __future__ import annotations

from engine.game import Game


def undo_target(game: Game, seat: int, ai_seats: set[int]) -> int | None:
    """Log length to keep when ``seat`` undoes: its last action and any AI
    actions after it, provided all of them come after the undo floor."""
    if game.pending is None or game.pending.active != seat:
        return None
    actions = game.actions.typed()
    for i in range(len(actions) - 1, -1, -1):
        if i < game.undo_floor:
            return None
        who = actions[i].player
        if who == seat:
            return i
        if who not in ai_seats:
            return None
    return None


def can_undo(game: Game, seat: int, ai_seats: set[int]) -> bool:
    return undo_target(game, seat, ai_seats) is not None
