"""The words of errors: one per error class (db.errors, bot.errors), keyed
``error.<code>[.<variant>]``."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
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
    # ``count``: a limit (bot.errors.player_text), the number its noun agrees with
    "error.table_full": {
        "one": "This game is full: {count} player at most.",
        "other": "This game is full: {count} players at most.",
    },
    "error.already_seated": "You already have a seat in this game.",
    "error.bad_name": {
        "one": "A display name needs 1 to {count} character.",
        "other": "A display name needs 1 to {count} characters.",
    },
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
    "error.store_unreadable": (
        "The bot cannot read its games right now: its database is unavailable. "
        "Try again in a moment."
    ),
    "error.not_allowed": "Not allowed: {reason}",
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
    "error.too_few_players": {
        "one": "This game cannot start yet: it needs at least {count} player.",
        "other": "This game cannot start yet: it needs at least {count} players.",
    },
    "error.bad_timer": "A timer could not be set: {problem}.",
    "error.stale_choice.moved_on": "That choice is no longer open: the game moved on.",
    "error.stale_choice.gone": "That choice is no longer open.",
    "error.stale_choice.unknown": "Pick one of the offered choices (start typing to see them).",
    "error.bad_cell": "Write the cell as its number on the board (e.g. 7) or as x,y, not '{text}'.",
    "error.cannot_place.cell": {
        "one": "Your tile cannot go at '{text}': choose the {count} numbered cell on the board.",
        "other": (
            "Your tile cannot go at '{text}': choose one of the {count} numbered cells on the "
            "board."
        ),
    },
    "error.cannot_place.rotation": (
        "At {x},{y} your tile cannot be turned {rotation} degrees: choose {legal}."
    ),
    "error.cannot_place.which": {
        "one": "At {x},{y} your tile fits {count} way: give the rotation (the choices list it).",
        "other": (
            "At {x},{y} your tile fits {count} ways: give the rotation (the choices list them)."
        ),
    },
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
    "error.league.name_length": {
        "one": "A league name needs 1 to {count} character.",
        "other": "A league name needs 1 to {count} characters.",
    },
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
}
