"""Where things are, in words: a spot on a tile ("east", "north-west",
"centre"), a feature on the board ("Bo's city at 2,0"), a tile kind by what
it shows ("a city and a road"). Engine location codes (``NNE``) never reach a
player: they are turned into compass words here."""

from __future__ import annotations

import math

from bot.text import Text, Words, escape, join
from engine.board import Feature
from engine.directions import EDGES, HALVES
from engine.game import Game
from engine.tiles import KINDS, Face

FEATURES = ("road", "city", "monastery", "field")
# Unit vectors (x east, y north) of the sides and half-sides.
_SIDE = {"N": (0.0, 1.0), "E": (1.0, 0.0), "S": (0.0, -1.0), "W": (-1.0, 0.0)}
_HALF = {
    "NNW": (-0.5, 1.0),
    "NNE": (0.5, 1.0),
    "ENE": (1.0, 0.5),
    "ESE": (1.0, -0.5),
    "SSE": (0.5, -1.0),
    "SSW": (-0.5, -1.0),
    "WSW": (-1.0, -0.5),
    "WNW": (-1.0, 0.5),
}
# Compass words clockwise from north, one per 45 degrees.
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
SIDE_WORD = {"N": "n", "E": "e", "S": "s", "W": "w"}


def compass(dx: float, dy: float, words: Words) -> Text:
    angle = math.degrees(math.atan2(dx, dy)) % 360  # 0 = north, clockwise
    return words(f"where.{COMPASS[round(angle / 45) % 8]}")


def _vector(face: Face, seg: int) -> tuple[float, float, list[str]]:
    s = face.segments[seg]
    names = [EDGES[e] for e in s.edges] if s.kind in ("road", "city") else []
    points = [_SIDE[n] for n in names] or [_HALF[HALVES[h]] for h in s.halves]
    return sum(p[0] for p in points), sum(p[1] for p in points), names


def spot(face: Face, seg: int, words: Words) -> Text:
    """Where segment ``seg`` of a placed tile lies, in compass words."""
    if face.segments[seg].kind == "monastery":
        return words("where.centre")
    dx, dy, names = _vector(face, seg)
    if math.hypot(dx, dy) < 0.5:
        if names:  # a straight road, or a city across the tile
            sides = [words(f"where.{SIDE_WORD[n]}") for n in names]
            return words("where.between", first=sides[0], second=sides[-1])
        return words("where.around")
    return compass(dx, dy, words)


def spots(face: Face, locations: list[str], words: Words) -> list[Text]:
    """Where each of ``locations`` lies, told apart when two of one kind fall
    on the same side (the one further into its corner is "the corner")."""
    segs = [face.name_to_seg[loc] for loc in locations]
    out = [spot(face, seg, words) for seg in segs]
    for i, seg in enumerate(segs):
        kind = face.segments[seg].kind
        same = [
            j
            for j, other in enumerate(segs)
            if out[j] == out[i] and face.segments[other].kind == kind
        ]
        if len(same) < 2:
            continue
        reach = {j: math.hypot(*_vector(face, segs[j])[:2]) for j in same}
        corner = max(same, key=lambda j: reach[j])
        for j in same:
            out[j] = words("where.corner", where=out[j]) if j == corner else words("where.middle")
    return out


def feature_word(kind: str, words: Words) -> Text:
    return words(f"feature.{kind}") if kind in FEATURES else Text(kind)


def spot_label(face: Face, location: str, words: Words, where: Text | None = None) -> Text:
    """A follower spot on a tile: "City (east)"."""
    seg = face.name_to_seg[location]
    kind = face.segments[seg].kind
    side = where if where is not None else spot(face, seg, words)
    return words("label.spot", feature=words(f"feature.{kind}.cap"), where=side)


def spot_phrase(face: Face, location: str, words: Words, where: Text | None = None) -> Text:
    """A spot on a tile in a sentence: "the field (north-west)" (``where``: the
    side as :func:`spots` tells it apart from its neighbours)."""
    seg = face.name_to_seg[location]
    kind = face.segments[seg].kind
    side = where if where is not None else spot(face, seg, words)
    return words("label.spot_phrase", feature=feature_word(kind, words), where=side)


def at(game: Game, x: int, y: int, location: str | None) -> tuple[Feature, Face, int] | None:
    """The feature at a location of the tile at ``x, y`` (None: no such spot)."""
    placed = game.board.tiles.get((x, y))
    if placed is None or location is None:
        return None
    seg = placed.face.name_to_seg.get(location)
    if seg is None:
        return None
    return game.board.feature_at((x, y), seg), placed.face, seg


def owners(feature: Feature) -> list[int]:
    """Seats with followers on a feature, in seat order, each once."""
    return sorted({f.player for f in feature.followers})


def whose(game: Game, seats: list[int], viewer: int | None, words: Words) -> Text:
    """ "your", "Bo's", "your and Bo's", or "" for nobody (possessive)."""
    if not seats:
        return Text("")
    names = [
        words("where.your") if s == viewer else words("where.theirs", name=escape(game.players[s]))
        for s in seats
    ]
    if len(names) == 1:
        return names[0]
    return words("where.shared", first=join(names[:-1], ", "), last=names[-1])


def feature_at(
    game: Game, x: int, y: int, location: str | None, words: Words, viewer: int | None = None
) -> Text:
    """A feature on the board as a player reads it: "Bo's city at 2,0", "the
    road at 1,-1" (whose: the players with followers on it now)."""
    found = at(game, x, y, location)
    if found is None:
        return words("where.cell", x=x, y=y)
    feature, face, seg = found
    kind = feature_word(feature.kind, words)
    owned = whose(game, owners(feature), viewer, words)
    # Two roads (or cities, fields) on one tile: say which side (a crossing's arms).
    alike = {
        id(game.board.feature_at((x, y), i))
        for i, other in enumerate(face.segments)
        if other.kind == feature.kind
    }
    if len(alike) > 1:
        side = side_on_tile(face, seg, words)
        if owned:
            return words(
                "where.owned_feature_side", whose=owned, feature=kind, x=x, y=y, where=side
            )
        return words("where.feature_side", feature=kind, x=x, y=y, where=side)
    if owned:
        return words("where.owned_feature", whose=owned, feature=kind, x=x, y=y)
    return words("where.feature", feature=kind, x=x, y=y)


def follower_at(
    game: Game,
    x: int,
    y: int,
    location: str | None,
    words: Words,
    viewer: int | None = None,
    player: int | None = None,
) -> Text:
    """A follower as a player reads it: "your farmer at 3,-8", "Bo's knight
    at 2,-7" (the follower's role from the feature it stands on)."""
    found = at(game, x, y, location)
    role = words("role.follower")
    side: Text | None = None
    if found is not None:
        role = words(f"role.{found[0].kind}")
        # Two followers on one tile (a card put one there): say which side.
        placed = game.board.tiles[(x, y)]
        here = {
            id(f)
            for i in range(len(placed.face.segments))
            for f in game.board.feature_at((x, y), i).followers
            if f.pos == (x, y)
        }
        if len(here) > 1:
            side = side_on_tile(found[1], found[2], words)
    if player is not None and player == viewer:  # "your farmer" (French: "ton paysan")
        if side is not None:
            return words("where.your_role_at_side", role=role, x=x, y=y, where=side)
        return words("where.your_role_at", role=role, x=x, y=y)
    owned = whose(game, [player], viewer, words) if player is not None else None
    if side is not None:
        if owned is None:
            return words("where.role_at_side", role=role, x=x, y=y, where=side)
        return words("where.owned_role_at_side", whose=owned, role=role, x=x, y=y, where=side)
    if owned is None:
        return words("where.role_at", role=role, x=x, y=y)
    return words("where.owned_role_at", whose=owned, role=role, x=x, y=y)


def side_on_tile(face: Face, seg: int, words: Words) -> Text:
    """Which side of its tile a segment lies on, told apart from the other
    segments of its kind there (:func:`spots`: an inner and an outer field)."""
    kind = face.segments[seg].kind
    first: dict[int, str] = {}
    for name, i in face.name_to_seg.items():
        first.setdefault(i, name)
    alike = [i for i, other in enumerate(face.segments) if other.kind == kind and i in first]
    return spots(face, [first[i] for i in alike], words)[alike.index(seg)]


def tile_words(kind: str, words: Words) -> Text:
    """A tile kind by what it shows: "a city with a pennant and a road"."""
    tile = KINDS.get(kind)
    if tile is None:
        return Text(kind)
    segments = tile.segments
    parts: list[Text] = []
    cities = [s for s in segments if s.kind == "city"]
    roads = [s for s in segments if s.kind == "road"]
    if any(s.kind == "monastery" for s in segments):
        parts.append(words("tile.monastery"))
    if len(cities) > 1 and all(len(c.edges) == 1 and not c.pennants for c in cities):
        # Two city edges that are not one city: "2 separate cities", not "a city and a city".
        parts.append(words("tile.cities", count=len(cities)))
    else:
        for c in cities:
            sides = len(c.edges)
            parts.append(words("tile.city_pennant" if c.pennants else "tile.city", count=sides))
    if roads:
        parts.append(words("tile.roads", count=len(roads)))
    if tile.centre == "office":  # a betting office (T-1)
        parts.append(words("tile.office"))
    if any(s.kind == "garden" for s in segments):  # a garden twin: told from its base kind
        parts.append(words("tile.garden"))
    if not parts:
        parts.append(words("tile.fields"))
    if len(parts) == 1:
        return parts[0]
    return words("where.list", first=join(parts[:-1], ", "), last=parts[-1])
