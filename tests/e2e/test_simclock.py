"""The simulated clock (tests/e2e/simclock.py), the launcher's loop that
follows it and the rate limits that run on it: a skip moves every side by the
same amount, timers due by then fire at once, and a wait is still a wait."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.e2e.launcher import SimLoop
from tests.e2e.ratelimits import WAIT_SLACK, RateLimits
from tests.e2e.simclock import SimClock

pytestmark = pytest.mark.smoke  # no bot process: quick


class Manual:
    """A monotonic source the test moves by hand."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_skips_add_up_and_reach_the_listeners_unless_alone() -> None:
    source = Manual()
    clock = SimClock(source)
    heard: list[float] = []
    clock.listen(heard.append)
    assert clock.now() == 100.0
    assert clock.skip(2.5) == 2.5
    source.t += 1.0  # real time goes on too
    assert clock.now() == 103.5
    assert clock.skip(0.0) == 0.0 and clock.skip(-1.0) == 0.0  # never backwards
    clock.skip(600.0, alone=True)  # Discord's time only
    assert clock.now() == 703.5
    assert heard == [2.5] and clock.skips == 2 and clock.skipped == 602.5
    clock.forget(heard.append)
    clock.skip(1.0)
    assert heard == [2.5]


def test_rate_limits_on_the_simulated_clock() -> None:
    source = Manual()
    clock = SimClock(source)
    limits = RateLimits(clock=clock)
    route = ("POST", "/channels/{channel_id}/messages", "channel_id=1")
    assert all(limits.check(*route).allowed for _ in range(5))
    refused = limits.check(*route)  # the 6th within Discord's 5 s window
    assert not refused.allowed and refused.retry_after == pytest.approx(5.0)
    assert [w.status for w in limits.waits] == [429]
    clock.skip(5.0)  # the window passes without anyone waiting for it
    assert limits.check(*route).allowed
    # That request came right at the reset of an exhausted bucket: held back.
    assert [w.status for w in limits.waits] == [429, 200]
    assert all(limits.check(*route).allowed for _ in range(4))
    clock.skip(5.0 + WAIT_SLACK + 0.1)  # well after the next reset: no wait
    assert limits.check(*route).allowed
    assert len(limits.waits) == 2


def test_the_loop_clock_follows_skips_and_fires_due_timers_at_once() -> None:
    loop = SimLoop()
    try:

        async def main() -> tuple[float, float]:
            fired = asyncio.Event()
            asyncio.get_running_loop().call_later(600.0, fired.set)  # ten minutes
            start_real, start_loop = time.monotonic(), loop.time()
            loop.skipped += 600.0  # what a "skip 600" line from the harness does
            await asyncio.wait_for(fired.wait(), 5.0)
            return time.monotonic() - start_real, loop.time() - start_loop

        real, simulated = loop.run_until_complete(main())
    finally:
        loop.close()
    assert real < 5.0 and simulated >= 600.0
