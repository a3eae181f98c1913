"""The English words of the images, in one place: the demo, the tests and the
benchmarks use them, and the bot until its words module supplies localised
ones (French, Dutch). Nothing here is read by the drawing code itself.

* :func:`english`: the :class:`renders.captions.Captions`;
* :func:`english_hand`: one player's hand as sections of cards and chips,
  from the private view (card names and effects from the expansions' tables);
* :func:`english_breakdown`: the final score breakdown rows from the public
  score events.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.expansions.bet_chips import CHIPS
from engine.expansions.gifts import CARDS as GIFT_CARDS
from engine.phases import Event
from engine.views import PrivateView
from renders.captions import LEGEND_LAST, LEGEND_LEGAL, LEGEND_REGION, Captions
from renders.hand import Card, Chip, HandSection


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@cache
def english() -> Captions:
    return Captions(
        turn=lambda n: f"Turn {n}",
        to_play=lambda names: f"{_names(names)} to play" if names else "",
        game_over="Game over",
        winners=lambda names: (
            f"{_names(names)} wins"
            if len(names) == 1
            else f"{_names(names)} share the victory"
            if names
            else "No winner"
        ),
        tile_to_place="Tile to place",
        tiles_left=lambda n: _plural(n, "tile left", "tiles left"),
        player="Player",
        points="Points",
        followers="Followers",
        counts={"gifts": "Gifts", "hand": "Cards", "chips": "Chips"},
        legend={
            LEGEND_LAST: "last tile placed",
            LEGEND_LEGAL: "your tile fits here",
            LEGEND_REGION: "the part shown above (all of it: /board)",
            "chips": "chips bet on an office",
            "lock": "locked: paid at game end",
            "tiebreak": "counts one extra follower",
        },
        rotations_title=lambda x, y: f"Your tile at {x},{y}: pick how it lies",
        follower_title="Put a follower? Pick a number",
        features={"road": "Road", "city": "City", "monastery": "Monastery", "field": "Field"},
        hand_private="your hand - only you see this",
        hand_empty="Nothing in hand: this game has no cards or chips.",
        none="none",
        final_title="Final score",
        total="Total",
        other_points="Other",
    )


# --- the hand ---------------------------------------------------------------------
GIFT_NOTE = (
    "Open one after drawing your tile, before placing it. "
    "Each unopened gift scores 2 points at the end."
)
CLASS_BANDS = {
    "lightning": "LIGHTNING - acts at once",
    "plain": "PLAIN - play in your turn",
    "end": "GAME END - applies at the end",
}
DECKS = {"abbey": "Abbey deck", "roadside": "Roadside deck"}


def _gift(card: str) -> Card:
    c = GIFT_CARDS.get(card)
    if c is None:
        return Card(card, "", "GIFT", "gift")
    return Card(c.name, c.text, "GIFT", "gift")


def _christmas(item: Any) -> Card:
    if not isinstance(item, dict):
        return Card(str(item), "", "CARD", "neutral")
    cls = str(item.get("class", ""))
    return Card(
        str(item.get("name") or item.get("card") or "?"),
        str(item.get("text", "")),
        CLASS_BANDS.get(cls, cls.upper()),
        cls,
        DECKS.get(str(item.get("deck", "")), str(item.get("deck", ""))),
    )


def _payout(face: str) -> str:
    """What a chip pays, one line per number on it (T-7): "4 tiles exactly:
    pays 8"."""
    chip = CHIPS.get(face)
    if chip is None:
        return ""
    lines = []
    for win in chip.wins:
        if win.high is None:
            lines.append(f"{win.low} tiles or more: pays {win.points}")
        elif len(chip.wins) == 1:
            lines.append(f"{win.low} tiles exactly: pays {win.points}")
        else:
            lines.append(f"{win.low} tiles: pays {win.points}")
    return "\n".join(lines)


def english_hand(view: PrivateView) -> list[HandSection]:
    """Sections of ``view.player``'s hidden things: gifts (G-1), Christmas
    cards (X-3) and chips in supply (T-3), for the games that have them."""
    hidden, expansions = view.hidden, view.public.expansions
    out: list[HandSection] = []
    if "gifts" in hidden or "gifts" in expansions:
        gifts = [_gift(str(c)) for c in hidden.get("gifts") or ()]
        out.append(HandSection(f"Gifts ({len(gifts)})", GIFT_NOTE, cards=tuple(gifts)))
    if "hand" in hidden or "christmas" in expansions:
        cards = [_christmas(c) for c in hidden.get("hand") or ()]
        out.append(HandSection(f"Christmas cards ({len(cards)} of 5)", cards=tuple(cards)))
    if "chips" in hidden or "bets" in expansions:
        faces = [str(f) for f in hidden.get("chips") or ()]
        chips = tuple(Chip(f, _payout(f)) for f in faces)
        out.append(HandSection(f"Chips in your supply ({len(chips)})", chips=chips))
    return out


# --- the final breakdown ------------------------------------------------------------
FEATURE_ROWS = {"road": "Roads", "city": "Cities", "monastery": "Monasteries", "field": "Fields"}
REASON_ROWS = {
    "bet": "Bets",
    "road-sweeper": "Gifts",
    "cash-out": "Gifts",
    "unopened-gifts": "Gifts",
    "christmas": "Christmas cards",
}
ROW_ORDER = (*FEATURE_ROWS.values(), "Gifts", "Bets", "Christmas cards")


def english_breakdown(events: Sequence[Event], seats: int) -> list[tuple[str, list[int]]]:
    """Points per row and seat from the public score events (features by
    kind, then each expansion's points)."""
    rows: dict[str, list[int]] = {}
    for e in events:
        if "private" in e or e.get("type") != "score" or not isinstance(e.get("player"), int):
            continue
        reason = str(e.get("reason", ""))
        if reason in ("completed", "final") and e.get("feature") in FEATURE_ROWS:
            label = FEATURE_ROWS[str(e["feature"])]
        else:
            label = REASON_ROWS.get(reason.split(":")[0], "Other")
        seat = int(e["player"])
        if 0 <= seat < seats:
            rows.setdefault(label, [0] * seats)[seat] += int(e.get("points", 0))
    return sorted(rows.items(), key=lambda kv: ROW_ORDER.index(kv[0]) if kv[0] in ROW_ORDER else 99)
