"""The game's event log: record dicts in and out, compact inside.

``game.events`` reads as a list of plain event dicts (``{"type": ...}``).
Dicts appended (scores, expansions' events) are kept and read as given. The
base game's frequent events (a tile drawn, placed, a follower put down: most
of a game's log) are kept as small tuples and become fresh dicts when read,
so a cached game holds a fraction of the memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from engine.phases import Event

# A compact event: (its decoder, field values...).
_Compact = tuple[Any, ...]


def _draw(t: _Compact) -> Event:
    return {"type": "draw", "player": t[1], "tile": t[2]}


def _place(t: _Compact) -> Event:
    return {"type": "place", "player": t[1], "tile": t[2], "x": t[3], "y": t[4], "rotation": t[5]}


def _follower(t: _Compact) -> Event:
    return {
        "type": "follower",
        "player": t[1],
        "x": t[2],
        "y": t[3],
        "location": t[4],
        "feature": t[5],
    }


def _read(item: Event | _Compact) -> Event:
    if type(item) is tuple:
        decode: Callable[[_Compact], Event] = item[0]
        return decode(item)
    assert isinstance(item, dict)
    return item


class EventLog(Sequence[Event]):
    """The events of a game, in order."""

    __slots__ = ("_items",)

    def __init__(self) -> None:
        self._items: list[Event | _Compact] = []

    def append(self, event: Event) -> None:
        self._items.append(event)

    # The base game's own events (B-3..B-5), stored compact.
    def drawn(self, player: int, tile: str) -> None:
        self._items.append((_draw, player, tile))

    def placed(self, player: int, tile: str, x: int, y: int, rotation: int) -> None:
        self._items.append((_place, player, tile, x, y, rotation))

    def follower(self, player: int, x: int, y: int, location: str, feature: str) -> None:
        self._items.append((_follower, player, x, y, location, feature))

    def since(self, mark: int) -> list[Event]:
        """The events from index ``mark`` on (what one action caused)."""
        return [e[0](e) if type(e) is tuple else e for e in self._items[mark:]]  # type: ignore[misc]

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return self._read(self._items[index])
        return _read(self._items[index])

    def __iter__(self) -> Iterator[Event]:
        return iter(self._read(self._items))

    @staticmethod
    def _read(items: list[Event | _Compact]) -> list[Event]:
        return [e[0](e) if type(e) is tuple else e for e in items]  # type: ignore[misc]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))
