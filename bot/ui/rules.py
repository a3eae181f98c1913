"""``/rules`` on Discord: a private message, paged with buttons (Previous,
Next, one per section, "All cards"). Custom id
``carc:rules:<section>:<page>:<tag>``: what to show (tag p/n/s/c tells the
buttons of one message apart); persistent, so pages turn after a restart."""

from __future__ import annotations

from typing import Any, Self

import discord

from bot.errors import UnknownRules
from bot.expansions import CardText
from bot.present import rules as rp
from bot.text import Text, Words
from bot.ui.access import caller_of
from bot.ui.replies import defer, edit, reply
from bot.ui.views import MAX_LABEL, Component, GameView

PER_ROW = 5  # Discord's buttons per row


class RulesButton(
    Component[discord.ui.Button[Any]],
    template=r"carc:rules:(?P<section>[a-z0-9_-]+):(?P<page>\d+):(?P<tag>[pnsc])",
):
    def __init__(
        self,
        section: str,
        page: int,
        tag: str,
        *,
        label: str = "-",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL],
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"carc:rules:{section}:{page}:{tag}",
            )
        )
        self.section, self.page = section, page

    @classmethod
    def rebuild(cls, groups: dict[str, str]) -> Self:
        return cls(groups["section"], int(groups["page"]), groups["tag"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        await defer(interaction, update=True)
        text, view = page_message(self.section, self.page, caller_of(interaction).words)
        await edit(interaction, text, view=view)


def _section(name: str) -> rp.Section:
    found = rp.section(name)
    if found is None:
        raise UnknownRules(name)
    return found


def add_sections(view: GameView, current: str | None, words: Words, first_row: int) -> None:
    """One button per section (the one shown in blue)."""
    for index, s in enumerate(rp.sections()):
        here = s.name == current
        view.add_item(
            RulesButton(
                s.name,
                0,
                "s",
                label=words(s.book.title),
                style=discord.ButtonStyle.primary if here else discord.ButtonStyle.secondary,
                row=first_row + index // PER_ROW,
            )
        )


def page_message(name: str, page: int, words: Words) -> tuple[Text, GameView]:
    s = _section(name)
    text, page, count = rp.page_text(s, page, words)
    view = GameView()
    view.add_item(
        RulesButton(
            s.name,
            max(page - 1, 0),
            "p",
            label=words("rules.previous"),
            disabled=page == 0,
            row=0,
        )
    )
    view.add_item(
        RulesButton(
            s.name,
            min(page + 1, count - 1),
            "n",
            label=words("rules.next"),
            disabled=page >= count - 1,
            row=0,
        )
    )
    add_sections(view, s.name, words, 1)
    return text, view


def card_message(s: rp.Section, card: CardText, words: Words) -> tuple[Text, GameView]:
    text = words("rules.one_card", title=words(s.book.title), card=rp.card_text(card, words))
    view = GameView()
    page = rp.card_page_of(s, card.id, words)
    view.add_item(RulesButton(s.name, page, "c", label=words("rules.all_cards"), row=0))
    add_sections(view, s.name, words, 1)
    return text, view


async def show_rules(
    interaction: discord.Interaction, section: str | None, card: str | None
) -> None:
    """Answer ``/rules``: a section's first page, or one card."""
    await defer(interaction, ephemeral=True)
    words = caller_of(interaction).words
    if card:
        try:
            s, found = rp.resolve_card(section, card, words)
        except LookupError:
            raise UnknownRules(card) from None
        text, view = card_message(s, found, words)
    else:
        text, view = page_message(section or rp.BASE, 0, words)
    await reply(interaction, text, view=view)


def sections_view(words: Words) -> GameView:
    """The section buttons alone (under /help)."""
    view = GameView()
    add_sections(view, None, words, 0)
    return view
