"""Render benchmark: ``.venv/bin/python -m benchmarks.render [--runs N]``.

Every figure comes from fresh subprocesses, as a restarted bot would be, and
is given as median and p95 over all samples of several runs (the machine is
shared and noisy):

* whole game: one process warms the caches (``renders.warm_up``, as the bot
  does in the background at start-up), then a game with every expansion of
  the engine's registry is played by the AI seats, and at every placing step
  the bot's images are drawn: the turn's image (renders.turn) without and
  with the numbered cells (a robot's turn, a human's), the placement preview
  of one cell (its distinct rotations); at every follower step the follower
  preview; every tenth turn the whole board (``/board``). Tile sizes change
  as the board grows, as in a real game. Targets: board (the turn's image)
  p95 <= 50 ms, previews p95 <= 30 ms.
* first board: a mid-game turn image with numbered cells, the first image
  drawn in a fresh process, cold (no warm-up) and after ``warm_up()``.
  Target after warm-up <= 150 ms.
* end of game: the final breakdown, and the timelapse GIF built from the
  record (time, size; limits 60 s and 8 MB).

The words drawn are the bot's (``bot.render.captions``, English): renders
hold none of their own.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

BOARD_P95_MS = 50.0
PREVIEW_P95_MS = 30.0
FIRST_BOARD_MS = 150.0
TIMELAPSE_S = 60.0
EIGHT_MB = 8 * 1024 * 1024


def _ms(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    """Wall-clock milliseconds of one call, and its result."""
    t = time.perf_counter()
    out = fn(*args, **kwargs)
    return (time.perf_counter() - t) * 1000, out


def _timed(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, float, Any]:
    """Wall-clock and this thread's CPU milliseconds of one call, and its result
    (CPU time shows the work itself when other processes share the cores)."""
    c = time.thread_time()
    wall, out = _ms(fn, *args, **kwargs)
    return wall, (time.thread_time() - c) * 1000, out


# --- child processes ------------------------------------------------------------------
def _expansions() -> tuple[str, ...]:
    """Every expansion the engine registers (imported late: the children time
    their own imports)."""
    from engine.expansions import known_expansions

    return known_expansions()


def _words() -> Any:
    """The images' words in English, as the bot draws them."""
    from bot.render import captions
    from bot.text import ENGLISH

    return captions(ENGLISH)


def child_game(seed: int) -> dict[str, Any]:
    from bot.present.events import breakdown
    from bot.text import ENGLISH
    from engine.ai import AI
    from engine.game import Game
    from engine.views import public_view
    from renders import warm_up
    from renders.board import render_board
    from renders.choices import distinct_cells, distinct_rotations
    from renders.final import render_final
    from renders.preview import render_follower_preview, render_placement_preview
    from renders.turn import render_turn

    words = _words()
    warm_up(words)
    game = Game(["Ada", "Bo", "Cy", "Dee"], expansions=_expansions(), seed=seed)
    ais = {p: AI(seed + p) for p in range(4)}
    boards: list[float] = []
    boards_cpu: list[float] = []
    place: list[float] = []
    follow: list[float] = []
    whole: list[float] = []
    sizes: list[int] = []
    while game.pending is not None:
        d = game.pending
        view = public_view(game)
        if d.step == "place" and game.turn is not None:
            placements = game.legal_placements()
            cells = distinct_cells(placements)
            for legal in (None, cells):  # a robot's turn, a human's
                wall, cpu, png = _timed(render_turn, view, words, legal_cells=legal)
                boards.append(wall)
                boards_cpu.append(cpu)
                sizes.append(len(png))
            if game.turn.number % 10 == 0:
                whole.append(_ms(render_board, view, words, legal_cells=cells)[0])
            x, y = cells[0]
            tile = game.turn.tile
            rots = distinct_rotations(tile, [r for a, b, r in placements if (a, b) == (x, y)])
            place.append(_ms(render_placement_preview, view, (x, y), tile, rots, words)[0])
        elif d.step == "follower":
            spots = game.legal_followers() or []
            follow.append(_ms(render_follower_preview, view, spots, words)[0])
        seat = d.active if d.active in d.players else d.players[0]
        game.apply(ais[seat].choose(game, seat))
    end = public_view(game)
    table = breakdown(list(end.players), list(end.events), ENGLISH)
    rows = [(str(label), points) for label, points in table.items()]
    final_ms = _ms(render_final, end, rows, words)[0]
    return {
        "boards": boards,
        "boards_cpu": boards_cpu,
        "place": place,
        "follow": follow,
        "whole": whole,
        "final": final_ms,
        "max_png": max(sizes),
        "tiles": len(end.tiles),
    }


def _mid_game() -> tuple[Any, list[tuple[int, int]]]:
    from engine.views import public_view
    from renders.choices import distinct_cells
    from renders.demo import ai_game

    game = ai_game(7, expansions=_expansions(), stop_after=40)
    return public_view(game), distinct_cells(game.legal_placements())


def child_first(warm: bool) -> dict[str, Any]:
    imported_ms, _ = _ms(__import__, "renders.turn")
    view, cells = _mid_game()
    words = _words()
    warm_ms = 0.0
    if warm:
        from renders import warm_up

        warm_ms = _ms(warm_up, words)[0]
    from renders.turn import render_turn

    first, first_cpu, _ = _timed(render_turn, view, words, legal_cells=cells)
    return {"import": imported_ms, "warm_up": warm_ms, "first": first, "cpu": first_cpu}


def child_timelapse(seed: int) -> dict[str, Any]:
    from renders.demo import ai_game
    from renders.timelapse import timelapse, views_from_record

    game = ai_game(seed, expansions=_expansions())
    record = game.record()
    words = _words()
    t = time.perf_counter()
    gif = timelapse(views_from_record(record), words)
    return {"seconds": time.perf_counter() - t, "bytes": len(gif), "frames": len(game.board.tiles)}


def _run_child(*args: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.render", "--child", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# --- report ---------------------------------------------------------------------------
def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(name: str, values: list[float], target: float | None = None, unit: str = "ms") -> str:
    med, hi = statistics.median(values), p95(values)
    verdict = ""
    if target is not None:
        verdict = f"  target p95 <= {target:.0f} {unit}: {'yes' if hi <= target else 'NO'}"
    return (
        f"{name:<38} median {med:7.1f} {unit}  p95 {hi:7.1f} {unit}  max {max(values):7.1f} "
        f"{unit}  (n={len(values)}){verdict}"
    )


def main(runs: int = 3) -> None:
    games = [_run_child("game", str(7 + i)) for i in range(runs)]
    boards = [t for g in games for t in g["boards"]]
    place = [t for g in games for t in g["place"]]
    follow = [t for g in games for t in g["follow"]]
    print(f"whole games ({runs} runs, {games[0]['tiles']} tiles, all expansions, after warm_up):")
    print(line("  board (the turn's image) per render", boards, BOARD_P95_MS))
    print(line("  (same, CPU time of the thread)", [t for g in games for t in g["boards_cpu"]]))
    for i, g in enumerate(games):
        print(line(f"    run {i + 1}", g["boards"]))
    print(line("  placement preview", place, PREVIEW_P95_MS))
    print(line("  follower preview", follow, PREVIEW_P95_MS))
    print(line("  whole board (/board)", [t for g in games for t in g["whole"]]))
    print(line("  final breakdown", [g["final"] for g in games]))
    print(f"  largest board PNG: {max(g['max_png'] for g in games) / 1024:.0f} KiB")

    firsts = max(5, runs)
    cold = [_run_child("first", "cold") for _ in range(firsts)]
    warm = [_run_child("first", "warm") for _ in range(firsts)]
    print(f"first board in a fresh process (mid-game, 41 tiles + cells; {firsts} runs each):")
    print(line("  import renders.turn", [c["import"] for c in cold]))
    print(line("  cold (no warm-up)", [c["first"] for c in cold]))
    print(line("  (same, CPU time of the thread)", [c["cpu"] for c in cold]))
    print(line("  warm_up() itself", [w["warm_up"] for w in warm]))
    print(line("  after warm_up()", [w["first"] for w in warm], FIRST_BOARD_MS))
    print(line("  (same, CPU time of the thread)", [w["cpu"] for w in warm]))

    laps = [_run_child("timelapse", str(7 + i)) for i in range(max(2, runs - 1))]
    secs = [t["seconds"] for t in laps]
    size = max(t["bytes"] for t in laps)
    print(f"timelapse GIF of a whole game ({laps[0]['frames']} frames, {len(laps)} runs):")
    print(line("  build (replay + draw + encode)", secs, TIMELAPSE_S, unit="s"))
    fits = "yes" if size <= EIGHT_MB else "NO"
    print(f"  largest size: {size / 1024 / 1024:.2f} MB (limit 8 MB): {fits}")


if __name__ == "__main__":
    if "--child" in sys.argv:
        kind, arg = sys.argv[sys.argv.index("--child") + 1 : sys.argv.index("--child") + 3]
        if kind == "game":
            result = child_game(int(arg))
        elif kind == "first":
            result = child_first(arg == "warm")
        else:
            result = child_timelapse(int(arg))
        print(json.dumps(result))
    else:
        n = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
        main(n)
