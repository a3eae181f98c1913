"""The expansions we ship, registered with the core (engine.plugins).

Each expansion is a package ``engine.expansions.<name>`` with ``install(game)``
(state in ``game.ext[<name>]``, hooks, action types), its typed action classes
and its AI policy in ``<name>.ai``. They are installed in the order below
whatever order a record lists them in, so hooks always run alike. The engine
package imports this module on import, so the registry is complete before any
game is built.
"""

from __future__ import annotations

from engine.expansions import abbot, bets, christmas, gifts, river
from engine.expansions.abbot.ai import ai_policy as abbot_policy
from engine.expansions.abbot.ai import worth as abbot_worth
from engine.expansions.bets.ai import EROSION as bets_erosion
from engine.expansions.bets.ai import ai_policy as bets_policy
from engine.expansions.bets.ai import worth as bets_worth
from engine.expansions.christmas.ai import EROSION as christmas_erosion
from engine.expansions.christmas.ai import ai_policy as christmas_policy
from engine.expansions.christmas.ai import worth as christmas_worth
from engine.expansions.christmas.flows import MIGRATIONS as christmas_migrations
from engine.expansions.gifts.ai import EROSION as gifts_erosion
from engine.expansions.gifts.ai import advise as gifts_policy
from engine.expansions.gifts.ai import worth as gifts_worth
from engine.expansions.gifts.flows import MIGRATIONS as gifts_migrations
from engine.plugins import Plugin, install_expansions, known_expansions, register

PLUGINS: tuple[Plugin, ...] = (
    Plugin(
        gifts.NAME,
        gifts.install,
        gifts.ACTIONS,
        gifts_policy,
        worth=gifts_worth,
        erosion=gifts_erosion,
        migrations=gifts_migrations,
    ),
    Plugin(
        bets.NAME,
        bets.install,
        bets.ACTIONS,
        bets_policy,
        worth=bets_worth,
        erosion=bets_erosion,
        tiles=bets.BOOKMAKER_KINDS,
        stock=bets.stock,
    ),
    Plugin(
        christmas.NAME,
        christmas.install,
        christmas.ACTIONS,
        christmas_policy,
        worth=christmas_worth,
        erosion=christmas_erosion,
        migrations=christmas_migrations,
    ),
    Plugin(
        river.NAME, river.install, river.ACTIONS, None, tiles=river.RIVER_KINDS, stock=river.stock
    ),
    Plugin(
        abbot.NAME,
        abbot.install,
        abbot.ACTIONS,
        abbot_policy,
        worth=abbot_worth,
        tiles=abbot.GARDEN_KINDS,
        stock=abbot.stock,
        pieces=(abbot.PIECE,),
    ),
)
ORDER: tuple[str, ...] = tuple(p.name for p in PLUGINS)

register(*PLUGINS)

__all__ = ["ORDER", "PLUGINS", "install_expansions", "known_expansions"]
