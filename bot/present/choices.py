"""The legal choices of a seat, labelled for people (buttons, selects, autocomplete).

Everything offered comes from the engine's legality API (legal_placements,
legal_followers, legal_actions), so only legal choices are ever shown. Cell
numbers are the ones the board image carries (renders.board.number_cells).
Expansion actions are labelled by their expansion's adapter and grouped by
its slash command; the base actions' shapes are built here only.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import expansions
from bot.expansions import generic
from bot.text import Text, Words
from engine.actions import BASE_ACTIONS
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Action, Decision
from renders.board import distinct_cells, number_cells

ALL_EXPANSION_ACTIONS = "act"  # the command listing every expansion action
FEATURES = ("road", "city", "monastery", "field")


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action with its label; ``index`` is its position in
    ``game.legal_actions(seat)`` at this version (stable for the version)."""

    index: int
    action: Action
    label: Text


# --- the base actions' shapes (the one place they are built) -----------------------
def place_action(x: int, y: int, rotation: int) -> Action:
    return {"type": STEP_PLACE, "x": x, "y": y, "rotation": rotation}


def follower_action(location: str | None) -> Action:
    return {"type": STEP_FOLLOWER, "location": location}


# --- tile and follower ----------------------------------------------------------------
def legal_cells(game: Game) -> list[tuple[int, int]]:
    """Cells where the tile fits, in the board image's numbering order."""
    return distinct_cells(game.legal_placements())


def numbered_cells(game: Game) -> dict[tuple[int, int], int]:
    return number_cells(legal_cells(game))


def rotations_at(game: Game, x: int, y: int) -> list[int]:
    return sorted(r for cx, cy, r in game.legal_placements() if (cx, cy) == (x, y))


def follower_labels(game: Game, words: Words) -> list[tuple[str | None, Text]]:
    """(location, label) for each legal follower choice, "none" first."""
    locs = game.legal_followers()
    if locs is None:
        return []
    out: list[tuple[str | None, Text]] = [(None, words("label.no_follower_choice"))]
    placed = game.turn.placed if game.turn is not None else None
    for loc in locs:
        kind = ""
        if placed is not None:
            seg = placed.face.name_to_seg.get(loc)
            if seg is not None:
                kind = placed.face.segments[seg].kind
        if kind in FEATURES:
            out.append(
                (loc, words("label.follower_at", location=Text(loc), feature=feature(kind, words)))
            )
        else:
            out.append((loc, Text(loc)))
    return out


def feature(kind: str, words: Words) -> Text:
    return words(f"feature.{kind}") if kind in FEATURES else generic.humanize(kind)


# --- every action ---------------------------------------------------------------------------
def base_label(action: Action, words: Words) -> Text:
    if action.get("type") == STEP_PLACE:
        return words("label.place", x=action["x"], y=action["y"], rotation=action["rotation"])
    location = action.get("location")
    if location:
        return words("label.follower", location=Text(str(location)))
    return words("label.no_follower")


def choices(game: Game, seat: int, words: Words, *, base: bool | None = None) -> list[Choice]:
    """Legal actions of ``seat`` with labels. ``base`` True: only place/follower;
    False: only expansion actions; None: all."""
    labellers = {a.name: a.labeller(game, seat, words) for a in expansions.of_game(game)}
    out = []
    for i, a in enumerate(game.legal_actions(seat)):
        kind = str(a.get("type"))
        is_base = kind in BASE_ACTIONS
        if base is not None and base != is_base:
            continue
        if is_base:
            label = base_label(a, words)
        else:
            adapter = expansions.for_action(kind)
            label_of = labellers.get(adapter.name) if adapter is not None else None
            label = label_of(a) if label_of is not None else generic.describe(a, words)
        out.append(Choice(i, a, label))
    return out


def command_of(action_type: str) -> str:
    """The slash command offering ``action_type``: its expansion's, else /act."""
    adapter = expansions.for_action(action_type)
    if adapter is None or adapter.command is None:
        return ALL_EXPANSION_ACTIONS
    return adapter.command.name


def expansion_choices(
    game: Game, seat: int, words: Words, command: str | None = None
) -> list[Choice]:
    """Expansion actions of ``seat`` now; ``command`` limits them to one slash
    command's (``act``: all of them)."""
    out = choices(game, seat, words, base=False)
    if command is not None and command != ALL_EXPANSION_ACTIONS:
        out = [c for c in out if command_of(str(c.action["type"])) == command]
    return out


def step_prompt(game: Game, decision: Decision, words: Words) -> Text:
    """What the game waits for, in words (public: never hidden data)."""
    if decision.step in (STEP_PLACE, STEP_FOLLOWER):
        return words(f"prompt.{decision.step}")
    adapter = expansions.for_step(decision.step)
    if adapter is None:
        for spec in game.hooks.for_step(decision.step):
            adapter = expansions.for_action(spec.type)
            break
    if adapter is not None:
        return adapter.prompt(decision, words)
    info = decision.info
    where = (
        words("prompt.where", x=info["x"], y=info["y"]) if "x" in info and "y" in info else Text("")
    )
    return words("prompt.plain", step=generic.humanize(decision.step), where=where)
