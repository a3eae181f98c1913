"""`python -m benchmarks [NAME ...]` runs every benchmark module in this folder
(or the named ones), each printing its own figures.

A module that fails (an exception, or a non-zero exit of its own) is named
with its error and the run goes on to the next; the run exits non-zero only
when some module failed. A module that sets ``OPT_IN = True`` (a long one,
such as an AI arena) runs only when named.
"""

from __future__ import annotations

import asyncio
import importlib
import pkgutil
import sys
import traceback

import benchmarks


def run(names: list[str]) -> int:
    """Run the modules; the number that failed."""
    modules = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name[0] != "_")
    unknown = [n for n in names if n not in modules]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; known: {', '.join(modules)}", file=sys.stderr)
        return 1
    failed = []
    for name in modules:
        if names and name not in names:
            continue
        module = importlib.import_module(f"benchmarks.{name}")
        main = getattr(module, "main", None)
        if main is None or (getattr(module, "OPT_IN", False) and name not in names):
            continue
        print(f"== {name}", flush=True)
        argv, sys.argv = sys.argv, [f"python -m benchmarks.{name}"]  # its own defaults
        try:
            result = main()
            if hasattr(result, "__await__"):
                asyncio.run(result)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                failed.append(name)
                print(f"!! {name} stopped: {exc.code}", flush=True)
        except Exception:
            failed.append(name)
            traceback.print_exc()
            print(f"!! {name} failed", flush=True)
        finally:
            sys.argv = argv
    if failed:
        print(f"failed: {', '.join(failed)}", flush=True)
    return len(failed)


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
