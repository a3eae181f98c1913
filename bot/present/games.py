"""A player's games in words: the ``/games`` list (running games and open
lobbies, whose turn, time left, where each is played), the labels of the
``game`` option's autocomplete, game thread names, and durations ("3 hours",
"2 days")."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.present.lobby import expansion_titles
from bot.text import Text, Words, channel, code_safe, escape, join
from db.values import LOBBY, GameInfo
from engine.game import MAX_PLAYERS

MINUTE, HOUR, DAY = 60, 3600, 86400
MAX_LIST = 1900  # characters of the /games answer (a message holds 2000)
MAX_CHOICE = 100  # characters of an autocomplete choice's name
MAX_THREAD_NAME = 100  # characters of a Discord thread's name


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game as its list shows it: who waits, until when (public facts only)."""

    info: GameInfo
    seat: int | None  # the reader's seat
    waiting: tuple[int, ...] = ()  # seats the game waits for (none in a lobby)
    turn: int | None = None
    deadline: dt.datetime | None = None  # the earliest turn limit of a waiting seat
    closes: dt.datetime | None = None  # when a lobby expires

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.waiting


def duration(seconds: float, words: Words) -> Text:
    """A time span as a reader says it: minutes up to 1.5 h, hours up to 2 days."""
    if seconds < MINUTE:
        return words("time.under_a_minute")
    if seconds < 90 * MINUTE:
        return words("time.minutes", count=round(seconds / MINUTE))
    if seconds < 2 * DAY:
        return words("time.hours", count=round(seconds / HOUR))
    return words("time.days", count=round(seconds / DAY))


def where(info: GameInfo) -> Text:
    """A link to the game's thread (its channel when it has none)."""
    return channel(info.thread_id or info.channel_id)


def _names(info: GameInfo, seats: list[int]) -> Text:
    return join([escape(info.seats[s].display_name) for s in seats], ", ")


def _time_left(s: GameSummary, now: dt.datetime, words: Words) -> Text:
    if s.deadline is None:
        return words("games.no_limit")
    left = (s.deadline - now).total_seconds()
    return words("games.time_left", time=duration(left, words)) if left > 0 else words("games.due")


def game_line(s: GameSummary, now: dt.datetime, words: Words) -> Text:
    info = s.info
    everyone = _names(info, [seat.index for seat in info.seats])
    exps = expansion_titles(info.expansions, words)
    if info.status == LOBBY:
        closes = (
            words("games.closes", time=duration((s.closes - now).total_seconds(), words))
            if s.closes is not None
            else Text("")
        )
        return words(
            "games.lobby",
            game=info.id,
            where=where(info),
            players=everyone,
            seats=words("games.seats", taken=len(info.seats), count=MAX_PLAYERS),
            expansions=exps,
            closes=closes,
        )
    whose = (
        words("games.your_turn")
        if s.my_turn
        else words("games.waiting_for", names=_names(info, list(s.waiting)))
    )
    return words(
        "games.active",
        game=info.id,
        where=where(info),
        players=everyone,
        turn=s.turn or 1,
        expansions=exps,
        whose=whose,
        time=_time_left(s, now, words),
    )


def games_text(games: list[GameSummary], now: dt.datetime, words: Words) -> Text:
    """The ``/games`` answer: the reader's turn first, then the other running
    games, then lobbies; cut to fit one message."""
    if not games:
        return words("games.none")
    ordered = sorted(games, key=lambda s: (not s.my_turn, s.info.status == LOBBY, s.info.id))
    lines = [words("games.head", count=len(games))]
    for shown, s in enumerate(ordered):
        line = game_line(s, now, words)
        more = words("games.more", count=len(ordered) - shown)
        if sum(len(x) + 1 for x in lines) + len(line) + len(more) > MAX_LIST:
            lines.append(more)
            break
        lines.append(line)
    return join(lines)


def plain(name: str) -> Text:
    """A name for a choice label (shown as typed there: no markdown)."""
    return code_safe(name)


def choice_label(s: GameSummary, words: Words) -> str:
    """An autocomplete choice for the ``game`` option: id, state, opponents
    (the last names give way to "+N" when they do not fit)."""
    info = s.info
    others = [plain(x.display_name) for x in info.seats if x.index != s.seat]
    state = (
        words("games.choice.lobby")
        if info.status == LOBBY
        else words("games.choice.your_turn")
        if s.my_turn
        else words("games.choice.running")
    )
    for shown in range(len(others), 0, -1):
        names = others[:shown]
        if shown < len(others):
            names.append(words("games.choice.others", count=len(others) - shown))
        label = words("games.choice", game=info.id, state=state, opponents=join(names, ", "))
        if len(label) <= MAX_CHOICE:
            return label
    rest = (
        words("games.choice.others", count=len(others)) if others else words("games.choice.nobody")
    )
    return words("games.choice", game=info.id, state=state, opponents=rest)


def thread_name(info: GameInfo, words: Words) -> str:
    """The game's thread: "Carcassonne #12: Ada, Bo, AI 1", the last names
    giving way to "N more" past 100 characters. Names as typed (a thread
    name shows no markdown and pings nobody), each on one line."""
    names = [plain(s.display_name) for s in info.seats]
    for shown in range(len(names), 0, -1):
        parts = names[:shown]
        if shown < len(names):
            parts.append(words("thread.more", count=len(names) - shown))
        name = words("thread.name", game=info.id, players=join(parts, ", "))
        if len(name) <= MAX_THREAD_NAME:
            return name
    return words("thread.name_bare", game=info.id)[:MAX_THREAD_NAME]
