"""Christmas Present at the base game's hook points (X-2..X-6).

- ``before_scoring``: modifiers (X-3.2), cleared ``after_scoring`` (from the
  first one played); ``score_feature``: modifiers, card
  scorings (X-3.3), lock deferral (X-5.2) and the farm bonuses (X-4.13/14);
- ``owner_strength``: farm tiebreak (X-5.6), from ``before_final`` on
  (tiebreak marks, X-5.3: :mod:`.locks`, from the first mark);
- ``end_turn``: discard down to the hand limit (X-3.1), from the first hand
  over it (registered by :mod:`.play` when a draw makes one);
- ``before_final``: end cards in seat order, then locked scores (X-6).

(``after_place``, drawing and playing cards: :mod:`.play`; marks kept
through joins, X-5.2/X-5.3: :mod:`.locks`; ``after_draw`` for a mastermind,
X-5.5: :class:`.special.Mastermind`.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from engine import scoring
from engine.actions import named_feature, segment_of, shown
from engine.board import Feature
from engine.expansions.christmas.actions import (
    DISCARD,
    MODIFIER,
    XmasDiscard,
    XmasModifier,
)
from engine.expansions.christmas.cards import BY_ID, COPIES, DESIGNS, HAND_LIMIT, CardDesign
from engine.expansions.christmas.state import (
    STEP_DISCARD,
    STEP_MODIFIER,
    Ask,
    Option,
    ask,
    hook_when_needed,
    reason,
    state,
    tied_owners,
)
from engine.expansions.christmas.targets import MODIFIER_FIELDS
from engine.expansions.christmas.view import deferred_view
from engine.fields import refuse_unused
from engine.marks import is_locked
from engine.phases import Action, IllegalAction, Steps

if TYPE_CHECKING:
    from engine.game import Game


# --- modifiers -------------------------------------------------------------------
MODIFIERS = tuple(d for d in DESIGNS if d.behaviour.modifier)


def _applicable(
    game: Game, player: int, roots: list[int]
) -> Iterator[tuple[int, Feature, CardDesign]]:
    """(root, feature, modifier design) for each feature scored now that
    ``player`` owns and each modifier design that applies to it and has not
    been played on it this turn (X-3.2). Public facts only."""
    st = state(game)
    for root in roots:
        feat = game.board.features[root]
        if player not in scoring.owners(game, feat):
            continue
        for design in MODIFIERS:
            used = (player, design.id) in st.modifiers.get(root, [])
            if not used and design.behaviour.applies(game, feat):
                yield root, feat, design


def may_modify(game: Game, player: int, roots: list[int]) -> bool:
    """Whether to put the X-3.2 question, decided on public facts only so that
    it is put whether or not ``player`` holds a modifier: a card in hand, and
    a modifier that applies to a feature ``player`` owns, with a copy that is
    not known to be discarded."""
    st = state(game)
    return bool(st.hands[player]) and any(
        st.discard.count(design.id) < COPIES for _, _, design in _applicable(game, player, roots)
    )


def _modifier_options(game: Game, player: int, roots: list[int]) -> list[Option]:
    """The applicable modifiers ``player`` holds: the hidden legal answers."""
    hand = set(state(game).hands[player])
    return [
        Option({"card": d.id, **named_feature(game.board, feat)}, (d.id, root), root)
        for root, feat, d in _applicable(game, player, roots)
        if d.id in hand
    ]


def before_scoring(game: Game, roots: list[int]) -> Steps:
    if not roots:  # most turns complete nothing: no modifier to ask for
        return
    st = state(game)
    turn = game.turn
    assert turn is not None
    player = turn.player
    while may_modify(game, player, roots):
        options = _modifier_options(game, player, roots)
        question = Ask(STEP_MODIFIER, player, target="modifier", options=options)
        info = {"features": [named_feature(game.board, game.board.features[r]) for r in roots]}
        action = yield from ask(game, question, info, XmasModifier)
        if action.card is None:
            return
        card = action.card
        pos, seg = segment_of(game.board, action, "the feature")
        root = game.board.find(game.board.tiles[pos].nodes[seg])
        st.hands[player].remove(card)
        st.discard.append(card)
        st.modifiers.setdefault(root, []).append((player, card))
        hook_when_needed(game.hooks.after_scoring, after_scoring)  # to clear them
        game.events.append(
            {
                "type": "xmas-play",
                "player": player,
                "card": card,
                "target": named_feature(game.board, game.board.features[root]),
            }
        )


def legal_modifier(game: Game, player: int) -> list[Action]:
    question = state(game).ask
    if question is None or question.step != STEP_MODIFIER or question.player != player:
        return []
    return [
        {"player": player, "type": MODIFIER, "card": None},
        *({"player": player, "type": MODIFIER, **o.public} for o in question.options),
    ]


def validate_modifier(game: Game, action: XmasModifier) -> None:
    question = state(game).ask
    if question is None or question.step != STEP_MODIFIER:
        raise IllegalAction("no feature is being scored now (X-3.2)", code="nothing_scored_now")
    card = action.card
    refuse_unused(action, MODIFIER_FIELDS if card is not None else (), "'card': null (X-3.2)")
    if card is None:
        return
    design = BY_ID.get(card)
    if design is None or not design.behaviour.modifier:
        raise IllegalAction(
            f"'card' must be null (done) or a modifier card in your hand, "
            f"not {shown(card)} (X-3.2)",
            code="not_a_scoring_card",
        )
    pos, seg = segment_of(game.board, action, "the feature")
    key = (card, game.board.find(game.board.tiles[pos].nodes[seg]))
    if not any(o.key == key for o in question.options):
        raise IllegalAction(
            f"{card!r} cannot be played there: it needs a feature scored now that you own "
            "and that it applies to, and the card in your hand (X-3.2)",
            code="scoring_card_not_here",
        )


def after_scoring(game: Game, scores: list[scoring.FeatureScore]) -> Steps:
    state(game).modifiers.clear()
    yield from ()


# --- scoring -----------------------------------------------------------------------
def score_feature(game: Game, score: scoring.FeatureScore) -> None:
    st = state(game)
    feat = score.feature
    if st.card_scoring is not None and score.reason == reason(st.card_scoring[1]):
        # for the card's player alone; all followers return (pay does it).
        player, card = st.card_scoring
        score.owners = [player]
        score.points = {player: BY_ID[card].behaviour.card_points(game, score)}
        return
    for player, card in st.modifiers.get(score.root, []):
        if player in score.points:
            score.points[player] += BY_ID[card].behaviour.bonus(score)
            score.detail.setdefault("cards", []).append(card)
    if score.reason == scoring.COMPLETED and is_locked(feat):
        # computed now (modifiers included), paid and returned at game end.
        score.pay = False
        score.return_followers = False
        at = min(feat.tiles)
        st.deferred.append(
            {
                "feature": feat.kind,
                "x": at[0],
                "y": at[1],
                "tiles": score.tiles,
                "points": {p: score.points.get(p, 0) for p in score.owners},
            }
        )
        game.events.append({"type": "xmas-deferred", **deferred_view(st.deferred[-1])})
    if score.reason == scoring.FINAL and feat.kind == "field" and st.final:
        shared = len(score.owners) >= 2
        for p in score.owners:  # +1 per completed city per card
            per_city = sum(BY_ID[c].behaviour.farm_bonus(shared) for c in st.end_cards[p])
            if per_city:
                score.points[p] += per_city * score.cities
                score.detail.setdefault("bonus", {})[str(p)] = per_city * score.cities


def farm_tiebreak_strength(game: Game, feat: Feature, counts: dict[int, int]) -> None:
    """owner_strength from final scoring (X-5.6, registered by before_final)."""
    st = state(game)
    if feat.kind == "field" and st.final:
        for p in tied_owners(feat):
            counts[p] += sum(BY_ID[c].behaviour.farm_tiebreak for c in st.end_cards[p])


# --- hand limit ----------------------------------------------------------------
def end_turn(game: Game) -> Steps:
    st = state(game)
    turn = game.turn
    assert turn is not None
    player = turn.player
    over = len(st.hands[player]) - HAND_LIMIT
    if over <= 0:
        return
    question = Ask(STEP_DISCARD, player, need=over)
    info = {"discard": over, "hand_limit": HAND_LIMIT}
    action = yield from ask(game, question, info, XmasDiscard)
    cards = list(action.cards)
    for c in cards:
        st.hands[player].remove(c)
    st.discard.extend(cards)
    game.events.append({"type": "xmas-discard", "player": player, "cards": cards})


def legal_discard(game: Game, player: int) -> list[Action]:
    st = state(game)
    question = st.ask
    if question is None or question.step != STEP_DISCARD or question.player != player:
        return []
    combos = dict.fromkeys(tuple(sorted(c)) for c in combinations(st.hands[player], question.need))
    return [{"player": player, "type": DISCARD, "cards": list(c)} for c in combos]


def validate_discard(game: Game, action: XmasDiscard) -> None:
    st = state(game)
    question = st.ask
    if question is None or question.step != STEP_DISCARD:
        raise IllegalAction("no discard is due now (X-3.1)", code="no_discard_due")
    if len(action.cards) != question.need:
        raise IllegalAction(
            f"discard exactly {question.need} card(s) to keep {HAND_LIMIT} (X-3.1), "
            f"not {len(action.cards)}",
            code="discard_count",
            count=question.need,
        )
    if Counter(action.cards) - Counter(st.hands[action.player]):
        raise IllegalAction(
            "'cards' names a card that is not in your hand", code="card_not_in_hand"
        )


# --- X-6 game end ------------------------------------------------------------------------
def before_final(game: Game) -> Steps:
    st = state(game)
    st.final = True
    st.mastermind = None  # played with no turn left to act on
    hook_when_needed(game.hooks.owner_strength, farm_tiebreak_strength)
    for p in range(len(game.players)):  # end cards in seat order
        ends = [c for c in st.hands[p] if BY_ID[c].timing == "end"]
        if not ends:
            continue
        for c in ends:
            st.hands[p].remove(c)
        st.discard.extend(ends)
        st.end_cards[p] = ends
        game.events.append({"type": "xmas-end-cards", "player": p, "cards": ends})
        for c in ends:
            BY_ID[c].behaviour.at_game_end(game, p, BY_ID[c])
    for entry in st.deferred:  # locked scores, before B-8
        for p, pts in entry["points"].items():
            game.award(
                p,
                pts,
                {
                    "feature": entry["feature"],
                    "reason": "christmas:lock",
                    "tiles": entry["tiles"],
                    "at": [entry["x"], entry["y"]],
                },
            )
    for feat in list(game.board.features.values()):
        if feat.completed and is_locked(feat) and feat.followers:
            game.return_followers(feat)  # they stayed until game end
    yield from ()
