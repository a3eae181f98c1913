"""Autocomplete suggestions: only legal values, from the engine, for the
game the command means and the seat the user holds there (none otherwise).
Values are those of bot.present.values."""

from __future__ import annotations

from dataclasses import dataclass

from bot.present import choices as ch
from bot.present import values
from bot.services.access import Caller, find_game, visible
from bot.services.context import Context
from db.values import GameError, LoadedGame, SeatInfo

MAX_CHOICES = 25  # Discord's autocomplete limit


@dataclass(frozen=True, slots=True)
class Suggestion:
    name: str
    value: str


def _match(items: list[Suggestion], typed: str) -> list[Suggestion]:
    typed = (typed or "").strip().lower()
    hits = [s for s in items if typed in s.name.lower() or typed == s.value.lower()]
    return hits[:MAX_CHOICES]


class Suggestions:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def _seat_game(
        self, caller: Caller, game: int | None
    ) -> tuple[LoadedGame, SeatInfo] | None:
        """The game and the caller's seat, or None (no visible game, no seat)."""
        try:
            game_id = await find_game(self.ctx.store, caller, game)
            loaded = await visible(self.ctx.store, caller, game_id)
        except GameError:
            return None
        seat = loaded.info.seat_of(caller.user_id)
        return None if seat is None or loaded.game is None else (loaded, seat)

    async def _waiting_on(self, caller: Caller, game: int | None) -> LoadedGame | None:
        """The game if it is waiting for the caller's seat now, else None."""
        found = await self._seat_game(caller, game)
        if found is None:
            return None
        loaded, seat = found
        d = loaded.started.pending
        return loaded if d is not None and seat.index in d.players else None

    async def cells(self, caller: Caller, game: int | None, typed: str) -> list[Suggestion]:
        loaded = await self._waiting_on(caller, game)
        if loaded is None:
            return []
        words = caller.words
        items = [
            Suggestion(words("panel.cell_option", number=n, x=x, y=y), values.cell_value(x, y))
            for (x, y), n in ch.numbered_cells(loaded.started).items()
        ]
        return _match(items, typed)

    async def rotations(
        self, caller: Caller, game: int | None, cell: str | None, typed: str
    ) -> list[Suggestion]:
        found = await self._seat_game(caller, game)
        if found is None:
            return []
        try:
            x, y = values.parse_cell(cell or "")
        except GameError:
            return []
        words = caller.words
        rots = ch.rotations_at(found[0].started, x, y)
        items = [
            Suggestion(
                words("label.rotation", number=n, rotation=ch.rotation_words(r, words)), str(r)
            )
            for n, r in enumerate(rots, 1)
        ]
        return _match(items, typed.strip().lower().lstrip("r"))

    async def followers(self, caller: Caller, game: int | None, typed: str) -> list[Suggestion]:
        loaded = await self._waiting_on(caller, game)
        if loaded is None:
            return []
        items = [
            Suggestion(label, values.follower_value(loc))
            for loc, label in ch.follower_labels(loaded.started, caller.words)
        ]
        return _match(items, typed)

    async def actions(
        self, caller: Caller, game: int | None, command: str, typed: str
    ) -> list[Suggestion]:
        found = await self._seat_game(caller, game)
        if found is None:
            return []
        loaded, seat = found
        version = loaded.info.version
        items = [
            Suggestion(c.label, values.action_value(version, c.key))
            for c in ch.expansion_choices(loaded.started, seat.index, caller.words, command)
        ]
        return _match(items, typed)
