"""A server's own defaults in words (the ``/server-settings`` panel and its
choices, as plain data: bot.ui.servers makes the components), and which
defaults a new game took (the host's answer to ``/carcassonne new``)."""

from __future__ import annotations

from bot import options
from bot.options import BOT, DISCORD, SERVER
from bot.present.games import HOUR, duration
from bot.present.settings import Choice
from bot.settings import Settings
from bot.text import Text, Words, join, language, language_name, languages
from db.values import NO_LIMIT, REMIND, TIMEOUT_POLICIES, GameInfo, ServerDefaults

LIMIT_HOURS = (0.0, 1.0, 6.0, 12.0, 24.0, 48.0, 72.0, 168.0)  # 0: no time limit
UNSET = "-"  # a select's value: back to the bot's default
REMINDER_HOURS = (1.0, 2.0, 4.0, 6.0, 12.0, 24.0, 48.0)


def limit_words(hours: float | None, words: Words) -> Text:
    return words("lobby.no_limit") if not hours else duration(hours * HOUR, words)


def policy_words(policy: str, words: Words) -> Text:
    return words(f"lobby.policy.{policy}")


def source_words(source: str, words: Words) -> Text:
    return words(f"servers.from.{source}")


def applied_text(info: GameInfo, words: Words) -> Text | None:
    """The defaults a new game took, each with whose it is (None: the host chose all)."""
    took = info.options.get(options.DEFAULTS) or {}
    items: list[tuple[str, Text]] = []
    if "limit" in took:
        hours = (info.turn_timeout_seconds or 0) / HOUR
        items.append(("limit", words("servers.item.limit", value=limit_words(hours, words))))
    if "policy" in took and info.turn_timeout_seconds and info.timeout_policy != REMIND:
        value = policy_words(info.timeout_policy, words)
        items.append(("policy", words("servers.item.policy", value=value)))
    if "reminder" in took:
        hours = float(info.options.get(options.REMINDER_HOURS) or 0)
        value = duration(hours * HOUR, words)
        items.append(("reminder", words("servers.item.reminder", value=value)))
    if "language" in took:
        value = Text(language_name(language(info.options.get(options.LOCALE))))
        items.append(("language", words("servers.item.language", value=value)))
    if not items:
        return None
    said = [
        words("servers.item", item=item, source=source_words(took[key], words))
        for key, item in items
    ]
    return words("servers.applied", items=join(said, "; "))


def panel_text(
    server: ServerDefaults, settings: Settings, guild_locale: str | None, words: Words
) -> Text:
    def whose(is_set: bool) -> Text:
        return source_words(SERVER if is_set else BOT, words)

    if server.turn_timeout_seconds is not None:
        hours: float | None = server.turn_timeout_seconds / HOUR
    else:
        hours = settings.turn_timeout_hours
    policy = server.timeout_policy or settings.timeout_policy
    reminder = server.reminder_hours or settings.reminder_hours
    lang = language(server.locale or guild_locale)
    lines = [
        words("servers.head"),
        words(
            "servers.limit",
            value=limit_words(hours, words),
            source=whose(server.turn_timeout_seconds is not None),
        ),
        words(
            "servers.policy",
            value=policy_words(policy, words),
            source=whose(server.timeout_policy is not None),
        ),
        words(
            "servers.reminder",
            value=duration(reminder * HOUR, words),
            source=whose(server.reminder_hours is not None),
        ),
        words(
            "servers.language",
            value=Text(language_name(lang)),
            source=source_words(SERVER if server.locale else DISCORD, words),
        ),
        words(
            "servers.league_ai",
            value=words("servers.allowed" if server.ai_in_leagues else "servers.not_allowed"),
        ),
        words("servers.note"),
    ]
    return join(lines)


def limit_choices(server: ServerDefaults, settings: Settings, words: Words) -> list[Choice]:
    now = server.turn_timeout_seconds
    out = [
        Choice(
            words("servers.option.default", value=limit_words(settings.turn_timeout_hours, words)),
            UNSET,
            now is None,
        )
    ]
    out += [
        Choice(
            limit_words(h, words),
            f"{h:g}",
            now is not None and (now == NO_LIMIT if h == 0 else now == round(h * HOUR)),
        )
        for h in LIMIT_HOURS
    ]
    return out


def policy_choices(server: ServerDefaults, settings: Settings, words: Words) -> list[Choice]:
    out = [
        Choice(
            words("servers.option.default", value=policy_words(settings.timeout_policy, words)),
            UNSET,
            server.timeout_policy is None,
        )
    ]
    out += [Choice(policy_words(p, words), p, server.timeout_policy == p) for p in TIMEOUT_POLICIES]
    return out


def reminder_choices(server: ServerDefaults, settings: Settings, words: Words) -> list[Choice]:
    out = [
        Choice(
            words("servers.option.default", value=duration(settings.reminder_hours * HOUR, words)),
            UNSET,
            server.reminder_hours is None,
        )
    ]
    out += [
        Choice(duration(h * HOUR, words), f"{h:g}", server.reminder_hours == h)
        for h in REMINDER_HOURS
    ]
    return out


def language_choices(
    server: ServerDefaults, guild_locale: str | None, words: Words
) -> list[Choice]:
    out = [
        Choice(
            words("servers.option.discord", value=Text(language_name(language(guild_locale)))),
            UNSET,
            not server.locale,
        )
    ]
    out += [Choice(Text(language_name(lang)), lang, server.locale == lang) for lang in languages()]
    return out
