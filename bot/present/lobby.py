"""The lobby message of a game in words: host, expansions, time limit,
seats and what happens next."""

from __future__ import annotations

from bot import expansions, options
from bot.ai import level_word, standin_level
from bot.text import Text, Words, escape, has, join, mention, timestamp
from db.values import LOBBY, REMIND, GameInfo

HOUR = 3600


def expansion_titles(names: list[str] | tuple[str, ...], words: Words) -> Text:
    if not names:
        return words("lobby.base_only")
    return join([words(a.title) for a in expansions.adapters(names)], ", ")


def table_notes(info: GameInfo, words: Words) -> list[Text]:
    """Seats kept for invited players, a private table, a rematch (bot.services.invites, tables)."""
    notes = []
    kept = [u for u in info.options.get(options.INVITED, []) if info.seat_of(int(u)) is None]
    if kept and info.status == LOBBY:
        notes.append(words("lobby.reserved", names=join([mention(int(u)) for u in kept], ", ")))
    if info.options.get(options.PRIVATE) and info.status == LOBBY:
        notes.append(words("lobby.private"))
    if info.options.get(options.REMATCH_OF):
        notes.append(words("lobby.rematch_of", game=int(info.options[options.REMATCH_OF])))
    unrated = info.options.get(options.UNRATED)
    if unrated and has(f"lobby.unrated.{unrated}"):
        notes.append(words(f"lobby.unrated.{unrated}"))
    return notes


def lobby_text(info: GameInfo, words: Words) -> Text:
    seats = join(
        [
            words(
                "lobby.seat_ai" if s.is_ai else "lobby.seat",
                number=s.index + 1,
                name=escape(s.display_name),
            )
            for s in info.seats
        ]
        + table_notes(info, words)
    )
    policy = info.timeout_policy
    limit = (
        words(
            "lobby.limit",
            hours=Text(f"{info.turn_timeout_seconds / HOUR:g}"),
            policy=words(f"lobby.policy.{policy}"),
        )
        if info.turn_timeout_seconds and has(f"lobby.policy.{policy}") and policy != REMIND
        else words("lobby.no_limit")
    )
    state = f"lobby.state.{info.status}"
    closed = info.options.get(options.CLOSED)
    if closed and has(f"{state}.{closed}"):
        state = f"{state}.{closed}"  # e.g. a lobby that expired
    said = words(state)
    closes = info.options.get(options.CLOSES_AT)
    if info.status == LOBBY and closes:
        said = join([said, words("lobby.closes", closes=timestamp(int(closes)))], " ")
    return words(
        "lobby.message",
        game=info.id,
        host=mention(info.host_id),
        expansions=expansion_titles(info.expansions, words),
        limit=limit,
        standin=words("lobby.standin", level=level_word(standin_level(info), words)),
        seats=seats,
        state=said,
    )
