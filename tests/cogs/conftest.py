from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakes.interactions import World, make_bot


@pytest.fixture(autouse=True)
def no_pacing(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process tests send at once: Discord's rate limits are the e2e tests'."""
    import bot.ui.outbox as outbox

    monkeypatch.setattr(outbox, "LIMITS", {})


@pytest.fixture
def world() -> World:
    return World()


@pytest.fixture
async def bot(tmp_path: Path, world: World):
    b = await make_bot(tmp_path / "bot.sqlite3", world)
    yield b
    await b.close()


@pytest.fixture
def fast_render(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count renders instead of drawing them (the images are tested in
    tests/renders and by the demo test); keeps whole-game tests quick."""
    import bot.render as render

    calls = {"board": 0, "hand": 0, "tile": 0, "placement": 0, "follower": 0, "final": 0}

    def fake(kind: str):
        def draw(*args, **kwargs) -> bytes:
            calls[kind] += 1
            return b"\x89PNG fake"

        return draw

    monkeypatch.setattr(render, "board_png", fake("board"))
    monkeypatch.setattr(render, "hand_png", fake("hand"))
    monkeypatch.setattr(render, "tile_png", fake("tile"))
    monkeypatch.setattr(render, "placement_png", fake("placement"))
    monkeypatch.setattr(render, "follower_png", fake("follower"))
    monkeypatch.setattr(render, "final_png", fake("final"))
    monkeypatch.setattr(render, "timelapse_gif", lambda *a, **k: b"GIF89a fake")
    return calls
