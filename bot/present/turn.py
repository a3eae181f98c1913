"""A turn's public message in words: a header, what happened (one line per
event, from the public events only) and, while the turn goes on, what the
game waits for. Turns are cut out of the game's public event log, so the
message of any turn can be written again from the game alone (after a
restart too)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.present import events as ev
from bot.text import Text, Words, escape, join
from engine.game import Game
from engine.phases import Event

LIMIT = 1900  # of a message's 2000 characters, with room for the status line


@dataclass(frozen=True, slots=True)
class TurnLog:
    """The public events of each turn so far (turn 1 first); ``end`` the
    events of the game's end (after the last turn), once it has begun."""

    turns: list[list[Event]]
    end: list[Event]

    def of(self, number: int) -> list[Event]:
        return self.turns[number - 1] if 0 < number <= len(self.turns) else []


def turn_log(game: Game) -> TurnLog:
    events = ev.public(list(game.events))
    turns: list[list[Event]] = []
    current: list[Event] = []
    end: list[Event] = []
    for e in events:
        if e.get("type") == "draw":
            if turns or current:
                turns.append(current)
            current = [e]
            continue
        if (game.finished or game.turn is None) and (end or ev.is_game_end(e)):
            end.append(e)
            continue
        current.append(e)
    if current:
        turns.append(current)
    if turns and turns[0] and turns[0][0].get("type") != "draw":
        # Events before the first tile was drawn (the start) belong to turn 1.
        first = turns.pop(0)
        if turns:
            turns[0] = first + turns[0]
        else:
            turns.append(first)
    return TurnLog(turns, end)


def player_of(events: list[Event]) -> int | None:
    for e in events:
        if e.get("type") == "draw" and isinstance(e.get("player"), int):
            return int(e["player"])
    return None


def section(game: Game, number: int, events: list[Event], who: Text | None, words: Words) -> Text:
    """One turn: its header and its events in words (turn ``number`` past the
    last one: the final scoring)."""
    players = list(game.players)
    seat = player_of(events)
    if seat is None and number > game.turns_played:
        head = words("turn.header_end")
    else:
        name = who if who is not None else ev.name(players, seat)
        head = words("turn.header", turn=number, who=name)
    lines = ev.turn_lines(players, events, words)
    return join([head, *[words("event.bullet", line=line) for line in lines]])


def message(parts: list[Text], status: Text | None, words: Words, limit: int = LIMIT) -> Text:
    """Sections (oldest first) and the status line, within ``limit``: the
    oldest lines give way first."""
    body = join([*parts, *([status] if status else [])])
    if len(body) <= limit:
        return body
    tail = join([*parts[-1:], *([status] if status else [])])
    more = words("event.more")
    cut = tail[-(limit - len(more) - 1) :]
    cut = cut[cut.find("\n") + 1 :] if "\n" in cut else cut
    return Text(f"{more}\n{cut}")


def names(game: Game, seats: list[int] | tuple[int, ...]) -> Text:
    return join([escape(game.players[s]) for s in seats], ", ")
