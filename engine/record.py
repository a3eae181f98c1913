"""Game records (docs/notation.md): parse, check, replay and save.

Every problem with a record becomes a :class:`RecordError` naming what was
wrong; an illegal action names its index and nothing after it is applied.
"""

from __future__ import annotations

import json
from typing import Any

from engine import flows
from engine.actions import is_int, shown
from engine.game import Game
from engine.seat import ai_seats_from_record

FORMAT = "carcassonne-record/1"
SETUP = -1  # RecordError.index for problems outside the actions list


class RecordError(Exception):
    """A record that cannot be replayed. ``index`` is the rejected action's
    index, or -1 for the setup part; ``game`` is the state before it (None
    when the setup itself is broken)."""

    def __init__(self, index: int, message: str, game: Game | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.message = message
        self.game = game


def parse(text: str | bytes) -> dict[str, Any]:
    """The record object in ``text`` (bytes must be UTF-8)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(
                SETUP, f"the record is not UTF-8 text (byte {exc.start} cannot be read)"
            ) from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError(SETUP, "the record is not valid JSON: it is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or an integer too long to read
        raise RecordError(SETUP, f"the record is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(SETUP, "the record must be a JSON object")
    return data


def new_from_setup(record: dict[str, Any], flow: int | None = None) -> Game:
    """The game a record's setup describes, before any action (``flow``: the
    rules flow to play it under, when not the record's own)."""
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(SETUP, f"unknown record format {shown(fmt)}; expected {FORMAT!r}")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(SETUP, "'players' must be a list of names")
    expansions = record.get("expansions") or []
    if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
        raise RecordError(SETUP, "'expansions' must be a list of expansion names")
    seed = record.get("seed", 0)
    if not is_int(seed):
        raise RecordError(SETUP, f"'seed' must be an integer, not {shown(seed)}")
    decks = record.get("decks") or {}
    if not isinstance(decks, dict) or not all(
        isinstance(v, list) and all(isinstance(c, str) for c in v) for v in decks.values()
    ):
        raise RecordError(SETUP, "'decks' must map deck names to lists of names")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(SETUP, "'actions' must be a list")
    try:
        flow = flows.flow_of(record) if flow is None else flow
        ai = ai_seats_from_record(record.get("ai", {}), len(players))
    except ValueError as exc:
        raise RecordError(SETUP, str(exc)) from None
    try:
        return Game(players, expansions, seed, decks, flow, ai)
    except ValueError as exc:
        raise RecordError(SETUP, str(exc)) from None


def replay(record: dict[str, Any], *, finished: bool | None = None) -> Game:
    """Replay a whole record; raise RecordError at the first illegal action.
    A record of an older rules flow is brought up to date on the way
    (engine.flows; ``finished``: whether it is known to be over)."""
    return upgrade(record, finished=finished).game


def upgrade(record: dict[str, Any], *, finished: bool | None = None) -> flows.Upgraded:
    """The record's game under the current rules flow, with the actions it
    applied (engine.flows.upgrade); RecordError as :func:`replay`."""
    failed: RecordError | None = None
    candidates = _flows_to_try(record)
    for flow in candidates:
        game = new_from_setup(record, flow)
        try:
            done = flows.upgrade(game, list(record.get("actions", [])), flow, finished=finished)
        except flows.UpgradeError as exc:
            failed = RecordError(exc.index, exc.message, exc.game)
            continue
        if finished and not done.game.finished and flow != candidates[-1]:
            continue  # over in the store, not under this flow: an older one
        return done
    assert failed is not None  # the oldest flow's refusal: the most lenient reading
    raise failed


def _flows_to_try(record: dict[str, Any]) -> tuple[int, ...]:
    """The record's flow; for one written before flows were recorded, each
    flow it may have been played under, newest first (engine.flows.UNMARKED)."""
    if flows.FIELD in record:
        try:
            return (flows.flow_of(record),)
        except ValueError as exc:
            raise RecordError(SETUP, str(exc)) from None
    return flows.UNMARKED


def load(path: str) -> Game:
    try:
        with open(path, "rb") as fh:
            content = fh.read()
    except OSError as exc:
        raise RecordError(SETUP, f"cannot read {path}: {exc.strerror}") from None
    return replay(parse(content))


def dumps(game: Game) -> str:
    return json.dumps(game.record(), indent=1)
