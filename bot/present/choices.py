"""The legal choices of a seat, labelled for people (buttons, selects, autocomplete).

Everything offered comes from the engine's legality API (legal_placements,
legal_followers, legal_actions), so only legal choices are ever shown. Cell
numbers are the ones the board image carries (renders.choices.number_cells),
rotations are the distinct ones the placement preview draws, numbered as
there, and follower spots are numbered as on the follower preview (the
engine's ``legal_followers()`` order). Every choice holds the engine's typed
action (engine.actions): the base ones are built here only, expansion ones
are labelled by their expansion's adapter (matching on the action classes)
and grouped by its slash command.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace

from bot import expansions, places
from bot.expansions import generic
from bot.expansions.adapter import Label
from bot.text import Text, Words
from engine.actions import Follower, GameAction, Place, parse_action
from engine.game import Game
from engine.phases import STEP_FOLLOWER, STEP_PLACE, Decision
from engine.views import PublicView, public_view
from renders.choices import distinct_cells, distinct_rotations, number_cells

ALL_EXPANSION_ACTIONS = "act"  # the command listing every expansion action
FEATURES = places.FEATURES
BUTTON_LIMIT = 80  # Discord: a button's label
OPTION_LIMIT = 100  # a select option's label and description


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action with its label; ``index`` is its position in
    ``game.legal_actions(seat)`` at this version, ``key`` a short digest of
    the action itself (what a button carries: still valid while the same
    action is legal, whoever else acted meanwhile)."""

    index: int
    action: GameAction
    label: Text
    detail: str = ""

    @property
    def key(self) -> str:
        return action_key(self.action)


def action_key(action: GameAction) -> str:
    """A short, stable digest of an action (without its seat)."""
    body = {k: v for k, v in action.to_record().items() if k != "player"}
    data = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha1(data.encode()).hexdigest()[:10]


def fit(text: str, limit: int) -> Text:
    """``text`` cut to ``limit`` characters at a word boundary (never mid-word)."""
    if len(text) <= limit:
        return Text(text)
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:·-(")
    return Text(cut + "…")


# --- the seat's legal actions, typed ---------------------------------------------------
def legal(game: Game, seat: int) -> list[GameAction]:
    """Every legal action of ``seat`` now, as typed actions (the engine's order)."""
    return [parse_action(a) for a in game.legal_actions(seat)]


# --- tile and follower ----------------------------------------------------------------
def legal_cells(game: Game) -> list[tuple[int, int]]:
    """Cells where the tile fits, in the board image's numbering order."""
    return distinct_cells(game.legal_placements())


def numbered_cells(game: Game) -> dict[tuple[int, int], int]:
    return number_cells(legal_cells(game))


def all_rotations_at(game: Game, x: int, y: int) -> list[int]:
    return sorted(r for cx, cy, r in game.legal_placements() if (cx, cy) == (x, y))


def rotations_at(game: Game, x: int, y: int) -> list[int]:
    """The different legal placements at a cell (a symmetric tile's repeats
    left out), in the order the placement preview numbers them 1..n."""
    turn = game.turn
    rots = all_rotations_at(game, x, y)
    if turn is None or not rots:
        return rots
    return distinct_rotations(turn.tile, rots)


def rotation_words(rotation: int, words: Words) -> Text:
    return words(f"rotation.{rotation}")


def follower_spots(game: Game) -> list[str]:
    """Legal follower locations in the engine's order (the preview's numbers)."""
    return list(game.legal_followers() or [])


def follower_labels(game: Game, words: Words) -> list[tuple[str | None, Text]]:
    """(location, label) for each legal follower choice, numbered as on the
    follower preview ("2 · City (east)"), then "No follower"."""
    locs = game.legal_followers()
    if locs is None:
        return []
    placed = game.turn.placed if game.turn is not None else None
    known = [loc for loc in locs if placed is not None and loc in placed.face.name_to_seg]
    sides = dict(zip(known, places.spots(placed.face, known, words), strict=True)) if placed else {}
    out: list[tuple[str | None, Text]] = []
    for n, loc in enumerate(locs, 1):
        if placed is not None and loc in sides:
            spot = places.spot_label(placed.face, loc, words, sides[loc])
        else:
            spot = generic.humanize(loc)
        out.append((loc, words("label.numbered", number=n, label=spot)))
    out.append((None, words("label.no_follower")))
    return out


def feature(kind: str, words: Words) -> Text:
    return places.feature_word(kind, words)


# --- every action ---------------------------------------------------------------------------
def base_label(game: Game, action: GameAction, words: Words) -> Text:
    match action:
        case Place(x=x, y=y, rotation=rotation):
            return words("label.place", x=x, y=y, rotation=rotation_words(rotation, words))
        case Follower(location=str(location)):
            for loc, label in follower_labels(game, words):
                if loc == location:
                    return words("label.follower", spot=label)
    return words("label.no_follower")


def choices(game: Game, seat: int, words: Words, *, base: bool | None = None) -> list[Choice]:
    """Legal actions of ``seat`` with labels. ``base`` True: only place/follower;
    False: only expansion actions; None: all."""
    offered = legal(game, seat)
    labellers = {a.name: a.labeller(game, seat, words, offered) for a in expansions.of_game(game)}
    out = []
    seen: set[str] = set()
    for i, action in enumerate(offered):
        same = action_key(action)
        if same in seen:
            continue  # listed twice (two of one's followers on one spot): one choice
        seen.add(same)
        adapter = expansions.for_action(action)
        if base is not None and base != (adapter is None):
            continue
        if adapter is None:
            named: Text | Label = base_label(game, action, words)
        else:
            label_of = labellers.get(adapter.name)
            named = label_of(action) if label_of is not None else generic.describe(action, words)
        if isinstance(named, Label):
            out.append(Choice(i, action, named.text, named.detail))
        else:
            out.append(Choice(i, action, named))
    return out


def command_of(action: GameAction | type[GameAction]) -> str:
    """The slash command offering an action: its expansion's, else /act."""
    adapter = expansions.for_action(action)
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
        out = [c for c in out if command_of(c.action) == command]
    return out


# --- what the game waits for ------------------------------------------------------------
def is_discreet(decision: Decision) -> bool:
    """A step that must never show by name (bot.expansions.adapter)."""
    adapter = expansions.for_step(decision.step)
    return adapter is not None and decision.step in adapter.discreet


def step_prompt(game: Game, decision: Decision, words: Words) -> Text:
    """What the game asks of the players it waits for, in words (said to
    them; public only where the step is not discreet)."""
    if decision.step in (STEP_PLACE, STEP_FOLLOWER):
        return words(f"prompt.{decision.step}")
    adapter = expansions.for_step(decision.step)
    if adapter is None:
        for spec in game.hooks.for_step(decision.step):
            adapter = expansions.for_action(spec.action)
            break
    if adapter is not None:
        return adapter.prompt(decision, words, game)
    info = decision.info
    where = (
        words("prompt.where", x=info["x"], y=info["y"]) if "x" in info and "y" in info else Text("")
    )
    return words("prompt.plain", step=generic.humanize(decision.step), where=where)


def public_waiting(game: Game) -> tuple[int, ...]:
    """Whom the game waits for, as everyone may read it: at a discreet step,
    only whose turn it is (who has already answered is nobody's business)."""
    d = game.pending
    if d is None:
        return ()
    return (d.active,) if is_discreet(d) else tuple(d.players)


def shown_view(game: Game) -> PublicView:
    """The public view as images show it to everyone: at a discreet step,
    waiting on whose turn it is only (:func:`public_waiting`)."""
    view = public_view(game)
    if view.turn is None:
        return view
    return replace(view, turn=replace(view.turn, waiting=public_waiting(game)))


def public_prompt(game: Game, decision: Decision, words: Words) -> Text:
    """What the game waits for, said to everyone: a discreet step only as
    "{player}'s turn goes on" (whose turn it is, nothing of the question)."""
    if is_discreet(decision):
        return words("prompt.discreet")
    return step_prompt(game, decision, words)
