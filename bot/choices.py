"""The legal choices of a seat, labelled for people (buttons, selects, autocomplete).

Everything offered comes from the engine's legality API (legal_placements,
legal_followers, legal_actions), so only legal choices are ever shown. Cell
numbers are the ones the board image carries (renders.board.number_cells).
Expansion actions are handled generically: any action type an expansion
attaches to the pending step is listed, labelled from its fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import Game
from engine.phases import Action, Decision
from engine.views import private_view
from renders.board import distinct_cells, number_cells

BASE_TYPES = ("place", "follower")
FEATURE_WORDS = {"road": "road", "city": "city", "monastery": "monastery", "field": "field"}
# Slash command group of an expansion's actions: the module that defines the
# action (engine.expansions.<name>) names the expansion.
COMMAND_OF_EXPANSION = {"gifts": "gift", "bets": "bet", "christmas": "card"}
STEP_WORDS = {
    "place": "place your tile",
    "follower": "place a follower (or none)",
}
PASSIVE_TYPE_ENDINGS = ("pass",)
PASSIVE_FLAGS = ("cancel", "draw")  # a False value means "let it pass" / "decline"


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action with its label; ``index`` is its position in
    ``game.legal_actions(seat)`` at this version (stable for the version)."""

    index: int
    action: Action
    label: str


def legal_cells(game: Game) -> list[tuple[int, int]]:
    """Cells where the tile fits, in the board image's numbering order."""
    return distinct_cells(game.legal_placements())


def numbered_cells(game: Game) -> dict[tuple[int, int], int]:
    return number_cells(legal_cells(game))


def rotations_at(game: Game, x: int, y: int) -> list[int]:
    return sorted(r for cx, cy, r in game.legal_placements() if (cx, cy) == (x, y))


def follower_labels(game: Game) -> list[tuple[str | None, str]]:
    """(location, label) for each legal follower choice, "none" first."""
    locs = game.legal_followers()
    if locs is None:
        return []
    out: list[tuple[str | None, str]] = [(None, "No follower")]
    placed = game.turn.placed if game.turn is not None else None
    for loc in locs:
        kind = ""
        if placed is not None:
            seg = placed.face.name_to_seg.get(loc)
            if seg is not None:
                kind = FEATURE_WORDS.get(placed.face.segments[seg].kind, "")
        out.append((loc, f"{loc} ({kind})" if kind else loc))
    return out


def expansion_of(game: Game, action_type: str) -> str | None:
    """The expansion that defines ``action_type`` (None for base actions)."""
    spec = game.hooks.actions.get(action_type)
    if spec is None:
        return None
    module = getattr(spec.legal, "__module__", "") or ""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["engine", "expansions"]:
        return parts[2].removesuffix("_ai")
    return None


def command_of(game: Game, action_type: str) -> str:
    exp = expansion_of(game, action_type)
    return COMMAND_OF_EXPANSION.get(exp or "", "act")


def humanize(word: Any) -> str:
    text = str(word).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def card_names(game: Game, seat: int) -> dict[str, str]:
    """Names of the cards in ``seat``'s own hand (agreed view key ``hand``)."""
    hidden = private_view(game, seat).hidden
    out: dict[str, str] = {}
    for card in hidden.get("hand", []) or []:
        if isinstance(card, dict) and "card" in card:
            out[str(card["card"])] = str(card.get("name") or humanize(card["card"]))
    return out


def describe(game: Game, action: Action, names: dict[str, str] | None = None) -> str:
    """A short label for an action (at most 100 characters, Discord's limit)."""
    names = names or {}
    kind = str(action.get("type"))
    if kind == "place":
        return f"Place at {action['x']},{action['y']} r{action['rotation']}"
    if kind == "follower":
        return f"Follower on {action['location']}" if action.get("location") else "No follower"
    parts = [humanize(kind)]
    for key, value in action.items():
        if key in ("player", "type", "x", "y"):
            continue
        if key in ("card",):
            parts.append("no card" if value is None else names.get(str(value), humanize(value)))
        elif key == "cards" and isinstance(value, list):
            parts.append("discard " + (", ".join(names.get(str(c), humanize(c)) for c in value)))
        elif key == "cancel" and isinstance(value, bool):
            parts.append("cancel it" if value else "let it pass")
        elif key == "draw" and isinstance(value, bool):
            parts.append("draw" if value else "decline")
        elif key == "location":
            parts.append(f"{value}")
        elif key == "to":
            parts.append(f"to {value}")
        elif isinstance(value, bool):
            parts.append(f"{humanize(key)}: {'yes' if value else 'no'}")
        elif isinstance(value, str | int | float) or value is None:
            parts.append(f"{humanize(key).lower()} {value}")
        else:
            parts.append(f"{humanize(key).lower()} {value}")
    if "x" in action and "y" in action:
        parts.insert(1, f"at {action['x']},{action['y']}")
    label = " ".join(str(p) for p in parts)
    return label if len(label) <= 100 else label[:97] + "..."


def choices(game: Game, seat: int, *, base: bool | None = None) -> list[Choice]:
    """Legal actions of ``seat`` with labels. ``base`` True: only place/follower;
    False: only expansion actions; None: all."""
    names = card_names(game, seat) if "christmas" in game.expansions else {}
    out = []
    for i, a in enumerate(game.legal_actions(seat)):
        is_base = a.get("type") in BASE_TYPES
        if base is None or base == is_base:
            out.append(Choice(i, a, describe(game, a, names)))
    return out


def expansion_choices(game: Game, seat: int, command: str | None = None) -> list[Choice]:
    """Expansion actions of ``seat`` now; ``command`` limits them to one slash
    command group (gift / bet / card / act)."""
    out = choices(game, seat, base=False)
    if command is not None and command != "act":
        out = [c for c in out if command_of(game, str(c.action["type"])) == command]
    return out


def step_prompt(game: Game, decision: Decision) -> str:
    """What the game waits for, in words (public: never hidden data)."""
    if decision.step in STEP_WORDS:
        return STEP_WORDS[decision.step]
    exp = None
    for spec in game.hooks.for_step(decision.step):
        exp = expansion_of(game, spec.type)
        break
    where = ""
    if "x" in decision.info and "y" in decision.info:
        where = f" at {decision.info['x']},{decision.info['y']}"
    text = humanize(decision.step)
    return f"{text}{where}" + (f" ({exp})" if exp else "")


def passive_action(legal: list[Action]) -> Action | None:
    """The "pass" among legal actions: a *pass type, a False cancel/draw flag,
    or a null card (modifiers). None when no action looks passive."""
    for a in legal:
        if str(a.get("type", "")).endswith(PASSIVE_TYPE_ENDINGS):
            return a
    for a in legal:
        if any(a.get(flag) is False for flag in PASSIVE_FLAGS):
            return a
    for a in legal:
        if "card" in a and a["card"] is None:
            return a
    return None


def minimal_action(game: Game, seat: int) -> Action | None:
    """The skip policy's move: first legal placement, no follower, else pass."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    for a in legal:
        if a["type"] == "place":
            return a
    for a in legal:
        if a["type"] == "follower" and a["location"] is None:
            return a
    return passive_action(legal)
