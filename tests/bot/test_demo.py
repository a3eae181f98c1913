"""The offline demo end to end on a temp dir (``python -m bot`` without a token:
tests/bot/cli/test_cli.py)."""

from __future__ import annotations

import json
from pathlib import Path

import bot.demo as demo
from bot.expansions import adapters
from engine.game import shuffled
from engine.record import replay
from engine.tiles import base_bag, expansion_tiles

SHORT_DECK = shuffled(5, "tiles", base_bag() + expansion_tiles("bets"))[:14]
SHORT_RIVER = ["RV5", "RV2"]  # after the spring: the monastery on the river, then the lake


async def test_demo_plays_a_short_game_with_every_expansion(tmp_path: Path) -> None:
    result = await demo.run_demo(
        tmp_path, decks={"tiles": SHORT_DECK, "river": SHORT_RIVER}, seed=5
    )
    record = json.loads(result.record_path.read_text())
    assert record["expansions"] == [a.name for a in adapters()]  # every one the bot offers
    assert record["players"] == ["AI 1 (normal)", "AI 2 (normal)", "AI 3 (normal)"]
    game = replay(record)
    assert game.finished and game.final_scores() == result.scores
    # A board per turn (tiles that fit nowhere are discarded, B-4), the final
    # score breakdown and the replay of the whole game.
    turns = sorted(tmp_path.glob("turn-*.png"))
    assert game.turns_played <= len(turns) <= len(SHORT_DECK) + len(SHORT_RIVER)
    assert (tmp_path / "final-score.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "replay.gif").read_bytes()[:6] == b"GIF89a"
    assert turns[0].read_bytes()[:4] == b"\x89PNG"
    log = (tmp_path / "log.txt").read_text()
    assert "Game over" in log
