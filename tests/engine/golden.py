"""Golden fingerprints: the engine's observable behaviour over many seeded games.

A refactor of the engine must not change any rule behaviour. This module plays
seeded games with every combination of expansions, in two ways (random legal
actions with probes of nearby illegal ones, and AI seats), and reduces each
game to two hashes:

* ``behaviour``: every pending decision, every legal list, which probes the
  engine accepts, every event, both views after every action, the record, the
  scores and an exact replay;
* ``messages``: the text of every rejection (reworded messages change only
  this one, which a reviewer then reads on purpose).

``python -m tests.engine.golden write`` stores the fingerprints in
``tests/engine/data/golden.json``; ``check`` compares every game, ``dump DIR``
writes readable traces to diff two versions of the code. A deliberate rule
change regenerates the file (and says so in its commit message).
tests/engine/test_golden.py checks a few of the games on every test run.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import Game, IllegalAction, replay
from engine.ai import AI
from engine.expansions import known_expansions
from engine.views import private_view, public_view

DATA = Path(__file__).parent / "data" / "golden.json"
RANDOM_SEEDS = range(8)
AI_SEEDS = range(3)
PROBES = 4  # per decision, in random games

# Values a probe puts in a field of a legal action.
POOL: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    3,
    90,
    100,
    1.5,
    "",
    "0",
    "N",
    "C",
    "S",
    "NNW",
    "ESE",
    "abbey",
    "roadside",
    "synod",
    "take-two",
    "cash-out",
    "mastermind",
    "prevent-attack",
    "draw-two",
    "score-3",
    "closed-loop-road",
    "2|3",
    "4",
    "U",
    "D",
    [],
    ["score-3"],
    ["x"],
    {},
    {"x": 0, "y": 0, "location": "C"},
    {"x": 0, "y": 0, "location": "N", "player": 1},
)
TYPES = (
    "place",
    "follower",
    "open-gift",
    "choose-tile",
    "stake",
    "stake_pass",
    "settle_feature",
    "xmas-draw",
    "xmas-play",
    "xmas-target",
    "xmas-react",
    "xmas-modifier",
    "xmas-discard",
    "teleport",
)


# Values and types probes also use in games with an expansion added since the
# first fingerprints (the older games keep their pools, so their fingerprints stay).
MORE_POOL: dict[str, tuple[Any, ...]] = {
    "river": ("RV7", "RV2", "I"),
    "abbot": ("G", "Eg", {"x": 0, "y": 0}),
}
MORE_TYPES: dict[str, tuple[str, ...]] = {"abbot": ("abbot-back",)}
# The registry's expansions in the generations the golden file grew by: each
# generation's combinations come after the earlier ones', so an older game
# keeps its place in cases() (and with it its player count and key).
GENERATIONS = (3, 5)


def combos() -> list[tuple[str, ...]]:
    exps = known_expansions()
    out: list[tuple[str, ...]] = []
    for size in (*(g for g in GENERATIONS if g < len(exps)), len(exps)):
        firsts = exps[:size]
        out += [
            c for n in range(size + 1) for c in itertools.combinations(firsts, n) if c not in out
        ]
    return out


@dataclass(frozen=True)
class Case:
    mode: str  # "random" or "ai"
    expansions: tuple[str, ...]
    seed: int
    players: int

    @property
    def key(self) -> str:
        return f"{self.mode}/{'+'.join(self.expansions) or 'base'}/{self.seed}/{self.players}"


def cases() -> list[Case]:
    out = []
    for i, exps in enumerate(combos()):
        for seed in RANDOM_SEEDS:
            out.append(Case("random", exps, seed, 2 + (seed + i) % 5))
        for seed in AI_SEEDS:
            out.append(Case("ai", exps, seed, 2 + (seed + 2 * i) % 5))
    return out


@dataclass
class Trace:
    """Two running hashes, and the lines themselves when dumping."""

    keep: bool = False
    behaviour: Any = field(default_factory=hashlib.sha256)
    messages: Any = field(default_factory=hashlib.sha256)
    lines: list[str] = field(default_factory=list)

    def add(self, *parts: object) -> None:
        text = " ".join(repr(p) for p in parts)
        self.behaviour.update(text.encode() + b"\n")
        if self.keep:
            self.lines.append(text)

    def message(self, text: str) -> None:
        self.messages.update(text.encode() + b"\n")
        if self.keep:
            self.lines.append(f"  message: {text}")


def _views(game: Game) -> tuple[str, ...]:
    return (
        repr(public_view(game)),
        *(repr(private_view(game, p)) for p in range(len(game.players))),
    )


def _decision(game: Game, trace: Trace) -> None:
    d = game.pending
    assert d is not None
    trace.add("pending", d.step, d.players, d.active, d.types, d.info)
    trace.add("placements", game.legal_placements(), "followers", game.legal_followers())
    for p in d.players:
        trace.add("legal", p, game.legal_actions(p))
    trace.add("undo_floor", game.undo_floor)


def _canonical(action: object) -> str:
    return json.dumps(action, sort_keys=True)


def _probes(
    game: Game, player: int, legal: list[dict[str, Any]], rng: random.Random
) -> Iterator[Any]:
    exps = game.expansions
    pool = POOL + tuple(v for e in exps for v in MORE_POOL.get(e, ()))
    types = TYPES + tuple(t for e in exps for t in MORE_TYPES.get(e, ()))
    for i in range(PROBES):
        probe = dict(rng.choice(legal))
        kind = i % 4
        if kind == 0:  # one field changed
            key = rng.choice(sorted(k for k in probe if k != "type") or ["player"])
            value = rng.choice(pool)
            if isinstance(probe.get(key), dict) and rng.random() < 0.5:
                inner = dict(probe[key])
                inner[rng.choice(sorted(inner))] = value
                value = inner
            probe[key] = value
        elif kind == 1:  # one field missing
            del probe[rng.choice(sorted(probe))]
        elif kind == 2:  # another type with the same fields
            probe["type"] = rng.choice(types)
        else:  # another seat (or none)
            probe["player"] = rng.choice([*range(len(game.players)), -1, 9, "0", True])
        yield probe


def _try(game: Game, probe: Any, trace: Trace) -> Game:
    """Apply a probe that is not listed as legal; the game is rebuilt if it
    was accepted after all (a non-canonical name, say)."""
    try:
        game.apply(probe)
    except IllegalAction as exc:
        trace.add("rejected", probe)
        trace.message(str(exc))
        return game
    trace.add("accepted", probe)
    rec = game.record()
    rec["actions"] = rec["actions"][:-1]
    return replay(rec)


def play_random(case: Case, trace: Trace) -> Game:
    rng = random.Random(f"golden/{case.seed}")
    game = Game([f"P{i}" for i in range(case.players)], case.expansions, seed=case.seed)
    trace.add("start", _views(game))
    while game.pending is not None:
        _decision(game, trace)
        player = rng.choice(game.pending.players)
        legal = game.legal_actions(player)
        listed = {_canonical(a) for a in legal}
        for probe in _probes(game, player, legal, rng):
            if _canonical(probe) in listed:
                trace.add("listed", probe)
            else:
                game = _try(game, probe, trace)
        action = rng.choice(legal)
        trace.add("apply", action, game.apply(action))
        trace.add("views", _views(game))
    return game


def play_ai(case: Case, trace: Trace) -> Game:
    game = Game([f"AI{i}" for i in range(case.players)], case.expansions, seed=case.seed)
    seeds = {p: case.seed * 10 + p for p in range(case.players)}
    while game.pending is not None:
        _decision(game, trace)
        mark = len(game.events)
        play_out_one(game, seeds)
        trace.add("events", game.events[mark:])
    trace.add("views", _views(game))
    return game


def play_out_one(game: Game, seeds: dict[int, int]) -> None:
    """One AI decision, as engine.ai.play_out makes them."""
    d = game.pending
    assert d is not None
    actor = next(p for p in d.players if p in seeds)
    game.apply(AI(seeds[actor]).choose(game, actor))


def fingerprint(case: Case, keep: bool = False) -> tuple[dict[str, str], list[str]]:
    trace = Trace(keep)
    play: Callable[[Case, Trace], Game] = play_random if case.mode == "random" else play_ai
    game = play(case, trace)
    rec = game.record()
    # The record's rules-flow stamp is a version, not behaviour (tests/engine/test_flows.py).
    stamp = {k: v for k, v in rec.items() if k != "flow"}
    trace.add("record", stamp, "scores", game.scores, "winners", game.winners())
    again = replay(json.loads(json.dumps(rec)))
    trace.add("replay", _views(again) == _views(game), again.events == game.events)
    return (
        {
            "behaviour": trace.behaviour.hexdigest()[:24],
            "messages": trace.messages.hexdigest()[:24],
        },
        trace.lines,
    )


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "write":
        data = {c.key: fingerprint(c)[0] for c in cases()}
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
        print(f"wrote {len(data)} fingerprints to {DATA}")
        return 0
    if command == "dump":
        out = Path(argv[1])
        out.mkdir(parents=True, exist_ok=True)
        for c in cases():
            _, lines = fingerprint(c, keep=True)
            (out / (c.key.replace("/", "_") + ".txt")).write_text("\n".join(lines) + "\n")
        return 0
    stored = json.loads(DATA.read_text())
    bad = 0
    for c in cases():
        got = fingerprint(c)[0]
        want = stored.get(c.key)
        for part in ("behaviour", "messages"):
            if want is None or want[part] != got[part]:
                bad += 1
                print(f"{c.key}: {part} differs")
    print(f"{len(cases())} games, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
