"""The Bot subclass: start-up (migrations, services, cogs, command sync,
timer poller) and a clean shutdown.

It is discord.py's ``AutoShardedBot``: with ``SHARD_COUNT`` and ``SHARD_IDS``
it connects the shards it is given (the other processes hold the rest, over
one PostgreSQL database: bot.shards, docs/deploy.md); without them, as many
shards as Discord recommends, all here.

Cogs are loaded by name (:data:`EXTENSIONS`), so this package never imports
them; each cog registers its own persistent components in its ``setup``.
Nothing the bot sends pings anyone unless that message allows it
(``AllowedMentions.none()`` is the default).
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from bot import metrics
from bot.scheduler import Scheduler
from bot.services import Services
from bot.settings import Settings
from bot.shards import Shards
from bot.shutdown import drain_handlers
from bot.sync import sync_if_changed
from bot.ui import funnel
from bot.ui.access import locale_of
from bot.ui.autocomplete import complete_game_options
from bot.ui.labels import CatalogueTranslator
from bot.ui.notifier import DiscordNotifier
from db import migrate
from db.service import GameService
from db.session import Database

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.lobby",
    "cogs.play",
    "cogs.actions",
    "cogs.league",
    "cogs.games",
    "cogs.help",
    "cogs.settings",
    "cogs.servers",
)


async def _serving(interaction: discord.Interaction) -> bool:
    """Every slash command and autocomplete passes here first (the command
    tree's check): the store's work from here on counts for it (bot.metrics;
    components: bot.ui.views.Component)."""
    metrics.serving(interaction.id)
    return True


class CarcassonneBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, sync_commands: bool = True) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        shards = Shards.of(settings)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=shards.count,
            shard_ids=list(shards.ids) if shards.ids is not None else None,  # type: ignore[arg-type]
            guild_ready_timeout=settings.guild_ready_seconds,
            http_trace=metrics.http_trace(),  # Discord requests and answers (bot.metrics)
        )
        self.settings = settings
        self.sync_commands = sync_commands
        self.database: Database | None = None
        # What the services send goes out through this (bot.ui.notifier);
        # handlers hold it while they answer their player (bot.ui.outbox.holding).
        self.notifier = DiscordNotifier(self)
        self.services: Services | None = None
        self.scheduler: Scheduler | None = None
        self._shutdown: asyncio.Future[None] | None = None
        self.tree.on_error = funnel.handle  # type: ignore[method-assign]
        self.tree.interaction_check = _serving  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        await self.start_services()
        # Descriptions and choices in every language with a catalogue (bot.ui.labels).
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync_commands:
            await sync_if_changed(
                self.tree, self.settings.command_hash_file, self.settings.dev_guild_id
            )
        assert self.scheduler is not None
        self.scheduler.start()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction: remember the language of the user's client, for
        the DMs the bot sends them later outside an interaction."""
        metrics.interaction_arrived(interaction.id, interaction.type.name)
        locale = locale_of(interaction)
        if self.services is not None and locale is not None:
            try:
                await self.services.prefs.seen_locale(interaction.user.id, locale)
            except Exception:  # a missed language is never worth a failed command
                log.warning("could not store the locale of user %s", interaction.user.id)

    async def start_services(self) -> None:
        """Everything but the network: usable by tests with a fake connection."""
        url = self.settings.database_url
        await migrate.upgrade_async(url)
        log.info("gateway: %s", Shards.of(self.settings).describe())
        self.database = Database(url)
        metrics.watch_database(self.database.engine)
        metrics.watch_shards(lambda: self.shards)
        self.services = Services(GameService(self.database), self.settings, self.notifier)
        self.scheduler = Scheduler(self.services, self.settings.timer_poll_seconds)
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        complete_game_options(self.tree)  # every `game` option lists the user's games

    async def close(self) -> None:
        # One shutdown, awaited whole by every caller (signal handler, `async
        # with`, bot.cli.run): the database is disposed last, once the timers
        # and the interactions in flight are done with it.
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._shut_down())
        await asyncio.shield(self._shutdown)

    async def _send_what_is_left(self, timeout: float = 10.0) -> None:
        """Messages the outbox still holds (paced under Discord's limits) go
        out before the connection closes, for a few seconds at most."""
        try:
            await asyncio.wait_for(self.notifier.drain(), timeout)
        except TimeoutError:
            log.warning("shutting down with messages still unsent")

    async def _shut_down(self) -> None:
        log.info("shutting down")
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self.services is not None:
            await self.services.turns.thinker.shutdown()  # the AI's searches and their pool
        await drain_handlers()  # still connected: they can answer
        await self._send_what_is_left()
        if not hasattr(self, "_AutoShardedClient__queue"):
            # Never logged in (tests start the services alone): discord.py's
            # sharded close() posts to the event queue its login creates.
            self._AutoShardedClient__queue = asyncio.PriorityQueue()  # type: ignore[var-annotated]
        await super().close()
        await drain_handlers(0)  # any that started meanwhile
        if self.database is not None:
            await self.database.dispose()
            self.database = None
        log.info("stopped")
