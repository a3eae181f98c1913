"""Command line: ``python -m engine replay|legal|play`` (a stable contract).

replay FILE   one JSON object: scores, finished, turn, placed, error.
              Exit 0; 2 when an action was rejected (the rest then describes the
              state before it); 1 when the record itself is unusable.
legal FILE    the legal placements and follower locations for the next step.
play          a whole game with AI seats; prints its record.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.ai import play_out
from engine.expansions import known_expansions
from engine.game import Game
from engine.record import SETUP, RecordError, load


def _state(game: Game) -> dict[str, Any]:
    d = game.pending
    turn = None
    if d is not None:
        tile = game.turn.tile if game.turn is not None else None
        turn = {"player": d.active, "tile": tile, "step": d.step}
    return {
        "scores": list(game.scores),
        "finished": game.finished,
        "turn": turn,
        "placed": len(game.board.tiles),
    }


def _load(path: str) -> tuple[Game | None, dict[str, Any] | None]:
    try:
        return load(path), None
    except RecordError as exc:
        return exc.game, {"index": exc.index, "message": exc.message}


def cmd_replay(args: argparse.Namespace) -> int:
    game, error = _load(args.file)
    if game is None:
        assert error is not None
        out = {"scores": [], "finished": False, "turn": None, "placed": 0, "error": error}
        print(json.dumps(out))
        return 1
    print(json.dumps({**_state(game), "error": error}))
    return 0 if error is None else 2


def cmd_legal(args: argparse.Namespace) -> int:
    game, error = _load(args.file)
    if game is None or error is not None:
        print(json.dumps({"placements": [], "followers": None, "error": error}))
        return 1 if game is None else 2
    placements = [{"x": x, "y": y, "rotation": r} for x, y, r in game.legal_placements()]
    print(json.dumps({"placements": placements, "followers": game.legal_followers()}))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    expansions = [e for part in args.expansions for e in part.split(",") if e]
    if "all" in expansions:
        expansions = list(known_expansions())
    names = [f"AI {i + 1}" for i in range(args.players)]
    try:
        game = Game(names, expansions, args.seed)
    except ValueError as exc:
        print(json.dumps({"error": {"index": SETUP, "message": str(exc)}}))
        return 1
    play_out(game, {p: args.seed * 10 + p for p in range(args.players)})
    print(json.dumps(game.record()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a record and print the resulting state")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("legal", help="print the legal moves for the next step")
    p.add_argument("file")
    p.set_defaults(func=cmd_legal)
    p = sub.add_parser("play", help="play a whole game with AI seats and print its record")
    p.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="N")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--expansions",
        nargs="*",
        default=[],
        help=f"any of: {' '.join(known_expansions())} (or all); space or comma separated",
    )
    p.set_defaults(func=cmd_play)
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
