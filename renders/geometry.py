"""Where things lie on a tile, derived from the tile table (engine.tiles).

Everything is in unit-square coordinates of a placed tile in board directions
(x east, y south, docs/notation.md), computed from a :class:`engine.tiles.Face`:

* a city's shape follows from the set of edges it touches (one cap, a band
  across, a corner, three sides, the whole tile); five canonical shapes are
  turned by quarter turns to fit any edge set;
* a road follows from its edges: straight, a curve round the shared corner, or
  an end running to the tile centre (monastery, a building of an expansion such
  as a betting office, junction where several road ends meet, or the wall of a
  city that covers the centre), or on to the gate of a city cap opposite;
* water (edge ``I``, R-1) follows its edges like a road, wider, and bends round
  a building at the centre; with one water edge it runs to a pond at the centre
  (the spring, the lake); where a road crosses it there is a bridge;
* hedges are drawn where the table splits two fields that nothing else
  separates (betting-office tiles, T-1 / T-8: the office separates fields);
* a garden (A-2) lies in its tile's largest field, where that field is widest.

:func:`layout` also rasterises the shapes into a small label mask, flood-fills
each field from its half-edges and checks that the drawn regions split the
fields exactly as the table does; the same mask gives each segment the spot
where a follower stands (the point farthest from the segment's borders).
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engine.tiles import KINDS, Face, face
from renders import art

Point = tuple[float, float]

ROAD_WIDTH = 0.12  # of the tile side
WATER_WIDTH = 0.2
WATER = "I"  # the water edge
GARDEN_RADIUS = 0.14
CENTRE: Point = (0.5, 0.5)
MASK = 48  # side of the label mask used to check regions and find anchors
BARRIER = 255

# Canonical city shapes (rotation 0) keyed by their edge set; each is a list of
# walls (Bezier start, control, end) and the closing corners of the polygon.
# Edge indices: N=0, E=1, S=2, W=3 (engine.directions).
_CAP_DEPTH_CONTROL = 0.55  # a one-edge cap reaches ~0.28 into the tile
_CITY_SHAPES: dict[frozenset[int], tuple[tuple[tuple[Point, Point, Point], ...], tuple[Point, ...]]]
_CITY_SHAPES = {
    frozenset({0}): ((((0.0, 0.0), (0.5, _CAP_DEPTH_CONTROL), (1.0, 0.0)),), ()),
    frozenset({0, 2}): (
        (((0.0, 0.0), (0.55, 0.5), (0.0, 1.0)), ((1.0, 1.0), (0.45, 0.5), (1.0, 0.0))),
        (),
    ),
    frozenset({0, 1}): ((((0.0, 0.0), (0.45, 0.55), (1.0, 1.0)),), ((1.0, 0.0),)),
    frozenset({0, 1, 3}): ((((0.0, 1.0), (0.5, 0.3), (1.0, 1.0)),), ((1.0, 0.0), (0.0, 0.0))),
    frozenset({0, 1, 2, 3}): ((), ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))),
}
# A corner city gives way to a building at the tile centre (e.g. BK7's office).
_CORNER_CONTROL_SMALL: Point = (0.68, 0.32)

# Where each half-edge meets the tile border (NNW, NNE, ENE, ... clockwise).
HALF_POINTS: tuple[Point, ...] = (
    (0.25, 0.0),
    (0.75, 0.0),
    (1.0, 0.25),
    (1.0, 0.75),
    (0.75, 1.0),
    (0.25, 1.0),
    (0.0, 0.75),
    (0.0, 0.25),
)
EDGE_POINTS: tuple[Point, ...] = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
# Corner clockwise after each edge: NE, SE, SW, NW.
CORNER_POINTS: tuple[Point, ...] = ((1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0))


def rotate_point(p: Point, quarter_turns: int) -> Point:
    """Turn a unit-square point clockwise about the centre (N edge -> E edge)."""
    x, y = p
    for _ in range(quarter_turns % 4):
        x, y = 1.0 - y, x
    return (x, y)


def bezier(a: Point, c: Point, b: Point, steps: int = 16) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1.0 - t
        out.append(
            (
                u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
                u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class CityShape:
    seg: int
    polygon: tuple[Point, ...]
    walls: tuple[tuple[Point, ...], ...]  # inner borders, drawn as walls
    inner: Point  # where a one-edge cap is deepest (hedges start there)
    pennants: int


@dataclass(frozen=True, slots=True)
class RoadShape:
    seg: int
    points: tuple[Point, ...]  # centre line


@dataclass(frozen=True, slots=True)
class Bridge:
    """Where a road crosses water: the point and the road's direction (radians)."""

    at: Point
    angle: float


@dataclass(frozen=True, slots=True)
class Layout:
    """Everything a drawing of one face needs, in unit coordinates."""

    kind: str
    rotation: int
    cities: tuple[CityShape, ...]
    roads: tuple[RoadShape, ...]
    # "monastery", "junction", an expansion's building (engine TileKind.centre:
    # "office", "spring", "lake") or None
    centre: str | None
    hedges: tuple[tuple[Point, Point], ...]
    anchors: tuple[Point, ...]  # follower spot per segment (face order)
    pennant_spots: tuple[tuple[Point, ...], ...]  # per segment
    problems: tuple[str, ...]  # drawn regions that disagree with the table
    labels: bytes = b""  # the MASK x MASK label mask (segment index + 1 per pixel)
    waters: tuple[tuple[Point, ...], ...] = ()  # centre lines of the water
    bridges: tuple[Bridge, ...] = ()
    garden: Point | None = None  # where the garden lies


def _canonical_turns(edges: frozenset[int]) -> tuple[frozenset[int], int]:
    for shape in _CITY_SHAPES:
        for q in range(4):
            if frozenset((e + q) % 4 for e in shape) == edges:
                return shape, q
    raise ValueError(f"no city shape for edges {sorted(edges)}")


def _city(seg: int, edges: tuple[int, ...], pennants: int, small_corner: bool) -> CityShape:
    shape, q = _canonical_turns(frozenset(edges))
    walls, corners = _CITY_SHAPES[shape]
    if small_corner and shape == frozenset({0, 1}):
        walls = ((walls[0][0], _CORNER_CONTROL_SMALL, walls[0][2]),)
    wall_pts = [tuple(rotate_point(p, q) for p in bezier(*w)) for w in walls]
    polygon: list[Point] = []
    for w in wall_pts:
        polygon.extend(w)
    polygon.extend(rotate_point(p, q) for p in corners)
    inner = rotate_point((0.5, _CAP_DEPTH_CONTROL / 2), q)
    return CityShape(seg, tuple(polygon), tuple(wall_pts), inner, pennants)


def _road(seg: int, edges: tuple[int, ...]) -> RoadShape:
    if len(edges) == 1:
        return RoadShape(seg, (EDGE_POINTS[edges[0]], CENTRE))
    a, b = edges
    if (a - b) % 2 == 0:  # straight across
        return RoadShape(seg, (EDGE_POINTS[a], EDGE_POINTS[b]))
    # A curve round the corner the two edges share, radius half a tile.
    corner = CORNER_POINTS[a] if (a + 1) % 4 == b else CORNER_POINTS[b]
    pa, pb = EDGE_POINTS[a], EDGE_POINTS[b]
    pts = []
    a0 = math.atan2(pa[1] - corner[1], pa[0] - corner[0])
    a1 = math.atan2(pb[1] - corner[1], pb[0] - corner[0])
    if a1 - a0 > math.pi:
        a1 -= 2 * math.pi
    elif a0 - a1 > math.pi:
        a1 += 2 * math.pi
    for i in range(17):
        t = a0 + (a1 - a0) * i / 16
        pts.append((corner[0] + 0.5 * math.cos(t), corner[1] + 0.5 * math.sin(t)))
    return RoadShape(seg, tuple(pts))


def cap_edges(f: Face, city: CityShape) -> tuple[int, ...]:
    return f.segments[city.seg].edges


def _centre(f: Face, building: str | None) -> str | None:
    kinds = [s.kind for s in f.segments]
    if "monastery" in kinds:
        return "monastery"
    if building is not None:
        return building
    ends = sum(1 for s in f.segments if s.kind == "road" and len(s.edges) == 1)
    return "junction" if ends >= 2 else None


def _waters(f: Face, centre: str | None) -> tuple[tuple[Point, ...], ...]:
    """Centre lines of the water: from edge to edge like a road (a straight
    stream bends round a building at the centre, towards the road that
    crosses it to reach that building), or from its one edge to a pond."""
    edges = tuple(e for e, c in enumerate(f.edges) if c == WATER)
    if not edges:
        return ()
    if len(edges) == 1:
        return ((EDGE_POINTS[edges[0]], CENTRE),)
    a, b = edges[:2]
    if (a - b) % 2 == 0 and centre is not None:
        side = next(
            (e for e in range(4) if e not in edges and f.edges[e] == "R"),
            next(e for e in range(4) if e not in edges),
        )
        dx, dy = EDGE_POINTS[side][0] - 0.5, EDGE_POINTS[side][1] - 0.5
        control = (0.5 + 1.2 * dx, 0.5 + 1.2 * dy)
        return (tuple(bezier(EDGE_POINTS[a], control, EDGE_POINTS[b])),)
    return (_road(-1, (a, b)).points,)


def band(points: tuple[Point, ...], width: float) -> list[Point]:
    """The outline of a stream ``width`` wide along ``points``: each side
    offset by half the width along the normals (a polygon, so the band has no
    gaps where a wide line drawn segment by segment would)."""
    left: list[Point] = []
    right: list[Point] = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(n - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / norm * width / 2, dx / norm * width / 2
        left.append((x + ox, y + oy))
        right.append((x - ox, y - oy))
    return left + right[::-1]


def _crossing(p: Point, q: Point, r: Point, s: Point) -> Point | None:
    """Where segment p-q crosses segment r-s, if it does."""
    d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
    if abs(d) < 1e-12:
        return None
    t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
    u = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d
    if 0 <= t <= 1 and 0 <= u <= 1:
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
    return None


def _bridges(
    roads: tuple[RoadShape, ...], waters: tuple[tuple[Point, ...], ...]
) -> tuple[Bridge, ...]:
    out: list[Bridge] = []
    for road in roads:
        for water in waters:
            for p, q in itertools.pairwise(road.points):
                for r, s in itertools.pairwise(water):
                    at = _crossing(p, q, r, s)
                    if at is not None and all(math.dist(at, b.at) > 0.05 for b in out):
                        out.append(Bridge(at, math.atan2(q[1] - p[1], q[0] - p[0])))
    return tuple(out)


def _hedges(f: Face, cities: dict[int, CityShape]) -> list[tuple[Point, Point]]:
    """Lines from the border to the centre between fields the table keeps
    apart where no road or city does (only betting-office tiles need them)."""
    out: list[tuple[Point, Point]] = []
    hs = f.half_seg
    for h in range(8):
        nxt = (h + 1) % 8
        a, b = hs[h], hs[nxt]
        if a is not None and b is not None:
            # Two halves of one road (or water) edge are split by the road itself.
            if a != b and not (h % 2 == 0 and f.edges[h // 2] in ("R", WATER)):
                # Same edge (h even): split at the edge midpoint; else at the corner.
                start = EDGE_POINTS[h // 2] if h % 2 == 0 else CORNER_POINTS[h // 2]
                out.append((start, CENTRE))
            continue
        if a is None or b is not None:
            continue
        # a field half followed by a run of city/road halves: find the next field.
        run = []
        j = nxt
        while hs[j] is None and j != h:
            run.append(j)
            j = (j + 1) % 8
        if hs[j] is None or hs[j] == a:
            continue
        edges = {k // 2 for k in run}
        segs = {f.edge_seg[e] for e in edges}
        if len(segs) == 1:
            seg = segs.pop()
            if seg is not None and seg in cities and len(f.segments[seg].edges) == 1:
                out.append((cities[seg].inner, CENTRE))
    return out


def _shapes(
    f: Face, building: str | None
) -> tuple[
    tuple[CityShape, ...], tuple[RoadShape, ...], str | None, tuple[tuple[Point, Point], ...]
]:
    centre = _centre(f, building)
    small = centre is not None or WATER in f.edges  # room for a building or the river
    cities = {
        i: _city(i, s.edges, s.pennants, small)
        for i, s in enumerate(f.segments)
        if s.kind == "city"
    }
    roads = []
    gates: set[Point] = set()
    for i, s in enumerate(f.segments):
        if s.kind != "road":
            continue
        road = _road(i, s.edges)
        far = (s.edges[0] + 2) % 4
        opposite = f.edge_seg[far]
        cap = cities.get(-1 if opposite is None else opposite)
        if len(s.edges) == 1 and centre is None and cap is not None and len(cap_edges(f, cap)) == 1:
            # A road end with nothing at the centre runs on to the gate of the
            # city cap opposite (RV4's road over its bridge), a little into it.
            (ix, iy), (ex, ey) = cap.inner, EDGE_POINTS[far]
            road = RoadShape(
                i, (EDGE_POINTS[s.edges[0]], (0.7 * ix + 0.3 * ex, 0.7 * iy + 0.3 * ey))
            )
            gates.add(cap.inner)
        roads.append(road)
    hedges = tuple(h for h in _hedges(f, cities) if h[0] not in gates)  # the road parts them
    return tuple(cities.values()), tuple(roads), centre, hedges


def _scaled(points: tuple[Point, ...] | list[Point], size: int) -> list[tuple[float, float]]:
    return [(x * size, y * size) for x, y in points]


# The radius of what stands at the centre; an expansion's renders module adds
# its own buildings' (renders.art); one it does not list takes BUILDING_RADIUS.
CENTRE_RADIUS = {"monastery": 0.17, "junction": 0.08}
BUILDING_RADIUS = 0.14


def centre_radius(centre: str) -> float:
    art.load()
    return CENTRE_RADIUS.get(centre, BUILDING_RADIUS)


def rasterise(
    f: Face,
    building: str | None,
    size: int = MASK,
) -> tuple[Image.Image, list[str]]:
    """Label mask of the face: pixel value = segment index + 1, BARRIER for
    buildings, water and hedges that belong to no segment; fields flood-filled
    from their half-edges; a garden in the largest field. Returns the mask and
    the disagreements with the table."""
    cities, roads, centre, hedges = _shapes(f, building)
    mask = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(mask)
    for w in _waters(f, centre):  # under the roads: a road crosses on a bridge
        draw.polygon(_scaled(band(w, WATER_WIDTH), size), fill=BARRIER)
    road_w = max(3, round(ROAD_WIDTH * size))
    for r in roads:
        draw.line(_scaled(r.points, size), fill=r.seg + 1, width=road_w, joint="curve")
    for c in cities:
        draw.polygon(_scaled(c.polygon, size), fill=c.seg + 1)
    for a, b in hedges:
        draw.line(_scaled([a, b], size), fill=BARRIER, width=2)
    if centre is not None:
        rad = centre_radius(centre) * size
        mid = size / 2
        monastery = next((i for i, s in enumerate(f.segments) if s.kind == "monastery"), None)
        fill = BARRIER if monastery is None else monastery + 1
        draw.rectangle((mid - rad, mid - rad, mid + rad, mid + rad), fill=fill)
    problems: list[str] = []
    inset = 2
    for h, seg in enumerate(f.half_seg):
        if seg is None:
            continue
        x, y = HALF_POINTS[h]
        px = min(max(round(x * size), inset), size - 1 - inset)
        py = min(max(round(y * size), inset), size - 1 - inset)
        got = mask.getpixel((px, py))
        if got == 0:
            ImageDraw.floodfill(mask, (px, py), seg + 1, thresh=0)
        elif got != seg + 1:
            problems.append(f"{f.kind} r{f.rotation}: half-edge {h} of field {seg} lands on {got}")
    spot = garden_spot(f, mask)
    if spot is not None:
        garden, (gx, gy) = spot
        gr = GARDEN_RADIUS * size
        draw.ellipse(
            (gx * size - gr, gy * size - gr, gx * size + gr, gy * size + gr), fill=garden + 1
        )
    present = set(mask.tobytes())
    for i, s in enumerate(f.segments):
        if i + 1 not in present:
            problems.append(f"{f.kind} r{f.rotation}: segment {i} ({s.kind}) not drawn")
    # Slivers where two walls meet at a corner (tile I) belong to nobody.
    stray = mask.tobytes().count(0)
    if stray > size * size // 100:
        problems.append(f"{f.kind} r{f.rotation}: {stray} pixels belong to no segment")
    return mask, problems


def _distances(mask: Image.Image) -> list[int]:
    """Steps from each pixel to the nearest pixel of another label or the border."""
    size = mask.width
    px = mask.tobytes()
    dist = [-1] * (size * size)
    queue: deque[int] = deque()

    def neighbours(i: int) -> list[int]:
        x, y = i % size, i // size
        out = []
        if x > 0:
            out.append(i - 1)
        if x < size - 1:
            out.append(i + 1)
        if y > 0:
            out.append(i - size)
        if y < size - 1:
            out.append(i + size)
        return out

    for i, v in enumerate(px):
        nb = neighbours(i)
        if len(nb) < 4 or any(px[j] != v for j in nb):
            dist[i] = 0
            queue.append(i)
    while queue:
        i = queue.popleft()
        for j in neighbours(i):
            if dist[j] < 0 and px[j] == px[i]:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _anchors(f: Face, mask: Image.Image) -> tuple[tuple[Point, ...], tuple[tuple[Point, ...], ...]]:
    size = mask.width
    px = mask.tobytes()
    dist = _distances(mask)
    anchors: list[Point] = []
    pennants: list[tuple[Point, ...]] = []
    for i, s in enumerate(f.segments):
        cells = [k for k, v in enumerate(px) if v == i + 1]
        if not cells:
            anchors.append(CENTRE)
            pennants.append(())
            continue
        cx = sum(k % size for k in cells) / len(cells)
        cy = sum(k // size for k in cells) / len(cells)
        best = max(dist[k] for k in cells)
        top = [k for k in cells if dist[k] >= best - (0 if s.kind == "road" else 1)]
        k = min(top, key=lambda k: ((k % size - cx) ** 2 + (k // size - cy) ** 2, k))
        ax, ay = (k % size + 0.5) / size, (k // size + 0.5) / size
        anchors.append((ax, ay))
        spots: list[Point] = []
        if s.pennants:
            # The roomiest city spot far enough from where the follower stands.
            room = [q for q in cells if dist[q] >= max(2, best // 3)]
            q = max(
                room,
                key=lambda q: (
                    min(
                        ((q % size + 0.5) / size - ax) ** 2 + ((q // size + 0.5) / size - ay) ** 2,
                        0.09,
                    )
                    + 0.002 * dist[q],
                    -q,
                ),
            )
            spots.append(((q % size + 0.5) / size, (q // size + 0.5) / size))
        pennants.append(tuple(spots))
    return tuple(anchors), tuple(pennants)


def garden_spot(f: Face, mask: Image.Image) -> tuple[int, Point] | None:
    """The garden segment and where it lies (A-2): in the largest field of the
    filled mask, at its widest point nearest the field's middle."""
    garden = next((i for i, s in enumerate(f.segments) if s.kind == "garden"), None)
    if garden is None:
        return None
    size = mask.width
    px = mask.tobytes()
    fields = [i for i, s in enumerate(f.segments) if s.kind == "field"]
    largest = max(fields, key=lambda i: (px.count(i + 1), -i))
    cells = [k for k, v in enumerate(px) if v == largest + 1]
    dist = _distances(mask)
    best = max(dist[k] for k in cells)
    cx = sum(k % size for k in cells) / len(cells)
    cy = sum(k // size for k in cells) / len(cells)
    top = [k for k in cells if dist[k] >= best - 1]
    k = min(top, key=lambda k: ((k % size - cx) ** 2 + (k // size - cy) ** 2, k))
    return garden, ((k % size + 0.5) / size, (k // size + 0.5) / size)


@cache
def layout(kind: str, rotation: int) -> Layout:
    """The drawing plan of one tile kind in one rotation (cached)."""
    f = face(kind, rotation)
    building = KINDS[kind].centre
    cities, roads, centre, hedges = _shapes(f, building)
    mask, problems = rasterise(f, building)
    anchors, pennants = _anchors(f, mask)
    waters = _waters(f, centre)
    garden = next((i for i, s in enumerate(f.segments) if s.kind == "garden"), None)
    return Layout(
        kind,
        rotation,
        cities,
        roads,
        centre,
        hedges,
        anchors,
        pennants,
        tuple(problems),
        mask.tobytes(),
        waters,
        _bridges(roads, waters),
        None if garden is None else anchors[garden],
    )


@cache
def segment_masks(kind: str, rotation: int) -> tuple[Image.Image, ...]:
    """Per segment (face order), a MASK-sized "L" mask of where it lies (255)."""
    lay = layout(kind, rotation)
    labels = Image.frombytes("L", (MASK, MASK), lay.labels)
    return tuple(
        labels.point([255 if v == i + 1 else 0 for v in range(256)])
        for i in range(len(face(kind, rotation).segments))
    )
