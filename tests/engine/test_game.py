"""Actions, rejections, records and the command line (engine issue items 3-8)."""

import json
import subprocess
import sys

import pytest

from engine import Game, IllegalAction, RecordError, replay
from engine.ai import play_out
from engine.record import parse
from engine.views import public_view
from tests.engine.helpers import fingerprint, play, scripted


def _started() -> Game:
    return play(scripted(["U", "V", "E", "B"]), "U 1,0 r90 E")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"player": 0, "type": "place", "x": 0, "y": 1, "rotation": 0}, "not seat 0|not P0's move"),
        ({"player": 1, "type": "place", "x": "0", "y": 1, "rotation": 0}, "'x' must be an integer"),
        ({"player": 1, "type": "place", "x": 0.5, "y": 1, "rotation": 0}, "'x' must be an integer"),
        ({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 45}, "rotation must be"),
        ({"player": 1, "type": "place", "x": 0, "y": 0, "rotation": 0}, "already holds a tile"),
        (
            {"player": 1, "type": "place", "x": 5, "y": 5, "rotation": 0},
            "not next to any placed tile",
        ),
        ({"player": 1, "type": "place", "x": 0, "y": -1, "rotation": 0}, "does not fit"),
        ({"player": 1, "type": "follower", "location": None}, "not possible in step 'place'"),
        ({"player": 1, "type": "teleport"}, "not possible in step 'place'"),
        ({"player": 7, "type": "place", "x": 0, "y": 1, "rotation": 0}, "seat number from 0 to 1"),
        ({"player": True, "type": "place", "x": 0, "y": 1, "rotation": 0}, "seat number"),
        (["not", "a", "dict"], "JSON object"),
    ],
)
def test_illegal_actions_are_rejected_with_a_reason_and_change_nothing(action, reason):
    game = _started()
    before = fingerprint(game)
    with pytest.raises(IllegalAction, match=reason):
        game.apply(action)
    assert fingerprint(game) == before


def test_mismatched_edge_names_both_sides():
    game = _started()  # seat 1 holds V (road S-W); 0,-1 needs a city on its south edge
    with pytest.raises(IllegalAction, match=r"S edge \(road\) meets a city"):
        game.apply({"player": 1, "type": "place", "x": 0, "y": -1, "rotation": 0})


@pytest.mark.parametrize(
    ("location", "reason"),
    [
        ("XYZ", "not a location on V"),
        (5, "'location' must be a location name or null, not 5"),
        ("E", "not a location on V"),  # V at 0,1 r0 has no east segment
    ],
)
def test_bad_follower_locations_are_rejected(location, reason):
    game = _started()
    game.apply({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0})
    before = fingerprint(game)
    with pytest.raises(IllegalAction, match=reason):
        game.apply({"player": 1, "type": "follower", "location": location})
    assert fingerprint(game) == before


def test_follower_action_needs_a_location_field():
    game = _started()
    game.apply({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0})
    with pytest.raises(IllegalAction, match="needs 'location'"):
        game.apply({"player": 1, "type": "follower"})


def test_non_canonical_location_names_designate_the_segment():
    game = _started()
    game.apply({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0})
    events = game.apply({"player": 1, "type": "follower", "location": "WSW"})
    (event,) = [e for e in events if e["type"] == "follower"]
    assert event["location"] == "SSW"


def test_no_follower_left_in_supply():
    game = _started()
    game.apply({"player": 1, "type": "place", "x": 0, "y": 1, "rotation": 0})
    game.supply[1] = 0  # as if all seven were on the board
    assert game.legal_followers() == []
    with pytest.raises(IllegalAction, match="no follower left"):
        game.apply({"player": 1, "type": "follower", "location": "S"})
    game.apply({"player": 1, "type": "follower", "location": None})


def test_game_over_rejects_actions():
    game = play(scripted(["E"]), "E 0,-1 r180 -")
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply({"player": 0, "type": "place", "x": 0, "y": 1, "rotation": 0})


def test_record_round_trip_replays_exactly():
    game = play_out(Game(["Ada", "Bo", "Cy"], seed=11))
    again = replay(json.loads(json.dumps(game.record())))
    assert fingerprint(again) == fingerprint(game)
    assert again.finished and again.scores == game.scores


def test_replay_stops_at_the_first_illegal_action_with_its_index():
    game = play_out(Game(["Ada", "Bo"], seed=5))
    record = game.record()
    bad = {"player": 0, "type": "follower", "location": "NNW"}
    record["actions"] = [*record["actions"][:6], bad]
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.index == 6
    assert "action 6" in err.value.message
    assert err.value.game is not None and len(err.value.game.actions) == 6


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"players": "Ada"}, "'players' must be a list"),
        ({"players": ["Ada"]}, "2 to 6 players"),
        ({"players": ["A", "B"], "seed": "x"}, "'seed' must be an integer"),
        ({"players": ["A", "B"], "expansions": ["dragons"]}, "unknown expansion 'dragons'"),
        ({"players": ["A", "B"], "decks": {"tiles": ["Z9"]}}, "unknown tile kind 'Z9'"),
        ({"players": ["A", "B"], "actions": {}}, "'actions' must be a list"),
        ({"players": ["A", "B"], "format": "chess/1"}, "unknown record format"),
    ],
)
def test_broken_setups_give_clear_errors(record, message):
    with pytest.raises(RecordError, match=message) as err:
        replay(record)
    assert err.value.index == -1


def test_malformed_json_is_a_record_error():
    with pytest.raises(RecordError, match="not valid JSON"):
        parse("{nope")
    with pytest.raises(RecordError, match="JSON object"):
        parse("[1, 2]")


def test_undo_floor_moves_when_a_tile_is_drawn():
    game = scripted(["U", "V"])
    assert game.undo_floor == 0
    game.apply({"player": 0, "type": "place", "x": 1, "y": 0, "rotation": 90})
    assert game.undo_floor == 0  # placing reveals nothing: may be taken back
    game.apply({"player": 0, "type": "follower", "location": None})
    assert game.undo_floor == 2  # the next tile was drawn


def test_public_view_lists_board_and_turn():
    game = _started()
    view = public_view(game)
    assert [(t.kind, t.x, t.y) for t in view.tiles] == [("D", 0, 0), ("U", 1, 0)]
    assert [(f.player, f.x, f.y, f.location, f.lying) for f in view.followers] == [
        (0, 1, 0, "E", False)
    ]
    assert view.turn is not None and (view.turn.player, view.turn.tile, view.turn.step) == (
        1,
        "V",
        "place",
    )
    assert view.tiles_left == 2 and view.supply == (6, 7)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, check=False
    )


def test_cli_play_then_replay_and_legal(tmp_path):
    out = _cli("play", "--players", "3", "--seed", "4")
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = _cli("replay", str(path))
    assert result.returncode == 0
    state = json.loads(result.stdout)
    assert state["finished"] is True and state["turn"] is None and state["error"] is None
    assert state["scores"] == replay(record).scores and state["placed"] >= 2

    record["actions"] = record["actions"][:3]
    path.write_text(json.dumps(record))
    legal = json.loads(_cli("legal", str(path)).stdout)
    assert legal["placements"] == [] and isinstance(legal["followers"], list)
    record["actions"] = record["actions"][:2]
    path.write_text(json.dumps(record))
    legal = json.loads(_cli("legal", str(path)).stdout)
    assert legal["followers"] is None and legal["placements"]
    assert set(legal["placements"][0]) == {"x", "y", "rotation"}


def test_cli_replay_reports_rejected_action_with_exit_2(tmp_path):
    record = {"players": ["A", "B"], "seed": 1, "actions": [{"player": 1, "type": "place"}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = _cli("replay", str(path))
    assert result.returncode == 2
    state = json.loads(result.stdout)
    assert state["error"]["index"] == 0 and "not B's move" in state["error"]["message"]
    assert state["turn"]["player"] == 0 and state["turn"]["step"] == "place"
    assert state["placed"] == 1 and not state["finished"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{oops", "not valid JSON"),
        (b'{"players": ["A", "B"], "decks": {"tiles": ["Q7"]}}', "unknown tile kind"),
        # Issue #18 item 5: each of these printed a traceback.
        ('{"players": ["Ad\xe9", "B"]}'.encode("latin-1"), "not UTF-8"),
        (b'{"players": ["A", "B"], "seed": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "deeply"),
        (b'{"players": ["A", "B"], "seed": ' + b"7" * 5000 + b"}", "not valid JSON"),
    ],
    ids=["bad-json", "bad-deck", "not-utf8", "deep-nesting", "5000-digit-integer"],
)
@pytest.mark.parametrize("command", ["replay", "legal"])
def test_cli_unusable_record_is_a_record_error_never_a_traceback(
    tmp_path, content, message, command
):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = _cli(command, str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and result.stderr == ""
    error = json.loads(result.stdout)["error"]
    assert error["index"] == -1 and message in error["message"]


def test_cli_missing_file(tmp_path):
    result = _cli("replay", str(tmp_path / "none.json"))
    assert result.returncode == 1 and "cannot read" in result.stdout
