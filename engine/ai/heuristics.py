"""The one-ply valuation of placements and follower choices (the reference AI's,
shared by the levels and the expansions' advice).

For every legal (cell, rotation) and every follower choice on the tile, it
previews what the placement would merge (without touching the board), values
immediate points (features the tile completes, B-7) and the expected worth of
incomplete features and farms the player would own, and charges for using a
follower from supply. :class:`Outlook` weighs all placements of one decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import Board, Feature, Pos
from engine.directions import OFFSETS, facing_half, opposite
from engine.game import Game
from engine.scoring import completed_cities
from engine.tiles import FACES, RING_KINDS, Face

# Heuristic weights (points). A follower in supply is worth more when few are left.
FOLLOWER_COST = 2.5
FARMER_EXTRA_COST = 2.0  # farmers never come back (B-7)
OPEN_CITY_TILE = 1.6  # expected worth per tile of a city still open
OPEN_ROAD_TILE = 1.0
MONASTERY_EMPTY_CELL = 0.6
INCOMPLETE_CITY_FARM = 0.8  # chance-weighted 3 points for a city still open


@dataclass(slots=True)
class SegmentPreview:
    kind: str
    tiles: int
    open_edges: int
    pennants: int
    counts: dict[int, int]  # followers per player after the merge
    cities_done: int = 0
    cities_open: int = 0


def preview_of(game: Game, feat: Feature) -> SegmentPreview:
    counts: dict[int, int] = {}
    for f in feat.followers:
        counts[f.player] = counts.get(f.player, 0) + 1
    prev = SegmentPreview(feat.kind, feat.size, feat.open_edges, feat.pennants, counts)
    if feat.kind == "field":
        prev.cities_done = completed_cities(game, feat)
        roots = {game.board.find(c) for c in feat.cities}
        prev.cities_open = len(roots) - prev.cities_done
    elif feat.kind in RING_KINDS:
        prev.tiles = 1 + game.board.ring_count(feat.segments[0][0])
    return prev


def preview(board: Board, face: Face, pos: Pos) -> list[SegmentPreview]:
    """What each segment of ``face`` at ``pos`` would merge into (approximate
    when two segments of the tile join the same feature)."""
    x, y = pos
    roots: list[set[int]] = [set() for _ in face.segments]
    matched = [0] * len(face.segments)
    for edge, (dx, dy) in enumerate(OFFSETS):
        other = board.tiles.get((x + dx, y + dy))
        if other is None:
            continue
        mine = face.edge_seg[edge]
        theirs = other.face.edge_seg[opposite(edge)]
        if mine is not None and theirs is not None:
            roots[mine].add(board.find(other.nodes[theirs]))
            matched[mine] += 1
        for half in (2 * edge, 2 * edge + 1):
            a, b = face.half_seg[half], other.face.half_seg[facing_half(half)]
            if a is not None and b is not None:
                roots[a].add(board.find(other.nodes[b]))
    out = []
    for i, seg in enumerate(face.segments):
        feats = [board.features[r] for r in roots[i]]
        tiles: set[Pos] = {pos}
        counts: dict[int, int] = {}
        for f in feats:
            tiles.update(p for p, _ in f.segments)
            for fl in f.followers:
                counts[fl.player] = counts.get(fl.player, 0) + 1
        prev = SegmentPreview(
            seg.kind,
            len(tiles),
            sum(f.open_edges for f in feats) + len(seg.edges) - 2 * matched[i],
            sum(f.pennants for f in feats) + seg.pennants,
            counts,
        )
        if seg.kind == "field":
            city_roots = {board.find(c) for f in feats for c in f.cities}
            done = sum(1 for r in city_roots if board.features[r].open_edges == 0)
            prev.cities_done = done
            prev.cities_open = len(city_roots) - done + len(seg.adj)
        elif seg.kind in RING_KINDS:
            prev.tiles = 1 + board.ring_count(pos)
        out.append(prev)
    return out


def _share(counts: dict[int, int], player: int, n_players: int) -> float:
    """+1 when ``player`` owns the feature alone, less when shared, negative
    when opponents own it (B-6), scaled for the number of opponents."""
    if not counts:
        return 0.0
    best = max(counts.values())
    owners = [p for p, c in counts.items() if c == best]
    mine = 1.0 if player in owners else 0.0
    theirs = sum(1 for p in owners if p != player) / max(1, n_players - 1)
    return mine - theirs


def feature_value(game: Game, player: int, prev: SegmentPreview, with_me: bool) -> float:
    """Expected worth to ``player`` of a feature; ``with_me`` adds a follower."""
    counts = dict(prev.counts)
    if with_me:
        counts[player] = counts.get(player, 0) + 1
    share = _share(counts, player, len(game.players))
    late = 1.0 - len(game.bag) / 80.0  # 0 early, ~1 at the end
    cost = FOLLOWER_COST * (1.0 + (7 - game.supply[player]) / 7.0) if with_me else 0.0
    worth, cost = _worth(
        prev.kind,
        prev.tiles,
        prev.open_edges,
        prev.pennants,
        prev.cities_done,
        prev.cities_open,
        with_me,
        late,
        cost,
    )
    return share * worth - cost


def _worth(
    kind: str,
    tiles: int,
    open_edges: int,
    pennants: int,
    cities_done: int,
    cities_open: int,
    with_me: bool,
    late: float,
    cost: float,
) -> tuple[float, float]:
    """feature_value's worth of the feature and cost of the follower: the one
    formula, for SegmentPreview and Outlook alike (same float operations)."""
    if kind in ("road", "city"):
        complete = open_edges == 0
        if kind == "road":
            worth = tiles * (1.0 if complete else OPEN_ROAD_TILE * (1.0 - 0.3 * late))
        elif complete:
            worth = 2.0 * tiles + 2.0 * pennants
        else:
            worth = (tiles + pennants) * (OPEN_CITY_TILE - 0.6 * late)
            worth -= 0.3 * max(0, open_edges - 2)  # hard to close
        if complete and with_me:
            cost = 0.0  # scored and returned this turn
        return worth, cost
    if kind in RING_KINDS:
        empty = 9 - tiles
        worth = tiles + empty * MONASTERY_EMPTY_CELL * (1.0 - late)
        if empty == 0 and with_me:
            cost = 0.0
        return worth, cost
    worth = 3.0 * cities_done + 3.0 * INCOMPLETE_CITY_FARM * cities_open * late
    if with_me:
        cost += FARMER_EXTRA_COST * (1.0 - late)
    return worth, cost


def option_values(
    game: Game, player: int, kind: str, pos: Pos, rotation: int
) -> dict[str | None, float]:
    """Value of placing ``kind`` at ``pos`` with each follower choice."""
    return Outlook(game, player).options(kind, pos, rotation)


@dataclass(slots=True)
class _Group:
    """What the features a new segment would join add up to (an Outlook entry)."""

    tiles: int  # distinct tiles, without the new one (fields of several roots: 0, unread)
    open_edges: int
    pennants: int
    counts: dict[int, int]  # followers per player
    cities_done: int  # fields: completed cities touched
    cities: int  # fields: cities touched
    share: float  # _share(counts) for the player, without a new follower
    led: bool  # others have more followers there than the player


# Per face, by (kind, rotation): per segment, what Outlook._values reads of it:
# (segment, seed, seed id, its edges, its half-edges (both ascending, the order
# of Face.edge_pairs and half_pairs), the bits of the edges these lie on, a
# follower spot, a ring kind, a road or city).
_Plan = tuple[tuple[int, tuple[str, int, int, tuple[int, ...]], int, tuple[int, ...],
                    tuple[int, ...], int, bool, bool, bool], ...]  # fmt: skip
_PLANS: dict[tuple[str, int], _Plan] = {}
_SEED_IDS: dict[tuple[str, int, int, tuple[int, ...]], int] = {}  # equal seeds, one id


def _plan(kind: str, rotation: int) -> _Plan:
    face = FACES[(kind, rotation)]
    plan = tuple(
        (
            i,
            seed,
            _SEED_IDS.setdefault(seed, len(_SEED_IDS)),
            seg.edges,
            seg.halves,
            sum({1 << e for e in seg.edges} | {1 << (h // 2) for h in seg.halves}),
            i in face.spots,
            seed[0] in RING_KINDS,
            seed[0] in ("road", "city"),
        )
        for i, (seg, seed) in enumerate(zip(face.segments, face.seeds, strict=True))
    )
    _PLANS[(kind, rotation)] = plan
    return plan


# Per edge of an empty cell: (edge, the neighbour's offset, its facing edge, and
# per half-edge of the edge (half-edge, the neighbour's facing half-edge)).
_ACROSS = tuple(
    (edge, dx, dy, opposite(edge), tuple((h, facing_half(h)) for h in (2 * edge, 2 * edge + 1)))
    for edge, (dx, dy) in enumerate(OFFSETS)
)


# Per empty cell (Outlook): the roots across each edge and half-edge, the
# monastery bonuses around it, the bits of the edges with a tile across.
_Cell = tuple[list[int | None], list[int | None], list[float], int]
_NO_CITIES: frozenset[int] = frozenset()
# What joining nothing adds up to (Outlook._group of no roots).
_ALONE = _Group(0, 0, 0, {}, 0, 0, 0.0, False)


class Outlook:
    """option_values for one decision of one player: the board does not change
    while the AI weighs its placements, so what each empty cell touches and
    what each set of features adds up to is worked out once, not once per
    rotation and placement. Gives exactly option_values' numbers."""

    def __init__(self, game: Game, player: int) -> None:
        self.game, self.board, self.player = game, game.board, player
        self.n = len(game.players)
        self.late = 1.0 - len(game.bag) / 80.0  # as feature_value
        self.follower_cost = FOLLOWER_COST * (1.0 + (7 - game.supply[player]) / 7.0)
        self.supply = game.supply[player]
        # Per empty cell: the neighbours' roots on each edge and half-edge,
        # and the monastery bonuses around it (in order).
        self._cells: dict[Pos, _Cell] = {}
        # Per set of roots (one root: the root itself): what they add up to.
        self._groups: dict[int | frozenset[int], _Group] = {}
        self._values_of: dict[object, float] = {}
        self._alone: dict[int, float] = {}  # by seed id: a segment joining nothing
        self._cities: dict[int, frozenset[int]] = {}  # by field: the roots of its cities

    def options(self, kind: str, pos: Pos, rotation: int) -> dict[str | None, float]:
        """option_values(game, player, kind, pos, rotation)."""
        face = FACES[(kind, rotation)]
        base, free, _ = self._values(kind, rotation, pos)
        out: dict[str | None, float] = {None: base}
        for i, worth in free:
            out[face.canonical[i]] = base + worth
        return out

    def best(self, kind: str, pos: Pos, rotation: int) -> float:
        """max(options(kind, pos, rotation).values()), without the dict."""
        return self.best_and_lead(kind, pos, rotation)[0]

    def best_and_lead(self, kind: str, pos: Pos, rotation: int) -> tuple[float, bool]:
        """best(), and whether a road or city the tile would join is led by
        others: more followers of another player there than the player's."""
        base, free, led = self._values(kind, rotation, pos)
        best = base  # max(), as a loop: asked for every placement of a decision
        for _, worth in free:
            value = base + worth
            if value > best:
                best = value
        return best, led

    def _values(
        self, kind: str, rotation: int, pos: Pos
    ) -> tuple[float, list[tuple[int, float]], bool]:
        """option_values' parts: the value with no follower, and per free
        segment the worth a follower there adds (none when the supply is
        empty); and whether a road or city joined is led by others."""
        cell = self._cells.get(pos)
        if cell is None:
            cell = self._cells[pos] = self._cell(pos)
        edge_roots, half_roots, bonuses, beside = cell
        groups, values = self._groups, self._values_of
        base = 0.0
        free: list[tuple[int, float]] = []  # (segment, worth with a follower) of free segments
        led = False
        for i, seed, seed_id, edges, halves, sides, spot, ring, closable in _PLANS.get(
            (kind, rotation)
        ) or _plan(kind, rotation):
            if not (sides & beside or ring):
                # No tile beside its edges (half the segments): it joins nothing,
                # so it is worth a follower's new feature of one tile, kept by
                # seed (what the lines below give for no roots).
                if spot and self.supply:
                    value = self._alone.get(seed_id)
                    if value is None:
                        value = self._alone[seed_id] = self._value(seed, 1, 0, _ALONE)
                    free.append((i, value))
                continue
            near: list[int] = []  # the roots it joins: across its edges, then half-edges
            for edge in edges:
                root = edge_roots[edge]
                if root is not None:
                    near.append(root)
            matched = len(near)
            for half in halves:  # a field: often one root across several half-edges
                root = half_roots[half]
                if root is not None and root not in near:
                    near.append(root)
            if not near and not spot:
                continue  # a garden: no follower goes there (A-3; the abbot's AI weighs it)
            key: int | frozenset[int] = near[0] if len(near) == 1 else frozenset(near)
            g = groups.get(key) or self._group(key, near)
            tiles = 1 + (self.board.ring_count(pos) if ring else g.tiles)
            vkey = (key, seed_id, matched, tiles)
            value = values.get(vkey)
            if value is None:
                value = values[vkey] = self._value(seed, tiles, matched, g)
            if g.counts:
                base += value
                if closable and g.led:
                    led = True
            elif self.supply:
                free.append((i, value))
        for bonus in bonuses:
            base += bonus
        return base, free, led

    def _value(
        self, seed: tuple[str, int, int, tuple[int, ...]], tiles: int, matched: int, g: _Group
    ) -> float:
        """What a segment of ``seed`` joining ``g`` (``matched`` edges met) is
        worth: as it is when others hold it, with a follower when free."""
        kind, n_edges, pennants, adj = seed
        open_edges = g.open_edges + n_edges - 2 * matched
        cities_open = g.cities - g.cities_done + len(adj)
        if g.counts:
            worth, cost = _worth(
                kind, tiles, open_edges, g.pennants + pennants, g.cities_done, cities_open,
                False, self.late, 0.0,
            )  # fmt: skip
            return g.share * worth - cost
        worth, cost = _worth(
            kind, tiles, open_edges, g.pennants + pennants, g.cities_done, cities_open,
            True, self.late, self.follower_cost,
        )  # fmt: skip
        return 1.0 * worth - cost  # _share({player: 1}) is 1.0

    def _cell(self, pos: Pos) -> _Cell:
        board = self.board
        tiles, find = board.tiles, board.find
        x, y = pos
        edge_roots: list[int | None] = [None] * 4
        half_roots: list[int | None] = [None] * 8
        beside = 0  # bits of the edges with a tile across
        for edge, dx, dy, theirs_edge, halves in _ACROSS:
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            beside |= 1 << edge
            face, nodes = other.face, other.nodes
            theirs = face.edge_seg[theirs_edge]
            if theirs is not None:
                edge_roots[edge] = find(nodes[theirs])
            for half, facing in halves:
                b = face.half_seg[facing]
                if b is not None:
                    half_roots[half] = find(nodes[b])
        bonuses = []  # monasteries (gardens) around the cell gain a neighbour (option_values)
        for mpos in board.rings_near(pos):
            for node in board.rings[mpos]:
                feat = board.feature_of(node)
                if not feat.followers or feat.completed:
                    continue
                counts: dict[int, int] = {}
                for f in feat.followers:
                    counts[f.player] = counts.get(f.player, 0) + 1
                bonus = 1.0 + (2.0 if board.ring_count(mpos) == 7 else 0.0)
                bonuses.append(_share(counts, self.player, self.n) * bonus)
        return edge_roots, half_roots, bonuses, beside

    def _group(self, key: int | frozenset[int], roots: list[int]) -> _Group:
        """The sum of the features ``roots`` (distinct roots; ``key`` names the set)."""
        board = self.board
        distinct = roots if len(roots) == 1 else list(set(roots))
        if len(roots) == 1:  # one feature (most segments): its own numbers, no sums
            feat = board.features[roots[0]]
            feats = [feat]
            size, open_edges, pennants = feat.size, feat.open_edges, feat.pennants
        else:
            feats = [board.features[r] for r in distinct]
            if len(feats) == 1:
                size = feats[0].size
            elif feats and feats[0].kind == "field":
                size = 0  # unread (_worth values a field by its cities): no union of big fields
            else:
                size = len({p for f in feats for p, _ in f.segments})
            open_edges = sum(f.open_edges for f in feats)
            pennants = sum(f.pennants for f in feats)
        counts: dict[int, int] = {}
        for f in feats:
            for fl in f.followers:
                counts[fl.player] = counts.get(fl.player, 0) + 1
        city_roots: set[int] | frozenset[int] = _NO_CITIES
        if feats and feats[0].kind == "field":  # fields only touch cities (others' are ())
            cities = self._cities
            for root, f in zip(distinct, feats, strict=True):
                near_cities = cities.get(root)
                if near_cities is None:
                    near_cities = cities[root] = frozenset([board.find(c) for c in f.cities])
                city_roots = city_roots | near_cities if city_roots else near_cities
        done = 0
        for r in city_roots:
            if board.features[r].open_edges == 0:
                done += 1
        group = _Group(
            size,
            open_edges,
            pennants,
            counts,
            done,
            len(city_roots),
            _share(counts, self.player, self.n) if counts else 0.0,
            bool(counts) and counts.get(self.player, 0) < max(counts.values()),
        )
        self._groups[key] = group
        return group
