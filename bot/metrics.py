"""Figures for people who run the bot at scale, in the text format Prometheus
scrapes, with prometheus_client (Prometheus's own client library).

Off by default: with ``METRICS_ADDRESS`` set, ``python -m bot run`` serves
them at ``http://ADDRESS/metrics`` (:func:`serve`, a thread of its own;
docs/deploy.md shows a scrape configuration). They are counted whether
served or not: a few dictionary updates per interaction.

They are counted in a few central places, and nowhere else:

- interactions: their arrival in :meth:`bot.app.CarcassonneBot.on_interaction`,
  their answer (the callback Discord receives) in the HTTP trace below;
  those that end in an error message in the error funnel (bot.ui.funnel);
- Discord's REST API: every request, through an aiohttp trace on
  discord.py's HTTP client (:func:`http_trace`), 429 answers among them; the
  outbox's own pacing (bot.ui.outbox) is the bot's share of rate-limit waits;
- images: bot.render times each drawing;
- timers: bot.services.timers, how late each due timer fires; the
  scheduler counts the games running at each poll;
- the database: events on the store's engine (:func:`watch_database`), the
  actions committed, the errors, and its transactions (reads and writes),
  counted per interaction too (:func:`serving` marks the work of one,
  :func:`store_use` says what it cost);
- gateway shards: read from the bot at each scrape (:class:`ShardStatus`).

Hidden information never becomes a label: labels are kinds (an image, a
timer, a REST resource), never games, players or their holdings.
"""

from __future__ import annotations

import contextvars
import logging
import math
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

    import aiohttp
    from sqlalchemy.engine import Connection, ExceptionContext
    from sqlalchemy.ext.asyncio import AsyncEngine

    from db.session import Database

log = logging.getLogger(__name__)
T = TypeVar("T")

GAMES_RUNNING = Gauge(
    "carcassonne_games_running",
    "Games in progress in the database (every process reports the same figure)",
)
ACTIONS = Counter(
    "carcassonne_actions",
    "Game actions stored: moves, answers, AI and timed-out turns (rate x 60: per minute)",
)
INTERACTIONS = Counter(
    "carcassonne_interactions", "Interactions received from Discord, by type", ["type"]
)
ANSWERED = Histogram(
    "carcassonne_interaction_answer_seconds",
    "From an interaction's arrival to the bot's answer (its callback to Discord, which must "
    "come within 3 s)",
    ["type"],
    buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0),
)
INTERACTION_ERRORS = Counter(
    "carcassonne_interaction_errors",
    "Interactions answered with an error: refused (a rule, a stale button...), unavailable "
    "(the database), unexpected (a bug: the log has its traceback)",
    ["kind"],
)
DISCORD_REQUESTS = Counter(
    "carcassonne_discord_requests",
    "Requests to Discord's REST API by resource and status class (error: no answer)",
    ["resource", "status"],
)
RATE_LIMIT_WAITS = Counter(
    "carcassonne_discord_rate_limit_waits",
    "Waits for Discord's rate limits: by discord (a 429 answer), by bot (the outbox holding "
    "a message back until its bucket has room)",
    ["by"],
)
RATE_LIMIT_SECONDS = Counter(
    "carcassonne_discord_rate_limit_wait_seconds", "How long those waits were", ["by"]
)
RENDER = Histogram(
    "carcassonne_render_seconds",
    "Time to draw an image, by image",
    ["image"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
TIMER_LAG = Histogram(
    "carcassonne_timer_lag_seconds",
    "How late due timers (reminders, time limits, handoffs...) fire, by kind",
    ["kind"],
    buckets=(0.5, 1.0, 5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 900.0, 3600.0),
)
DATABASE_ERRORS = Counter(
    "carcassonne_database_errors",
    "Database errors: connection, busy, full, read_only, io, conflict (two writers, "
    "resolved by the bot), other",
    ["kind"],
)
STORE_TRANSACTIONS = Counter(
    "carcassonne_store_transactions",
    "Database transactions by kind (read, write) and by what asked for them (interaction: a "
    "player's command or click; background: timers, follow-ups, start-up)",
    ["kind", "by"],
)
WAITING = Gauge(
    "carcassonne_waiting",
    "1 while start-up waits for the database or Discord to come back",
    ["what"],
)

# --- interactions ----------------------------------------------------------------------

OPEN_MAX = 10_000  # interactions awaiting their answer, at most (each lives 15 min)
_arrived: dict[int, tuple[float, str]] = {}  # interaction id -> (arrival, type)


def interaction_arrived(interaction_id: int, kind: str) -> None:
    INTERACTIONS.labels(kind).inc()
    if len(_arrived) >= OPEN_MAX:  # never answered (Discord gave up): forget the oldest
        for old in list(_arrived)[: OPEN_MAX // 2]:
            del _arrived[old]
    _arrived[interaction_id] = (time.monotonic(), kind)


def interaction_answered(interaction_id: int) -> None:
    found = _arrived.pop(interaction_id, None)
    if found is not None:
        arrived, kind = found
        ANSWERED.labels(kind).observe(time.monotonic() - arrived)


def interaction_failed(kind: str) -> None:
    INTERACTION_ERRORS.labels(kind).inc()


# --- Discord's REST API ----------------------------------------------------------------

RESOURCES = frozenset(
    {"applications", "channels", "gateway", "guilds", "interactions", "oauth2", "users", "webhooks"}
)
_VERSION = re.compile(r"v\d+")


def _route(url: Any) -> list[str]:
    """The path's parts after ``/api/v10``."""
    parts = [p for p in str(url.path).split("/") if p]
    if parts[:1] == ["api"]:
        parts = parts[1:]
    if parts and _VERSION.fullmatch(parts[0]):
        parts = parts[1:]
    return parts


def _resource(url: Any, parts: list[str]) -> str:
    if str(url.scheme).startswith("ws"):
        return "gateway"
    return parts[0] if parts and parts[0] in RESOURCES else "other"


def http_trace() -> aiohttp.TraceConfig:
    """The hooks counting discord.py's requests (``Client(http_trace=...)``)."""
    import aiohttp

    async def ended(
        session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestEndParams
    ) -> None:
        status = params.response.status
        parts = _route(params.url)
        DISCORD_REQUESTS.labels(_resource(params.url, parts), f"{status // 100}xx").inc()
        if status == 429:
            rate_limited("discord", _seconds(params.response.headers.get("Retry-After")))
        answer = parts[:1] == ["interactions"] and parts[-1:] == ["callback"]
        if answer and status < 300 and parts[1].isdigit():
            interaction_answered(int(parts[1]))

    async def failed(
        session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestExceptionParams
    ) -> None:
        DISCORD_REQUESTS.labels(_resource(params.url, _route(params.url)), "error").inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace


def _seconds(text: str | None) -> float:
    try:
        value = float(text or 0)
    except ValueError:
        return 0.0
    return value if math.isfinite(value) and value > 0 else 0.0


def rate_limited(by: str, seconds: float) -> None:
    RATE_LIMIT_WAITS.labels(by).inc()
    RATE_LIMIT_SECONDS.labels(by).inc(max(seconds, 0.0))


# --- images and timers -------------------------------------------------------------------


def timed(image: str, draw: Callable[..., T], *args: Any) -> T:
    """``draw(*args)``, its time counted under ``image``."""
    with RENDER.labels(image).time():
        return draw(*args)


def timer_fired(kind: str, late: float) -> None:
    TIMER_LAG.labels(kind).observe(max(late, 0.0))


async def count_games(db: Database) -> None:
    """Set the games-running gauge from the database (one indexed count)."""
    from sqlalchemy import func, select

    from db.models import Game
    from db.values import ACTIVE

    async with db.read() as s:
        running = await s.scalar(
            select(func.count()).select_from(Game).where(Game.status == ACTIVE)
        )
    GAMES_RUNNING.set(running or 0)


# --- the database ------------------------------------------------------------------------

ACTIONS_TABLE = "INSERT INTO actions "
_PENDING = "carcassonne_actions"  # connection info key: actions inserted, not yet committed
_TX = "carcassonne_tx"  # connection info key: the transaction in progress (_Tx)
_WRITES = ("INSERT", "UPDATE", "DELETE")
_GAMES = re.compile(r"\b(?:FROM|JOIN)\s+games\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class StoreUse:
    """What one interaction cost the store: its read transactions (of them,
    those that read a game's row) and its write transactions."""

    reads: int = 0
    game_reads: int = 0
    writes: int = 0


_serving: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "carcassonne_serving", default=None
)
_use: dict[int, StoreUse] = {}  # interaction id -> its use so far (the latest OPEN_MAX)


def serving(interaction_id: int) -> None:
    """What the current task does with the store from now on is the work of
    this interaction (set where every command and component starts: the
    command tree's check, bot.ui.views.Component)."""
    _serving.set(interaction_id)
    if interaction_id not in _use:
        if len(_use) >= OPEN_MAX:
            for old in list(_use)[: OPEN_MAX // 2]:
                del _use[old]
        _use[interaction_id] = StoreUse()


def store_use(interaction_id: int) -> StoreUse | None:
    """The store's transactions for one interaction (None: not one seen)."""
    return _use.get(interaction_id)


def store_uses() -> dict[int, StoreUse]:
    """Every interaction's (the latest :data:`OPEN_MAX`)."""
    return dict(_use)


class _Tx:
    __slots__ = ("game", "interaction", "wrote")

    def __init__(self, interaction: int | None, write: bool) -> None:
        self.interaction = interaction
        self.wrote = write  # a write session (db.session), or a read that wrote
        self.game = False


def watch_database(engine: AsyncEngine) -> None:
    """Count the actions each commit stores, the transactions and every
    database error."""
    from sqlalchemy import event

    sync = engine.sync_engine
    if event.contains(sync, "begin", _begun):
        return  # one engine, watched once
    event.listen(sync, "begin", _begun)
    event.listen(sync, "after_cursor_execute", _executed)
    event.listen(sync, "commit", _committed)
    event.listen(sync, "rollback", _rolled_back)
    event.listen(sync, "handle_error", _failed)


def _begun(conn: Connection) -> None:
    from db.session import TRANSACTION

    write = conn.get_execution_options().get(TRANSACTION) == "write"
    conn.info[_TX] = _Tx(_serving.get(), write)


def _executed(
    conn: Connection, cursor: Any, statement: str, params: Any, context: Any, many: bool
) -> None:
    if statement.startswith(ACTIONS_TABLE):
        conn.info[_PENDING] = conn.info.get(_PENDING, 0) + (len(params) if many else 1)
    tx = conn.info.get(_TX)
    if tx is not None:
        if statement.lstrip()[:6].upper() in _WRITES:
            tx.wrote = True
        elif _GAMES.search(statement):
            tx.game = True


def _ended(conn: Connection) -> None:
    tx = conn.info.pop(_TX, None)
    if tx is None:
        return
    kind = "write" if tx.wrote else "read"
    STORE_TRANSACTIONS.labels(kind, "background" if tx.interaction is None else "interaction").inc()
    if tx.interaction is None:
        return
    use = _use.get(tx.interaction, StoreUse())
    if tx.wrote:
        use = StoreUse(use.reads, use.game_reads, use.writes + 1)
    else:
        use = StoreUse(use.reads + 1, use.game_reads + tx.game, use.writes)
    _use[tx.interaction] = use


def _committed(conn: Connection) -> None:
    stored = conn.info.pop(_PENDING, 0)
    if stored:
        ACTIONS.inc(stored)
    _ended(conn)


def _rolled_back(conn: Connection) -> None:
    conn.info.pop(_PENDING, None)
    _ended(conn)


def _failed(context: ExceptionContext) -> None:
    from sqlalchemy.exc import DBAPIError, IntegrityError

    from db.session import unavailable

    error = context.sqlalchemy_exception or context.original_exception
    orig = error.orig if isinstance(error, DBAPIError) else None
    if isinstance(error, IntegrityError) or getattr(orig, "sqlstate", None) == "40001":
        kind = "conflict"  # two writers at once: the store turns it into StaleGame
    else:
        mapped = unavailable(error)
        kind = mapped.what if mapped is not None else "other"
    DATABASE_ERRORS.labels(kind).inc()


# --- gateway shards ----------------------------------------------------------------------


class ShardStatus(Collector):
    """Each shard's connection and heartbeat latency, read from the bot (an
    ``AutoShardedClient``) at each scrape."""

    def __init__(self, shards: Callable[[], dict[int, Any]]) -> None:
        self.shards = shards

    def collect(self) -> Iterator[Metric]:
        connected = GaugeMetricFamily(
            "carcassonne_shard_connected", "1 when the gateway shard is connected", labels=["shard"]
        )
        latency = GaugeMetricFamily(
            "carcassonne_shard_latency_seconds",
            "The gateway shard's heartbeat latency",
            labels=["shard"],
        )
        try:
            shards = dict(self.shards())  # read from the scrape's thread: copied at once
        except RuntimeError:  # changed while copied (a shard starting): next scrape
            shards = {}
        for shard_id, info in sorted(shards.items()):
            connected.add_metric([str(shard_id)], 0.0 if info.is_closed() else 1.0)
            if math.isfinite(info.latency):
                latency.add_metric([str(shard_id)], info.latency)
        yield connected
        yield latency


_shard_status: ShardStatus | None = None


def watch_shards(shards: Callable[[], dict[int, Any]]) -> None:
    """Report the shards of this process (once per process)."""
    global _shard_status
    if _shard_status is not None:
        _shard_status.shards = shards
        return
    _shard_status = ShardStatus(shards)
    REGISTRY.register(_shard_status)


# --- serving -----------------------------------------------------------------------------


def serve(host: str, port: int) -> WSGIServer:
    """Serve every figure at ``http://host:port/metrics`` from a thread of its
    own; OSError when the address cannot be listened on."""
    server, _thread = start_http_server(port, host)
    return server


def shown_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
