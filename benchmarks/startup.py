"""Start-up benchmark: `python -m benchmarks.startup` prints its figures.

"Ready to serve" is the time from spawning ``python -m bot``'s path in a fresh
process to the moment it would log in to Discord: interpreter start, imports,
settings read and validated, database reached, migrations checked, the bot
built and its services started (cogs loaded, persistent components, timers
service) — what ``bot.cli.run`` and the bot's ``setup_hook`` do, minus the
network. Each run is a new process; the figures are the median and p95.

Target (start-up issue): ready to serve <= 1.0 s with the schema at head.
Also shown: a first start that creates the schema (Alembic imported then), and
``import bot.app`` alone.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 15
FIRST_START_RUNS = 5
TARGET_SECONDS = 1.0
READY = "ready"


def child() -> None:
    """The measured process: the run path of ``python -m bot`` up to the login."""
    import asyncio

    from bot.cli.run import configure_logging, prepare
    from bot.settings import get_settings

    settings = get_settings()
    configure_logging(settings.log_level)

    async def start() -> None:
        bot = await prepare(settings, asyncio.Event())
        assert bot is not None, "the database could not be prepared"
        await bot.start_services()  # setup_hook's work before the command sync
        print(READY, flush=True)
        await bot.close()

    asyncio.run(start())


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def spawn(args: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Seconds from spawning ``args`` to its first line (``READY``), and the CPU
    seconds the whole process used (less sensitive to other load)."""
    cpu = _cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.communicate(timeout=60)
    if proc.returncode != 0 or line.strip() != READY:
        raise RuntimeError(f"{' '.join(args)} failed ({proc.returncode}): {line!r}")
    return elapsed, _cpu() - cpu


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def report(label: str, runs: list[tuple[float, float]], target: float | None = None) -> None:
    times = [wall for wall, _ in runs]
    median = statistics.median(times)
    cpu = statistics.median(c for _, c in runs)
    verdict = ""
    if target is not None:
        verdict = f"  target <= {target:.1f} s: {'met' if median <= target else 'MISSED'}"
    print(
        f"{label:<44} median {median:5.2f} s  p95 {p95(times):5.2f} s  cpu {cpu:4.2f} s"
        f"  ({len(times)} processes){verdict}"
    )


def main() -> None:
    from db.migrate import upgrade

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        db_file = work / "bot.sqlite3"
        upgrade(f"sqlite+aiosqlite:///{db_file}")
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update(
            PYTHONPATH=str(ROOT),
            DISCORD_TOKEN="MTIzNDU2Nzg5MDEyMzQ1Njc4.Gbench.not-a-real-token-0123456789abcdef",
            DATABASE_URL=f"sqlite+aiosqlite:///{db_file}",
            COMMAND_HASH_FILE=str(work / "commands.json"),
            LOG_LEVEL="WARNING",
        )
        ready = [sys.executable, "-m", "benchmarks.startup", "--child"]
        import_only = [sys.executable, "-c", f"import bot.app; print({READY!r}, flush=True)"]
        spawn(ready, env, work)  # warm the OS file cache and the bytecode
        at_head, imports = [], []
        for _ in range(RUNS):  # interleaved: both see the same load of the machine
            at_head.append(spawn(ready, env, work))
            imports.append(spawn(import_only, env, work))
        first = []
        for n in range(FIRST_START_RUNS):
            fresh = dict(env, DATABASE_URL=f"sqlite+aiosqlite:///{work / f'new-{n}.sqlite3'}")
            first.append(spawn(ready, fresh, work))
        report("python -m bot ready to serve (schema at head)", at_head, TARGET_SECONDS)
        report("first start (creates the schema)", first)
        report("import bot.app alone", imports)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"(wall time on a shared machine: load average {load} on {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child()
    else:
        main()
