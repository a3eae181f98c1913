"""The words of tables and servers (#32): private tables and invitations, the
rematch, the quick start against the AI, each server's own defaults
(``/server-settings``) and the admin-level commands."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # --- commands --------------------------------------------------------------------------
    "command.new.invite": "a player to keep a seat for: only they may take it",
    "command.new.private": "only the players you invite may join (default: other seats stay open)",
    "command.quick": "Play now against 1 to 3 AI seats, in a thread of its own (not rated)",
    "command.quick.opponents": "how many AI opponents (1 to 3)",
    "command.quick.level": "how well the AI plays (default: normal)",
    "command.server_settings": "This server's defaults for new games (Manage Server)",
    "command.league_admin": "Run this server's leagues: create, seasons, ratings (Manage Server)",
    "name.carcassonne.quick": "quick",
    "name.server-settings": "server-settings",
    "name.league-admin": "league-admin",
    "name.league-admin.create": "create",
    "name.league-admin.recompute": "recompute",
    "name.league-admin.season": "season",
    "name.league-admin.season.start": "start",
    "name.league-admin.season.end": "end",
    "option.invite1": "invite1",
    "option.invite2": "invite2",
    "option.invite3": "invite3",
    "option.invite4": "invite4",
    "option.invite5": "invite5",
    "option.private": "private",
    "option.opponents": "opponents",
    "option.level": "level",
    # --- private tables ----------------------------------------------------------------------
    "lobby.reserved": "Seats kept for: {names}",
    "lobby.private": "Private lobby: only invited players may join.",
    "invite.ping": "{who}, {host} keeps you a seat in game #{game}: press **Join** in the lobby.",
    "invite.dm": (
        "{host} keeps you a seat in Carcassonne game #{game}: press **Join** in the lobby "
        "(the button below leads to its thread)."
    ),
    "error.seat_reserved.private": (
        "Game #{game} is a private lobby: only the players its host invited may join."
    ),
    "error.seat_reserved.reserved": (
        "The seats left in game #{game} are kept for the players its host invited."
    ),
    "error.bad_invite.bot": "{name} is a bot: invite people, and add AI seats in the lobby.",
    "error.bad_invite.many": "A game seats 6 players: the host and at most 5 invited.",
    # --- rematch -----------------------------------------------------------------------------
    "button.rematch": "Rematch",
    "lobby.rematch_of": "Rematch of game #{game}.",
    "lobby.unrated.season": "Not rated: the league season of the last game is over.",
    "lobby.unrated.no_ai": "Not rated: this server keeps AI seats out of league games.",
    "rematch.opened": "Rematch: lobby #{game} is open in {thread}; the other players are invited.",
    "rematch.open": "The rematch is open already: lobby #{game} in {thread}.",
    "error.not_a_player": "Only the players of game #{game} can ask for its rematch.",
    # --- quick start -------------------------------------------------------------------------
    "quick.started": "Game #{game} against the AI has started in {thread}: your turn comes first.",
    "quick.placeholder": "Quick game against the AI…",
    "quick.option": {"one": "Play against {count} AI", "other": "Play against {count} AIs"},
    # --- each server's own defaults --------------------------------------------------------
    "servers.head": (
        "**Server settings**: defaults for this server's new games (a host's choice at "
        "`/carcassonne new` wins)."
    ),
    "servers.limit": "- Turn time limit: **{value}** ({source})",
    "servers.policy": "- When the time runs out: **{value}** ({source})",
    "servers.reminder": "- Reminders every **{value}** ({source})",
    "servers.language": "- Language of the games: **{value}** ({source})",
    "servers.league_ai": "- AI seats in league games: **{value}**",
    "servers.allowed": "allowed",
    "servers.not_allowed": "not allowed",
    "servers.note": (
        "Who may use which command, and in which channels: Server Settings → Integrations "
        "→ Carcassonne. Restrict `/carcassonne` to a channel to keep games there."
    ),
    "servers.from.server": "this server's",
    "servers.from.bot": "the bot's default",
    "servers.from.discord": "the server's language on Discord",
    "servers.option.default": "Bot default ({value})",
    "servers.option.discord": "The server's language on Discord ({value})",
    "servers.select.limit": "Turn time limit…",
    "servers.select.policy": "When the time runs out…",
    "servers.select.reminder": "Reminders every…",
    "servers.select.language": "Language of the games…",
    "servers.button.league_ai": "AI seats in league games: {value}",
    "servers.applied": "Defaults used: {items}.",
    "servers.item": "{item} ({source})",
    "servers.item.limit": "turn limit {value}",
    "servers.item.policy": "when the time runs out: {value}",
    "servers.item.reminder": "reminders every {value}",
    "servers.item.language": "language {value}",
    "error.no_ai_in_league": "This server keeps AI seats out of league games.",
}
