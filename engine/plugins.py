"""The expansion registry: what the core knows of expansions, without naming one.

An expansion is a :class:`Plugin`: its name, ``install(game)`` (state in
``game.ext[name]``, hooks, action types), its typed action classes, its AI
policy (the reference AI's advice) and the AI levels' estimate of what a
player's holdings in it are worth. ``engine.expansions`` registers the three
we ship, in the fixed order hooks run in whatever order a record lists them;
the engine package imports it first thing, so every ``Game`` sees them. The AI
policy is installed here, beside the rules, so no rules module imports its own
AI.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import ACTION_TYPES, GameAction
from engine.phases import AiPolicy, AiWorth

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class Plugin:
    name: str
    install: Callable[[Game], None]
    actions: tuple[type[GameAction], ...]
    ai: AiPolicy | None = None
    worth: AiWorth | None = None  # the AI levels' estimate of a player's holdings


_PLUGINS: dict[str, Plugin] = {}


def register(*plugins: Plugin) -> None:
    """Add expansions (in install order); each action type once, owned by the
    plugin that registers it."""
    for plugin in plugins:
        for cls in plugin.actions:
            if plugin.name != cls.EXPANSION:
                raise ValueError(
                    f"{cls.__name__} belongs to {cls.EXPANSION!r}, not {plugin.name!r}"
                )
            if ACTION_TYPES.get(cls.TYPE, cls) is not cls:
                raise ValueError(f"action type {cls.TYPE!r} is registered twice")
            ACTION_TYPES[cls.TYPE] = cls
        _PLUGINS[plugin.name] = plugin


def known_expansions() -> tuple[str, ...]:
    """The registered expansions, in install order."""
    return tuple(_PLUGINS)


def install_expansions(game: Game) -> None:
    for plugin in _PLUGINS.values():
        if plugin.name in game.expansions:
            plugin.install(game)
            if plugin.ai is not None:
                game.hooks.ai_policies.append(plugin.ai)
            if plugin.worth is not None:
                game.hooks.ai_worth.append(plugin.worth)
