"""Hypothesis profiles: how many examples a property test tries, and whether
they are the same each run.

- ``dev`` (the default; ``make test``): the counts the tests state, derandomised,
  so a run before a commit is quick and a failure comes back every time.
- ``ci`` (``make test-all``, which CI runs): ``CI_FACTOR`` times as many,
  randomised, with the run's seed printed at the end (``HYPOTHESIS_SEED=N``
  or ``pytest --hypothesis-seed=N`` repeats it) and the failing example's
  blob printed (``@reproduce_failure``).

``HYPOTHESIS_PROFILE=ci`` or pytest's ``--hypothesis-profile=ci`` chooses one.
A test states its count as ``@settings(max_examples=examples(n))``: a count in
the decorator itself would override the profile's.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

ENV = "HYPOTHESIS_PROFILE"
SEED_ENV = "HYPOTHESIS_SEED"  # the run's seed (tests/conftest.py)
CI_FACTOR = 4
# Whole random games: how long one takes depends on the game, not on a bug.
SLOW_IS_FINE = [HealthCheck.too_slow]

settings.register_profile(
    "dev", max_examples=10, derandomize=True, deadline=None, suppress_health_check=SLOW_IS_FINE
)
settings.register_profile(
    "ci",
    max_examples=10 * CI_FACTOR,
    derandomize=False,
    print_blob=True,
    deadline=None,
    suppress_health_check=SLOW_IS_FINE,
)


def load() -> str:
    """Load the profile ``$HYPOTHESIS_PROFILE`` names (default ``dev``)."""
    name = os.environ.get(ENV) or "dev"
    settings.load_profile(name)
    return name


def current() -> str:
    return settings.get_current_profile_name()


def examples(n: int) -> int:
    """``n`` examples in the dev profile, ``CI_FACTOR`` times as many in ci."""
    return n * CI_FACTOR if current() == "ci" else n
