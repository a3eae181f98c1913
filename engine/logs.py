"""The game's logs in their own compact form, read as record dicts: the
base of :class:`ActionLog` (here) and ``engine.events.EventLog``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

from engine.actions import GameAction
from engine.phases import Action

_S = TypeVar("_S")


class RecordLog(Sequence[dict[str, Any]], Generic[_S]):
    """A log of the game kept in its own form (typed, compact) and read as
    record dicts: ActionLog here, engine.events.EventLog."""

    __slots__ = ("_items",)

    def __init__(self) -> None:
        self._items: list[_S] = []

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

    __slots__ = ("append",)

    def __init__(self) -> None:
        super().__init__()
        # The list's own append: one C call per action applied.
        self.append: Callable[[GameAction], None] = self._items.append

    def typed(self) -> tuple[GameAction, ...]:
        return tuple(self._items)

    def _read(self, items: list[GameAction]) -> list[Action]:
        return [a.to_record() for a in items]
