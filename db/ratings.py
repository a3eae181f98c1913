"""League values and the rating rules, pure (no SQLAlchemy; db.leagues
reads and writes them).

Ratings are openskill Plackett-Luce over the final ranking of each finished
league game (ties allowed, B-10), AI seats left out; abandoned games have no
results and so never count. They are derived from the immutable results:
updated incrementally as games finish, and recomputable from the results
alone, in the same order (finish time, then game id), giving the same
numbers. A season's standings (and its rating column) use only the games
finished inside its window.

A player who resigned (the AI finished their seat) has lost: whatever the
seat's final score, resigned seats rank after every seat that played on
(db.values.ranks), so nobody can leave a game they are losing without a
result, and nobody wins by resigning.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

from db.values import ranks

MODEL = PlackettLuce()
MAX_LEAGUE_NAME = 100  # characters of a league name
OPEN_END = dt.date(9999, 12, 31)  # a season still running


@dataclass(frozen=True, slots=True)
class LeagueInfo:
    id: int
    guild_id: int
    name: str


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    """A date window of a league, both ends inclusive (``ends_on`` is
    :data:`OPEN_END` while it runs)."""

    id: int
    league_id: int
    name: str
    starts_on: dt.date
    ends_on: dt.date


@dataclass(frozen=True, slots=True)
class MemberInfo:
    user_id: int
    display_name: str
    active: bool
    mu: float | None
    sigma: float | None


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating after one rated game (the trail of /league profile)."""

    game_id: int | None
    mu: float
    sigma: float
    rating: float
    created_at: dt.datetime


@dataclass(frozen=True, slots=True)
class ResultRow:
    game_id: int
    finished_at: dt.datetime
    user_id: int | None
    is_ai: bool
    rank: int
    score: int
    shared_win: bool
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        """The displayed rating: a conservative estimate (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


DEFAULT = Rating(MODEL.rating().mu, MODEL.rating().sigma)


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    name: str
    games: int
    wins: int
    shared_wins: int
    average_score: float
    rating: float


def settle_resignations(rows: Sequence[ResultRow]) -> list[ResultRow]:
    """One game's rows ranked with resignations counted as losses (db.values.ranks)."""
    if not any(r.resigned for r in rows):
        return list(rows)
    places = ranks([r.score for r in rows], {i for i, r in enumerate(rows) if r.resigned})
    shared = places.count(1) > 1
    return [
        replace(r, rank=place, shared_win=shared and place == 1)
        for r, place in zip(rows, places, strict=True)
    ]


def human_ranking(rows: Iterable[ResultRow]) -> list[tuple[int, int]]:
    """(user, rank) of the human seats of one game; AI seats are left out and
    the stored ranks (ties shared) keep their order."""
    return sorted((r.user_id, r.rank) for r in rows if not r.is_ai and r.user_id is not None)


def rate_game(ratings: dict[int, Rating], ranking: Sequence[tuple[int, int]]) -> dict[int, Rating]:
    """New ratings of the players of one game (unchanged if fewer than two)."""
    if len(ranking) < 2:
        return {}
    teams = []
    for user, _ in ranking:
        r = ratings.get(user, DEFAULT)
        teams.append([MODEL.rating(mu=r.mu, sigma=r.sigma)])
    rated = MODEL.rate(teams, ranks=[float(rank) for _, rank in ranking])
    return {user: Rating(t[0].mu, t[0].sigma) for (user, _), t in zip(ranking, rated, strict=True)}


def replay_ratings(games: Sequence[Sequence[ResultRow]]) -> dict[int, Rating]:
    """Ratings after every game in order, from scratch."""
    ratings: dict[int, Rating] = {}
    for rows in games:
        ratings.update(rate_game(ratings, human_ranking(rows)))
    return ratings


def standings(games: Sequence[Sequence[ResultRow]], names: dict[int, str]) -> list[Standing]:
    """Per human player: games, wins (a shared first place is a win, B-10),
    average score and the rating over exactly these games; best first."""
    ratings = replay_ratings(games)
    played: dict[int, list[ResultRow]] = {}
    for rows in games:
        for r in rows:
            if not r.is_ai and r.user_id is not None:
                played.setdefault(r.user_id, []).append(r)
    table = [
        Standing(
            user_id=user,
            name=names.get(user, str(user)),
            games=len(rows),
            wins=sum(1 for r in rows if r.rank == 1),
            shared_wins=sum(1 for r in rows if r.rank == 1 and r.shared_win),
            average_score=sum(r.score for r in rows) / len(rows),
            rating=ratings.get(user, DEFAULT).value,
        )
        for user, rows in played.items()
    ]
    table.sort(key=lambda s: (-s.rating, -s.wins, -s.average_score, s.user_id))
    return table
