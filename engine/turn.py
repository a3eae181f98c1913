"""The current turn (B-3), an expansion's limit on where its tile may go, and
the base turn's place and follower decisions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Follower, Place
from engine.board import Placed, Pos
from engine.frozen import FrozenDict
from engine.phases import STEP_PLACE, Decision, IllegalAction, new_decision


@dataclass(frozen=True, slots=True)
class PlacementRule:
    """Where an expansion lets this turn's tile go, beyond B-4 (R-3, R-4):
    the ``allowed`` placements (x, y, rotation), and ``refuse(x, y,
    rotation)`` the refusal of another one (citing the rule, with its own
    code so that players read why in their language)."""

    allowed: frozenset[tuple[int, int, int]]
    refuse: Callable[[int, int, int], IllegalAction]


@dataclass
class Turn:
    """The current turn. ``tile`` is the tile to place; ``allowed_cells``, when
    set by an effect, restricts where it may go, and ``rule`` (an expansion's
    placement rule) to which placements; ``opening`` names the opening pile
    the tile came from (C-6); ``data`` holds per-turn flags of expansions
    (e.g. a gift already opened)."""

    number: int
    player: int
    tile: str
    placed: Placed | None = None
    allowed_cells: set[Pos] | None = None
    data: dict[str, Any] = field(default_factory=dict)
    rule: PlacementRule | None = None
    opening: str | None = None


# --- the base turn's two questions (B-3..B-5) ---------------------------------
class _TileInfo(dict[str, FrozenDict]):
    """The info of the place and follower decisions: one unchangeable dict per
    tile kind, made when the kind is first drawn (expansions add kinds)."""

    def __missing__(self, kind: str) -> FrozenDict:
        info = self[kind] = FrozenDict(tile=kind)
        return info


TILE_INFO = _TileInfo()
PLACE, FOLLOW = (Place.TYPE,), (Follower.TYPE,)  # the types those decisions take


class _Asked(dict[tuple[str, str, int], Decision]):
    """The base turn's place and follower decisions by (step, tile kind,
    seat): unchangeable values, so each is made once and shared, like
    TILE_INFO (a turn asks two of them; building one costs more than the
    lookup)."""

    def __missing__(self, key: tuple[str, str, int]) -> Decision:
        step, kind, player = key
        types = PLACE if step == STEP_PLACE else FOLLOW
        made = self[key] = new_decision(step, (player,), player, types, TILE_INFO[kind])
        return made


ASKED = _Asked()
