"""The text layer: keyed messages, plural forms, escaping of user-supplied
names, locales, and a text for every key the code uses and every error."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot import expansions
from bot.errors import player_text
from bot.text import ENGLISH, Text, Words, code_safe, escape, has, join, mention, t
from db.errors import HostOnly, NotYourTurn, StoreUnavailable
from db.values import GameError, error_classes
from engine.phases import IllegalAction

ROOT = Path(__file__).resolve().parents[3]
WORD_CALLS = ("t", "W", "words", "ENGLISH", "described")


def test_fields_fill_named_places_and_counts_choose_the_plural_form() -> None:
    assert t("lobby.you_joined", game=5) == "You joined game #5."
    assert t("undo.took_back", count=1) == "Took back 1 action."
    assert t("undo.took_back", count=3) == "Took back 3 actions."
    assert isinstance(t("lobby.state.finished"), Text)


def test_user_names_are_escaped_and_cannot_ping() -> None:
    nasty = "@everyone **Bo** <@&123> `x` _y_ ~~z~~ ||s|| > q # h [l](u)"
    text = t("undo.announce", name=nasty)
    assert "@everyone" not in text and "<@&123>" not in text
    assert "@\u200beveryone" in text
    assert "**Bo**" not in text and "\\*\\*Bo\\*\\*" in text
    for raw in ("`x`", "_y_", "~~z~~", "||s||", "[l](u)"):
        assert raw not in text, raw
    # A name is one line, whatever was typed.
    assert "\n" not in escape("Ada\nBo")


def test_rendered_text_is_not_escaped_twice_and_mentions_stay_mentions() -> None:
    inner = t("lobby.you_joined", game=5)
    assert t("panel.asks", prompt=inner) == "You joined game #5.."
    assert t("timer.reminder", who=mention(7), game=1, prompt=Text("x")).startswith("<@7>,")
    assert join([escape("a_b"), Text("c")], ", ") == "a\\_b, c"
    with pytest.raises(TypeError):
        join(["not rendered"])  # type: ignore[list-item]


def test_lists_are_joined_item_by_item_escaped() -> None:
    text = t("error.not_your_turn", waiting=["Ada", "@here"])
    assert text == "It is not your turn: waiting for Ada, @\u200bhere."


def test_code_blocks_keep_names_readable_but_closed() -> None:
    assert code_safe("a_b*c") == "a_b*c"
    assert "`" not in code_safe("```evil") and "@\u200beveryone" in code_safe("@everyone")


def test_locales_fall_back_to_english() -> None:
    # A locale without a catalogue (Italian) reads English; French has its own.
    assert Words("it")("lobby.state.finished") == ENGLISH("lobby.state.finished")
    assert t("lobby.ai_added", locale="en-GB", name="AI 1") == t("lobby.ai_added", name="AI 1")
    assert t("lobby.ai_added", locale=None, name="AI 1") == "AI 1 added."
    assert Words("fr-FR")("lobby.ai_added", name="IA 1") == "IA 1 prend place."


def test_an_unknown_key_shows_itself_and_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    assert t("no.such.key") == "no.such.key"
    assert any("no.such.key" in r.getMessage() for r in caplog.records)


def _error_keys() -> list[str]:
    keys = []
    for cls in [GameError, *error_classes()]:
        variants = cls.VARIANTS or ("",)
        keys += [f"error.{cls.code}" + (f".{v}" if v else "") for v in variants]
    return keys


def test_every_error_class_has_its_text() -> None:

    missing = [k for k in _error_keys() if not has(k)]
    assert missing == []


def test_errors_read_as_sentences() -> None:
    assert player_text(HostOnly("add_ai"), ENGLISH) == "Only the host can add AI seats."
    busy = player_text(StoreUnavailable("busy"), ENGLISH) or ""
    assert "nothing was changed" in busy and "same moment" not in busy
    full = player_text(StoreUnavailable("full"), ENGLISH) or ""
    assert "could not be saved" in full and "Nothing was changed" in full
    assert player_text(NotYourTurn(["Bo"]), ENGLISH) == "It is not your turn: waiting for Bo."
    assert player_text(IllegalAction("cell 1,0 already holds a tile"), ENGLISH) == (
        "Not allowed: cell 1,0 already holds a tile"
    )
    # Rule IDs, step names and seat numbers stay in the engine's reasons (#13).
    reason = "it is not Ada's move: waiting for Bo (seat 1) in step 'xmas-attack' (X-4.9)"
    assert player_text(IllegalAction(reason), ENGLISH) == (
        "Not allowed: it is not Ada's move: waiting for Bo"
    )
    assert player_text(RuntimeError("secret"), ENGLISH) is None


def _literal_keys() -> set[str]:
    """Message keys passed as literals to the text layer anywhere in bot/ and cogs/."""
    keys: set[str] = set()
    for path in [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", None)
            if name not in WORD_CALLS:
                continue
            arg = node.args[0]
            candidates = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for c in candidates:
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    keys.add(c.value)
    return keys


def test_every_key_the_code_uses_has_a_text() -> None:
    expansions.adapters()
    keys = _literal_keys()
    assert len(keys) > 100  # the scan finds the call sites
    assert sorted(k for k in keys if not has(k)) == []


def test_every_adapter_key_has_a_text() -> None:
    for adapter in expansions.adapters():
        declared = [adapter.title, *adapter.prompts.values(), *adapter.holdings.values()]
        declared += [*adapter.score_groups.values(), *adapter.group_order, *adapter.feature_groups]
        if adapter.command is not None:
            declared += [adapter.command.description, adapter.command.option]
        assert [k for k in declared if not has(k)] == [], adapter.name
        assert all(k.startswith(adapter.name + ".") for k in adapter.messages)


def test_keys_built_from_data_exist() -> None:
    from db.values import TIMEOUT_POLICIES

    for policy in TIMEOUT_POLICIES:
        assert has(f"lobby.policy.{policy}")
    for policy in ("ai", "skip"):
        assert has(f"timer.timed_out.{policy}")
    for status in ("lobby", "active", "finished", "abandoned"):
        assert has(f"lobby.state.{status}")
    for kind in ("road", "city", "monastery", "field"):
        assert has(f"feature.{kind}") and has(f"group.{kind}")
    for step in ("place", "follower"):
        assert has(f"prompt.{step}")
    for reason in ("completed", "final", "field"):
        assert has(f"event.score_{reason}")
    for rotation in (0, 90, 180, 270):
        assert has(f"rotation.{rotation}")
    for where in ("n", "ne", "e", "se", "s", "sw", "w", "nw"):
        assert has(f"where.{where}")
    for kind in ("road", "city", "monastery", "field"):
        assert has(f"feature.{kind}.cap") and has(f"role.{kind}") and has(f"image.feature.{kind}")
    for verb in ("join", "leave", "add_ai", "start", "turn", "answer", "hand"):
        assert has(f"button.{verb}")
