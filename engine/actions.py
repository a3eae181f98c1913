"""Typed actions: one small frozen value class per record action type.

A record action is a plain JSON object (docs/notation.md) with the acting seat in
``player`` and its kind in ``type``. At the edge (``Game.apply``,
``Game.check``) it becomes one of the classes here or in an expansion: the one
parser below reads every field from the class's own annotations, so a class is
its own schema. A bad shape (missing or unknown field, a value of the wrong
JSON type) raises :class:`MalformedAction`; whether a well-formed action is
legal now is the game's question (:class:`IllegalAction`). Typed actions are
immutable, so a stored action never changes after the fact, and
:meth:`GameAction.to_record` builds a fresh plain dict every time.

Field annotations the parser understands: ``int``, ``str``, ``bool``,
``tuple[str, ...]`` (a JSON list of strings), :class:`SegmentRef`,
:class:`FollowerRef`, and ``T | None``: with no default the key is required
and ``null`` is a value; with the default ``None`` the key may be left out.
``Annotated[T, "text"]`` says what value is expected, for error messages.
A field declared with ``field(metadata={"record": False})`` is no record key:
its class reads and writes it itself (the piece of a follower action).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    ClassVar,
    Protocol,
    Self,
    TypeGuard,
    TypeVar,
)

from engine.directions import LOCATION_RANK
from engine.frozen import FrozenDict, frozen_builder
from engine.phases import Action, IllegalAction, MalformedAction
from engine.shown import shown as shown  # the messages' one way to show a sent value

if TYPE_CHECKING:
    from engine.board import Board, Feature, Pos

INT_LIMIT = 2**63  # larger numbers are never a coordinate, seat or rotation


def is_int(v: object) -> TypeGuard[int]:
    """A JSON integer (bools are not numbers here)."""
    return isinstance(v, int) and not isinstance(v, bool)


# --- references to the board inside actions --------------------------------------
@dataclass(frozen=True, slots=True)
class SegmentRef:
    """A segment named by its tile and any of its location names (docs/notation.md)."""

    x: int
    y: int
    location: str

    WHAT: ClassVar[str] = "an object with integer 'x' and 'y' and a string 'location'"

    def to_record(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "location": self.location}


@dataclass(frozen=True, slots=True)
class FollowerRef:
    """A follower named by the segment it stands on and its owner's seat."""

    x: int
    y: int
    location: str
    player: int

    WHAT: ClassVar[str] = "an object with integer 'x', 'y' and 'player' and a string 'location'"

    def to_record(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "location": self.location, "player": self.player}


def named_segment(board: Board, pos: Pos, seg: int) -> dict[str, Any]:
    """A segment as action and event fields: x, y and its canonical location."""
    return {"x": pos[0], "y": pos[1], "location": board.location_name(pos, seg)}


def named_feature(board: Board, feat: Feature) -> dict[str, Any]:
    """A feature named by its first segment, north-west first (a plain loop:
    thrice as quick as min() with a key; card listings name every candidate)."""
    first = None
    for (x, y), seg in feat.segments:
        if first is None or (y, x, seg) < first:
            first = (y, x, seg)
    assert first is not None
    return named_segment(board, (first[1], first[0]), first[2])


class NamesSegment(Protocol):
    """An action naming a segment with its optional x, y and location fields."""

    @property
    def x(self) -> int | None: ...

    @property
    def y(self) -> int | None: ...

    @property
    def location(self) -> str | None: ...


def segment_of(board: Board, action: NamesSegment, what: str) -> tuple[Pos, int]:
    """The (tile, segment) an action's x, y and location name; the fields are
    required here (MalformedAction), the segment must exist (IllegalAction)."""
    if action.x is None or action.y is None or action.location is None:
        raise MalformedAction(f"{what} needs integer 'x' and 'y' and a 'location'")
    return find_segment(board, action.x, action.y, action.location, what)


def find_segment(board: Board, x: int, y: int, location: str, what: str = "") -> tuple[Pos, int]:
    """The (tile, segment) that x, y and a location name designate, or
    IllegalAction saying what is not there; ``what`` names it in the message."""
    prefix = f"{what}: " if what else ""
    placed = board.tiles.get((x, y))
    if placed is None:
        raise IllegalAction(f"{prefix}there is no tile at {x},{y}", code="no_tile_at", x=x, y=y)
    seg = placed.face.name_to_seg.get(location)
    if seg is None:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(
            f"{prefix}{shown(location)} is not a location on {placed.kind} at {x},{y}; "
            f"its locations are {names}",
            code="no_such_spot",
            x=x,
            y=y,
        )
    return (x, y), seg


# --- the typed actions ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameAction:
    """Base of every typed action. ``TYPE`` is the record's ``type``;
    ``EXPANSION`` the expansion that defines it (None: the base game)."""

    TYPE: ClassVar[str] = ""
    EXPANSION: ClassVar[str | None] = None
    # Fields only the acting seat knows (e.g. the face of a staked chip, T-3):
    # the record keeps them, the public record and determinized games do not.
    HIDDEN: ClassVar[tuple[str, ...]] = ()

    player: int

    @classmethod
    def from_record(cls, data: object) -> Self:
        """Read a record action of this type; MalformedAction says what is
        wrong with its shape."""
        return _parse(cls, data)

    def seen_by(self, seat: int) -> Action:
        """The record dict as ``seat`` knows it: the hidden fields of another
        seat's action left out."""
        out = self.to_record()
        if self.HIDDEN and seat != self.player:
            for name in self.HIDDEN:
                out.pop(name, None)
        return out

    def redacted(self, seat: int) -> Self:
        """This action as ``seat`` knows it, its hidden fields blank when it
        is another seat's (for games whose hidden state was redrawn)."""
        if not self.HIDDEN or seat == self.player:
            return self
        blank: dict[type, Any] = {str: "", bool: False, int: 0}
        values: dict[str, Any] = {n: blank.get(type(getattr(self, n))) for n in self.HIDDEN}
        return dataclasses.replace(self, **values)

    def to_record(self) -> Action:
        """The plain JSON object for the game record (a fresh dict)."""
        out: Action = {"player": self.player, "type": self.TYPE}
        for f in _schema(type(self)).fields[1:]:
            value = getattr(self, f.name)
            if value is None and not f.required:
                continue
            out[f.name] = _encode(value)
        return out


@dataclass(frozen=True, slots=True)
class Place(GameAction):
    """B-3, B-4: put the drawn tile on the board."""

    TYPE: ClassVar[str] = "place"

    x: int
    y: int
    rotation: int


# Names of the pieces expansions add (filled by engine.plugins.register): a
# follower action places one with ``"<name>": true`` (A-3, docs/notation.md).
PIECES: set[str] = set()


@dataclass(frozen=True, slots=True)
class Follower(GameAction):
    """B-5: a follower on a location of the tile just placed, or none (null);
    with ``piece``, that piece of an expansion instead (A-3: ``"abbot": true``)."""

    TYPE: ClassVar[str] = "follower"

    location: Annotated[str | None, "a location name or null"]
    piece: str | None = field(default=None, metadata={"record": False})

    @classmethod
    def from_record(cls, data: object) -> Self:
        named = [k for k in data if k in PIECES] if isinstance(data, Mapping) else []
        if not named:
            return _parse(cls, data)
        assert isinstance(data, Mapping)
        if len(named) > 1:
            raise MalformedAction(f"a follower action places one piece, not {', '.join(named)}")
        if data[named[0]] is not True:
            raise MalformedAction(
                f"'{named[0]}' must be true (it places the {named[0]}), "
                f"not {shown(data[named[0]])}; leave it out to place a follower"
            )
        plain = _parse(cls, {k: v for k, v in data.items() if k != named[0]})
        return cls(plain.player, plain.location, named[0])

    def to_record(self) -> Action:
        out = GameAction.to_record(self)
        if self.piece is not None:
            out[self.piece] = True
        return out


BASE_ACTIONS: dict[str, type[GameAction]] = {Place.TYPE: Place, Follower.TYPE: Follower}
# Place(...) for the fast path below (engine.frozen): the same object, cheaper.
new_place: Callable[[int, int, int, int], Place] = frozen_builder(Place)


def _plain_int(v: object) -> TypeGuard[int]:
    return type(v) is int and -INT_LIMIT <= v < INT_LIMIT


# Follower actions are few and immutable: one object per (seat, location).
_FOLLOWERS: dict[tuple[int, str | None], Follower] = {}
_SEATS = range(8)  # seats interned (games have at most 6)


# The typed actions of the record actions engine.listing hands out, by the
# id of those FrozenDicts: they are made once and kept for the life of the
# process (never freed, so no other object takes their id), and cannot
# change, so applying a listed action needs no parsing.
LISTED: dict[int, Place | Follower] = {}


def plain_base_action(data: object) -> Place | Follower | None:
    """The typed base action of a record dict (or typed action) whose shape is
    plainly right, or None: then the general parser decides, with its
    messages. The fast path of every placement and follower applied."""
    kind = type(data)
    if kind is FrozenDict:
        listed = LISTED.get(id(data))
        if listed is not None:
            return listed
    if kind is dict or kind is FrozenDict:
        assert isinstance(data, dict)
        get = data.get
        if get("type") == "place":
            p, x, y, r = get("player"), get("x"), get("y"), get("rotation")
            if (
                type(p) is int
                and type(x) is int
                and type(y) is int
                and type(r) is int
                and len(data) == 5
                and -INT_LIMIT <= x < INT_LIMIT
                and -INT_LIMIT <= y < INT_LIMIT
                and -INT_LIMIT <= r < INT_LIMIT
                and -INT_LIMIT <= p < INT_LIMIT
            ):
                return new_place(p, x, y, r)
        elif get("type") == "follower" and len(data) == 3 and "location" in data:
            p, loc = get("player"), data["location"]
            if type(p) is int and (loc is None or type(loc) is str):
                follower = _FOLLOWERS.get((p, loc))
                if follower is None and -INT_LIMIT <= p < INT_LIMIT:
                    follower = Follower(p, loc)
                    if p in _SEATS and (loc is None or loc in LOCATION_RANK):
                        _FOLLOWERS[(p, loc)] = follower
                return follower
        return None
    if kind is Place:
        assert isinstance(data, Place)
        plain = all(_plain_int(v) for v in (data.player, data.x, data.y, data.rotation))
        return data if plain else None
    if kind is Follower:
        assert isinstance(data, Follower)
        loc = data.location
        return data if _plain_int(data.player) and (loc is None or type(loc) is str) else None
    return None


# Every action type any expansion defines (filled by engine.plugins.register),
# so that a type nobody knows is a malformed action, not merely an illegal one.
ACTION_TYPES: dict[str, type[GameAction]] = dict(BASE_ACTIONS)


def parse_action(data: object) -> GameAction:
    """Any record action, by its ``type`` (MalformedAction when unknown)."""
    kind = data.get("type") if isinstance(data, dict) else None
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        if not isinstance(data, dict):
            raise MalformedAction("an action must be a JSON object")
        raise MalformedAction(f"unknown action type {shown(kind)}")
    return cls.from_record(data)


# --- the one parser ----------------------------------------------------------------
_A = TypeVar("_A", bound=GameAction)


class _Bad(Exception):
    """A value of the wrong kind; the parser names the field."""


def _int(v: object) -> int:
    if type(v) is int and -INT_LIMIT <= v < INT_LIMIT:
        return v
    if is_int(v) and -INT_LIMIT <= v < INT_LIMIT:  # a subclass: store a plain int
        return int(v)
    raise _Bad


def _str(v: object) -> str:
    if type(v) is str:
        return v
    if isinstance(v, str):
        return str(v)
    raise _Bad


def _bool(v: object) -> bool:
    if isinstance(v, bool):
        return v
    raise _Bad


def _strs(v: object) -> tuple[str, ...]:
    if isinstance(v, list) and all(isinstance(s, str) for s in v):
        return tuple(str(s) for s in v)
    raise _Bad


def _segment_ref(v: object) -> SegmentRef:
    if isinstance(v, dict) and set(v) == {"x", "y", "location"}:
        return SegmentRef(_int(v["x"]), _int(v["y"]), _str(v["location"]))
    raise _Bad


def _follower_ref(v: object) -> FollowerRef:
    if isinstance(v, dict) and set(v) == {"x", "y", "location", "player"}:
        return FollowerRef(_int(v["x"]), _int(v["y"]), _str(v["location"]), _int(v["player"]))
    raise _Bad


_KINDS: dict[object, tuple[Callable[[object], object], str]] = {
    int: (_int, "an integer"),
    str: (_str, "a string"),
    bool: (_bool, "true or false"),
    tuple[str, ...]: (_strs, "a list of strings"),
    SegmentRef: (_segment_ref, SegmentRef.WHAT),
    FollowerRef: (_follower_ref, FollowerRef.WHAT),
}


_SCALARS = frozenset({_int, _str, _bool})  # readers of values with nothing inside


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    read: Callable[[object], object]
    what: str
    required: bool  # the key must be present
    nullable: bool  # null is a value


@dataclass(frozen=True, slots=True)
class _Schema:
    fields: tuple[_Field, ...]  # ``player`` first
    known: frozenset[str]  # every key an action of the class may hold
    names: str  # the keys, for messages
    flat: bool  # every field a number, string, boolean or null: no list or object


_SCHEMAS: dict[type[GameAction], _Schema] = {}
_ABSENT = object()


def _schema(cls: type[GameAction]) -> _Schema:
    """An action class's fields, read once from its annotations."""
    schema = _SCHEMAS.get(cls)
    if schema is not None:
        return schema
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        if f.metadata.get("record") is False:
            continue
        tp, said = hints[f.name], None
        if typing.get_origin(tp) is typing.Annotated:
            tp, said = tp.__origin__, tp.__metadata__[0]
        nullable = typing.get_origin(tp) in (typing.Union, types.UnionType)
        if nullable:
            (tp,) = [a for a in typing.get_args(tp) if a is not type(None)]
        read, text = _KINDS[tp]
        required = f.default is dataclasses.MISSING
        out.append(_Field(f.name, read, said or text, required, nullable and required))
    names = [out[0].name, "type", *(f.name for f in out[1:])]
    flat = all(f.read in _SCALARS for f in out)
    schema = _Schema(tuple(out), frozenset(names), ", ".join(repr(n) for n in names), flat)
    _SCHEMAS[cls] = schema
    return schema


def flat_records(cls: type[GameAction]) -> bool:
    """Whether every well-formed record of ``cls`` is flat: its values are
    numbers, strings, booleans or null (engine.listing hands those out as
    they are, nothing in them to make unchangeable)."""
    return (_SCHEMAS.get(cls) or _schema(cls)).flat


def optional_fields(cls: type[GameAction]) -> frozenset[str]:
    """The fields of an action type that may be left out (engine.fields)."""
    return frozenset(f.name for f in _schema(cls).fields if not f.required)


def _parse(cls: type[_A], data: object) -> _A:
    # A dict at once: asking the Mapping ABC costs as much as reading a field.
    if type(data) is not dict and not isinstance(data, Mapping):
        raise MalformedAction("an action must be a JSON object")
    schema = _SCHEMAS.get(cls) or _schema(cls)
    if not schema.known.issuperset(data):
        key = next(k for k in data if k not in schema.known)
        raise MalformedAction(
            f"unknown field {shown(key)} in an action of type {cls.TYPE!r}; "
            f"its fields are {schema.names}"
        )
    if data.get("type") != cls.TYPE:
        raise MalformedAction(f"'type' must be {cls.TYPE!r}, not {shown(data.get('type'))}")
    values: dict[str, Any] = {}
    for f in schema.fields:
        v = data.get(f.name, _ABSENT)
        if v is _ABSENT:
            if f.required:
                raise MalformedAction(f"an action of type {cls.TYPE!r} needs '{f.name}' ({f.what})")
        elif v is None and f.nullable:
            values[f.name] = None
        else:
            try:
                values[f.name] = f.read(v)
            except _Bad:
                raise MalformedAction(f"'{f.name}' must be {f.what}, not {shown(v)}") from None
    return cls(**values)


def _encode(value: object) -> object:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, SegmentRef | FollowerRef):
        return value.to_record()
    return value
