"""Each expansion's adapter covers everything its engine module adds: every
action type it attaches, every step it asks at, and its overlay exists."""

from __future__ import annotations

import importlib

import pytest

from bot import expansions
from bot.present.choices import step_prompt
from bot.text import ENGLISH, has
from engine.actions import BASE_ACTIONS, Follower, Place
from engine.expansions import known_expansions
from engine.game import Game
from engine.phases import Decision


@pytest.mark.parametrize("name", known_expansions())
def test_the_adapter_presents_every_action_and_step_of_its_expansion(name: str) -> None:
    adapter = expansions.adapter(name)
    assert adapter.name == name and type(adapter) is not expansions.GenericAdapter
    game = Game(["Ada", "Bo"], [name], seed=1)
    for spec in game.hooks.actions.values():
        assert spec.action in adapter.actions, spec.type  # the classes it matches on
        assert expansions.for_action(spec.action) is adapter
        for step in spec.steps - set(BASE_ACTIONS):
            assert step in adapter.prompts, step
            info = {"x": 1, "y": 2, "deck": "abbey", "card": "score-3", "victim": 1}
            prompt = step_prompt(game, Decision(step, (0,), 0, (), info), ENGLISH)
            assert has(adapter.prompts[step])
            # Plain words: neither the step's name nor a field left unfilled.
            assert prompt and step not in prompt and "{" not in prompt, prompt
    for piece in game.hooks.pieces:  # a follower action placing its piece
        assert expansions.for_action(Follower(0, "C", piece)) is adapter, piece
    if adapter.actions or game.hooks.pieces:
        assert adapter.command is not None and has(adapter.command.description)
    else:  # nothing to choose (The River): no command of its own
        assert adapter.command is None
    if adapter.overlay is not None:
        # The renders module that draws its marks, registered under its view key.
        from renders.overlays import REGISTRY

        module = importlib.import_module(adapter.overlay)
        assert any(type(o).__module__ == module.__name__ for o in REGISTRY.values())


def test_an_expansion_without_an_adapter_is_shown_generically() -> None:
    generic = expansions.adapter("no-such-expansion")
    assert isinstance(generic, expansions.GenericAdapter) and generic.command is None
    assert expansions.for_action(Place) is None and expansions.for_step("place") is None


def test_the_bot_offers_only_expansions_it_presents() -> None:
    offered = [a.name for a in expansions.adapters()]
    assert offered == list(known_expansions())
