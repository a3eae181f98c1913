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
from typing import Any, TypeVar

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
