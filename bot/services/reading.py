"""Reading a game: which game a command means, a seat's panel and hand, the
board, the scores and (once over) the record. Answers go to one user, in
their words (Caller.words); public information only, except the caller's
own hand."""

from __future__ import annotations

from typing import Any

from bot.errors import RecordNotReady
from bot.present import choices as ch
from bot.present import events as ev
from bot.present import panel as pn
from bot.render import board_alt, board_async
from bot.services.access import Caller, find_game, seat_of, visible
from bot.services.context import Context
from bot.services.messages import Post, hand_post
from bot.services.waiting import turn_number
from bot.text import Text, escape, join
from db.values import ACTIVE, LOBBY
from engine.views import private_view, public_view


class Reading:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def find(self, caller: Caller, game_id: int | None) -> int:
        """The game a command means (bot.services.access.find_game)."""
        return await find_game(self.ctx.store, caller, game_id)

    async def panel(
        self,
        caller: Caller,
        game_id: int,
        *,
        cell: tuple[int, int] | None = None,
        page: int = 0,
        action_page: int = 0,
    ) -> pn.Panel:
        loaded = await visible(self.ctx.store, caller, game_id)
        game = loaded.started
        seat = seat_of(loaded.info, caller)
        return pn.build(
            game,
            loaded.info,
            seat.index,
            caller.words,
            cell=cell,
            page=page,
            action_page=action_page,
            ai_seats=self.ctx.ai_seats(loaded.info),
        )

    async def hand(self, caller: Caller, game_id: int) -> Post:
        """The caller's private hand (ephemeral reply or DM)."""
        loaded = await visible(self.ctx.store, caller, game_id)
        game = loaded.started
        seat = seat_of(loaded.info, caller)
        view = private_view(game, seat.index)
        return await hand_post(loaded.info, view, caller.words)

    async def board(self, caller: Caller, game_id: int) -> Post:
        game = (await visible(self.ctx.store, caller, game_id)).started
        words = caller.words  # the reader's language, the image's words included
        view = ch.shown_view(game)
        image = await board_async(view, ch.legal_cells(game), words, whole=True)
        scores = ev.scores_text(
            list(game.players), list(game.scores), list(game.supply), words, view.counts
        )
        text = words("board.text", game=game_id, scores=scores)
        return Post(text, image, alt={"board.png": board_alt(view, words, whole=True)})

    async def scores(self, caller: Caller, game_id: int) -> Text:
        game = (await visible(self.ctx.store, caller, game_id)).started
        words = caller.words
        players = list(game.players)
        head = (
            words("scores.head_over", game=game_id)
            if game.finished
            else words("scores.head_turn", game=game_id, turn=turn_number(game))
        )
        counts = public_view(game).counts  # what expansions keep in supply apart
        supply = ev.scores_text(players, list(game.scores), list(game.supply), words, counts)
        lines = [head, supply]
        table = ev.breakdown(players, ev.public(game.events), words)
        if table:
            groups = [
                words(
                    "scores.group",
                    group=group,
                    points=join(
                        [
                            words("scores.player_points", name=escape(p), points=v)
                            for p, v in zip(players, vals, strict=False)
                        ],
                        ", ",
                    ),
                )
                for group, vals in table.items()
            ]
            lines.append(words("scores.breakdown", groups=join(groups, "; ")))
        return join(lines)

    async def record(self, caller: Caller, game_id: int) -> dict[str, Any]:
        """The game record. A running game's record would show hidden choices
        (staked chip faces, cards), so it is only given once the game is over."""
        info = (await visible(self.ctx.store, caller, game_id)).info
        if info.status in (LOBBY, ACTIVE):
            raise RecordNotReady(game_id, info.status)
        return await self.ctx.store.export_record(game_id)
