"""The simulated clock that the fake's rate limits and the bot's pacing share.

Discord's message buckets are 5 per 5 s per channel, and the bot paces itself
one below that (bot/ui/outbox.py): a whole game spent most of its wall-clock
time waiting for windows to pass, doing nothing. This clock is the machine's
monotonic clock plus the time *skipped*, which only grows: when the bot has
nothing left to do but wait for its outbox's pacer (the launcher says so:
``paced SECONDS``), the harness moves the clock on by that much at once instead
of waiting, in the fake (:class:`tests.e2e.ratelimits.RateLimits`) and in each
bot process (its event loop's ``time()``: :class:`tests.e2e.launcher.SimLoop`),
so both sides see the same windows and the same instant of every request.

Everything else stays on real time: how long the bot takes to answer (the 3 s
interaction deadline, the click latencies of the figures) is measured while the
clock runs normally, since it is only moved while the bot is idle. A wait still
means what it meant on real time: a request that came too early for its bucket
is a 429, or a request held back (tests/e2e/ratelimits.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable

Listener = Callable[[float], None]  # told the seconds skipped


class SimClock:
    """``now()``: monotonic seconds plus the seconds skipped so far."""

    def __init__(self, source: Callable[[], float] = time.monotonic) -> None:
        self.source = source
        self.skipped = 0.0  # seconds, in all
        self.skips = 0  # how many times
        self._listeners: list[Listener] = []

    def __call__(self) -> float:
        return self.now()

    def now(self) -> float:
        return self.source() + self.skipped

    def skip(self, seconds: float, *, alone: bool = False) -> float:
        """Move the clock on by ``seconds`` (nothing if not positive) and tell
        the listeners, unless ``alone`` (only Discord's time passes: e.g. a
        test's "ten minutes later" for a window the bot keeps in its store).
        Returns the seconds skipped."""
        if seconds <= 0:
            return 0.0
        self.skipped += seconds
        self.skips += 1
        if not alone:
            for listener in list(self._listeners):
                listener(seconds)
        return seconds

    def listen(self, listener: Listener) -> None:
        """Call ``listener(seconds)`` after each skip (a bot process's loop)."""
        self._listeners.append(listener)

    def forget(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)
