"""Numbering and distinct rotations (renders.choices): pure, no Pillow."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.directions import ROTATIONS
from engine.game import Game
from engine.tiles import KINDS, face
from renders.choices import distinct_cells, distinct_rotations, face_signature, number_cells


def test_symmetric_tiles_offer_one_rotation_per_different_result() -> None:
    assert distinct_rotations("X", ROTATIONS) == [0]  # crossroads
    assert distinct_rotations("B", ROTATIONS) == [0]  # monastery, fields all round
    assert distinct_rotations("C", ROTATIONS) == [0]  # city all round
    assert distinct_rotations("U", ROTATIONS) == [0, 90]  # straight road
    assert distinct_rotations("H", ROTATIONS) == [0, 90]  # two caps facing
    assert distinct_rotations("V", ROTATIONS) == [0, 90, 180, 270]  # curve


def test_the_callers_order_is_kept_and_the_first_of_each_result_wins() -> None:
    assert distinct_rotations("U", [270, 90, 180, 0]) == [270, 180]
    assert distinct_rotations("U", []) == []


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_rotations_kept_apart_really_differ_on_the_board(kind: str) -> None:
    # Two rotations are merged only when every edge type and every segment's
    # edges and half-edges agree (what the engine compares when placing).
    kept = distinct_rotations(kind, ROTATIONS)
    for r in ROTATIONS:
        twin = next(k for k in kept if face_signature(kind, k) == face_signature(kind, r))
        assert face(kind, r).edges == face(kind, twin).edges
    for a in kept:
        for b in kept:
            if a != b:
                assert face_signature(kind, a) != face_signature(kind, b)


def test_distinct_rotations_of_real_legal_placements() -> None:
    game = Game(["Ada", "Bo"], seed=1, decks={"tiles": ["X", "U"]})
    rots = [r for x, y, r in game.legal_placements() if (x, y) == (1, 0)]
    assert len(rots) == 4 and distinct_rotations("X", rots) == [0]


def test_numbering_follows_the_given_order_and_skips_repeats() -> None:
    assert number_cells([(2, 0), (-1, 3), (2, 0), (0, -1)]) == {(2, 0): 1, (-1, 3): 2, (0, -1): 3}
    assert distinct_cells([(1, 0, 0), (0, -1, 90), (1, 0, 180)]) == [(0, -1), (1, 0)]


def test_choices_import_without_pillow() -> None:
    code = (
        "import sys; import renders.choices as c; "
        "assert c.distinct_rotations('X', [0, 90]) == [0]; "
        "assert 'PIL' not in sys.modules, 'PIL was imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
