"""The expansion registry: what the core knows of expansions, without naming one.

An expansion is a :class:`Plugin`: its name, ``install(game)`` (state in
``game.ext[name]``, hooks, action types), its typed action classes, its AI
policy (the reference AI's advice), the AI levels' estimate of what a
player's holdings in it are worth and of what its cards take from unfinished
features (its erosion), the tile kinds it brings (added to the
catalogue, engine.tiles), what it does to a game's tiles (``stock``: adds,
replaces or takes out tiles), and the names of the pieces it adds (A-1).
``engine.expansions`` registers the ones we ship, in the fixed order hooks
run in whatever order a record lists them; the engine package imports it
first thing, so every ``Game`` sees them. The AI policy is installed here,
beside the rules, so no rules module imports its own AI.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import ACTION_TYPES, PIECES, GameAction
from engine.phases import Action, AiPolicy, AiWorth
from engine.tiles import Stock, TileKind, base_stock, register_kinds

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class Migration:
    """What changed when the rules flow became ``flow``, for records of an
    older flow. ``rewrite(game, action)``: a recorded action as the new flow
    reads it, given the game just before it. ``unasked(game)``: answers to
    the pending question that the older flow never asked for (empty when
    it is not such a question)."""

    flow: int
    why: str
    rewrite: Callable[[Game, Action], Action] | None = None
    unasked: Callable[[Game], list[Action]] | None = None


@dataclass(frozen=True, slots=True)
class Plugin:
    name: str
    install: Callable[[Game], None]
    actions: tuple[type[GameAction], ...]
    ai: AiPolicy | None = None
    worth: AiWorth | None = None  # the AI levels' estimate of a player's holdings
    # The AI levels: the share of an unfinished feature's expected points its
    # owners lose, per tile still to come, to this expansion's cards (measured).
    erosion: float = 0.0
    # Changes of its rules flow, for records of older flows (engine.flows).
    migrations: tuple[Migration, ...] = ()
    tiles: tuple[TileKind, ...] = ()
    stock: Callable[[Stock], None] | None = None
    pieces: tuple[str, ...] = ()


_PLUGINS: dict[str, Plugin] = {}


def register(*plugins: Plugin) -> None:
    """Add expansions (in install order); each action type once, owned by the
    plugin that registers it; each tile kind once, marked as its own."""
    for plugin in plugins:
        strays = [t.kind for t in plugin.tiles if t.expansion != plugin.name]
        if strays:
            raise ValueError(f"tile {strays[0]!r} does not belong to {plugin.name!r}")
        register_kinds(*plugin.tiles)
        PIECES.update(plugin.pieces)
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


def plugin_migrations(expansions: Iterable[str]) -> list[Migration]:
    """The flow migrations of the named expansions."""
    names = set(expansions)
    return [m for p in _PLUGINS.values() if p.name in names for m in p.migrations]


def stock(expansions: Iterable[str]) -> Stock:
    """A game's start tile and land tiles (B-2) with what each of its
    expansions adds, replaces or takes out, in install order."""
    out = base_stock()
    wanted = set(expansions)
    for plugin in _PLUGINS.values():
        if plugin.name in wanted and plugin.stock is not None:
            plugin.stock(out)
    return out


def install_expansions(game: Game) -> None:
    for plugin in _PLUGINS.values():
        if plugin.name in game.expansions:
            plugin.install(game)
            if plugin.ai is not None:
                game.hooks.ai_policies.append(plugin.ai)
            if plugin.worth is not None:
                game.hooks.ai_worth.append(plugin.worth)
            game.hooks.ai_erosion += plugin.erosion
