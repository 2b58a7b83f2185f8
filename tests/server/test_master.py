"""The master without HTTP: two processes' masters racing on one database never both win."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tycoon.server.master import Master, SeatRequest, Stale
from tycoon.server.storage import SqlStorage


def test_a_move_raced_through_two_masters_is_stored_once_and_the_loser_catches_up(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"

    async def race() -> None:
        first, second = (
            Master(SqlStorage(url), bot_workers=0),
            Master(SqlStorage(url), bot_workers=0),
        )
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await first.create_table("estates", 2, {}, seats)
        theirs = await second.table(table_id)  # loaded before the move: it will be stale
        actor = theirs.match.to_act()[0]
        notation = theirs.match.game.format_action(
            next(a for a in theirs.match.legal_actions(actor) if not hasattr(a, "low"))
        )
        assert await first.act(table_id, actor, tokens[actor], notation=notation) == 1
        with pytest.raises(Stale, match="moved on"):
            await second.act(table_id, actor, tokens[actor], notation=notation)
        assert len(second.storage.moves(table_id)) == 1
        for _ in range(100):  # the loser re-reads the table in the background
            if (await second.table(table_id)).version == 1:
                break
            await asyncio.sleep(0.01)
        caught_up = await second.table(table_id)
        assert caught_up.version == 1
        assert caught_up.match.state == (await first.table(table_id)).match.state
        await first.close()
        await second.close()

    asyncio.run(race())
