"""Playing commands: /place /follower /gift /card /bet /act /hand /board /score
/undo /resign. Autocomplete offers only legal values (bot.complete)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import complete
from bot.respond import defer, file_of, reply
from bot.ui import play_service, show_panel

Choices = list[app_commands.Choice[str]]


def _choices(items: list[complete.Suggestion]) -> Choices:
    return [app_commands.Choice(name=s.name[:100], value=s.value[:100]) for s in items]


def _game(interaction: discord.Interaction) -> int | None:
    value = getattr(interaction.namespace, "game", None)
    return value if isinstance(value, int) else None


async def _gid(interaction: discord.Interaction, game: int | None) -> int:
    return await play_service(interaction).game_for(
        interaction.user.id, interaction.channel_id, game
    )


async def _after_act(interaction: discord.Interaction, gid: int, done: str) -> None:
    """Confirm privately with the seat's refreshed panel (next legal choices)."""
    panel = await play_service(interaction).panel(gid, interaction.user.id)
    panel.text = f"{done}\n{panel.text}"
    await show_panel(interaction, panel, replace=False)


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- tile and follower -----------------------------------------------------------
    @app_commands.command(
        name="place", description="Place your tile: a numbered cell and a rotation"
    )
    @app_commands.describe(
        cell="a legal cell (numbers as on the board)", rotation="a legal rotation"
    )
    async def place(
        self, interaction: discord.Interaction, cell: str, rotation: str, game: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        try:
            x, y = complete.parse_cell(cell)
            rot = int(rotation.lstrip("r"))
        except ValueError as exc:
            await reply(interaction, str(exc))
            return
        action = {"type": "place", "x": x, "y": y, "rotation": rot}
        await play_service(interaction).act(gid, interaction.user.id, action)
        await _after_act(interaction, gid, f"Placed at {x},{y} r{rot}.")

    @place.autocomplete("cell")
    async def place_cell(self, interaction: discord.Interaction, current: str) -> Choices:
        return _choices(
            await complete.cells(
                play_service(interaction),
                interaction.user.id,
                interaction.channel_id,
                _game(interaction),
                current,
            )
        )

    @place.autocomplete("rotation")
    async def place_rotation(self, interaction: discord.Interaction, current: str) -> Choices:
        return _choices(
            await complete.rotations(
                play_service(interaction),
                interaction.user.id,
                interaction.channel_id,
                _game(interaction),
                getattr(interaction.namespace, "cell", None),
                current,
            )
        )

    @app_commands.command(name="follower", description="Place a follower on your new tile, or none")
    async def follower(
        self, interaction: discord.Interaction, location: str, game: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        loc = None if location.strip().lower() in (complete.NO_FOLLOWER, "-", "") else location
        await play_service(interaction).act(
            gid, interaction.user.id, {"type": "follower", "location": loc}
        )
        await _after_act(interaction, gid, f"Follower: {loc or 'none'}.")

    @follower.autocomplete("location")
    async def follower_location(self, interaction: discord.Interaction, current: str) -> Choices:
        return _choices(
            await complete.followers(
                play_service(interaction),
                interaction.user.id,
                interaction.channel_id,
                _game(interaction),
                current,
            )
        )

    # --- expansion actions (generic) -----------------------------------------------
    async def _expansion(
        self, interaction: discord.Interaction, choice: str, game: int | None
    ) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        version, index = complete.parse_action_value(choice)
        await play_service(interaction).act_index(gid, interaction.user.id, version, index)
        await _after_act(interaction, gid, "Done.")

    async def _expansion_complete(
        self, interaction: discord.Interaction, current: str, command: str
    ) -> Choices:
        return _choices(
            await complete.actions(
                play_service(interaction),
                interaction.user.id,
                interaction.channel_id,
                _game(interaction),
                command,
                current,
            )
        )

    @app_commands.command(name="gift", description="Open a gift or choose a tile (The Gifts)")
    async def gift(
        self, interaction: discord.Interaction, choice: str, game: int | None = None
    ) -> None:
        await self._expansion(interaction, choice, game)

    @gift.autocomplete("choice")
    async def gift_choice(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._expansion_complete(interaction, current, "gift")

    @app_commands.command(name="card", description="Play, draw, target or discard a Christmas card")
    async def card(
        self, interaction: discord.Interaction, choice: str, game: int | None = None
    ) -> None:
        await self._expansion(interaction, choice, game)

    @card.autocomplete("choice")
    async def card_choice(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._expansion_complete(interaction, current, "card")

    @app_commands.command(
        name="bet", description="Stake a chip, pass, or pick a feature (The Bets)"
    )
    async def bet(
        self, interaction: discord.Interaction, choice: str, game: int | None = None
    ) -> None:
        await self._expansion(interaction, choice, game)

    @bet.autocomplete("choice")
    async def bet_choice(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._expansion_complete(interaction, current, "bet")

    @app_commands.command(name="act", description="Any other action the game offers you now")
    async def act(
        self, interaction: discord.Interaction, choice: str, game: int | None = None
    ) -> None:
        await self._expansion(interaction, choice, game)

    @act.autocomplete("choice")
    async def act_choice(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._expansion_complete(interaction, current, "act")

    # --- information ---------------------------------------------------------------------
    @app_commands.command(name="hand", description="Show your hidden hand (only you see it)")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        post = await play_service(interaction).hand(gid, interaction.user.id)
        await reply(interaction, post.text, file=file_of(post.image, post.filename))

    @app_commands.command(name="board", description="Show the board")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        post = await play_service(interaction).board(gid)
        await reply(interaction, post.text, file=file_of(post.image, post.filename))

    @app_commands.command(name="score", description="Scores so far")
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        await reply(interaction, await play_service(interaction).scores(gid))

    @app_commands.command(name="turn", description="Open your action panel")
    async def turn(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        panel = await play_service(interaction).panel(gid, interaction.user.id)
        await show_panel(interaction, panel, replace=False)

    # --- taking back and leaving -----------------------------------------------------------
    @app_commands.command(name="undo", description="Take back your last choice this turn")
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        removed = await play_service(interaction).undo(gid, interaction.user.id)
        await _after_act(interaction, gid, f"Took back {removed} action(s).")

    @app_commands.command(
        name="resign", description="Leave a running game (the AI takes your seat)"
    )
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await defer(interaction, ephemeral=True)
        gid = await _gid(interaction, game)
        await play_service(interaction).resign(gid, interaction.user.id)
        await reply(interaction, f"You resigned from game #{gid}.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
