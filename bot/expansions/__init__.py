"""Expansion adapters: one per expansion, registered by engine name.

The base game and the bot never name an expansion: they ask the registry
for the adapters of a game, of a typed action or of a decision step. The
adapter of expansion ``X`` lives in ``bot.expansions.X`` and registers
itself on import. The bot offers (lobby, ``/rules``, "all expansions") the
engine's expansions that have an adapter; a game with one that has none
(a record naming it) is shown generically (its actions under ``/act``).
Adding an expansion adds its engine module and its adapter module (and, to
draw it, its renders module, found by its name), nothing else.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from bot.expansions.adapter import Adapter, CardText, CommandSpec, RulesBook
from bot.text import add_messages
from engine.actions import GameAction
from engine.expansions import PLUGINS, known_expansions
from engine.game import Game

__all__ = [
    "Adapter",
    "CardText",
    "CommandSpec",
    "RulesBook",
    "adapter",
    "adapters",
    "for_action",
    "for_step",
    "of_game",
    "register",
]

_REGISTRY: dict[str, Adapter] = {}


class GenericAdapter(Adapter):
    """An expansion that has no adapter: generic words, actions under /act."""

    title = "expansion.generic"

    def __init__(self, name: str) -> None:
        self.name = name  # type: ignore[misc]


def register(adapter: Adapter) -> Adapter:
    """Make ``adapter`` the presentation of its expansion (and add its texts)."""
    add_messages(adapter.name, adapter.messages)
    if adapter.rules is not None:
        add_messages(adapter.name, adapter.rules.messages)
    _REGISTRY[adapter.name] = adapter
    return adapter


def adapter(name: str) -> Adapter:
    """The adapter of expansion ``name`` (imported on first use)."""
    if name not in _REGISTRY:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
        if name not in _REGISTRY:
            return GenericAdapter(name)
    return _REGISTRY[name]


def adapters(names: Iterable[str] | None = None) -> list[Adapter]:
    """Adapters of ``names`` (default: every expansion the bot presents, those
    with an adapter of their own), in the engine's expansion order."""
    if names is None:
        found = [adapter(n) for n in known_expansions()]
        return [a for a in found if not isinstance(a, GenericAdapter)]
    wanted = set(names)
    return [adapter(n) for n in known_expansions() if n in wanted]


def of_game(game: Game) -> list[Adapter]:
    return adapters(game.expansions)


def for_action(action: GameAction | type[GameAction]) -> Adapter | None:
    """The adapter presenting an action (or action class): the one listing
    its class, else its expansion's generic one; None for a base action. A
    follower action placing an expansion's piece (A-3: the abbot) is that
    expansion's."""
    cls = action if isinstance(action, type) else type(action)
    piece = None if isinstance(action, type) else getattr(action, "piece", None)
    if piece is not None:
        owner = next((p.name for p in PLUGINS if piece in p.pieces), None)
        if owner is not None:
            return adapter(owner)
    found = next((a for a in adapters() if cls in a.actions), None)
    if found is None and cls.EXPANSION is not None:
        return adapter(cls.EXPANSION)
    return found


def for_step(step: str) -> Adapter | None:
    """The adapter of an expansion's decision step (None: a base step)."""
    return next((a for a in adapters() if step in a.prompts), None)
