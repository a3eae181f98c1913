"""Drawing and playing Christmas cards (X-2, X-3, X-4.9).

- ``after_place``: the optional draws (X-2); a lightning card resolves at once;
- ``xmas-play`` in the ``place`` and ``follower`` steps: plain cards (X-3);
- resolving a card: its target (``xmas-target``), the reactions of the players
  an attack affects (``xmas-react``, X-4.9), its effect, the discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import shown
from engine.board import PlaceResult, Pos
from engine.expansions.christmas.actions import (
    DRAW,
    PLAY,
    TARGET,
    XmasDraw,
    XmasPlay,
    XmasTarget,
)
from engine.expansions.christmas.behaviour import Resolution
from engine.expansions.christmas.cards import BY_ID, HAND_LIMIT, Deck
from engine.expansions.christmas.hooks import end_turn
from engine.expansions.christmas.reactions import react
from engine.expansions.christmas.state import (
    STEP_DRAW,
    STEP_MASTERMIND,
    STEP_TARGET,
    Ask,
    Option,
    XmasState,
    ask,
    ask_made,
    hook_when_needed,
    state,
)
from engine.expansions.christmas.targets import TARGET_FIELDS, TARGET_KEYS
from engine.fields import refuse_unused
from engine.frozen import freeze
from engine.phases import Action, Decision, IllegalAction, Steps, new_decision
from engine.tiles import KINDS

# X-2 (Ruling): the tiles whose only features are roads and fields, by kind; a
# kind that plays as one of them (a garden twin, A-2) counts too.
ROADSIDE_KINDS = frozenset({"U", "V", "W", "X"})

if TYPE_CHECKING:
    from engine.game import Game


# --- resolving a card ---------------------------------------------------------------
def resolve(game: Game, player: int, card_id: str) -> Steps:
    """Target, reactions, effect, discard (X-3). The card is in ``in_play``."""
    st = state(game)
    card = BY_ID[card_id]
    options = card.options(game, player)
    opt: Option | None = None
    action: XmasTarget | None = None
    if options is not None:
        if not options:  # no legal target, discarded without effect
            game.events.append({"type": "xmas-no-target", "player": player, "card": card_id})
            _finish(st, card_id)
            return
        kind = card.behaviour.target
        question = Ask(STEP_TARGET, player, card=card_id, target=kind, options=options)
        info: dict[str, Any] = {"card": card_id, "options": [o.public for o in options]}
        action = yield from ask(game, question, info, XmasTarget)
        key = TARGET_KEYS[kind](game, action, player)
        opt = next(o for o in options if o.key == key)
    if card.attack:
        cancelled = yield from react(game, player, card, opt)
        if cancelled:  # both cards to the discard pile, no effect
            _finish(st, card_id)
            return
    ev: dict[str, Any] = {"type": "xmas-effect", "player": player, "card": card_id}
    if opt is not None:
        ev["target"] = opt.public
    yield from card.behaviour.run(Resolution(game, player, card, opt, action, ev))
    _finish(st, card_id)


def _finish(st: XmasState, card: str) -> None:
    st.in_play.remove(card)
    st.discard.append(card)


# --- X-2 drawing -------------------------------------------------------------------
def draw_decks(game: Game, player: int, pos: Pos, kind: str) -> list[Deck]:
    """The decks a tile placed at ``pos`` lets ``player`` draw from (X-2)."""
    out: list[Deck] = []
    board = game.board
    x, y = pos
    # Read on every placement: the board's few monasteries (six in the base
    # game) are walked, not the eight cells around the tile (RING).
    for (mx, my), node in board.monasteries.items():
        if (
            -1 <= mx - x <= 1
            and -1 <= my - y <= 1
            and (mx != x or my != y)  # around the tile, not its own monastery
            and any(f.player != player for f in board.feature_of(node).followers)
        ):
            out.append("abbey")
            break
    tile = KINDS.get(kind)
    if tile is not None and tile.plays_as in ROADSIDE_KINDS:
        out.append("roadside")
    return out


class _Offers(dict[tuple[int, Deck, int], tuple[Ask, Decision]]):
    """The X-2 offers by (seat, deck, cards left in it): the question and its
    decision, neither ever changed, so each is made once and shared by every
    game, as the base turn's decisions are (engine.turn.ASKED): most offers
    are declined, and building them cost more than the rest of the answer."""

    def __missing__(self, key: tuple[int, Deck, int]) -> tuple[Ask, Decision]:
        player, deck, left = key
        info = freeze({"deck": deck, "left": left})
        made = self[key] = (
            Ask(STEP_DRAW, player, deck=deck),
            new_decision(STEP_DRAW, (player,), player, (), info),  # in the player's turn
        )
        return made


OFFERS = _Offers()


def after_place(game: Game, result: PlaceResult) -> Steps:
    st = state(game)
    turn = game.turn
    assert turn is not None
    player = turn.player
    placed = result.placed
    for deck in draw_decks(game, player, placed.pos, placed.kind):
        if not st.decks[deck]:  # no refill
            continue
        question, decision = OFFERS[player, deck, len(st.decks[deck])]
        offer = yield from ask_made(game, question, decision, XmasDraw)
        if not offer.draw:
            game.events.append({"type": "xmas-decline", "player": player, "deck": deck})
            continue
        card = st.decks[deck].pop(0)
        game.reveal()
        game.events.append({"type": "xmas-draw", "player": player, "deck": deck})
        game.events.append(
            {"type": "xmas-card", "player": player, "deck": deck, "card": card, "private": player}
        )
        if BY_ID[card].timing == "lightning":  # resolves now, revealed
            game.events.append(
                {"type": "xmas-reveal", "player": player, "deck": deck, "card": card}
            )
            st.in_play.append(card)
            yield from resolve(game, player, card)
        else:
            st.hands[player].append(card)
            if len(st.hands[player]) > HAND_LIMIT:  # discard at the turn's end
                hook_when_needed(game.hooks.end_turn, end_turn)


def legal_draw(game: Game, player: int) -> list[Action]:
    question = state(game).ask
    if question is None or question.step != STEP_DRAW or question.player != player:
        return []
    return [
        {"player": player, "type": DRAW, "deck": question.deck, "draw": b} for b in (True, False)
    ]


def validate_draw(game: Game, action: XmasDraw) -> None:
    question = state(game).ask
    if question is None or question.step != STEP_DRAW:
        raise IllegalAction("no christmas card is offered now (X-2)", code="no_card_offered")
    if action.deck != question.deck:
        raise IllegalAction(
            f"'deck' must be {question.deck!r}, the deck offered now (X-2)", code="wrong_deck"
        )


# --- X-3 plain cards ------------------------------------------------------------------
def why_not_playable(game: Game, player: int, card: object) -> str | None:
    """None if ``player`` may play ``card`` from hand now, else the reason."""
    st = state(game)
    turn = game.turn
    design = BY_ID.get(card) if isinstance(card, str) else None
    if design is None:
        return f"unknown card {shown(card)}"
    if design.id not in st.hands[player]:
        return f"{design.id!r} is not in your hand"
    if turn is None or game.pending is None or turn.player != player:
        return "cards are played during your own turn (X-3)"
    if design.timing == "end":
        return f"{design.id!r} is an end card, applied at game end (X-3, X-6)"
    return design.behaviour.why_not(game, player, design)


def legal_plays(game: Game, player: int) -> list[Action]:
    hand = state(game).hands[player]
    if not hand:  # most listings of a turn's steps: nothing to play
        return []
    return [
        {"player": player, "type": PLAY, "card": c}
        for c in dict.fromkeys(hand)
        if why_not_playable(game, player, c) is None
    ]


def validate_play(game: Game, action: XmasPlay) -> None:
    why = why_not_playable(game, action.player, action.card)
    if why is not None:
        raise IllegalAction(f"cannot play that card: {why}", code="card_not_playable")


def run_play(game: Game, action: XmasPlay) -> Steps:
    st = state(game)
    st.hands[action.player].remove(action.card)
    st.in_play.append(action.card)
    game.events.append({"type": "xmas-play", "player": action.player, "card": action.card})
    yield from resolve(game, action.player, action.card)


# --- targets and reactions ------------------------------------------------------------
def legal_target(game: Game, player: int) -> list[Action]:
    question = state(game).ask
    if (
        question is None
        or question.player != player
        or question.step not in (STEP_TARGET, STEP_MASTERMIND)
    ):
        return []
    return [{"player": player, "type": TARGET, **o.public} for o in question.options]


def validate_target(game: Game, action: XmasTarget) -> None:
    question = state(game).ask
    if question is None or question.step not in (STEP_TARGET, STEP_MASTERMIND):
        raise IllegalAction("no card target is being chosen now", code="no_target_asked")
    refuse_unused(action, TARGET_FIELDS[question.target], f"a {question.target} target")
    key = TARGET_KEYS[question.target](game, action, action.player)
    if not any(o.key == key for o in question.options):
        sample = ", ".join(str(o.public) for o in question.options[:3])
        raise IllegalAction(
            f"that is not a legal {question.target} for {question.card!r}; "
            f"{len(question.options)} legal, e.g. {sample}",
            code="wrong_target",
        )
    BY_ID[question.card or ""].behaviour.check_target(game, BY_ID[question.card or ""], action)
