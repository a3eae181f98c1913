"""The offline demo (`python -m bot` without a token) end to end on a temp dir."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

import bot.__main__ as entry
import bot.demo as demo
from bot.settings import Settings
from engine.expansions import known_expansions
from engine.game import shuffled
from engine.record import replay
from engine.tiles import base_bag, expansion_tiles

SHORT_DECK = shuffled(5, "tiles", base_bag() + expansion_tiles("bets"))[:14]


async def test_demo_plays_a_short_game_with_every_expansion(tmp_path: Path) -> None:
    result = await demo.run_demo(tmp_path, decks={"tiles": SHORT_DECK}, seed=5)
    record = json.loads(result.record_path.read_text())
    assert record["expansions"] == list(known_expansions())
    assert record["players"] == ["AI 1", "AI 2", "AI 3"]
    game = replay(record)
    assert game.finished and game.final_scores() == result.scores
    # A board per turn (tiles that fit nowhere are discarded, B-4) and the final board.
    turns = sorted(tmp_path.glob("turn-*.png"))
    assert game.turns_played <= len(turns) <= len(SHORT_DECK)
    assert (tmp_path / "final-board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert turns[0].read_bytes()[:4] == b"\x89PNG"
    log = (tmp_path / "log.txt").read_text()
    assert "Game over" in log


def test_python_m_bot_without_token_runs_the_demo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(_env_file=None, discord_token=None, demo_output_dir=tmp_path / "out")  # type: ignore[call-arg]
    monkeypatch.setattr(entry, "get_settings", lambda: settings)
    monkeypatch.setattr(
        demo, "run_demo", functools.partial(demo.run_demo, decks={"tiles": SHORT_DECK[:6]})
    )
    assert entry.main() == 0
    out = capsys.readouterr().out
    assert "DISCORD_TOKEN" in out and ".env" in out
    assert (tmp_path / "out" / "record.json").exists()


def test_blank_token_counts_as_none() -> None:
    assert Settings(_env_file=None, discord_token="  ").token is None  # type: ignore[call-arg]
    assert Settings(_env_file=None, discord_token="abc").token == "abc"  # type: ignore[call-arg]


def test_env_example_documents_every_setting() -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    settings = Settings(_env_file=example)  # type: ignore[call-arg]
    assert settings.token is None and settings.timeout_policy == "ai"
    text = example.read_text()
    for name in Settings.model_fields:
        assert name.upper() in text, name
