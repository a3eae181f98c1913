"""The Gifts (RULES.md G-1..G-10): receive a gift for helping another player's
road or city, open one before placing your tile, 2 points per unopened gift.

Plugged into the base turn only through hook points and action types:

- ``after_place``: receiving (G-2), decided on the owners right after placing;
- ``open-gift`` in the ``place`` step: opening (G-3) with each card's targets;
  ``take-two`` (G-8) then asks for a ``choose-tile`` decision;
- ``after_final``: 2 points per unopened gift (G-9);
- ``public_view`` / ``private_view``: counts for everyone, cards for their owner.

State lives in ``game.ext["gifts"]`` (:class:`GiftsState`). Randomness: the
deck from ``shuffled(seed, "gifts", ...)`` (or ``decks.gifts``), reshuffles and
the position of a returned tile from ``game.rng``, so replays are exact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import scoring
from engine.board import Feature, Follower, Pos
from engine.phases import (
    AFTER_FINAL,
    AFTER_PLACE,
    PRIVATE_VIEW,
    PUBLIC_VIEW,
    STEP_PLACE,
    Action,
    ActionSpec,
    Decision,
    IllegalAction,
    Steps,
)

if TYPE_CHECKING:
    from engine.board import PlaceResult
    from engine.game import Game

NAME = "gifts"
OPEN = "open-gift"  # record action: open one gift (G-3)
CHOOSE = "choose-tile"  # record action and step: which of two tiles to place (G-8)
STEP_CHOOSE = "choose-tile"
END_POINTS = 2  # G-9: per unopened gift
CASH_OUT_POINTS = 2  # G-7: per follower on the feature

SYNOD = "synod"
ROAD_SWEEPER = "road-sweeper"
CHANGE_POSITION = "change-position"
CASH_OUT = "cash-out"
TAKE_TWO = "take-two"

# Turn.data keys (per-turn flags).
_OPENED = "gifts.opened"
_CHOICE = "gifts.choice"


@dataclass(frozen=True, slots=True)
class GiftCard:
    id: str
    count: int
    name: str
    rule: str
    text: str


# G-1: the 25 cards, 5 of each kind.
CARDS: dict[str, GiftCard] = {
    c.id: c
    for c in (
        GiftCard(
            SYNOD,
            5,
            "Synod",
            "G-4",
            "Place a follower from your supply on any unfinished monastery, occupied or not.",
        ),
        GiftCard(
            ROAD_SWEEPER,
            5,
            "Road sweeper",
            "G-5",
            "Score any unfinished road now (1 point per tile for its owners); all its "
            "followers go back to their owners.",
        ),
        GiftCard(
            CHANGE_POSITION,
            5,
            "Change position",
            "G-6",
            "Lay one of your followers from a road, city or monastery onto a field of the "
            "same tile, or stand one from a field onto a road, city or monastery of it.",
        ),
        GiftCard(
            CASH_OUT,
            5,
            "Cash out",
            "G-7",
            "Take one of your followers back and score 2 points for every follower on "
            "its feature, that one included.",
        ),
        GiftCard(
            TAKE_TWO,
            5,
            "Take two",
            "G-8",
            "Draw a second tile, place one of the two; the other goes back into the pile.",
        ),
    )
}


def full_deck() -> list[str]:
    """The 25 gift cards in table order (G-1)."""
    return [c.id for c in CARDS.values() for _ in range(c.count)]


@dataclass(slots=True)
class GiftsState:
    deck: list[str]  # face down, top first
    discard: list[str] = field(default_factory=list)  # face up, oldest first
    hands: list[list[str]] = field(default_factory=list)  # unopened gifts per seat


def state(game: Game) -> GiftsState:
    st: GiftsState = game.ext[NAME]
    return st


def install(game: Game) -> None:
    from engine.game import shuffled

    if NAME in game.decks:
        bad = [c for c in game.decks[NAME] if c not in CARDS]
        if bad:
            raise ValueError(
                f"unknown gift card {bad[0]!r} in decks.gifts; cards are {', '.join(CARDS)}"
            )
        deck = list(game.decks[NAME])
    else:
        deck = shuffled(game.seed, NAME, full_deck())
    game.ext[NAME] = GiftsState(deck, [], [[] for _ in game.players])
    game.hooks.on(AFTER_PLACE, _after_place)
    game.hooks.on(AFTER_FINAL, _after_final)
    game.hooks.on(PUBLIC_VIEW, _public_view)
    game.hooks.on(PRIVATE_VIEW, _private_view)
    game.hooks.add_action(
        ActionSpec(OPEN, frozenset({STEP_PLACE}), legal_openings, validate_open, run_open)
    )
    game.hooks.add_action(
        ActionSpec(CHOOSE, frozenset({STEP_CHOOSE}), legal_choices, validate_choose, run_choose)
    )
    game.hooks.ai_policies.append(ai_policy)


# --- G-2 receiving -------------------------------------------------------------
def qualifies(game: Game, player: int, result: PlaceResult) -> bool:
    """G-2: the tile extended an existing road or city that, right now (after
    placing, before the follower step), belongs to someone else and not to
    ``player``. A tie including ``player`` counts as the player's."""
    for root in result.extended:
        feat = game.board.feature_of(root)
        if feat.kind not in ("road", "city"):
            continue
        who = scoring.owners(game, feat)
        if who and player not in who:
            return True
    return False


def _after_place(game: Game, result: PlaceResult) -> Steps:
    assert game.turn is not None
    player = game.turn.player
    if qualifies(game, player, result):
        give(game, player)
    yield from ()


def give(game: Game, player: int) -> str | None:
    """Hand ``player`` the top gift (G-2), reshuffling the discard pile into a
    new deck when the deck is empty; None when every gift is in a hand."""
    st = state(game)
    if not st.deck and st.discard:
        st.deck = list(st.discard)
        st.discard.clear()
        game.rng.shuffle(st.deck)
        game.events.append({"type": "gift-reshuffle", "cards": len(st.deck)})
    if not st.deck:
        game.events.append(
            {
                "type": "gift-none",
                "player": player,
                "reason": "every gift is unopened in players' hands (G-2)",
            }
        )
        return None
    card = st.deck.pop(0)
    st.hands[player].append(card)
    game.reveal()  # the receiver saw a hidden card: earlier actions are final
    game.events.append({"type": "gift-received", "player": player})
    game.events.append({"type": "gift-card", "player": player, "card": card, "private": player})
    return card


# --- G-9 end ---------------------------------------------------------------------
def _after_final(game: Game) -> Steps:
    st = state(game)
    for player, hand in enumerate(st.hands):
        if hand:
            game.award(
                player,
                END_POINTS * len(hand),
                {"feature": None, "reason": "unopened-gifts", "gifts": len(hand)},
            )
    yield from ()


# --- views -----------------------------------------------------------------------
def _public_view(game: Game, counts: dict[str, tuple[int, ...]], extra: dict[str, Any]) -> None:
    st = state(game)
    counts["gifts"] = tuple(len(h) for h in st.hands)
    extra["gifts"] = {"deck": len(st.deck), "discard": list(st.discard)}


def _private_view(game: Game, player: int, hidden: dict[str, Any]) -> None:
    hidden["gifts"] = list(state(game).hands[player])


# --- targets (G-4..G-8, G-10) --------------------------------------------------
def _xy(pos: Pos) -> dict[str, int]:
    return {"x": pos[0], "y": pos[1]}


def synod_targets(game: Game, player: int) -> list[Action]:
    """G-4: every unfinished monastery, if a follower is in supply."""
    if game.supply[player] == 0:
        return []
    out = []
    for pos, node in sorted(game.board.monasteries.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if game.board.is_unfinished(game.board.feature_of(node)):
            out.append(
                {**_xy(pos), "location": game.board.location_name(*game.board.node_seg[node])}
            )
    return out


def road_sweeper_targets(game: Game) -> list[Action]:
    """G-5: every unfinished road, named by its first segment (y, x order)."""
    board = game.board
    out = []
    for feat in board.features.values():
        if feat.kind != "road" or not game.board.is_unfinished(feat):
            continue
        pos, seg = min(feat.segments, key=lambda s: (s[0][1], s[0][0], s[1]))
        out.append({**_xy(pos), "location": board.location_name(pos, seg)})
    out.sort(key=lambda a: (a["y"], a["x"], a["location"]))
    return out


def _own_spots(game: Game, player: int) -> list[tuple[Feature, Follower]]:
    """``player``'s followers, one per (tile, segment): followers sharing a
    segment are interchangeable."""
    seen: set[tuple[Pos, int]] = set()
    out = []
    for feat, f in game.followers_of(player):
        if (f.pos, f.seg) not in seen:
            seen.add((f.pos, f.seg))
            out.append((feat, f))
    return out


def change_position_targets(game: Game, player: int) -> list[Action]:
    """G-6: from a road/city/monastery segment to a field segment of the same
    tile or back. Ruling (G-6, G-10): a standing target must be unfinished,
    since a follower on a finished feature would never score or come back."""
    board = game.board
    out = []
    for feat, f in _own_spots(game, player):
        placed = board.tiles[f.pos]
        lying = feat.kind == "field"
        for i, seg in enumerate(placed.face.segments):
            if (seg.kind == "field") == lying:
                continue
            if not lying or game.board.is_unfinished(board.feature_of(placed.nodes[i])):
                out.append(
                    {
                        **_xy(f.pos),
                        "location": game.location(f),
                        "to": placed.face.canonical[i],
                    }
                )
    return out


def cash_out_targets(game: Game, player: int) -> list[Action]:
    """G-7: each of ``player``'s followers on any feature."""
    return [{**_xy(f.pos), "location": game.location(f)} for _, f in _own_spots(game, player)]


def take_two_possible(game: Game) -> bool:
    """G-8/G-10: some tile left in the pile fits on the board."""
    return any(game.board.can_place(kind) for kind in game.bag)


def targets(game: Game, player: int, card: str) -> list[Action]:
    """Every legal target of ``card`` for ``player`` as action fields; [{}]
    for take-two when possible. Empty: the card cannot be opened (G-10)."""
    if card == SYNOD:
        return synod_targets(game, player)
    if card == ROAD_SWEEPER:
        return road_sweeper_targets(game)
    if card == CHANGE_POSITION:
        return change_position_targets(game, player)
    if card == CASH_OUT:
        return cash_out_targets(game, player)
    return [{}] if take_two_possible(game) else []


# --- G-3 opening -----------------------------------------------------------------
def _can_open_now(game: Game, player: int) -> bool:
    turn = game.turn
    return turn is not None and turn.player == player and not turn.data.get(_OPENED)


def legal_openings(game: Game, player: int) -> list[Action]:
    if not _can_open_now(game, player):
        return []
    out = []
    for card in dict.fromkeys(state(game).hands[player]):
        for t in targets(game, player, card):
            out.append({"player": player, "type": OPEN, "card": card, **t})
    return out


def validate_open(game: Game, action: Action) -> None:
    player = action["player"]
    turn = game.turn
    if turn is None or turn.player != player:
        raise IllegalAction("you may open a gift only in your own turn, before placing (G-3)")
    if turn.data.get(_OPENED):
        raise IllegalAction("you already opened a gift this turn; only one per turn (G-3)")
    card = action.get("card")
    if not isinstance(card, str) or card not in CARDS:
        raise IllegalAction(f"'card' must be one of {', '.join(CARDS)}, not {card!r}")
    if card not in state(game).hands[player]:
        raise IllegalAction(f"you hold no unopened {CARDS[card].name} gift (G-3)")
    PLANS[card](game, player, action)


def _need(action: Action, key: str, kind: type) -> Any:
    v = action.get(key)
    if not isinstance(v, kind) or isinstance(v, bool):
        word = "an integer" if kind is int else "a location name"
        raise IllegalAction(f"'{key}' must be {word}, not {v!r}")
    return v


def _segment(game: Game, action: Action, key: str = "location") -> tuple[Pos, int]:
    """The tile and segment named by x, y and ``action[key]`` (any of the
    segment's names, NOTATION.md)."""
    x, y = _need(action, "x", int), _need(action, "y", int)
    placed = game.board.tiles.get((x, y))
    if placed is None:
        raise IllegalAction(f"there is no tile at {x},{y}")
    loc = _need(action, key, str)
    seg = placed.face.name_to_seg.get(loc)
    if seg is None:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(
            f"{loc!r} is not a location on {placed.kind} at {x},{y}; its locations are {names}"
        )
    return (x, y), seg


def _own_follower(game: Game, player: int, action: Action) -> tuple[Feature, Follower]:
    pos, seg = _segment(game, action)
    feat = game.board.feature_at(pos, seg)
    for f in feat.followers:
        if f.player == player and f.pos == pos and f.seg == seg:
            return feat, f
    raise IllegalAction(
        f"you have no follower at {pos[0]},{pos[1]} {game.board.location_name(pos, seg)}"
    )


@dataclass(frozen=True, slots=True)
class _Plan:
    """A validated opening: ``apply`` performs it (no further checks needed)."""

    event: dict[str, Any]
    apply: Callable[[], Steps]


def _plan_synod(game: Game, player: int, action: Action) -> _Plan:
    """G-4: a follower from supply onto an unfinished monastery."""
    board = game.board
    if game.supply[player] == 0:
        raise IllegalAction("Synod needs a follower in your supply (G-4)")
    pos, seg = _segment(game, action)
    feat = board.feature_at(pos, seg)
    if feat.kind != "monastery":
        raise IllegalAction(f"Synod goes on a monastery, not a {feat.kind} (G-4)")
    if not game.board.is_unfinished(feat):
        raise IllegalAction("that monastery is finished; Synod needs an unfinished one (G-4)")

    def synod() -> Steps:
        game.add_follower(player, pos, seg)
        yield from ()

    return _Plan({**_xy(pos), "location": board.location_name(pos, seg)}, synod)


def _plan_road_sweeper(game: Game, player: int, action: Action) -> _Plan:
    """G-5: score an unfinished road as at game end, then clear it."""
    board = game.board
    pos, seg = _segment(game, action)
    feat = board.feature_at(pos, seg)
    if feat.kind != "road":
        raise IllegalAction(f"Road sweeper scores a road, not a {feat.kind} (G-5)")
    if not game.board.is_unfinished(feat):
        raise IllegalAction("that road is finished; Road sweeper needs an unfinished one (G-5)")
    root = board.find(board.tiles[pos].nodes[seg])

    def sweep() -> Steps:
        # Scored like an incomplete road at game end (B-8: 1 per tile) for its
        # owners, then every follower on it goes home even if a score hook kept
        # them; the road is not marked completed, so it stays open (G-5).
        scoring.score_now(game, root, ROAD_SWEEPER, False)
        game.return_followers(board.features[board.find(root)])
        yield from ()

    return _Plan({**_xy(pos), "location": board.location_name(pos, seg)}, sweep)


def _plan_change_position(game: Game, player: int, action: Action) -> _Plan:
    """G-6: stand up or lie down on the same tile."""
    board = game.board
    feat, follower = _own_follower(game, player, action)
    pos = follower.pos
    placed = board.tiles[pos]
    to = _need(action, "to", str)
    seg = placed.face.name_to_seg.get(to)
    if seg is None:
        names = ", ".join(placed.face.canonical)
        raise IllegalAction(
            f"{to!r} is not a location on {placed.kind} at {pos[0]},{pos[1]}; "
            f"its locations are {names} (G-6: same tile only)"
        )
    target = board.feature_at(pos, seg)
    lying = feat.kind == "field"
    if (target.kind == "field") == lying:
        raise IllegalAction(
            f"Change position switches between standing and lying: a follower on a "
            f"{feat.kind} cannot move to a {target.kind} (G-6)"
        )
    if lying and not game.board.is_unfinished(target):
        raise IllegalAction(f"the {target.kind} at {to} is finished (G-6)")
    event = {**_xy(pos), "location": game.location(follower), "to": placed.face.canonical[seg]}

    def change() -> Steps:
        game.move_follower(follower, pos, seg, lying=not lying)
        yield from ()

    return _Plan(event, change)


def _plan_cash_out(game: Game, player: int, action: Action) -> _Plan:
    """G-7: take a follower back, 2 points per follower on its feature."""
    feat, follower = _own_follower(game, player, action)
    n = len(feat.followers)
    pos = follower.pos

    def cash() -> Steps:
        game.remove_follower(follower)
        game.award(
            player,
            CASH_OUT_POINTS * n,
            {"feature": feat.kind, "reason": CASH_OUT, "followers": n, "at": [pos[0], pos[1]]},
        )
        yield from ()

    return _Plan({**_xy(pos), "location": game.location(follower), "followers": n}, cash)


def _plan_take_two(game: Game, player: int, action: Action) -> _Plan:
    """G-8, G-10: only when some tile left fits."""
    if not take_two_possible(game):
        raise IllegalAction(
            "no tile left in the pile fits on the board; Take two cannot be opened (G-10)"
        )
    return _Plan({}, lambda: _take_two(game, player))


# Card -> check its target (raising IllegalAction, nothing changed) and say how
# to perform it.
PLANS: dict[str, Callable[[Game, int, Action], _Plan]] = {
    SYNOD: _plan_synod,
    ROAD_SWEEPER: _plan_road_sweeper,
    CHANGE_POSITION: _plan_change_position,
    CASH_OUT: _plan_cash_out,
    TAKE_TWO: _plan_take_two,
}


def run_open(game: Game, action: Action) -> Steps:
    player, card = action["player"], action["card"]
    plan = PLANS[card](game, player, action)
    st = state(game)
    assert game.turn is not None
    game.turn.data[_OPENED] = True
    st.hands[player].remove(card)
    st.discard.append(card)  # G-3: onto the face-up discard pile
    game.events.append({"type": "gift-opened", "player": player, "card": card, **plan.event})
    yield from plan.apply()


# --- G-8 take two ----------------------------------------------------------------
def _take_two(game: Game, player: int) -> Steps:
    turn = game.turn
    assert turn is not None
    second = game.draw_tile()
    assert second is not None  # validated: a fitting tile is left
    turn.data[_CHOICE] = [turn.tile, second]
    game.events.append({"type": "take-two", "player": player, "tile": second})
    while _CHOICE in turn.data:
        action = yield Decision(
            STEP_CHOOSE, (player,), player, (), {"tiles": list(turn.data[_CHOICE])}
        )
        yield from game.hooks.actions[action["type"]].run(game, action)


def legal_choices(game: Game, player: int) -> list[Action]:
    turn = game.turn
    if turn is None or turn.player != player or _CHOICE not in turn.data:
        return []
    tiles = [t for t in dict.fromkeys(turn.data[_CHOICE]) if _fits_this_turn(game, t)]
    return [{"player": player, "type": CHOOSE, "tile": t} for t in tiles]


def _fits_this_turn(game: Game, kind: str) -> bool:
    """The tile can be placed this turn, also where an effect fixed the cells
    (e.g. a mastermind): only such a tile may be kept (G-8, G-10)."""
    turn = game.turn
    cells = turn.allowed_cells if turn is not None else None
    if cells is None:
        return game.board.can_place(kind)
    return any(game.board.fits(kind, cell) for cell in cells)


def validate_choose(game: Game, action: Action) -> None:
    turn = game.turn
    if turn is None or _CHOICE not in turn.data:
        raise IllegalAction("there are no two tiles to choose from (G-8)")
    tile = action.get("tile")
    if tile not in turn.data[_CHOICE]:
        a, b = turn.data[_CHOICE]
        raise IllegalAction(f"'tile' must be {a!r} or {b!r}, the two tiles drawn (G-8)")
    if not isinstance(tile, str) or not _fits_this_turn(game, tile):
        raise IllegalAction(f"{tile} cannot be placed this turn; keep the other tile (G-8)")


def run_choose(game: Game, action: Action) -> Steps:
    """Keep the chosen tile to place; the other goes back into the pile at a
    position drawn from game.rng (G-8)."""
    turn = game.turn
    assert turn is not None
    tiles: list[str] = turn.data.pop(_CHOICE)
    chosen = action["tile"]
    tiles.remove(chosen)
    other = tiles[0]
    turn.tile = chosen
    game.bag.insert(game.rng.randint(0, len(game.bag)), other)
    game.events.append(
        {"type": "tile-chosen", "player": action["player"], "tile": chosen, "returned": other}
    )
    yield from ()


# --- AI advice -----------------------------------------------------------------
def ai_policy(game: Game, player: int, decision: Decision, legal: list[Action]) -> Action | None:
    """Open a gift when it clearly pays (more than the 2 points it is worth
    unopened, G-9); with two tiles, keep the one that plays better."""
    from engine.expansions import gifts_ai

    return gifts_ai.advise(game, player, decision, legal)
