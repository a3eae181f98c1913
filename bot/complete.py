"""Autocomplete values for slash commands: only legal values, from the engine.

Values carry what the command needs back: a cell ``x,y``, a rotation, a
follower location (``none`` for no follower), or ``<version>:<index>`` of an
expansion action in ``game.legal_actions(seat)`` at that version.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import choices as ch
from bot.play import PlayService
from db.errors import StaleGame, StoreError
from db.service import LoadedGame, SeatInfo

MAX_CHOICES = 25  # Discord's autocomplete limit
NO_FOLLOWER = "none"


@dataclass(frozen=True, slots=True)
class Suggestion:
    name: str
    value: str


def _match(items: list[Suggestion], typed: str) -> list[Suggestion]:
    typed = (typed or "").strip().lower()
    hits = [s for s in items if typed in s.name.lower() or typed == s.value.lower()]
    return hits[:MAX_CHOICES]


async def _seat_game(
    play: PlayService, user_id: int, channel_id: int | None, game: int | None
) -> tuple[LoadedGame, SeatInfo | None]:
    gid = await play.game_for(user_id, channel_id, game)
    loaded = await play.store.load_game(gid)
    seat = loaded.info.seat_of(user_id)
    return loaded, seat


async def _waiting_on(
    play: PlayService, user_id: int, channel_id: int | None, game: int | None
) -> LoadedGame | None:
    """The game if it is waiting for this user's seat now, else None."""
    try:
        loaded, seat = await _seat_game(play, user_id, channel_id, game)
    except StoreError:
        return None
    d = loaded.game.pending
    if seat is None or d is None or seat.index not in d.players:
        return None
    return loaded


async def cells(
    play: PlayService, user_id: int, channel_id: int | None, game: int | None, typed: str
) -> list[Suggestion]:
    loaded = await _waiting_on(play, user_id, channel_id, game)
    if loaded is None:
        return []
    numbers = ch.numbered_cells(loaded.game)
    items = [Suggestion(f"{n}: {x},{y}", f"{x},{y}") for (x, y), n in numbers.items()]
    return _match(items, typed)


async def rotations(
    play: PlayService,
    user_id: int,
    channel_id: int | None,
    game: int | None,
    cell: str | None,
    typed: str,
) -> list[Suggestion]:
    try:
        loaded, seat = await _seat_game(play, user_id, channel_id, game)
        x, y = parse_cell(cell or "")
    except (StoreError, ValueError):
        return []
    if seat is None:
        return []
    rots = ch.rotations_at(loaded.game, x, y)
    return _match([Suggestion(f"r{r}", str(r)) for r in rots], typed.lstrip("r"))


async def followers(
    play: PlayService, user_id: int, channel_id: int | None, game: int | None, typed: str
) -> list[Suggestion]:
    loaded = await _waiting_on(play, user_id, channel_id, game)
    if loaded is None:
        return []
    items = [
        Suggestion(label, loc or NO_FOLLOWER) for loc, label in ch.follower_labels(loaded.game)
    ]
    return _match(items, typed)


async def actions(
    play: PlayService,
    user_id: int,
    channel_id: int | None,
    game: int | None,
    command: str,
    typed: str,
) -> list[Suggestion]:
    try:
        loaded, seat = await _seat_game(play, user_id, channel_id, game)
    except StoreError:
        return []
    if seat is None:
        return []
    version = loaded.info.version
    items = [
        Suggestion(c.label, f"{version}:{c.index}")
        for c in ch.expansion_choices(loaded.game, seat.index, command)
    ]
    return _match(items, typed)


def parse_cell(text: str) -> tuple[int, int]:
    """``x,y`` (optionally after ``n:``) into a cell; ValueError names the problem."""
    body = text.split(":", 1)[-1].strip()
    try:
        x, y = (int(v) for v in body.split(","))
    except ValueError:
        raise ValueError(f"write the cell as x,y (e.g. 1,0), not {text!r}") from None
    return x, y


def parse_action_value(text: str) -> tuple[int, int]:
    """``version:index`` from an autocomplete choice."""
    try:
        version, index = (int(v) for v in text.split(":"))
    except ValueError:
        raise StaleGame("pick one of the offered choices (start typing to see them)") from None
    return version, index
