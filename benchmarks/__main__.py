"""`python -m benchmarks` runs every benchmark module in this folder but the
opt-in ones (``OPT_IN = True``: the AI arena takes hours)."""

import importlib
import pkgutil

import benchmarks

for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda m: m.name):
    if info.name.startswith("_"):
        continue
    module = importlib.import_module(f"benchmarks.{info.name}")
    if hasattr(module, "main") and not getattr(module, "OPT_IN", False):
        print(f"== {info.name}")
        result = module.main()
        if hasattr(result, "__await__"):
            import asyncio

            asyncio.run(result)
