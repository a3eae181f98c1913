"""The end of the game: breakdown and winners (renders.final), the timelapse
(renders.timelapse)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from engine.views import public_view
from renders.demo import ai_game, random_game
from renders.final import complete_rows, final_image, render_final
from renders.timelapse import MAX_FRAMES, frames, timelapse, views_from_record
from tests.renders.conftest import WORDS, assert_matches_golden, english_rows

EIGHT_MB = 8 * 1024 * 1024


@pytest.fixture(scope="module")
def full_game():  # type: ignore[no-untyped-def]
    # A seed whose breakdown has a row for every expansion (gifts kept, bets, cards).
    return ai_game(8, expansions=("gifts", "bets", "christmas"))


def test_breakdown_rows_add_up_to_the_final_scores(full_game) -> None:  # type: ignore[no-untyped-def]
    view = public_view(full_game)
    rows = english_rows(view)
    labels = [label for label, _ in rows]
    assert labels[:4] == ["Roads", "Cities", "Monasteries", "Fields"]
    assert {"Gifts", "Bets", "Christmas cards"} <= set(labels)
    assert complete_rows(view, rows, WORDS) == [(k, list(v)) for k, v in rows]
    for seat in range(len(view.players)):
        assert sum(v[seat] for _, v in rows) == view.scores[seat]


def test_missing_points_get_their_own_row() -> None:
    view = public_view(random_game(7))
    rows = [("Roads", [1, 2, 3, 4])]
    done = complete_rows(view, rows, WORDS)
    assert done[-1][0] == "Other"
    assert [done[0][1][s] + done[-1][1][s] for s in range(4)] == list(view.scores)


def test_golden_final_breakdown(full_game) -> None:  # type: ignore[no-untyped-def]
    view = public_view(full_game)
    png = render_final(view, english_rows(view), WORDS)
    assert_matches_golden(png, "final")


def test_shared_victory_marks_every_winner() -> None:
    view = public_view(random_game(7))
    tied = replace(view, scores=(50, 50, 10, 5), winners=(0, 1))
    one = replace(view, scores=(50, 40, 10, 5), winners=(0,))
    assert final_image(tied, [], WORDS).tobytes() != final_image(one, [], WORDS).tobytes()


def test_six_players_with_long_names_fit() -> None:
    view = public_view(random_game(3, players=[f"Player number {i} the long" for i in range(6)]))
    img = final_image(view, english_rows(view), WORDS)
    assert img.width <= 720


def test_timelapse_is_a_looping_gif_under_8_mb(full_game) -> None:  # type: ignore[no-untyped-def]
    views = views_from_record(full_game.record())
    assert len(views) == len(full_game.board.tiles)  # start + one per tile placed
    gif = timelapse(views, WORDS)
    assert len(gif) <= EIGHT_MB
    img = Image.open(io.BytesIO(gif))
    assert img.format == "GIF" and img.n_frames == len(views)
    assert img.info.get("loop") == 0
    assert max(img.size) <= 720
    img.seek(img.n_frames - 1)
    last = img.convert("RGB")
    buf = io.BytesIO()
    last.save(buf, "PNG")
    assert_matches_golden(buf.getvalue(), "timelapse-last")


@pytest.mark.slow  # draws a long game's every frame
def test_timelapse_frames_keep_one_size_and_skip_evenly_when_long() -> None:
    views = views_from_record(random_game(5).record())
    images = frames(views, WORDS)
    assert len({i.size for i in images}) == 1
    many = frames(views * 6, WORDS)
    assert len(many) == MAX_FRAMES


def test_timelapse_needs_a_view() -> None:
    with pytest.raises(ValueError, match="at least one view"):
        timelapse([], WORDS)


def test_monasteries_and_gardens_rows_a2() -> None:
    # A game with the Abbot: its monastery and garden points, each a row of
    # their own (the rows and their words are the caller's, renders draw them).
    game = ai_game(3, players=["Ada", "Bo", "Cy"], expansions=("river", "abbot"))
    view = public_view(game)
    per: dict[str, list[int]] = {"monastery": [0, 0, 0], "garden": [0, 0, 0]}
    for e in view.events:
        if e["type"] == "score" and e.get("feature") in per:
            per[e["feature"]][e["player"]] += e["points"]
    assert all(sum(v) for v in per.values())  # this game scored both
    rows = [("Monasteries", per["monastery"]), ("Gardens", per["garden"])]
    with_rows = final_image(view, rows, WORDS)
    fewer = final_image(view, rows[:1], WORDS)
    assert with_rows.height > fewer.height
    assert complete_rows(view, rows, WORDS)[:2] == [(k, list(v)) for k, v in rows]
