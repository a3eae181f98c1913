"""The words of finding one's way: /games, /help, /rules, the lobby's
management, threads, confirmations."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # --- finding your way: /games, /help, /rules, lobby, threads, confirmations --------
    "command.games": "Your running games and open lobbies: whose turn, time left, where",
    "command.help": "What this bot does and how to play a turn",
    "command.rules": "The rules and every card, in plain words",
    "command.rules.section": "the base game or an expansion",
    "command.rules.card": "one card (start typing its name)",
    "button.confirm_cancel": "Cancel the game",
    "button.confirm_resign": "Resign",
    "button.keep": "Keep playing",
    "confirm.cancel_lobby": "Cancel lobby #{game}? It closes for everyone who joined.",
    "confirm.cancel_game": "Cancel game #{game}? It ends now for every player, without a result.",
    "confirm.resign": (
        "Resign from game #{game}? The AI plays your seat until the end; you cannot come back."
    ),
    "confirm.resign_league": (
        "Resign from game #{game}? The AI plays your seat until the end; you cannot come back. "
        "This is a league game: resigning counts as a loss in the standings."
    ),
    "confirm.kept": "Nothing changed: game #{game} goes on.",
    "lobby.state.abandoned.expired": "Closed: nobody started it in time.",
    "lobby.closes": "The lobby closes {closes} unless it starts.",
    "lobby.cancel_notice": "Game #{game} was cancelled by its host, {name}.",
    "lobby.expired_notice": (
        "Lobby #{game} closed: nobody started it within {time}. "
        "Open a new one with `/carcassonne new`."
    ),
    "lobby.removed": "{name} no longer has a seat.",
    "lobby.remove_option": "Remove {number}. {name}",
    "lobby.remove_placeholder": "Remove a seat or an invitation (host only)",
    "lobby.withdraw_option": "Withdraw the invitation: {name}",
    "lobby.withdrawn": "{name} is no longer invited.",
    "lobby.choice.no_limit": "No time limit",
    "lobby.turn_limit": "{time} per turn",
    "thread.name": "Carcassonne #{game}: {players}",
    "thread.name_bare": "Carcassonne #{game}",
    "thread.more": {"one": "{count} more", "other": "{count} more"},
    "time.under_a_minute": "less than a minute",
    "time.minutes": {"one": "{count} minute", "other": "{count} minutes"},
    "time.hours": {"one": "{count} hour", "other": "{count} hours"},
    "time.days": {"one": "{count} day", "other": "{count} days"},
    "games.head": {"one": "Your game:", "other": "Your {count} games:"},
    "games.none": (
        "You have no running game or open lobby here. Open one with `/carcassonne new`."
    ),
    "games.more": {"one": "... and {count} more", "other": "... and {count} more"},
    "games.lobby": "**#{game}** lobby {where}: {players} ({seats}; {expansions}){closes}",
    # seats taken of the most a game has
    "games.seats": {"one": "{taken}/{count} seat", "other": "{taken}/{count} seats"},
    "games.closes": ", closes in {time}",
    "games.active": (
        "**#{game}** {where}: {players} ({expansions}) · turn {turn} · {whose} · {time}"
    ),
    "games.your_turn": "**your turn**",
    "games.waiting_for": "waiting for {names}",
    "games.time_left": "{time} left",
    "games.no_limit": "no time limit",
    "games.due": "time is up",
    "games.choice": "#{game} vs {opponents} ({state})",
    "games.choice.lobby": "lobby",
    "games.choice.your_turn": "your turn",
    "games.choice.running": "running",
    "games.choice.nobody": "nobody yet",
    "games.choice.others": {"one": "{count} other", "other": "{count} others"},
    "help.text": (
        "**Carcassonne**: the board game, played here at your own pace, one thread per game.\n"
        "**Start**: `/carcassonne new` opens a lobby in this channel; players press **Join**, "
        "the host presses **Start**. Name players in its invite options to keep them seats "
        "(private: only they may join); a finished game's **Rematch** button opens a lobby "
        "for the same players.\n"
        "**Quick game**: `/carcassonne quick` or the menu below starts a game against 1 to 3 "
        "AI seats at once, in its own thread (not rated).\n"
        "**Your turn**: you are mentioned in the game's thread. Press **Take turn** (or "
        "`/turn`): pick a cell by its number on the board, a rotation, then where your "
        "follower goes, or none. `/place` and `/follower` do the same by typing; `/undo` "
        "takes back your last choice.\n"
        "**Expansions**: secret cards and chips come by DM (or **Show my hand**, `/hand`); "
        "their actions: {actions}.\n"
        "**Keep track**: `/games` lists your games and whose turn it is; `/board` and "
        "`/score` show a game (anyone can use them in its thread).\n"
        "**Leave**: `/resign` (the AI plays on for you); the host can `/carcassonne cancel`. "
        "Leagues: `/league`. **Your settings**: `/settings` (pings, DMs, away, quiet hours). "
        "**Rules**: `/rules`, or a button below."
    ),
    "help.admins": (
        "**Admins**: `/server-settings` sets this server's defaults for new games and "
        "`/league-admin` runs leagues and seasons (Manage Server). Who may use each command, "
        "and where: Server Settings → Integrations → Carcassonne (restrict `/carcassonne` "
        "to one channel to keep games there)."
    ),
    "help.command": "`/{name}`",
    "rules.base.title": "Base game",
    "rules.base.goal": (
        "**The idea.** Players take turns placing land tiles, building roads, cities, "
        "monasteries and fields together, and put their followers on them to score. "
        "Everyone has 7 followers. When the tiles run out, the game ends and the most "
        "points wins; tied players share the victory.\n\n"
        "**Who scores.** A road, city, monastery or field belongs to the player with the "
        "most followers on it; tied players each score the full points."
    ),
    "rules.base.turn": (
        "**Your turn** has three steps:\n"
        "1. **Place your tile.** It must touch a tile on the board along at least one side, "
        "and every side it touches must match: city to city, road to road, field to field. "
        "You may turn it. A tile that fits nowhere is set aside and another is drawn.\n"
        "2. **Put a follower** (optional) on a road, city, monastery or field of the tile you "
        "just placed, unless that road, city or field already has a follower anywhere, "
        "yours or someone else's.\n"
        "3. **Score** every road, city and monastery your tile completed."
    ),
    "rules.base.scoring": (
        "**Scoring during the game.** A completed feature scores for its owners at once:\n"
        "- road (both ends closed): 1 point per tile;\n"
        "- city (no open edge): 2 points per tile and 2 per pennant;\n"
        "- monastery (all 8 cells around it filled): 9 points.\n"
        "Its followers then go back to their owners, even one placed this turn. Farmers "
        "stay in their fields until the end."
    ),
    "rules.base.end": (
        "**The end.** After the last tile, everything that still holds followers scores:\n"
        "- unfinished road: 1 point per tile; unfinished city: 1 per tile and 1 per pennant; "
        "unfinished monastery: 1 plus 1 per tile around it;\n"
        "- field: 3 points for each **completed** city it touches, for the player(s) with "
        "the most farmers in it.\n"
        "The most points wins; tied players share the victory."
    ),
    "rules.page": "**{title}** ({page}/{pages})\n\n{text}",
    "rules.cards_page": "**Cards**\n\n{cards}",
    "rules.card": "**{name}**{kind}: {effect}",
    "rules.card_kind": " ({kind})",
    "rules.one_card": "**{title}**\n\n{card}",
    "rules.card_choice": "{name} ({section})",
    "rules.previous": "Previous",
    "rules.next": "Next",
    "rules.all_cards": "All cards",
    "error.thread_busy": (
        "This thread already holds game #{game}: open a new game in a channel, "
        "or once that one is over."
    ),
    "error.league_game_started": (
        "Game #{game} counts in a league and has started, so it cannot be cancelled: a "
        "player who wants to stop uses `/resign` (a resignation counts as a loss)."
    ),
    "error.no_such_player": "That seat is no longer in lobby #{game} (or it is the host's).",
    "error.already_resigned": "You already resigned from game #{game}.",
    "error.host_only.remove": "Only the host can remove a seat or an invitation.",
    "error.unknown_rules": (
        "There is no rules section or card called '{text}'; start typing to pick one."
    ),
}
