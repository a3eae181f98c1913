"""The ``/settings`` panel on Discord: toggles for pings, DMs and automatic
answers, and selects for being away, quiet hours and one's time zone. Only
the user who opened it sees it (ephemeral); its components are persistent
(``carc:set:<verb>``) and act for whoever clicks them (their own settings).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Self, TypeVar

import discord

from bot.errors import BadSetting
from bot.present import settings as st
from bot.services.prefs import MAX_AWAY
from bot.services.prefs import BadSetting as BadValue
from bot.text import Words
from bot.ui.access import caller_of, services_of
from bot.ui.replies import defer, edit, reply
from bot.ui.views import MAX_PLACEHOLDER, Component
from db.values import UserPrefs, utcnow

TOGGLES = {
    "mentions": "settings.button.mentions",
    "dms": "settings.button.dms",
    "auto_answer": "settings.button.auto",
}
SELECTS = ("away", "qfrom", "qto", "zone")


ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


class SettingsItem(Component[ItemT], template=r"(?!)"):
    """What the settings components share: the verb, read back from the
    template's named group (custom id ``<PREFIX>:<verb>``); a click changes
    that setting. The server's panel (bot.ui.servers) uses them with its own
    prefixes and :meth:`clicked`."""

    verb: str
    PREFIX: str

    @classmethod
    def rebuild(cls, groups: dict[str, str]) -> Self:
        return cls.of(groups["verb"])

    @classmethod
    def of(cls, verb: str) -> Self:
        raise NotImplementedError

    async def clicked(self, interaction: discord.Interaction) -> None:
        await on_change(interaction, self.verb, self.chosen(interaction))


class SettingsButton(SettingsItem[discord.ui.Button[Any]], template=r"carc:set:(?P<verb>[a-z_]+)"):
    PREFIX = "carc:set"

    def __init__(self, verb: str, label: str = "?", on: bool = False, row: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
                custom_id=f"{self.PREFIX}:{verb}",
                row=row,
            )
        )
        self.verb = verb

    @classmethod
    def of(cls, verb: str) -> Self:
        return cls(verb)


class SettingsSelect(SettingsItem[discord.ui.Select[Any]], template=r"carc:sets:(?P<verb>[a-z]+)"):
    PREFIX = "carc:sets"

    def __init__(
        self,
        verb: str,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{self.PREFIX}:{verb}",
                placeholder=placeholder[:MAX_PLACEHOLDER] or None,
                options=options or [discord.SelectOption(label="-", value="-")],
                row=row,
            )
        )
        self.verb = verb

    @classmethod
    def of(cls, verb: str) -> Self:
        return cls(verb)


def settings_view(prefs: UserPrefs, now: dt.datetime, words: Words) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb, key in TOGGLES.items():
        on = bool(getattr(prefs, verb))
        state = words("settings.on") if on else words("settings.off")
        view.add_item(SettingsButton(verb, words(key, state=state), on))

    def select(verb: str, placeholder: str, choices: list[st.Choice], row: int) -> None:
        options = [
            discord.SelectOption(label=c.label[:100], value=c.value, default=c.default)
            for c in choices
        ]
        view.add_item(SettingsSelect(verb, placeholder, options, row))

    select("away", words("settings.select.away"), st.away_choices(prefs, now, words), 1)
    select(
        "qfrom",
        words("settings.select.quiet_from"),
        st.hour_choices(prefs.quiet_from, words, none=True),
        2,
    )
    select(
        "qto",
        words("settings.select.quiet_to"),
        st.hour_choices(prefs.quiet_to, words, none=False)[:24],
        3,
    )
    select("zone", words("settings.select.zone"), st.zone_choices(prefs, now, words), 4)
    return view


async def show(interaction: discord.Interaction, *, replace: bool) -> None:
    caller = caller_of(interaction)
    prefs = await services_of(interaction.client).prefs.get(caller.user_id)
    now = utcnow()
    text = st.settings_text(prefs, now, caller.words)
    view = settings_view(prefs, now, caller.words)
    if replace:
        await edit(interaction, text, view=view)
    else:
        await reply(interaction, text, view=view)


def change_of(verb: str, value: str | None, prefs: UserPrefs, now: dt.datetime) -> dict[str, Any]:
    """The settings a click changes."""
    if verb in TOGGLES:
        return {verb: not getattr(prefs, verb)}
    if value is None:
        raise BadSetting(verb)
    try:
        if verb == "away":
            days = int(value)
            if days > MAX_AWAY.days:  # never a date past what can be stored or shown
                raise BadSetting(verb)
            return {"away_until": now + dt.timedelta(days=days) if days > 0 else None}
        if verb == "qfrom":
            if value == st.NO_QUIET:
                return {"quiet_from": None, "quiet_to": None}
            start = int(value)
            end = prefs.quiet_to if prefs.quiet_to is not None else (start + 8) % 24
            return {"quiet_from": start, "quiet_to": end}
        if verb == "qto":
            end = int(value)
            start = prefs.quiet_from if prefs.quiet_from is not None else (end - 8) % 24
            return {"quiet_from": start, "quiet_to": end}
        if verb == "zone":
            return {"utc_offset": int(value)}
    except (ValueError, OverflowError):
        raise BadSetting(verb) from None
    raise BadSetting(verb)


async def on_change(interaction: discord.Interaction, verb: str, value: str | None) -> None:
    await defer(interaction, update=True)
    caller = caller_of(interaction)
    prefs = services_of(interaction.client).prefs
    now = utcnow()
    mine = await prefs.get(caller.user_id)
    try:
        await prefs.update(caller.user_id, **change_of(verb, value, mine, now))
    except BadValue as exc:
        raise BadSetting(str(exc)) from None
    await show(interaction, replace=True)
