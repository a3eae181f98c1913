"""Rate limits the way Discord applies them to a bot.

Each route belongs to a bucket (a hash Discord returns in
``X-RateLimit-Bucket``), counted separately per major parameter (channel,
guild, webhook id + token). A bucket allows ``limit`` requests per window; the
window starts with its first request and resets ``window`` seconds later.
Every answer carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``;
a request beyond the limit gets 429 with ``retry_after`` and ``global``.
On top, a bot may send 50 requests per second in all (the global limit;
interaction callbacks are exempt, as on Discord).

Waits: a request arriving at a bucket whose last answer said ``Remaining: 0``,
no later than just after that window's reset (``WAIT_SLACK``), was held back by
the client until the reset; the fake counts it (and every 429) as a wait, with
how long the bucket had been exhausted. A request long after the reset was not
held back and does not count.

Windows run on the clock the fake is given (tests/e2e/simclock.py: the
monotonic clock plus the time the harness skipped while the bot only waited
for its pacer); ``Wait.at`` stays on real time, as the figures filter by it.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

# (method, route template) -> (bucket name, limit, window seconds). Discord's
# published limit for messages is 5 per 5 s per channel; the other windows are
# the ones Discord answers today for these routes (they vary; these are typical).
ROUTES: dict[tuple[str, str], tuple[str, int, float]] = {
    ("POST", "/channels/{channel_id}/messages"): ("message-create", 5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): ("message-edit", 5, 5.0),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): ("message-delete", 5, 1.0),
    ("GET", "/channels/{channel_id}/messages"): ("message-read", 5, 5.0),
    ("GET", "/channels/{channel_id}/messages/{message_id}"): ("message-read", 5, 5.0),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): ("thread-create", 5, 5.0),
    ("POST", "/channels/{channel_id}/threads"): ("thread-create", 5, 5.0),
    ("PATCH", "/channels/{channel_id}"): ("channel-edit", 2, 600.0),
    ("GET", "/channels/{channel_id}"): ("channel-read", 5, 5.0),
    ("POST", "/users/@me/channels"): ("dm-create", 5, 5.0),
    ("GET", "/users/{user_id}"): ("user-read", 5, 5.0),
    ("PUT", "/applications/{application_id}/commands"): ("commands-put", 2, 60.0),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): ("commands-put", 2, 60.0),
    # Interaction follow-ups and edits: per interaction token.
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): ("webhook", 5, 2.0),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): ("webhook", 5, 2.0),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): ("webhook", 5, 2.0),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): ("webhook", 5, 2.0),
}
DEFAULT = ("default", 10, 1.0)
GLOBAL_LIMIT = 50  # per second, all routes but interaction callbacks
WAIT_SLACK = 0.5  # seconds after a reset within which a request counts as held back
EXEMPT = {("POST", "/interactions/{interaction_id}/{interaction_token}/callback")}


@dataclass
class Bucket:
    name: str
    limit: int
    window: float
    remaining: int = 0
    reset_at: float = 0.0  # monotonic
    exhausted_since: float | None = None  # when an answer last said Remaining: 0
    exhausted_reset: float = 0.0  # the reset of that window

    @property
    def hash(self) -> str:
        return hashlib.sha1(self.name.encode()).hexdigest()[:16]


@dataclass
class Wait:
    route: str
    bucket: str
    seconds: float  # how long the bucket had been reported exhausted
    status: int  # 429, or 200.. when the client waited by itself
    at: float = field(default_factory=time.monotonic)


@dataclass
class Verdict:
    allowed: bool
    headers: dict[str, str]
    retry_after: float = 0.0
    is_global: bool = False
    scope: str = "user"


class RateLimits:
    def __init__(self, *, scale: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.scale = scale  # 1.0: Discord's real windows
        self.clock = clock
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self.waits: list[Wait] = []
        self._global: list[float] = []

    def check(self, method: str, template: str, major: str) -> Verdict:
        now = self.clock()
        if (method, template) in EXEMPT:
            return Verdict(True, {})
        self._global = [t for t in self._global if now - t < 1.0]
        if len(self._global) >= GLOBAL_LIMIT:
            retry = 1.0 - (now - self._global[0])
            self.waits.append(Wait(f"{method} {template}", "global", 0.0, 429))
            headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
            return Verdict(False, headers, retry, is_global=True, scope="global")
        self._global.append(now)
        name, limit, window = ROUTES.get((method, template), DEFAULT)
        if name == "default":
            name = f"default:{method} {template}"
        key = (name, major)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(name, limit, window * self.scale)
        if now >= bucket.reset_at:
            bucket.remaining = bucket.limit
            bucket.reset_at = now + bucket.window
        route = f"{method} {template}"
        if bucket.remaining <= 0:
            since = bucket.exhausted_since if bucket.exhausted_since is not None else now
            self.waits.append(Wait(route, bucket.name, now - since, 429))
            retry = bucket.reset_at - now
            return Verdict(False, self._headers(bucket, now), retry)
        if bucket.exhausted_since is not None:
            # The last answer said Remaining: 0; this request came after the reset.
            if now <= bucket.exhausted_reset + WAIT_SLACK:
                self.waits.append(Wait(route, bucket.name, now - bucket.exhausted_since, 200))
            bucket.exhausted_since = None
        bucket.remaining -= 1
        if bucket.remaining == 0:
            bucket.exhausted_since = now
            bucket.exhausted_reset = bucket.reset_at
        return Verdict(True, self._headers(bucket, now))

    @staticmethod
    def _headers(bucket: Bucket, now: float) -> dict[str, str]:
        after = max(0.0, bucket.reset_at - now)
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(0, bucket.remaining)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket.hash,
        }
