"""The English catalogue: every player-facing message of the base bot, keyed.

Templates name their fields (``{game}``, ``{name}``); a message whose wording
depends on a number is a table of CLDR plural forms selected by its
``count`` field. Expansion adapters add their own messages (bot.expansions).
Keys group by where they are shown: commands, lobby, panel, turn (thread),
event, final, hand, scores, league, error.
"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # --- slash commands (names stay English; descriptions are read by players) ---
    "command.carcassonne": "Carcassonne games",
    "command.new": "Open a lobby for a new game in this channel",
    "command.new.expansions": "which expansions to play with",
    "command.new.turn_hours": "turn time limit in hours, or no time limit (0)",
    "command.new.on_timeout": "what happens when the time limit passes",
    "command.new.reminder_hours": "remind the active player after this many hours",
    "command.new.league": "count the game in this league",
    "command.record": "Download a finished game's record (JSON)",
    "command.mute": "Mute or unmute turn reminders for a game",
    "command.cancel": "Cancel a game you host (asks first)",
    "command.place": "Place your tile: a numbered cell and a rotation",
    "command.place.cell": "a legal cell (numbers as on the board)",
    "command.place.rotation": "a legal rotation",
    "command.follower": "Place a follower on your new tile, or none",
    "command.act": "Any other action the game offers you now",
    "command.act.choice": "what to do (only what the game allows now)",
    "command.hand": "Show your hidden hand (only you see it)",
    "command.board": "Show the board",
    "command.score": "Scores so far",
    "command.turn": "Open your action panel",
    "command.undo": "Take back your last choice this turn",
    "command.resign": "Leave a running game: the AI takes your seat (asks first)",
    "command.league": "Server leagues: seasons, standings, ratings",
    "command.season": "Start or end a season (Manage Server)",
    "command.league.create": "Create a league on this server",
    "command.league.name": "League name",
    "command.league.join": "Join a league",
    "command.league.leave": "Leave a league (your results stay)",
    "command.league.info": "A league's members and seasons",
    "command.league.standings": "Standings of a league or one season",
    "command.league.season": "Season name (default: all games)",
    "command.league.history": "Recent games of a league",
    "command.league.profile": "A player's recent games and rating history",
    "command.league.recompute": "Recompute ratings from results (Manage Server)",
    "command.season.start": "Start a season today (Manage Server)",
    "command.season.end": "End the running season today (Manage Server)",
    # --- buttons -------------------------------------------------------------------
    "button.join": "Join",
    "button.leave": "Leave",
    "button.add_ai": "Add AI seat",
    "button.start": "Start",
    "button.turn": "Take turn",
    "button.answer": "Answer privately",
    "button.hand": "Show my hand",
    # --- lobby ---------------------------------------------------------------------
    "lobby.message": (
        "**Carcassonne #{game}** hosted by {host}\n"
        "Expansions: {expansions}; {limit}\nSeats:\n{seats}\n{state}"
    ),
    "lobby.base_only": "base game only",
    "lobby.limit": "{hours} h per turn, then: {policy}",
    "lobby.no_limit": "no turn limit",
    "lobby.seat": "{number}. {name}",
    "lobby.seat_ai": "{number}. {name} (AI)",
    "lobby.state.lobby": "Waiting for players: Join, then the host presses Start (2 to 6 players).",
    "lobby.state.active": "Started: the game is played in its thread.",
    "lobby.state.finished": "Finished.",
    "lobby.state.abandoned": "Cancelled.",
    "lobby.ai_name": "AI {number}",
    "lobby.opened": "Lobby #{game} is open; the game will be played in {thread}.",
    "lobby.you_joined": "You joined game #{game}.",
    "lobby.you_left": "You left game #{game}.",
    "lobby.ai_added": "AI seat added.",
    "lobby.started": "Game #{game} started: play in its thread.",
    "lobby.record": "Record of game #{game}.",
    "lobby.muted": "Reminders muted for game #{game}.",
    "lobby.unmuted": "Reminders on for game #{game}.",
    "lobby.cancelled": "Game #{game} cancelled.",
    "lobby.choice.base_only": "base game only",
    "lobby.choice.all": "all expansions",
    "lobby.policy.ai": "the AI plays the turn",
    "lobby.policy.skip": "skip: minimal turn (first legal placement, no follower)",
    "lobby.policy.remind": "only remind",
    "expansion.generic": "expansion",
    # --- the action panel (private) ------------------------------------------------------
    "panel.hand_button": "Show my hand",
    "panel.undo_button": "Undo",
    "panel.over": "Game #{game} is over.",
    "panel.not_you": "Game #{game}: nothing to do for you now; waiting for {waiting} ({prompt}).",
    "panel.head": "Game #{game}, turn {turn}.",
    "panel.place": "Your tile: **{tile}**. Pick a cell (numbers as on the board), then a rotation.",
    "panel.cell_select": "Cell ({count} legal)",
    "panel.cell_option": "{number}: {x},{y}",
    "panel.cells_page": "Cells {first}-",
    "panel.rotation": "r{rotation}",
    "panel.choose_rotation": "Cell {number} ({x},{y}): choose the rotation.",
    "panel.follower": "Place a follower on the tile you just placed, or none.",
    "panel.asks": "The game asks you: {prompt}.",
    "panel.also": "Before that you may also:",
    "panel.actions_select": "Choose an action ({count} possible)",
    "panel.actions_page": "Actions {first}-",
    # --- what the game waits for, and choices ------------------------------------------------
    "prompt.place": "place your tile",
    "prompt.follower": "place a follower (or none)",
    "prompt.where": " at {x},{y}",
    "prompt.generic": "{step}{where} ({expansion})",
    "prompt.plain": "{step}{where}",
    "label.place": "Place at {x},{y} r{rotation}",
    "label.follower": "Follower on {location}",
    "label.no_follower": "No follower",
    "label.no_follower_choice": "No follower",
    "label.follower_at": "{location} ({feature})",
    "label.at": "at {x},{y}",
    "label.to": "to {place}",
    "label.flag": "{name}: {value}",
    "label.field": "{name} {value}",
    "label.yes": "yes",
    "label.no": "no",
    "feature.road": "road",
    "feature.city": "city",
    "feature.monastery": "monastery",
    "feature.field": "field",
    # --- answers to commands ---------------------------------------------------------------------
    "play.placed": "Placed at {x},{y} r{rotation}.",
    "play.follower": "Follower: {location}.",
    "play.no_follower": "Follower: none.",
    "play.done": "Done.",
    "play.resigned": "You resigned from game #{game}.",
    "undo.took_back": {
        "one": "Took back {count} action.",
        "other": "Took back {count} actions.",
    },
    # --- the game's thread ---------------------------------------------------------------------
    "turn.your_turn": (
        "{names}, your turn in game #{game} ({prompt}).{tile} Press **Take turn** or use `/place`."
    ),
    "turn.tile": " Tile: **{tile}**.",
    "turn.asks": (
        "Game #{game} asks {names}: {prompt}. Answer in your DMs or with **Answer privately**."
    ),
    "turn.asks_you": "Game #{game} asks you: {prompt}.",
    "turn.done": "Turn {turn} done.",
    "dm.refused": (
        "I cannot send direct messages to {name}. "
        "Use `/hand` or **Show my hand** / **Answer privately** here instead."
    ),
    "undo.announce": "{name} took back their last choice.",
    "seats.resigned": "{name} resigned; the AI plays their seat from now on.",
    "seats.abandoned": "No human player is left: game abandoned.",
    "timer.reminder": (
        "{who}, reminder: game #{game} waits for you ({prompt}). "
        "Mute reminders with `/carcassonne mute`."
    ),
    "timer.timed_out.ai": "{name}'s time ran out: the AI played for them (policy: ai).",
    "timer.timed_out.skip": (
        "{name}'s time ran out: the AI played a minimal turn for them (policy: skip)."
    ),
    # --- events -----------------------------------------------------------------------------
    "event.bullet": "- {line}",
    "event.more": "- ... (more)",
    "event.place": "{who} placed {tile} at {x},{y} r{rotation}",
    "event.follower": "{who} put a follower on the {feature} at {location}",
    "event.discard": "Tile {tile} was removed: {reason}",
    "event.end": "The game is over.",
    "event.score_feature": "{who} scores {points} for a {feature}{where} {when}{detail}",
    "event.score_where": " at {x},{y}",
    "event.score_when.completed": "completed",
    "event.score_when.final": "at game end",
    "event.score_detail": " ({parts})",
    "event.score_tiles": {"one": "{count} tile", "other": "{count} tiles"},
    "event.score_pennants": {"one": "{count} pennant", "other": "{count} pennants"},
    "event.score_cities": {"one": "{count} completed city", "other": "{count} completed cities"},
    "event.score_other": "{who} scores {points} ({what}{card})",
    "event.score_points": "points",
    "event.score_card": ", card {card}",
    "event.generic_by": "{who}: {what}",
    "event.generic_by_detail": "{who}: {what} ({detail})",
    "event.generic_detail": "{what} ({detail})",
    # --- scores and the end ------------------------------------------------------------------
    "group.road": "Roads",
    "group.city": "Cities",
    "group.monastery": "Monasteries",
    "group.field": "Farms",
    "group.other": "Other",
    "final.text": "{head}\n```\n{table}\n```",
    "final.head": {
        "one": "**Game over: {winners} wins** (B-10)",
        "other": "**Game over: {winners} share the victory** (B-10)",
    },
    "final.head_nobody": "**Game over: nobody wins** (B-10)",
    "final.total": "Total",
    "final.league": "League ratings updated (`/league standings`).",
    "final.record": "Download the record with `/carcassonne record game:{game}`.",
    "scores.line": "{name}: {points} points, {followers} followers in supply",
    "scores.head_over": "Game #{game}: over",
    "scores.head_turn": "Game #{game}: turn {turn}",
    "scores.breakdown": "Points so far: {groups}",
    "scores.group": "{group}: {points}",
    "scores.player_points": "{name} {points}",
    "board.text": "Game #{game}\n{scores}",
    # --- hands (private) -------------------------------------------------------------------
    "hand.head": "Game #{game}, your hand:\n{hand}",
    "hand.empty": "nothing hidden.",
    "hand.line": "{label}: {items}",
    "hand.none": "none",
    "hand.item_full": "{name} ({extra}) - {text}",
    "hand.item_extra": "{name} ({extra})",
    "hand.item_text": "{name} - {text}",
    # --- leagues ------------------------------------------------------------------------------
    "league.created": (
        "League **{league}** created; you are its first member. "
        "Others join with `/league join {code}`."
    ),
    "league.joined": "You joined **{league}**.",
    "league.left": "You left **{league}**.",
    "league.info_title": "League {league}",
    "league.members": "Members ({count})",
    "league.seasons": "Seasons",
    "league.season_line": "{name}: {start} – {end}",
    "league.running": "running",
    "league.none": "none",
    "league.none_yet": "none yet",
    "league.standing": (
        "`{rank:>2}.` **{name}** — rating {rating:.1f} · {games} games · {wins} wins"
        " · avg {average:.1f}"
    ),
    "league.standing_shared": (
        "`{rank:>2}.` **{name}** — rating {rating:.1f} · {games} games · {wins} wins"
        " ({shared} shared) · avg {average:.1f}"
    ),
    "league.no_games": "No finished games yet.",
    "league.standings_footer": "Page {page}/{pages} · rating = mu - 3 sigma (openskill)",
    "league.standings_all": "{league} — all games",
    "league.standings_season": "{league} — season {season}",
    "league.previous": "Previous",
    "league.next": "Next",
    "league.history_title": "{league} — recent games",
    "league.history_game": "Game #{game} ({date}): {results}",
    "league.history_result": "{rank}. {name} {score}",
    "league.ai": "AI",
    "league.profile_title": "{player} in {league}",
    "league.recent": "Recent games",
    "league.recent_game": "#{game} {date}: rank {rank}, {score} points",
    "league.rating_history": "Rating history",
    "league.not_rated": "not rated yet",
    "league.needs_manage_server": "You need the Manage Server permission for that.",
    "league.season_started": "Season **{season}** of {league} started.",
    "league.season_ended": "Season **{season}** of {league} ended.",
    "league.recomputed": "Recomputed {count} ratings of {league} from the stored results.",
    # --- errors: one per error class (db.errors, bot.errors), key error.<code>[.<variant>] ---
    "error.refused": "That cannot be done.",
    "error.bot": "That cannot be done.",
    "error.store": "The game store refused that.",
    "error.game_not_found": "There is no game #{game}.",
    "error.game_not_started": "Game #{game} has not started yet.",
    "error.game_not_in_lobby": "Game #{game} is {status}, not in its lobby.",
    "error.game_over": "Game #{game} is over ({status}).",
    "error.not_seated": "You do not have a seat in game #{game}.",
    "error.not_your_turn": "It is not your turn: waiting for {waiting}.",
    "error.host_only.start": "Only the host can start the game.",
    "error.host_only.add_ai": "Only the host can add AI seats.",
    "error.host_only.cancel": "Only the host can cancel the game.",
    "error.seat": "That seat cannot be given.",
    "error.not_your_seat": "Seat {seat} is not yours.",
    "error.no_such_seat": "There is no seat {seat} in game #{game}.",
    "error.not_ai_seat": "Seat {seat} is not an AI seat.",
    "error.table_full": "The table is full ({most} players at most, B-1).",
    "error.already_seated": "You already have a seat in this game.",
    "error.bad_name": "A display name needs 1 to {most} characters.",
    "error.seat_kind": "A seat is either an AI (no user) or a user's (not AI).",
    "error.unknown_colour": "Unknown colour {colour}; choose from {choices}.",
    "error.colour_taken": "{colour} is taken.",
    "error.stale_game": (
        "Someone acted at the same moment; the game moved on. Look again and retry."
    ),
    "error.store_unavailable.busy": (
        "The game is busy (its database is in use by another change); "
        "nothing was changed. Try again in a moment."
    ),
    "error.store_unavailable.full": (
        "The game could not be saved: the bot's storage is full. "
        "Nothing was changed; try again later."
    ),
    "error.store_unavailable.read_only": (
        "The game could not be saved: the bot's storage is read-only. "
        "Nothing was changed; try again later."
    ),
    "error.store_unavailable.io": (
        "The game could not be saved: the bot's storage failed. "
        "Nothing was changed; try again later."
    ),
    "error.store_unavailable.connection": (
        "The game could not be saved: the bot cannot reach its database. "
        "Nothing was changed; try again later."
    ),
    "error.not_allowed": "Not allowed: {reason}",
    "error.not_json.object": "Not allowed: an action must be a JSON object.",
    "error.not_json.values": "Not allowed: an action may only hold JSON values.",
    "error.engine_failure": (
        "Not allowed: the game could not apply this action; nothing was changed."
    ),
    "error.corrupt_game": (
        "Game #{game} cannot be loaded: its stored moves do not replay. "
        "Nothing was changed; the bot's operator can see why in its log."
    ),
    "error.nothing_to_take_back": (
        "Nothing to take back: only your own choices in your current turn, "
        "before a tile or card is drawn or revealed."
    ),
    "error.invalid_setup": "A game cannot be set up that way.",
    "error.unknown_expansion": "Unknown expansion {name}; available: {available}.",
    "error.bad_expansions": "Expansions must be a list of names.",
    "error.bad_seed": "The seed must be an integer that fits in 64 bits.",
    "error.bad_decks": "Decks must map deck names to lists of names.",
    "error.unknown_policy": "Unknown timeout policy {policy}; choose from {choices}.",
    "error.bad_timeout": "The turn timeout must be a positive number of seconds.",
    "error.bad_options": "{name} may only hold JSON values.",
    "error.unknown_setting": "There is no server setting called {name}.",
    "error.setup_refused": "This game cannot start: {reason}",
    "error.bad_timer": "A timer could not be set: {problem}.",
    "error.stale_choice.moved_on": "The game moved on since this choice was offered; try again.",
    "error.stale_choice.gone": "That choice is no longer offered; try again.",
    "error.stale_choice.unknown": "Pick one of the offered choices (start typing to see them).",
    "error.bad_cell": "Write the cell as x,y (e.g. 1,0), not '{text}'.",
    "error.bad_rotation": "Write the rotation as 0, 90, 180 or 270, not '{text}'.",
    "error.no_game": "You are not playing any game.",
    "error.several_games": (
        "You play several games: run the command in the game's thread, or pick one in its "
        "`game` option (`/games` lists them)."
    ),
    "error.host_cannot_leave": "The host cannot leave; use /carcassonne cancel to drop the game.",
    "error.record_not_ready": (
        "Game #{game} is still {status}: its record is available when it is over."
    ),
    "error.bad_time_limit": "The turn time limit must be a positive number of hours.",
    "error.bad_reminder": "Reminders need a positive number of hours.",
    "error.league_members_only.host": "Only members of {league} may play its games: /league join",
    "error.league_members_only.join": (
        "This is a league game: only league members may join (/league join)."
    ),
    "error.not_a_game_channel": "Open games in a server text channel or thread.",
    "error.league.name_length": "A league name needs 1 to {most} characters.",
    "error.league.exists": "This server already has a league called '{name}'.",
    "error.league.unknown": "No league called '{name}' on this server.",
    "error.league.already_member": "You are already in {league}.",
    "error.league.not_member": "You are not in {league}.",
    "error.league.season_running": "A season is already running; end it first.",
    "error.league.season_exists": "{league} already has a season called '{name}'.",
    "error.league.no_season": "No season is running.",
    "error.league.season_before_start": "A season cannot end before it starts.",
    "error.league.unknown_season": "{league} has no season called '{name}'.",
    "error.check_failure": "You cannot use this command here.",
    "error.discord_forbidden": (
        "I am missing a Discord permission for that (sending messages or creating threads)."
    ),
    "error.unexpected": "Something went wrong (reference {ref}); the game was not changed.",
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
    "lobby.remove_placeholder": "Remove a seat (host only)",
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
    "games.lobby": (
        "**#{game}** lobby {where}: {players} ({count}/{most} seats; {expansions}){closes}"
    ),
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
        "the host presses **Start**.\n"
        "**Your turn**: you are mentioned in the game's thread. Press **Take turn** (or "
        "`/turn`): pick a cell by its number on the board, a rotation, then where your "
        "follower goes, or none. `/place` and `/follower` do the same by typing; `/undo` "
        "takes back your last choice.\n"
        "**Expansions**: secret cards and chips come by DM (or **Show my hand**, `/hand`); "
        "their actions: {actions}.\n"
        "**Keep track**: `/games` lists your games and whose turn it is; `/board` and "
        "`/score` show a game (anyone can use them in its thread).\n"
        "**Leave**: `/resign` (the AI plays on for you); the host can `/carcassonne cancel`. "
        "Leagues: `/league`. **Rules**: `/rules`, or a button below."
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
    "error.host_only.remove": "Only the host can remove a seat.",
    "error.unknown_rules": (
        "There is no rules section or card called '{text}'; start typing to pick one."
    ),
}
