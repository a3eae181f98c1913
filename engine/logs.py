"""The game's action log: typed, immutable actions kept as given and read as
record dicts (``game.actions``); :class:`RecordLog` is the form it shares with
the event log (engine.events)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

from engine.actions import GameAction
from engine.phases import Action

_S = TypeVar("_S")


class RecordLog(Sequence[dict[str, Any]], Generic[_S]):
    """A log of the game kept in its own form (typed, compact) and read as
    record dicts: ActionLog here, engine.events.EventLog."""

    __slots__ = ("_items", "size")

    def __init__(self) -> None:
        self._items: list[_S] = []  # filled in place, never replaced (size)
        # len(log) as the list's own __len__: one C call, where len() calls
        # __len__ below (the game marks where each action begins).
        self.size: Callable[[], int] = self._items.__len__

    def _read(self, items: list[_S]) -> list[dict[str, Any]]:
        """The record dicts of stored items (each subclass has its form)."""
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return self._read(self._items[index])
        return self._read([self._items[index]])[0]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._read(self._items))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RecordLog | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


class ActionLog(RecordLog[GameAction]):
    """The actions a game applied, stored typed (immutable). Reading one gives
    its record dict, a fresh copy: a caller changing it changes nothing here."""

    __slots__ = ("_hidden", "_scanned", "append")

    def __init__(self) -> None:
        super().__init__()
        # The list's own append: one C call per action applied.
        self.append: Callable[[GameAction], None] = self._items.append
        # Indexes of the actions with hidden fields (GameAction.HIDDEN) among
        # the first _scanned, found when copying and handed to the copy: a
        # seat's copy (every determinization) then redacts those few
        # instead of reading every action. The log only grows.
        self._hidden: tuple[int, ...] = ()
        self._scanned = 0

    def typed(self) -> tuple[GameAction, ...]:
        return tuple(self._items)

    def copy(self, seat: int | None = None) -> ActionLog:
        """An independent log of the same actions; with ``seat``, as that seat
        knows them (GameAction.redacted)."""
        items = self._items
        if self._scanned < len(items):
            start = self._scanned
            found = [i for i, a in enumerate(items[start:], start) if a.HIDDEN]
            if found:
                self._hidden += tuple(found)
            self._scanned = len(items)
        out = ActionLog()
        mine = out._items
        mine.extend(items)
        out._hidden, out._scanned = self._hidden, self._scanned
        if seat is not None:
            for i in self._hidden:
                a = mine[i]
                if a.player != seat:
                    mine[i] = _redacted(a, seat)
        return out

    def _read(self, items: list[GameAction]) -> list[Action]:
        return [a.to_record() for a in items]


# Redacted actions by (id(action), seat), each entry holding its action (so
# the id stays its own while the entry lives): every determinization redacts
# the log's hidden actions again, and an action's hash reads all its fields.
# Emptied when full.
_REDACTED: dict[tuple[int, int], tuple[GameAction, GameAction]] = {}


def _redacted(action: GameAction, seat: int) -> GameAction:
    kept = _REDACTED.get((id(action), seat))
    if kept is None or kept[0] is not action:
        if len(_REDACTED) >= 4096:
            _REDACTED.clear()
        kept = _REDACTED[id(action), seat] = (action, action.redacted(seat))
    return kept[1]
