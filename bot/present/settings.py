"""A player's own settings (``/settings``) in words, and the choices of the
settings panel: as plain data (bot.ui.settings makes the components)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.text import Text, Words, join
from db.values import UserPrefs

AWAY_DAYS = (1, 2, 3, 5, 7, 14, 28)
# Time zones offered (minutes east of UTC): 25, the most used, half hours included.
OFFSETS = (
    -600, -540, -480, -420, -360, -300, -240, -180, -120, -60, 0, 60, 120, 180, 240, 300,
    330, 360, 420, 480, 540, 570, 600, 660, 720,
)  # fmt: skip
NO_QUIET = "none"


@dataclass(frozen=True, slots=True)
class Choice:
    label: Text
    value: str
    default: bool = False


def offset_words(minutes: int, words: Words) -> Text:
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    text = f"{sign}{hours}" + (f":{rest:02d}" if rest else "")
    return words("settings.utc", offset=Text(text))


def local_time(prefs: UserPrefs, now: dt.datetime) -> dt.datetime:
    return now + dt.timedelta(minutes=prefs.utc_offset)


def settings_text(prefs: UserPrefs, now: dt.datetime, words: Words) -> Text:
    on, off = words("settings.on"), words("settings.off")
    lines = [
        words("settings.head"),
        words("settings.mentions", state=on if prefs.mentions else off),
        words("settings.dms", state=on if prefs.dms else off),
        words("settings.auto", state=on if prefs.auto_answer else off),
    ]
    if prefs.away_until is not None and prefs.away_until > now:
        when = local_time(prefs, prefs.away_until)
        lines.append(words("settings.away_until", date=words.moment(when)))
    else:
        lines.append(words("settings.not_away"))
    if prefs.quiet_from is not None and prefs.quiet_to is not None:
        lines.append(words("settings.quiet", start=prefs.quiet_from, end=prefs.quiet_to))
    else:
        lines.append(words("settings.no_quiet"))
    lines.append(
        words(
            "settings.zone",
            zone=offset_words(prefs.utc_offset, words),
            time=words.clock(local_time(prefs, now)),
        )
    )
    lines.append(words("settings.note"))
    return join(lines)


def away_choices(prefs: UserPrefs, now: dt.datetime, words: Words) -> list[Choice]:
    away = prefs.away_until is not None and prefs.away_until > now
    out = [Choice(words("settings.away.none"), "0", not away)]
    out += [Choice(words("settings.away.days", count=d), str(d)) for d in AWAY_DAYS]
    return out


def hour_choices(current: int | None, words: Words, *, none: bool) -> list[Choice]:
    out = [Choice(words("settings.quiet.none"), NO_QUIET, current is None)] if none else []
    out += [
        Choice(words("settings.hour", hour=Text(f"{h:02d}:00")), str(h), current == h)
        for h in range(24)
    ]
    return out


def zone_choices(prefs: UserPrefs, now: dt.datetime, words: Words) -> list[Choice]:
    return [
        Choice(
            words(
                "settings.zone_option",
                zone=offset_words(m, words),
                time=words.clock(now + dt.timedelta(minutes=m)),
            ),
            str(m),
            m == prefs.utc_offset,
        )
        for m in OFFSETS
    ]
