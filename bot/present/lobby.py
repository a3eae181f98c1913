"""The lobby message of a game in words: host, expansions, time limit,
seats and what happens next."""

from __future__ import annotations

from bot import expansions, options
from bot.text import Text, Words, escape, join, mention
from db.service import GameInfo

HOUR = 3600


def expansion_titles(names: list[str] | tuple[str, ...], words: Words) -> Text:
    if not names:
        return words("lobby.base_only")
    return join([words(a.title) for a in expansions.adapters(names)], ", ")


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
    )
    limit = (
        words(
            "lobby.limit",
            hours=Text(f"{info.turn_timeout_seconds / HOUR:g}"),
            policy=Text(str(info.options.get(options.POLICY, ""))),
        )
        if info.turn_timeout_seconds
        else words("lobby.no_limit")
    )
    state = f"lobby.state.{info.status}"
    return words(
        "lobby.message",
        game=info.id,
        host=mention(info.host_id),
        expansions=expansion_titles(info.expansions, words),
        limit=limit,
        seats=seats,
        state=words(state),
    )
