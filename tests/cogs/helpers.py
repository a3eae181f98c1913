"""Driving games through the cog layer: lobby, then every decision taken by
the engine's AI for the seat but sent as the player would send it (slash
command or panel clicks), after checking that autocomplete offers it."""

from __future__ import annotations

from typing import Any

from bot.app import CarcassonneBot
from bot.present.choices import action_key, choices, command_of
from bot.text import ENGLISH
from engine.actions import parse_action
from engine.ai import AI
from renders.choices import distinct_rotations
from tests.fakes.interactions import (
    World,
    app_command,
    autocomplete,
    click,
    custom_ids,
    drain,
    interaction,
    last_text,
)


async def lobby(
    bot: CarcassonneBot, world: World, users: list[Any], *, ai_seats: int = 0, **options: Any
) -> tuple[int, Any]:
    """/carcassonne new by users[0], Join by the others, AI seats, Start.
    Returns the game id and its thread."""
    cog = bot.get_cog("Lobby")
    inter = interaction(bot, users[0], world.channel)
    await cog.new.callback(cog, inter, **options)  # type: ignore[attr-defined]
    assert "is open" in last_text(inter), last_text(inter)
    buttons = custom_ids(world.channel.sent[-1]["view"])
    game_id = int(buttons[0].split(":")[2])
    for u in users[1:]:
        joined = await click(bot, u, world.channel, f"carc:lobby:{game_id}:join")
        assert "joined" in last_text(joined), last_text(joined)
    for _ in range(ai_seats):
        await click(bot, users[0], world.channel, f"carc:lobby:{game_id}:ai")
    started = await click(bot, users[0], world.channel, f"carc:lobby:{game_id}:start")
    assert "started" in last_text(started), last_text(started)
    info = await bot.services.store.game_info(game_id)  # type: ignore[union-attr]
    assert info.thread_id is not None
    return game_id, world.channels[info.thread_id]


async def step(
    bot: CarcassonneBot, game_id: int, users: dict[int, Any], thread: Any, n: int, *, panel: bool
) -> dict[str, Any]:
    """One decision: the AI's choice for the first waiting human seat, sent
    through a slash command (or the panel when ``panel``). Returns the action."""
    services = bot.services
    assert services is not None
    cog = bot.get_cog("Play")
    loaded = await services.store.load_game(game_id)
    game, version = loaded.game, loaded.info.version
    d = game.pending
    assert d is not None
    seat = next(p for p in d.players if p in users)
    user = users[seat]
    action = AI(seed=seat).choose(game, seat)
    legal = game.legal_actions(seat)
    kind = action["type"]
    if kind == "place":
        x, y, r = action["x"], action["y"], action["rotation"]
        ac = interaction(bot, user, thread, namespace={"cell": f"{x},{y}"})
        offered = await cog.place_cell(ac, f"{x},{y}")  # type: ignore[attr-defined]
        assert f"{x},{y}" in [c.value for c in offered]
        rots = await cog.place_rotation(ac, "")  # type: ignore[attr-defined]
        legal_rots = sorted(
            a["rotation"] for a in legal if a["type"] == "place" and (a["x"], a["y"]) == (x, y)
        )
        # The placements that differ (a symmetric tile's repeats are offered once).
        shown_rots = distinct_rotations(str(game.turn.tile), legal_rots)  # type: ignore[union-attr]
        assert [int(c.value) for c in rots] == shown_rots
        if panel:
            opened = await click(bot, user, thread, f"carc:g:{game_id}:turn")
            ids = custom_ids(opened.sent[-1]["view"])
            cell_select = next(i for i in ids if ":cell:" in i)
            if f"{x},{y}" not in [
                o.value for o in _select_options(opened.sent[-1]["view"], cell_select)
            ]:
                panel = False  # the cell is on another page of the select
            else:
                chosen = await click(bot, user, thread, cell_select, f"{x},{y}")
                rot_ids = [i for i in custom_ids(chosen.sent[-1]["view"]) if ":rot:" in i]
                assert [int(i.rsplit(",", 1)[1]) for i in rot_ids] == shown_rots
                await click(bot, user, thread, f"carc:p:{game_id}:{version}:rot:{x},{y},{r}")
        if not panel:
            inter = interaction(bot, user, thread)
            await cog.place.callback(cog, inter, cell=f"{x},{y}", rotation=str(r))  # type: ignore[attr-defined]
    elif kind == "follower" and parse_action(action).piece is None:  # type: ignore[attr-defined]
        # (a follower action placing an expansion's piece is offered by its command, A-3)
        loc = action["location"]
        ac = interaction(bot, user, thread)
        offered = [c.value for c in await cog.follower_location(ac, "")]  # type: ignore[attr-defined]
        assert (loc or "none") in offered
        if panel:
            await click(bot, user, thread, f"carc:p:{game_id}:{version}:fol:{loc or '-'}")
        else:
            inter = interaction(bot, user, thread)
            await cog.follower.callback(cog, inter, location=loc or "none")  # type: ignore[attr-defined]
    else:
        typed = parse_action(action)
        key = action_key(typed)
        command = app_command(bot, command_of(typed))
        value = f"{version}:{key}"
        ac = interaction(bot, user, thread)
        offered = await autocomplete(command, ac, "choice", "")
        if value not in [c.value for c in offered]:  # more than 25: narrow by its label
            label = next(c.label for c in choices(game, seat, ENGLISH) if c.key == key)
            offered = await autocomplete(command, ac, "choice", label)
        assert value in [c.value for c in offered], (value, kind)
        inter = interaction(bot, user, thread)
        await command.callback(inter, choice=value)
    await drain(bot)
    after = await services.store.game_info(game_id)
    assert after.version > version, f"action {kind} was not applied: {n}"
    return action


def _select_options(view: Any, custom_id: str) -> list[Any]:
    for item in view.children:
        if getattr(item, "custom_id", None) == custom_id:
            return list(item.item.options) if hasattr(item, "item") else list(item.options)
    return []


async def play_to_end(
    bot: CarcassonneBot, game_id: int, users: dict[int, Any], thread: Any, *, panel_every: int = 3
) -> list[dict[str, Any]]:
    actions = []
    n = 0
    while True:
        loaded = await bot.services.store.load_game(game_id)  # type: ignore[union-attr]
        if loaded.game.pending is None:
            return actions
        actions.append(await step(bot, game_id, users, thread, n, panel=n % panel_every == 0))
        n += 1
