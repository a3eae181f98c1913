"""Whole games through the real discord.py client and the fake Discord,
played only by the component-driven player (tests/e2e/player.py)."""

from __future__ import annotations

import re

import pytest

from bot.expansions import adapters
from engine.expansions import known_expansions
from engine.game import shuffled
from engine.plugins import stock
from tests.e2e import transcript
from tests.e2e.budgets import internals, pings, questions_out_of_turn, turns_resumed
from tests.e2e.gamedb import game_state
from tests.e2e.members import Harness
from tests.e2e.table import Table, open_table, play_table, table_figures


def assert_clean(figures: dict[str, float]) -> None:
    assert figures["validation_failures"] == 0
    assert figures["late_acks"] == 0
    assert figures["double_acks"] == 0
    assert figures["clicks_without_visible_update"] == 0


def assert_budgets(
    harness: Harness, table: Table, figures: dict[str, float], messages: float, p95: float
) -> None:
    """#13: new thread messages per turn, no rate-limit wait, the clicker's
    latency, one ping per own turn plus one per question out of turn, and
    plain words only."""
    assert figures["thread_messages_per_turn"] <= messages, figures
    assert figures["rate_limit_waits"] == 0, figures
    # The bot paced its messages (on the simulated clock: no wall-clock wait).
    assert figures["clock_skipped_s"] > 0, figures
    assert figures["click_to_final_ms_p95"] <= p95, figures
    assert internals(harness.fake) == []
    # Every image of the thread and the DMs carries its words as alt text.
    for member in table.players:
        for a in member.images():
            if a.filename in ("board.png", "final-score.png", "replay.gif", "hand.png"):
                assert a.description, (member.name, a.filename)


def write_transcripts(table: Table, name: str, config: pytest.Config) -> None:
    """What each player saw, as text, beside the figures (to read a game as
    its players lived it): <basetemp>/e2e-transcripts/<game>-<player>.txt."""
    from tests.e2e.report import figures_path

    out = figures_path(config).parent / "e2e-transcripts"
    out.mkdir(parents=True, exist_ok=True)
    for member in table.players:
        text = transcript.render(member, {table.thread_id})
        (out / f"{name}-{member.name}.txt").write_text(text, encoding="utf-8")


async def assert_pings(harness: Harness, table: Table) -> None:
    loaded = await game_state(harness.bot.database_url, table.game_id)
    game, info = loaded.game, loaded.info
    record = game.record()
    asked, resumed = questions_out_of_turn(record), turns_resumed(record)
    for seat in info.seats:
        member = next((m for m in table.players if m.id == seat.user_id), None)
        if member is None:
            continue
        own = sum(1 for a in game.actions if a["type"] == "place" and a["player"] == seat.index)
        more = (asked.get(seat.index, 0), resumed.get(seat.index, 0))
        got = pings(harness.fake, member, table.first_call)
        assert got <= own + sum(more), (member.name, got, own, more)


async def test_base_game_full_length(harness: Harness, request: pytest.FixtureRequest) -> None:
    """2 humans + 1 AI seat, the whole 72-tile bag."""
    ada, bo = harness.member("Ada"), harness.member("Bo")
    table = await open_table(harness, [ada, bo], ai_seats=1)
    log = await play_table(harness, table, seed=1)
    assert log.finished
    loaded = await game_state(harness.bot.database_url, table.game_id)
    assert loaded.info.status == "finished"
    assert loaded.game.turns_played >= 60  # the whole bag (tiles that fit nowhere are discarded)
    # Both humans saw the board images in the thread, and the final board.
    assert ada.images() and bo.images()
    figures = await table_figures(harness, table, "base", request.config)
    write_transcripts(table, "base", request.config)
    assert_clean(figures)
    assert_budgets(harness, table, figures, messages=1.5, p95=500)
    # Issue 29: one open game per click. A placing click reads the game at
    # most twice and writes once (the follow-up's timers are unchanged).
    assert figures["place_clicks"] > 0
    assert figures["store_game_reads_per_place_click_max"] <= 2, figures
    assert figures["store_writes_per_place_click_max"] == 1, figures
    await assert_pings(harness, table)
    assert harness.fake.problems() == []


# A fixed 12-tile deck of every expansion's land tiles with four bookmaker
# tiles early (The Bets) and a garden twin (The Abbot), after a short river
# (The River: a bridge to a monastery, a curve with a garden, the lake):
# with these seeds the humans stake and settle chips, open a gift and choose
# a tile (The Gifts), draw Christmas cards and put their abbot out, in well
# under a minute. (The player's choices are seeded and it waits for every
# new message the bot paces, so the game is the same on every machine.)
ALL_DECK = shuffled(16, "tiles", stock(known_expansions()).land)[:12]
SHORT_RIVER = ["RV5", "RV11", "RV2"]


@pytest.mark.smoke  # make test's end-to-end game
async def test_all_expansions_short_deck(harness: Harness, request: pytest.FixtureRequest) -> None:
    """3 humans (Cy's DMs are closed) + 1 AI seat with every expansion: The
    Gifts, The Bets, Christmas Present, The River and The Abbot."""
    ada, bo = harness.member("Ada"), harness.member("Bo")
    cy = harness.member("Cy", dm_open=False)
    exps = ",".join(a.name for a in adapters())  # every expansion the bot offers
    table = await open_table(
        harness,
        [ada, bo, cy],
        ai_seats=1,
        expansions=exps,
        seed=13,
        decks={"tiles": ALL_DECK, "river": SHORT_RIVER},
    )
    log = await play_table(harness, table, seed=10)
    assert log.finished
    loaded = await game_state(harness.bot.database_url, table.game_id)
    assert loaded.info.status == "finished"
    assert sorted(loaded.info.expansions) == sorted(exps.split(","))
    # The humans used every expansion through the bot's components.
    humans = {s.index for s in loaded.info.seats if not s.is_ai}
    used = {a["type"] for a in loaded.game.actions if a.get("player") in humans}
    assert {"stake", "open-gift"} <= used and any(t.startswith("xmas-") for t in used), used
    # Ada's first tile is the river's monastery: her panel offers the abbot.
    assert "Put your abbot on the monastery" in transcript.render(ada, set())
    # The river came first, from the spring at 0,0.
    placed = [e["tile"] for e in loaded.game.events if e["type"] == "place"]
    assert placed[: len(SHORT_RIVER)] == SHORT_RIVER, placed
    # Cy's DMs are refused (403 / 50007): Cy never got a DM and was asked in
    # the thread instead; the others got their hands and questions by DM.
    assert [c for c in harness.fake.calls if c.code == 50007]
    assert cy.dms() == []
    assert ada.dms() and bo.dms()
    seat = next(s for s in loaded.info.seats if s.user_id == cy.id)
    assert not seat.dm_reachable
    assert {"stake", "open-gift"} <= {
        a["type"] for a in loaded.game.actions if a.get("player") == seat.index
    }
    figures = await table_figures(harness, table, "all-expansions", request.config)
    write_transcripts(table, "all-expansions", request.config)
    assert_clean(figures)
    assert_budgets(harness, table, figures, messages=2.5, p95=700)
    await assert_pings(harness, table)


# The land tiles after the whole river: many monasteries and garden
# twins, so that the humans put their abbot out and take it back
# whatever the pace of the bot's messages does to the player's
# choices. Bo's client speaks French.
ABBOT_DECK = [
    "B",
    "Eg",
    "A",
    "Ug",
    "B",
    "Vg",
    "Hg",
    "B",
    "Ig",
    "A",
    "Mg",
    "Ng",
    "B",
    "Rg",
    "U",
    "E",
]


async def test_the_river_and_the_abbot(harness: Harness, request: pytest.FixtureRequest) -> None:
    """2 humans + 1 AI seat with The River (the whole river pile) and The Abbot."""
    ada, bo = harness.member("Ada"), harness.member("Bo", locale="fr")
    table = await open_table(
        harness,
        [ada, bo],
        ai_seats=1,
        expansions="river,abbot",
        seed=1,
        decks={"tiles": ABBOT_DECK},
    )
    log = await play_table(harness, table, seed=2)
    assert log.finished
    loaded = await game_state(harness.bot.database_url, table.game_id)
    game, info = loaded.game, loaded.info
    assert info.status == "finished" and sorted(info.expansions) == ["abbot", "river"]
    # the river first, from the spring at 0,0, then the land tiles.
    placed = [e["tile"] for e in game.events if e["type"] == "place"]
    river = [t for t in placed if t.startswith("RV")]
    assert placed[: len(river)] == river and len(river) >= 9, placed
    assert placed[len(river) :] == ABBOT_DECK[: len(placed) - len(river)]
    # Each river turn's board numbered the one cell beyond the open end (the
    # thread's images in words; an AI seat's turn has no image of its own).
    seen = transcript.render(ada, {table.thread_id})
    alts = [re.search(rf"alt: Turn {turn} · [^\n]*", seen) for turn in range(1, len(river) + 1)]
    found = [a.group() for a in alts if a is not None]
    assert len(found) >= len(river) // 2, found
    assert all("· 1 numbered cell where the tile fits ·" in a for a in found), found
    # the humans put their abbot out and took it back through their
    # panels, each in their own language, offered with the points it would score.
    humans = {s.index: s for s in info.seats if not s.is_ai}
    took_back = 0
    for seat, member, put, label in (
        (0, ada, "Put your abbot", r"Take your abbot back \(\+(\d+) points? now\)"),
        (1, bo, "Poser ton abbé", r"Récupérer ton abbé \(\+(\d+) points? tout de suite\)"),
    ):
        assert humans[seat].user_id == member.id
        panels = transcript.render(member, set())
        assert put in panels, member.name
        offered = {int(n) for n in re.findall(label, panels)}
        scored = {
            e["points"] for e in game.events if e["type"] == "abbot-back" and e["player"] == seat
        }
        assert scored <= offered, (member.name, scored, offered)
        took_back += len(scored)
    placed_abbot = [a for a in game.actions if a.get("abbot") and a["player"] in humans]
    assert placed_abbot and took_back, "no human put their abbot out and took it back"
    thread = transcript.render(ada, {table.thread_id})
    assert "took their abbot back from the" in thread
    figures = await table_figures(harness, table, "river-abbot", request.config)
    write_transcripts(table, "river-abbot", request.config)
    assert_clean(figures)
    # The base game's message budget; the click latency of a short game (as the
    # all-expansions one: its first images of each new tile weigh more in it).
    assert_budgets(harness, table, figures, messages=1.5, p95=700)
    await assert_pings(harness, table)
    assert harness.fake.problems() == []
