"""A seat: what it may use to decide (SeatView), and an AI seat's level and seed.

A policy (an AI level, engine.ai) receives a :class:`SeatView` and nothing
else, so that "the AI does not peek" is a property of what it is given: the
pending decision, the seat's legal actions, the public view, the seat's
private view (with what it remembers of its own actions, such as the chips it
staked), the public record, and :meth:`SeatView.determinized`, a whole game
in which everything hidden from the seat was drawn again from the policy's own
random stream. A policy that needs a game to look ahead in uses that one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import is_int
from engine.phases import Action, Decision, only_answer
from engine.views import PrivateView, PublicView, private_view, public_view

if TYPE_CHECKING:
    from engine.game import Game

SEED_LIMIT = 2**63  # an AI seed is a JSON integer below this


@dataclass(frozen=True, slots=True)
class AiSeat:
    """An AI seat of a game: its level (engine.ai.LEVELS) and its own seed.
    The seed is drawn for the seat when it is made, independent of the game
    seed (which is the key to every hidden order); the record stores it, so a
    game replays its AI's choices exactly."""

    level: str
    seed: int

    def to_record(self) -> dict[str, Any]:
        return {"level": self.level, "seed": self.seed}


def check_ai_seats(seats: dict[int, AiSeat], players: int) -> dict[int, AiSeat]:
    """The AI seats of a game, checked (ValueError says what is wrong)."""
    out = {}
    for seat, ai in seats.items():
        if not is_int(seat) or not 0 <= seat < players:
            raise ValueError(f"AI seat {seat!r} is not a seat of this game (0 to {players - 1})")
        if not isinstance(ai, AiSeat) or not isinstance(ai.level, str) or not ai.level:
            raise ValueError(f"AI seat {seat} needs a level name")
        if not is_int(ai.seed) or not 0 <= ai.seed < SEED_LIMIT:
            raise ValueError(f"AI seat {seat} needs an integer seed from 0 to 2**63 - 1")
        out[int(seat)] = ai
    return out


def ai_seats_from_record(data: object, players: int) -> dict[int, AiSeat]:
    """The record's ``ai`` object ({"<seat>": {"level", "seed"}}) as AI seats."""
    if not isinstance(data, dict):
        raise ValueError("'ai' must map seats to {'level', 'seed'} objects")
    seats = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key.isdigit()):
            raise ValueError(f"'ai' keys are seat numbers, not {key!r}")
        if not isinstance(value, dict) or set(value) != {"level", "seed"}:
            raise ValueError(f"'ai' seat {key} must be an object with 'level' and 'seed'")
        seats[int(key)] = AiSeat(value["level"], value["seed"])
    return check_ai_seats(seats, players)


class SeatView:
    """Everything one seat may use to decide, and nothing more."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        if not 0 <= seat < len(game.players):
            raise ValueError(f"seat {seat} is not a seat of this game")
        self._game = game
        self.seat = seat

    @property
    def decision(self) -> Decision | None:
        """The pending decision (public: who is asked what), or None at the end."""
        return self._game.pending

    @property
    def players(self) -> int:
        return len(self._game.players)

    @property
    def actions_taken(self) -> int:
        """How many actions the game has taken (public)."""
        return len(self._game.actions)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now (its own hand decides some)."""
        return self._game.legal_actions(self.seat)

    def only_answer(self) -> Action | None:
        return only_answer(self._game, self.seat)

    def public_view(self) -> PublicView:
        return public_view(self._game)

    def private_view(self) -> PrivateView:
        """The seat's private view, with what it remembers of its own actions
        (``remembered`` hook: e.g. the faces of the chips it staked)."""
        view = private_view(self._game, self.seat)
        self._game.hooks.remembered(self._game, self.seat, view.hidden)
        return view

    def public_record(self) -> dict[str, Any]:
        """The record as this seat knows it: no seed, no fixed decks, no AI
        seeds, and the hidden fields of the other seats' actions left out."""
        game = self._game
        return {
            "players": list(game.players),
            "expansions": list(game.expansions),
            "actions": [a.seen_by(self.seat) for a in game.actions.typed()],
        }

    def determinized(self, rng: random.Random) -> Game:
        """A copy of the game in which everything hidden from this seat is
        drawn again from ``rng`` (Game.determinized); the same ``rng`` state
        gives the same game whatever the hidden state really is."""
        return self._game.determinized(self.seat, rng)
