"""The game's event log: record dicts in and out, compact inside.

``game.events`` reads as a list of event dicts (``{"type": ...}``).
Dicts appended (expansions' events, scores with their fields) are kept unchangeable
(engine.frozen.FrozenDict: editing one could not change the game). The
base game's frequent events (a tile drawn, placed, a follower put down, a
feature's score without an expansion's fields: most of a game's log) are kept
as small tuples and become fresh dicts when read, so a cached game holds a
fraction of the memory.
"""

from __future__ import annotations

from typing import Any

from engine.frozen import freeze
from engine.logs import RecordLog
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


def _score(t: _Compact) -> Event:
    return {
        "type": "score",
        "player": t[1],
        "points": t[2],
        "feature": t[3],
        "reason": t[4],
        "tiles": t[5],
        "pennants": t[6],
        "cities": t[7],
        "at": [t[8], t[9]],
    }


class EventLog(RecordLog[Event | _Compact]):
    """The events of a game, in order."""

    __slots__ = ("_private",)

    def __init__(self) -> None:
        super().__init__()
        # Indexes of the events addressed to one seat ("private"): what a
        # seat's copy leaves out, found without reading every event.
        self._private: list[int] = []

    def append(self, event: Event) -> None:
        if "private" in event:
            self._private.append(len(self._items))
        self._items.append(freeze(event))

    # The base game's own events (B-3..B-5), stored compact.
    def drawn(self, player: int, tile: str) -> None:
        self._items.append((_draw, player, tile))

    def placed(self, player: int, tile: str, x: int, y: int, rotation: int) -> None:
        self._items.append((_place, player, tile, x, y, rotation))

    def follower(self, player: int, x: int, y: int, location: str, feature: str) -> None:
        self._items.append((_follower, player, x, y, location, feature))

    def scored(
        self,
        player: int,
        points: int,
        feature: str,
        reason: str,
        tiles: int,
        pennants: int,
        cities: int,
        at: tuple[int, int],
    ) -> None:
        """A feature's score event without an expansion's fields (engine.scoring.pay)."""
        self._items.append((_score, player, points, feature, reason, tiles, pennants, cities, *at))

    def copy(self, seat: int | None = None) -> EventLog:
        """An independent log of the same events (the dicts are shared: events
        are never changed once logged); with ``seat``, without the events
        addressed privately to any other seat."""
        out = EventLog()
        items = self._items
        kept = out._items
        if seat is None:
            kept += items
            out._private = self._private.copy()
            return out
        start = 0
        for i in self._private:
            event = items[i]
            assert isinstance(event, dict)  # private events are dicts (append)
            if event["private"] != seat:  # another seat's: left out
                kept += items[start:i]
                start = i + 1
            else:
                out._private.append(len(kept) + i - start)  # its index in the copy
        kept += items[start:]
        return out

    def since(self, mark: int) -> list[Event]:
        """The events from index ``mark`` on (what one action caused)."""
        items = self._items
        if len(items) == mark + 1:  # one event: most actions of the base game
            e = items[mark]
            return [e[0](e) if type(e) is tuple else e]  # type: ignore[list-item]
        return self._read(items[mark:])

    def _read(self, items: list[Event | _Compact]) -> list[Event]:
        return [e[0](e) if type(e) is tuple else e for e in items]  # type: ignore[misc]
