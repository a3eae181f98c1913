"""The Abbot's adapter (bot/expansions/abbot.py): the follower panel offers
the abbot on the monastery or garden (A-3) and taking it back with the
points it would score (A-4), an abbot on a locked feature stays and the
panel says why (A-4, C-1), the supply counts the abbot apart (A-1), gardens
have their own score lines and breakdown row (A-2, A-5).

The start tile D sits at 0,0 (city N, road W-E, field S); y grows to the
south. Moves are text moves (``@C`` / ``@G``: the abbot, docs/notation.md).
"""

from __future__ import annotations

from types import SimpleNamespace

from bot import expansions
from bot.expansions.abbot import ADAPTER
from bot.present import choices as ch
from bot.present import events as ev
from bot.present import panel as pn
from bot.text import ENGLISH, Text, Words
from engine import Game
from engine.actions import Follower
from engine.expansions import abbot
from engine.moves import parse_move
from engine.views import public_view
from tests.engine.helpers import play

INFO = SimpleNamespace(
    id=1, version=0, seats=[SimpleNamespace(index=i, is_ai=False) for i in (0, 1)]
)
FR, NL = Words("fr"), Words("nl")


def new(tiles: list[str], expansions_: tuple[str, ...] = ("abbot",)) -> Game:
    return Game(["Ada", "Bo"], list(expansions_), seed=1, decks={"tiles": tiles})


def place(g: Game, text: str) -> None:
    """Only the placing half of a text move."""
    assert g.pending is not None
    g.apply(parse_move(text).actions(g.pending.active)[0])


def panel(g: Game, seat: int, words: Words = ENGLISH) -> pn.Panel:
    return pn.build(g, INFO, seat, words, ai_seats=set())  # type: ignore[arg-type]


def buttons(p: pn.Panel, verb: str) -> list[str]:
    return [b.label for r in p.rows if isinstance(r, tuple) for b in r if b.verb == verb]


def test_a3_the_follower_panel_offers_the_abbot_on_the_monastery_or_in_the_garden() -> None:
    g = new(["B", "Eg", "U"])
    place(g, "B 0,1 r0")
    shown = panel(g, 0)
    # The monk as a numbered follower spot, and the abbot beside the followers.
    assert "1 · Monastery (centre)" in buttons(shown, "fol")
    assert buttons(shown, "act") == ["A · Put your abbot on the monastery"]
    (choice,) = ch.expansion_choices(g, 0, ENGLISH)
    assert choice.action == Follower(0, "C", abbot.PIECE)
    assert ch.command_of(choice.action) == "abbot"  # /abbot offers it too
    g.apply(choice.action)
    # Bo's garden twin: only the abbot stands in the garden.
    place(g, "Eg 1,1 r180")
    assert buttons(panel(g, 1), "act") == ["A · Put your abbot in the garden"]
    assert buttons(panel(g, 1, FR), "act") == ["A · Poser ton abbé dans le jardin"]
    assert buttons(panel(g, 1, NL), "act") == ["A · Zet je abt in de tuin"]
    assert not [b for b in buttons(panel(g, 1), "fol") if "Garden" in b]


def marks(p: pn.Panel) -> list[tuple[str, str, str]]:
    assert p.image is not None and p.image.kind == "follower"
    return [(m.location, m.badge, m.label) for m in p.image.marks]


def test_a3_the_follower_picture_marks_where_the_abbot_may_go() -> None:
    """The picture badges the abbot's spot "A" (not a number) with a key entry,
    and its button names the same badge; the follower numbers are unchanged."""
    g = new(["B", "Eg", "U"])
    place(g, "B 0,1 r0")
    shown = panel(g, 0)
    # The monastery takes a follower (1) or the abbot (A): both, apart.
    assert shown.image is not None and shown.image.spots == ("C", "NNW")
    assert marks(shown) == [("C", "A", "Abbot: monastery")]
    assert [m.label for m in panel(g, 0, FR).image.marks] == ["Abbé : abbaye"]  # type: ignore[union-attr]
    assert panel(g, 1).image is None  # only the seat asked sees its choices
    g.apply(Follower(0, None))
    # The garden: only the abbot may go there, so it is marked, not numbered.
    place(g, "Eg 1,1 r180")
    shown = panel(g, 1)
    garden = next(m for m in shown.image.marks)  # type: ignore[union-attr]
    assert garden.location not in shown.image.spots  # type: ignore[union-attr]
    assert marks(shown) == [(garden.location, "A", "Abbot: garden")]
    for words, key in (
        (NL, "Abt: tuin"),
        (Words("de"), "Abt: Garten"),
        (Words("es"), "Abad: jardín"),
    ):
        assert [m.label for m in panel(g, 1, words).image.marks] == [key]  # type: ignore[union-attr]
    assert buttons(shown, "act") == ["A · Put your abbot in the garden"]


def test_a3_no_mark_once_the_abbot_is_on_the_board() -> None:
    g = new(["B", "U", "B"])
    play(g, "B 0,1 r0 @C", "U -1,0 r90 -")
    place(g, "B 1,1 r0")
    shown = panel(g, 0)
    assert marks(shown) == []  # the abbot is away: the monastery takes a follower
    assert shown.image is not None and "C" in shown.image.spots
    assert not [b for b in buttons(shown, "act") if b.startswith("A ·")]


def test_a4_take_back_says_the_points_it_would_score_now() -> None:
    g = new(["B", "U", "U", "V"])
    play(g, "B 0,1 r0 @C", "U -1,0 r90 -")
    place(g, "U 1,0 r90")
    # 1 + the three tiles around the monastery (D and both U), B-8.
    assert abbot.back_points(g, 0) == 4
    assert buttons(panel(g, 0), "act") == ["Take your abbot back (+4 points now)"]
    assert buttons(panel(g, 0, FR), "act") == ["Récupérer ton abbé (+4 points tout de suite)"]
    assert buttons(panel(g, 0, NL), "act") == ["Haal je abt terug (+4 punten meteen)"]
    before = len(g.events)
    (back,) = ch.expansion_choices(g, 0, ENGLISH)
    g.apply(back.action)
    lines = ev.turn_lines(list(g.players), list(g.events)[before:], ENGLISH)
    # One line for it (not a second "scored" line); its points count with the monasteries.
    assert lines == ["Ada took their abbot back from the monastery at 0,1 and scored 4 points."]
    assert ev.breakdown(list(g.players), list(g.events), ENGLISH) == {"Monasteries": [4, 0]}


def test_a4_an_abbot_on_a_locked_feature_stays_and_the_panel_says_why() -> None:
    g = new(["B", "U", "U"])
    play(g, "B 0,1 r0 @C", "U -1,0 r90 -")
    place(g, "U 1,0 r90")
    g.board.feature_at((0, 1), 0).marks["locked"] = True  # as by a Christmas lock
    shown = panel(g, 0)
    assert buttons(shown, "act") == []  # no "take back"
    assert "Your abbot stays on the monastery at 0,1 until the end: it is locked." in shown.text
    assert "Ton abbé reste dans l’abbaye en 0,1" in panel(g, 0, FR).text
    assert "it is locked" not in panel(g, 1).text  # nothing for the seat not asked


def test_a1_the_supply_counts_the_abbot_apart() -> None:
    g = new(["B", "U"])
    view = public_view(g)
    text = ev.scores_text(list(g.players), list(g.scores), list(g.supply), ENGLISH, view.counts)
    assert text == (
        "Ada: 0 points, 7 followers in supply, abbot in supply\n"
        "Bo: 0 points, 7 followers in supply, abbot in supply"
    )
    play(g, "B 0,1 r0 @C")
    counts = public_view(g).counts
    text = ev.scores_text(list(g.players), list(g.scores), list(g.supply), ENGLISH, counts)
    assert text.splitlines()[0] == "Ada: 0 points, 7 followers in supply, abbot on the board"
    fr = ev.scores_text(list(g.players), list(g.scores), list(g.supply), FR, counts)
    assert "7 partisans en réserve, abbé sur le plateau" in fr
    # The images: a column of its own beside the followers.
    assert ADAPTER.image_counts == {"abbot": "abbot.image.count"}
    # Without the Abbot nothing is added.
    counts = public_view(Game(["Ada", "Bo"], seed=1)).counts
    plain = ev.scores_text(["Ada"], [0], [7], ENGLISH, counts)
    assert plain == "Ada: 0 points, 7 followers in supply"


def test_a3_placing_the_abbot_reads_as_the_abbot_not_a_follower() -> None:
    g = new(["B", "U"])
    before = len(g.events)
    play(g, "B 0,1 r0 @C")
    lines = ev.turn_lines(list(g.players), list(g.events)[before:], ENGLISH)
    assert lines == [
        "Ada placed a tile at 0,1.",
        "Ada put their abbot on the monastery at 0,1.",
    ]
    g2 = new(["B", "U"])
    play(g2, "B 0,1 r0 C")  # a monk: one line as before
    lines = ev.turn_lines(list(g2.players), list(g2.events)[before:], ENGLISH)
    assert lines == ["Ada placed a tile at 0,1 and put a follower on the monastery."]


def test_a2_a5_gardens_have_their_own_score_lines_and_breakdown_row() -> None:
    completed = {"type": "score", "player": 0, "points": 9, "feature": "garden"}
    ada = Text("Ada")
    assert ev.score_line(["Ada"], {**completed, "reason": "completed"}, ENGLISH) == (
        "Ada scored 9 points for a completed garden."
    )
    final = {**completed, "points": 4, "reason": "final"}
    assert (
        ADAPTER.score_line(ada, final, ENGLISH) == "Ada scored 4 points for an unfinished garden."
    )
    assert ADAPTER.score_line(ada, final, FR) == "Ada marque 4 points pour un jardin inachevé."
    back = {**completed, "points": 3, "reason": abbot.BACK_REASON}
    monastery = {**final, "feature": "monastery"}
    events = [{**completed, "reason": "completed"}, final, back, monastery]
    assert ev.breakdown(["Ada"], events, ENGLISH) == {"Monasteries": [4], "Gardens": [16]}
    assert ev.breakdown(["Ada"], events, NL) == {"Kloosters": [4], "Tuinen": [16]}
    # Its row stands with the features, before the rows of cards and chips.
    order = ev.group_order()
    assert (
        order.index("group.field") < order.index("abbot.group.garden") < order.index("gifts.group")
    )
    # Another expansion's points are not the Abbot's to word.
    assert ADAPTER.score_line(ada, {"reason": "completed", "feature": "city"}, ENGLISH) is None


def test_the_abbot_has_its_command_and_rules_in_every_language() -> None:
    assert expansions.adapter("abbot") is ADAPTER and ADAPTER.command is not None
    assert FR("abbot.command.name") == "abbé" and NL("abbot.command.name") == "abt"
    for words in (ENGLISH, FR, NL):
        pages = ADAPTER.rule_pages(words)
        assert len(pages) == 2 and all(p and "{" not in p for p in pages)
    assert "jardin" in ADAPTER.rule_pages(FR)[0] and "tuin" in ADAPTER.rule_pages(NL)[0]


def test_a2_a_garden_twin_is_told_from_its_base_kind_in_words() -> None:
    """A tile choice (Take two, Draw two) between E and Eg reads differently."""
    from bot import places

    assert places.tile_words("E", ENGLISH) == "a city"
    assert places.tile_words("Eg", ENGLISH) == "a city and a garden"
    assert places.tile_words("Ug", FR) == "une route et un jardin"
    assert places.tile_words("Vg", NL) == "een weg en een tuin"
