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
    "command.new.language": "language of the game's messages and images (default: the server's)",
    "command.record": "Download a finished game's record (JSON)",
    "command.mute": "Mute or unmute turn reminders for a game",
    "command.cancel": "Cancel a game you host (asks first)",
    "command.place": "Place your tile: a numbered cell and, if it fits several ways, a rotation",
    "command.place.cell": "the cell: its number on the board (e.g. 7) or x,y",
    "command.place.rotation": "how the tile is turned (leave it out when it fits one way only)",
    "command.follower": "Put a follower on your new tile, or none",
    "command.follower.location": "the spot's number on your tile's picture, or none",
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
    # --- command and option names: the same in English, localised per language
    # (bot.ui.labels.CatalogueTranslator; Discord: lowercase, no spaces, 1 to 32) ---
    "name.carcassonne": "carcassonne",
    "name.carcassonne.new": "new",
    "name.carcassonne.record": "record",
    "name.carcassonne.mute": "mute",
    "name.carcassonne.cancel": "cancel",
    "name.place": "place",
    "name.follower": "follower",
    "name.hand": "hand",
    "name.board": "board",
    "name.score": "score",
    "name.turn": "turn",
    "name.undo": "undo",
    "name.resign": "resign",
    "name.act": "act",
    "name.league": "league",
    "name.league.season": "season",
    "name.league.season.start": "start",
    "name.league.season.end": "end",
    "name.league.create": "create",
    "name.league.join": "join",
    "name.league.leave": "leave",
    "name.league.info": "info",
    "name.league.standings": "standings",
    "name.league.history": "history",
    "name.league.profile": "profile",
    "name.league.recompute": "recompute",
    "name.games": "games",
    "name.help": "help",
    "name.rules": "rules",
    "name.settings": "settings",
    "option.expansions": "expansions",
    "option.turn_hours": "turn_hours",
    "option.on_timeout": "on_timeout",
    "option.reminder_hours": "reminder_hours",
    "option.league": "league",
    "option.language": "language",
    "option.game": "game",
    "option.muted": "muted",
    "option.cell": "cell",
    "option.rotation": "rotation",
    "option.location": "location",
    "option.choice": "choice",
    "option.name": "name",
    "option.season": "season",
    "option.player": "player",
    "option.section": "section",
    "option.card": "card",
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
    # === turn flow (#13, #14): the action panel, choices, the turn's public message ===
    # --- the action panel (private) ------------------------------------------------------
    "panel.hand_button": "Show my hand",
    "panel.undo_button": "Undo",
    "panel.over": "Game #{game} is over.",
    "panel.head": "**Game #{game} · turn {turn}**",
    "panel.head_end": "**Game #{game} · final scoring**",
    "panel.not_you": "Nothing to do for you now. Waiting for {waiting}: {prompt}.",
    "panel.not_you_turn": "Nothing to do for you now: it is {name}'s turn.",
    "panel.no_longer_open": "That choice is no longer open. Here is what you can do now:",
    "panel.place": {
        "one": "Place your tile: choose the numbered cell ({count} cell fits).",
        "other": "Place your tile: choose a cell, numbered as on the board ({count} cells fit).",
    },
    "panel.cell_select": "Choose a cell ({count} possible)",
    "panel.cell_option": "Cell {number} · {x},{y}",
    "panel.cells_page": "Cells {first}-",
    "panel.choose_rotation": (
        "Cell {number} ({x},{y}): your tile fits {count} ways. "
        "Pick one; the numbers match the picture."
    ),
    "panel.one_rotation": "Cell {number} ({x},{y}): your tile fits one way, as in the picture.",
    "panel.rotation": "Place as {number}",
    "panel.place_here": "Place it here",
    "panel.follower": "Put a follower on your tile? The numbers match the picture.",
    "panel.asks": "{prompt}.",
    "panel.also": "You may also:",
    "panel.actions_select": "Your choice ({count} possible)",
    "panel.chosen": "Done: {choice}.",
    "panel.actions_page": "Actions {first}-",
    # --- what the game waits for, and choices ------------------------------------------------
    "prompt.place": "Place your tile",
    "prompt.follower": "Put a follower on the new tile, or none",
    "prompt.where": " at {x},{y}",
    "prompt.generic": "{step}{where} ({expansion})",
    "prompt.plain": "{step}{where}",
    "prompt.discreet": "Open your panel to go on",
    "label.place": "Place at {x},{y}, {rotation}",
    "label.follower": "Follower: {spot}",
    "label.no_follower": "No follower",
    "label.numbered": "{number} · {label}",
    "label.spot": "{feature} ({where})",
    "label.spot_phrase": "the {feature} ({where})",
    "label.rotation": "{number} · {rotation}",
    "label.at": "at {x},{y}",
    "label.to": "to {place}",
    "label.flag": "{name}: {value}",
    "label.field": "{name} {value}",
    "label.yes": "yes",
    "label.no": "no",
    "rotation.0": "as drawn",
    "rotation.90": "turned right",
    "rotation.180": "upside down",
    "rotation.270": "turned left",
    "feature.road": "road",
    "feature.city": "city",
    "feature.monastery": "monastery",
    "feature.field": "field",
    "feature.road.cap": "Road",
    "feature.city.cap": "City",
    "feature.monastery.cap": "Monastery",
    "feature.field.cap": "Field",
    "role.follower": "follower",
    "role.road": "thief",
    "role.city": "knight",
    "role.monastery": "monk",
    "role.field": "farmer",
    # --- where things are -------------------------------------------------------------------
    "where.n": "north",
    "where.ne": "north-east",
    "where.e": "east",
    "where.se": "south-east",
    "where.s": "south",
    "where.sw": "south-west",
    "where.w": "west",
    "where.nw": "north-west",
    "where.centre": "centre",
    "where.around": "all around",
    "where.between": "{first}-{second}",
    "where.corner": "{where} corner",
    "where.middle": "middle",
    "where.your": "your",
    "where.theirs": "{name}'s",
    "where.shared": "{first} and {last}",
    "where.list": "{first} and {last}",
    "where.cell": "the cell {x},{y}",
    "where.feature": "the {feature} at {x},{y}",
    "where.owned_feature": "{whose} {feature} at {x},{y}",
    "where.role_at": "the {role} at {x},{y}",
    "where.owned_role_at": "{whose} {role} at {x},{y}",
    "tile.monastery": "a monastery",
    "tile.city": {"one": "a city", "other": "a city over {count} sides"},
    "tile.city_pennant": {
        "one": "a city with a pennant",
        "other": "a city over {count} sides with a pennant",
    },
    "tile.roads": {"one": "a road", "other": "{count} roads"},
    "tile.office": "a betting office",
    "tile.fields": "only fields",
    # --- links (DMs) -------------------------------------------------------------------------
    "link.thread": "Game thread",
    "link.board": "See the board",
    # --- words drawn on images ----------------------------------------------------------------
    "image.names": "{first} and {last}",
    "image.turn": "Turn {turn}",
    "image.to_play": "{names} to play",
    "image.game_over": "Game over",
    "image.winners": {"one": "{names} wins", "other": "{names} share the victory"},
    "image.no_winner": "No winner",
    "image.tile_to_place": "Tile to place",
    "image.tiles_left": {"one": "{count} tile left", "other": "{count} tiles left"},
    "image.player": "Player",
    "image.points": "Points",
    "image.followers": "Followers",
    "image.legend.last": "last tile placed",
    "image.legend.legal": "your tile fits here",
    "image.rotations_title": "Your tile at {x},{y}: pick how it lies",
    "image.follower_title": "Put a follower? Pick a number",
    "image.feature.road": "Road",
    "image.feature.city": "City",
    "image.feature.monastery": "Monastery",
    "image.feature.field": "Field",
    "image.hand_private": "your hand - only you see this",
    "image.hand_empty": "Nothing in hand: this game has no cards or chips.",
    "image.none": "none",
    "image.final_title": "Final score",
    "image.total": "Total",
    "image.other_points": "Other",
    # --- answers to commands ---------------------------------------------------------------------
    "play.placed": "Placed at {x},{y} ({rotation}).",
    "play.follower": "Follower placed.",
    "play.no_follower": "No follower this turn.",
    "play.resigned": "You resigned from game #{game}.",
    "undo.took_back": {
        "one": "Took back {count} action.",
        "other": "Took back {count} actions.",
    },
    # --- the game's thread ---------------------------------------------------------------------
    "turn.header": "**Turn {turn}** · {who}",
    "turn.header_end": "**Final scoring**",
    "turn.header_you": "{who}, your turn!",
    "turn.status.place": (
        "Place the tile shown beside the board: press **Take turn** (or use `/place`)."
    ),
    "turn.status.waiting": "Waiting for {names}: {prompt}.",
    "turn.your_turn_ping": "{who}, your turn {turn} starts now: press **Take turn**.",
    "turn.your_turn_dm": "It is your turn in game #{game} (turn {turn}).",
    "turn.asks": "{names}: game #{game} asks you: {prompt}. Answer with **Answer privately**.",
    "turn.asks_discreet": (
        "{names}: game #{game} may need your answer (turn {turn}). "
        "Press **Answer privately** to see."
    ),
    "turn.asks_you": "**Game #{game}** · {prompt}.",
    "turn.answered_for_you": (
        "**Game #{game}** · A question came up in which you had nothing to play: "
        "it was answered for you (`/settings` to change that)."
    ),
    "dm.refused": (
        "I cannot send direct messages to {name}. "
        "Use **Show my hand** and **Answer privately** here instead."
    ),
    "undo.announce": "{name} took back their last choice.",
    "seats.resigned": "{name} resigned; the AI plays their seat from now on.",
    "seats.abandoned": "No human player is left: game abandoned.",
    "timer.reminder": (
        "{who}, game #{game} is waiting for you: {prompt}. "
        "(Mute reminders with `/carcassonne mute`.)"
    ),
    "timer.timed_out.ai": "{name}'s time ran out: the AI played for them.",
    "timer.timed_out.skip": "{name}'s time ran out: the AI played a minimal turn for them.",
    # --- events -----------------------------------------------------------------------------
    "event.bullet": "- {line}",
    "event.more": "- … (more lines left out)",
    "event.place": "{who} placed a tile at {x},{y}.",
    "event.follower": "{who} put a follower on the {feature}.",
    "event.place_follower": "{who} placed a tile at {x},{y} and put a follower on the {feature}.",
    "event.discard": "A tile that fits nowhere was set aside.",
    "event.score_completed": "{who} scored {points} for a completed {feature}{detail}.",
    "event.score_final": "{who} scored {points} for an unfinished {feature}{detail}.",
    "event.score_field": "{who} scored {points} for a field{detail}.",
    "event.score_detail": " ({parts})",
    "event.score_tiles": {"one": "{count} tile", "other": "{count} tiles"},
    "event.score_pennants": {"one": "{count} pennant", "other": "{count} pennants"},
    "event.score_cities": {"one": "{count} completed city", "other": "{count} completed cities"},
    "event.score_other": "{who} scored {points}.",
    "event.generic_by": "{who}: {what}",
    "event.generic_by_detail": "{who}: {what} ({detail})",
    "event.generic_detail": "{what} ({detail})",
    # --- scores and the end ------------------------------------------------------------------
    "group.road": "Roads",
    "group.city": "Cities",
    "group.monastery": "Monasteries",
    "group.field": "Farms",
    "group.other": "Other",
    "final.over": "**Game over: {head}**",
    "final.head": {
        "one": "{winners} wins!",
        "other": "{winners} share the victory!",
    },
    "final.head_nobody": "nobody wins.",
    "final.resigned_seat": "{name} (resigned; the AI played on)",
    "final.rank": "{name}: {points}",
    "final.end_scoring": "Final scoring:\n{lines}",
    "final.images": "The score breakdown and a replay of the whole game are attached.",
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
    # === /settings (#16): a player's own settings ======================================
    "command.settings": "Your settings: pings, DMs, automatic answers, away and quiet hours",
    "settings.head": "**Your settings** (the same in every server and game):",
    "settings.on": "on",
    "settings.off": "off",
    "settings.mentions": "- Pings when it is your turn or a question waits for you: **{state}**",
    "settings.dms": "- Direct messages (your hand, questions out of turn): **{state}**",
    "settings.auto": (
        "- Answer for me when I have nothing to play (an attack I hold no card against, "
        "a scoring I have no card for): **{state}**"
    ),
    "settings.away_until": (
        "- Away until {date} (your time): no pings, and your time limits pause."
    ),
    "settings.not_away": "- Not away.",
    "settings.quiet": (
        "- Quiet hours from {start:02d}:00 to {end:02d}:00 your time: no pings, "
        "and your time limits pause."
    ),
    "settings.no_quiet": "- No quiet hours.",
    "settings.zone": "- Your time zone: {zone} (it is {time} for you now).",
    "settings.note": (
        "With DMs off, questions come as a ping in the game's thread: answer them with "
        "**Answer privately**. How long a time limit may pause is up to each game."
    ),
    "settings.utc": "UTC{offset}",
    "settings.away.none": "Not away",
    "settings.away.days": {"one": "Away for {count} day", "other": "Away for {count} days"},
    "settings.quiet.none": "No quiet hours",
    "settings.hour": "{hour}",
    "settings.zone_option": "{zone} (now {time})",
    "settings.button.mentions": "Pings: {state}",
    "settings.button.dms": "DMs: {state}",
    "settings.button.auto": "Automatic answers: {state}",
    "settings.select.away": "Away for a while…",
    "settings.select.quiet_from": "Quiet hours start at…",
    "settings.select.quiet_to": "Quiet hours end at…",
    "settings.select.zone": "Your time zone…",
    "error.bad_setting": "That is not one of the settings offered.",
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
        "`{rank:>2}.` **{name}** — rating {rating} · {games} games · {wins} wins · avg {average}"
    ),
    "league.standing_shared": (
        "`{rank:>2}.` **{name}** — rating {rating} · {games} games · {wins} wins"
        " ({shared} shared) · avg {average}"
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
    "status.lobby": "lobby",
    "status.active": "active",
    "status.finished": "finished",
    "status.abandoned": "abandoned",
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
        "The game moved on while you chose; nothing was changed. Look again and retry."
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
    "error.stale_choice.moved_on": "That choice is no longer open: the game moved on.",
    "error.stale_choice.gone": "That choice is no longer open.",
    "error.stale_choice.unknown": "Pick one of the offered choices (start typing to see them).",
    "error.bad_cell": "Write the cell as its number on the board (e.g. 7) or as x,y, not '{text}'.",
    "error.cannot_place.cell": (
        "Your tile cannot go at '{text}': choose one of the {count} numbered cells on the board."
    ),
    "error.cannot_place.rotation": (
        "At {x},{y} your tile cannot be turned {rotation} degrees: choose {legal}."
    ),
    "error.cannot_place.which": (
        "At {x},{y} your tile fits {count} ways: give the rotation (the choices list them)."
    ),
    "error.cannot_follow": (
        "'{text}' is not a spot for a follower now: give a number from your tile's picture, "
        "or none."
    ),
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
