"""Faster construction of frozen slots dataclasses, for the engine's hot path.

A frozen dataclass's ``__init__`` stores each field with ``object.__setattr__``
(its own ``__setattr__`` refuses), which makes a placement's ``Placed`` and
every turn's two ``Decision`` objects several times dearer to build than the
plain slot stores of an unfrozen class. :func:`frozen_builder` fills an
unfrozen twin with the same fields, then relabels the object as the frozen
class: CPython allows ``__class__`` assignment between classes of the same
slot layout. The result is an ordinary instance of the frozen class (frozen,
equal, same repr); only its construction is cheaper.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")


def frozen_builder(cls: type[T]) -> Callable[..., T]:
    """A constructor taking ``cls``'s fields positionally, as ``cls`` does.
    ``cls``: a frozen slots dataclass deriving from object only (the twin's
    layout must be the same)."""
    if cls.__bases__ != (object,) or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__}: a slots dataclass deriving from object only")
    specs: list[tuple[str, Any, Any]] = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        default: dict[str, Any] = {}
        if f.default is not dataclasses.MISSING:
            default["default"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            default["default_factory"] = f.default_factory
        specs.append((f.name, f.type, dataclasses.field(**default)))
    twin = dataclasses.make_dataclass(f"_{cls.__name__}", specs, slots=True, eq=False, repr=False)

    def build(*args: Any) -> T:
        obj = twin(*args)
        obj.__class__ = cls
        return cast(T, obj)

    return build
