"""Refusals of the game store: one class per meaning, each telling what happened.

They extend the root of every refusal, :class:`db.values.GameError` (a
``code`` and named ``fields``; the player reads ``error.<code>`` from the
bot's text layer). Fields never carry hidden information (hands, gifts,
staked chips): the engine's IllegalAction reasons are safe and are the only
engine text passed on. Light like db.values: no SQLAlchemy here.
"""

from __future__ import annotations

from collections.abc import Sequence

from db.values import GameError


class StoreError(GameError):
    """Base class of everything the store refuses."""

    code = "store"


# --- which game -------------------------------------------------------------------
class GameNotFound(StoreError):
    """No such game (or not one the caller may see: the same answer)."""

    code = "game_not_found"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)
        self.game_id = game_id


class GameNotStarted(StoreError):
    """The game is still in its lobby (actions need an active game)."""

    code = "game_not_started"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


class GameNotInLobby(StoreError):
    """Seats change and games start only in the lobby."""

    code = "game_not_in_lobby"

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(game=game_id, status=status)


class GameFinished(StoreError):
    """The game is over (finished or abandoned): nothing more can be played."""

    code = "game_over"

    def __init__(self, game_id: int, status: str = "finished") -> None:
        super().__init__(game=game_id, status=status)


# --- who may act ------------------------------------------------------------------
class NotSeated(StoreError):
    """The user has no seat in the game."""

    code = "not_seated"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


class NotYourTurn(StoreError):
    """The user's seat may not act now: other seats are awaited."""

    code = "not_your_turn"

    def __init__(self, waiting: Sequence[str]) -> None:
        super().__init__(waiting=list(waiting))


class HostOnly(StoreError):
    """Only the game's host may do this."""

    code = "host_only"
    VARIANTS = ("start", "add_ai", "cancel", "remove")

    def __init__(self, what: str) -> None:
        super().__init__(variant=what)


class SeatError(StoreError):
    """A seat request that cannot be met."""

    code = "seat"


class NotYourSeat(SeatError):
    """The action names a seat the user does not hold."""

    code = "not_your_seat"

    def __init__(self, seat: object) -> None:
        super().__init__(seat=seat)


class NoSuchSeat(SeatError):
    code = "no_such_seat"

    def __init__(self, game_id: int, seat: object) -> None:
        super().__init__(game=game_id, seat=seat)


class NotAiSeat(SeatError):
    """The AI entry point was used for a human seat without permission."""

    code = "not_ai_seat"

    def __init__(self, seat: int) -> None:
        super().__init__(seat=seat)


class TableFull(SeatError):
    code = "table_full"

    def __init__(self, most: int) -> None:
        super().__init__(most=most)


class AlreadySeated(SeatError):
    code = "already_seated"


class BadName(SeatError):
    code = "bad_name"

    def __init__(self, most: int) -> None:
        super().__init__(most=most)


class SeatKind(SeatError):
    """A seat is an AI (no user) or a user's, never both or neither."""

    code = "seat_kind"


class UnknownColour(SeatError):
    code = "unknown_colour"

    def __init__(self, colour: object, choices: Sequence[str]) -> None:
        super().__init__(colour=str(colour), choices=list(choices))


class ColourTaken(SeatError):
    code = "colour_taken"

    def __init__(self, colour: str) -> None:
        super().__init__(colour=colour)


# --- the game moved or could not be stored ------------------------------------------
class StaleGame(StoreError):
    """Another action was stored between loading and saving: a real
    concurrent change (never a busy or failing database: StoreUnavailable)."""

    code = "stale_game"


class StoreUnavailable(StoreError):
    """The database could not do the work: nothing was changed. ``variant``
    says what happened (busy: locked by another writer; full: no space left;
    read_only; io: a disk error; connection: the server cannot be reached)."""

    code = "store_unavailable"
    VARIANTS = ("busy", "full", "read_only", "io", "connection")

    def __init__(self, what: str) -> None:
        super().__init__(variant=what)

    @property
    def what(self) -> str:
        return str(self.fields["variant"])


class StoreUnreadable(StoreUnavailable):
    """The database could not be read (same variants): a command that only
    reads is told the store is unavailable, never that something "could not
    be saved"."""

    @property
    def key(self) -> str:
        return "error.store_unreadable"


class ActionRejected(StoreError):
    """The engine refused the action; ``reason`` is its (safe) explanation and
    ``index`` the log index the action would have taken."""

    code = "not_allowed"

    def __init__(self, reason: str, index: int) -> None:
        super().__init__(reason=reason)
        self.reason = reason
        self.index = index


class EngineFailure(ActionRejected):
    """The engine failed on the action (a bug, logged); nothing was changed."""

    code = "engine_failure"

    def __init__(self, index: int) -> None:
        StoreError.__init__(self)
        self.reason = ""
        self.index = index


class CorruptGame(StoreError):
    """The stored log does not replay: a bug or a hand-edited database. The
    detail is for the operator's log."""

    code = "corrupt_game"

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(game=game_id)
        self.detail = detail

    def __str__(self) -> str:
        return f"{super().__str__()}: {getattr(self, 'detail', '')}"


class NothingToTakeBack(StoreError):
    """An undo with nothing the player may take back (their own choices in
    their current turn, before anything hidden was revealed)."""

    code = "nothing_to_take_back"


# --- setting a game up ---------------------------------------------------------------
class InvalidSetup(StoreError):
    """A game cannot be created or started as asked."""

    code = "invalid_setup"


class UnknownExpansion(InvalidSetup):
    code = "unknown_expansion"

    def __init__(self, name: object, available: Sequence[str]) -> None:
        super().__init__(name=str(name), available=list(available))


class BadExpansions(InvalidSetup):
    code = "bad_expansions"


class BadSeed(InvalidSetup):
    code = "bad_seed"


class BadDecks(InvalidSetup):
    code = "bad_decks"


class UnknownPolicy(InvalidSetup):
    code = "unknown_policy"

    def __init__(self, policy: object, choices: Sequence[str]) -> None:
        super().__init__(policy=str(policy), choices=list(choices))


class BadTimeout(InvalidSetup):
    code = "bad_timeout"


class BadOptions(InvalidSetup):
    """Options (or a guild setting) that are not JSON or not known."""

    code = "bad_options"

    def __init__(self, name: str) -> None:
        super().__init__(name=name)


class UnknownSetting(InvalidSetup):
    code = "unknown_setting"

    def __init__(self, name: str) -> None:
        super().__init__(name=name)


class SetupRefused(InvalidSetup):
    """The engine refused the setup (e.g. B-1: 2 to 6 players); its reason is safe."""

    code = "setup_refused"

    def __init__(self, reason: str) -> None:
        super().__init__(reason=reason)


class TooFewPlayers(SetupRefused):
    """Start pressed with fewer seats than a game needs (B-1): worded in the
    reader's language from ``count`` (the engine's English ``reason`` is for logs)."""

    code = "too_few_players"

    def __init__(self, reason: str, least: int) -> None:
        InvalidSetup.__init__(self, reason=reason, count=least)


class BadTimer(StoreError):
    """A timer the store cannot keep (a programming error, not a player's)."""

    code = "bad_timer"

    def __init__(self, problem: str) -> None:
        super().__init__(problem=problem)


class LeagueError(StoreError):
    """A league request that cannot be done (db.leagues); ``variant`` says
    why (its text is ``error.league.<variant>``)."""

    code = "league"
    VARIANTS = (
        "name_length",
        "exists",
        "unknown",
        "already_member",
        "not_member",
        "season_running",
        "season_exists",
        "no_season",
        "season_before_start",
        "unknown_season",
    )

    def __init__(self, why: str, **fields: object) -> None:
        super().__init__(variant=why, **fields)
