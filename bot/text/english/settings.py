"""The words of /settings (a player's own settings) and of leagues."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # === /settings (#16): a player's own settings ======================================
    "command.settings": "Your settings: pings, DMs, automatic answers, away and quiet hours",
    "settings.head": "**Your settings** (the same in every server and game):",
    "settings.on": "on",
    "settings.off": "off",
    "settings.mentions": "- Pings when it is your turn or a question waits for you: **{state}**",
    "settings.dms": "- Direct messages (your hand, questions out of turn): **{state}**",
    "settings.auto": (
        "- Answer for me when I leave an attack or scoring question open a short while "
        "(the attack passes, no card is played): **{state}**"
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
    "league.members": {"one": "Members ({count})", "other": "Members ({count})"},
    "league.seasons": "Seasons",
    "league.season_line": "{name}: {start} – {end}",
    "league.running": "running",
    "league.none": "none",
    "league.none_yet": "none yet",
    "league.standing": (
        "`{rank:>2}.` **{name}** — rating {rating} · {games} · {wins} · avg {average}"
    ),
    "league.standing_shared": (
        "`{rank:>2}.` **{name}** — rating {rating} · {games} · {wins} ({shared}) · avg {average}"
    ),
    # the counts of a standing line
    "league.games": {"one": "{count} game", "other": "{count} games"},
    "league.wins": {"one": "{count} win", "other": "{count} wins"},
    "league.shared": {"one": "{count} shared", "other": "{count} shared"},
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
    "league.recent_game": "#{game} {date}: rank {rank}, {score}",
    "league.rating_history": "Rating history",
    "league.not_rated": "not rated yet",
    "league.season_started": "Season **{season}** of {league} started.",
    "league.season_ended": "Season **{season}** of {league} ended.",
    "league.recomputed": {
        "one": "Recomputed {count} rating of {league} from the stored results.",
        "other": "Recomputed {count} ratings of {league} from the stored results.",
    },
}
