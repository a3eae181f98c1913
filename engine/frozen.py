"""Faster construction of frozen slots dataclasses, for the engine's hot path.

A frozen dataclass's ``__init__`` stores each field through a call of
``object.__setattr__`` (its own ``__setattr__`` refuses), which makes every
placement's ``Placed`` and ``Place`` and every turn's ``Decision`` objects
about twice as dear to build as they need be. :func:`frozen_builder` makes a
constructor that stores the fields through the class's slot descriptors
directly, written out for the class's fields like the dataclass's own
``__init__``. The result is an ordinary instance (frozen, equal, same repr);
only its construction is cheaper.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")


def frozen_builder(cls: type[T]) -> Callable[..., T]:
    """A constructor of the frozen slots dataclass ``cls`` taking every field
    positionally, in order (defaults are not applied)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if not all(isinstance(getattr(cls, n, None), MemberDescriptorType) for n in names):
        raise TypeError(f"{cls.__name__} is not a slots dataclass")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    scope.update({f"_set_{n}": getattr(cls, n).__set__ for n in names})
    stores = "".join(f"    _set_{n}(obj, {n})\n" for n in names)
    exec(f"def build({', '.join(names)}):\n    obj = _new(_cls)\n{stores}    return obj\n", scope)
    build: Callable[..., T] = scope["build"]
    return build


# --- values that refuse changes -------------------------------------------------------
def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(
        f"a {type(self).__name__} of the game cannot be changed; copy it first "
        "(dict(value) or list(value))"
    )


class _Unchangeable:
    """Copying, pickling and deep-copying of an unchangeable container."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        plain = dict(self) if isinstance(self, dict) else list(self)  # type: ignore[call-overload]
        return (type(self), (plain,))

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


class FrozenDict(_Unchangeable, dict[str, Any]):
    """A dict that refuses changes: what the game hands out of its own state
    (events, a decision's ``info``, the nested parts of legal actions). It
    reads, compares and serialises (json) as the dict it is; ``dict(d)`` or
    ``{**d}`` is a changeable copy."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse


class FrozenList(_Unchangeable, list[Any]):
    """A list that refuses changes (see :class:`FrozenDict`); ``list(v)`` copies."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


_CONTAINERS = frozenset({dict, list, tuple, set})  # what freeze() looks inside


def freeze(value: Any) -> Any:
    """``value`` with every dict, list and set in it made unchangeable
    (FrozenDict, FrozenList, frozenset); anything else as it is."""
    kind = type(value)
    # Only containers go through freeze again: anything else would come back
    # as it is, and a call per number or string of every logged score event
    # costs more than the test.
    if kind is dict:
        for v in value.values():
            if type(v) in _CONTAINERS:
                return FrozenDict(
                    {k: freeze(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
                )
        return FrozenDict(value)  # flat (most events): nothing inside to freeze
    if kind is list:
        return FrozenList([freeze(v) if type(v) in _CONTAINERS else v for v in value])
    if kind is tuple:
        return tuple(freeze(v) if type(v) in _CONTAINERS else v for v in value)
    if kind is set:
        return frozenset(value)
    return value


_NESTED = (dict, list, set)


def frozen_parts(record: dict[str, Any]) -> dict[str, Any]:
    """A fresh dict (a listed action) whose nested values are unchangeable:
    they may be parts of the game's own state (a question's options)."""
    for v in record.values():
        if type(v) in _NESTED:
            return {k: freeze(v) for k, v in record.items()}
    return record
