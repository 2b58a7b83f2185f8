"""The master without HTTP: two processes' masters racing on one database never both win."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tycoon.core import AmountRange, Match
from tycoon.server.app import shown_summary
from tycoon.server.master import Master, SeatRequest, Stale, told_at
from tycoon.server.storage import LEFT, UNDONE, MoveRow, NoticeRow, SqlStorage


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


class FailingStorage(SqlStorage):
    """A database that refuses the next move once (a full disk, a lost connection)."""

    fail_next = False

    def submit_move(self, table_id: str, move: MoveRow, status: str) -> Future[None]:
        if self.fail_next:
            self.fail_next = False
            return self.writer.submit(failing, table_id)
        return super().submit_move(table_id, move, status)


def failing(db: sa.Connection) -> None:
    raise OSError("disk full")


def test_a_move_the_database_refuses_changes_nothing_not_even_the_dice(tmp_path: Path) -> None:
    storage = FailingStorage(f"sqlite:///{tmp_path / 'x.db'}")

    async def refused() -> None:
        master = Master(storage, bot_workers=0)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("esport-monopoly", 2, {}, seats)
        table = await master.table(table_id)
        seat = table.match.to_act()[0]
        notation = table.match.game.format_action(table.match.legal_actions(seat)[0])
        before = table.match.state
        storage.fail_next = True
        with pytest.raises(OSError, match="disk full"):
            await master.act(table_id, seat, tokens[seat], notation=notation)
        assert table.version == 0 and table.match.state is before
        assert storage.moves(table_id) == []
        await master.act(table_id, seat, tokens[seat], notation=notation)
        [stored] = storage.moves(table_id)
        game = table.match.game
        uninterrupted: Match[Any, Any, Any] = Match(game, storage.table(table_id).seed)
        outcomes = uninterrupted.play(game.parse_action(notation, seat))
        assert outcomes and stored.outcomes == outcomes  # the dice the refused move drew are
        await master.close()  # drawn again, as if it had never been tried

    asyncio.run(refused())


class SlowStorage(SqlStorage):
    """A database that stores each move only once ``gate`` opens (a slow disk)."""

    gate = threading.Event()

    def submit_move(self, table_id: str, move: MoveRow, status: str) -> Future[None]:
        stored: Future[None] = Future()

        def later() -> None:
            self.gate.wait(10)
            inner = SqlStorage.submit_move(self, table_id, move, status)
            try:
                inner.result(10)
            except Exception as error:
                stored.set_exception(error)
            else:
                stored.set_result(None)

        threading.Thread(target=later, daemon=True).start()
        return stored


def test_a_move_being_stored_is_not_told_in_the_tables_summary_before_it_stands(
    tmp_path: Path,
) -> None:
    """The lobby's and the API's summary of a table (its status, "over" after a last move) is
    read under the table's lock: a move applied in memory but not yet stored is not told, so
    a table is never "over" before the list of finished games, read from storage, has it."""
    storage = SlowStorage(f"sqlite:///{tmp_path / 'x.db'}")
    storage.gate = threading.Event()

    async def slow() -> None:
        master = Master(storage, bot_workers=0)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("estates", 2, {}, seats)
        table = await master.table(table_id)
        seat = table.match.to_act()[0]
        notation = table.match.game.format_action(
            next(a for a in table.match.legal_actions(seat) if not hasattr(a, "low"))
        )
        acting = asyncio.create_task(master.act(table_id, seat, tokens[seat], notation=notation))
        while not table.match.steps:  # applied in memory, waiting on the disk
            await asyncio.sleep(0.005)
        asked = asyncio.create_task(shown_summary(table))
        await asyncio.sleep(0.1)
        assert not asked.done()  # the summary waits for the move to stand
        storage.gate.set()
        assert await acting == 1
        assert (await asked)["version"] == 1
        await master.close()

    asyncio.run(slow())


def test_each_viewer_is_rendered_once_per_version(tmp_path: Path) -> None:
    """Someone connecting, a spectator, a repeated view: no new rendering until the table
    moves; a move (or an undo) renders each viewer afresh."""

    async def watched() -> None:
        master = Master(SqlStorage(f"sqlite:///{tmp_path / 'x.db'}"), bot_workers=0)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("estates", 2, {}, seats)
        table = await master.table(table_id)
        game = table.match.game
        drawn: list[Any] = []
        original = game.render_text

        def counting(view: Any) -> str:
            drawn.append(view)
            return original(view)

        game.render_text = counting  # type: ignore[method-assign]
        first = [master.message(table, viewer) for viewer in (0, 1, None, 0, 1, None)]
        assert len(drawn) == 3
        assert first[0]["board"] == first[3]["board"] and first[0]["view"] != first[1]["view"]
        actor = table.match.to_act()[0]
        legal = table.match.legal_actions(actor)
        notation = game.format_action(next(a for a in legal if not hasattr(a, "low")))
        await master.act(table_id, actor, tokens[actor], notation=notation)
        after = [master.message(table, viewer) for viewer in (0, 1, None, 0)]
        assert len(drawn) == 6
        assert after[0]["version"] == 1 and after[0]["view"] == game.view_to_json(
            table.match.view(0)
        )
        await master.close()

    asyncio.run(watched())


def test_a_choice_made_while_another_seat_sealed_its_own_still_stands(tmp_path: Path) -> None:
    """Milton Keynes' sealed steps: every seat commits on its own. A seat that chose from the
    version before another's commit (the commit's state still on its way to its page) has its
    move played, not refused as stale: nothing it could see or choose had changed. A move
    that did change what a seat may choose still makes its old choice stale."""

    async def sealed() -> None:
        master = Master(SqlStorage(f"sqlite:///{tmp_path / 'mk.db'}"), bot_workers=0)
        seats = [SeatRequest(name=name) for name in ("Ann", "Bob", "Cy")]
        table_id, tokens = await master.create_table("milton-keynes", 3, {}, seats)
        table = await master.table(table_id)
        match = table.match

        async def choose(seat: int, version: int | None = None) -> int:
            legal = match.legal_actions(seat)
            amounts = [i for i, c in enumerate(legal) if isinstance(c, AmountRange)]
            choice = amounts[0] if amounts else 0
            low = legal[choice].low if amounts else None
            return await master.act(
                table_id, seat, tokens[seat], choice=choice, amount=low, version=version
            )

        refused_after_an_open_move = False
        for _ in range(400):
            if match.is_over():
                break
            waiting = match.to_act()
            if len(waiting) >= 2:
                first, second = waiting[0], waiting[1]
                seen = table.version
                await choose(first, seen)
                assert match.to_act() != waiting
                await choose(second, seen)  # chosen before the first commit was shown
                await master.close()
                assert refused_after_an_open_move
                return
            seen = table.version
            await choose(waiting[0], seen)
            if match.to_act() and not refused_after_an_open_move:
                with pytest.raises(Stale, match="moved on"):
                    await choose(match.to_act()[0], seen)
                refused_after_an_open_move = True
        await master.close()
        raise AssertionError("no sealed step with two seats to commit was reached")

    asyncio.run(sealed())


class Watching:
    """A connection that keeps what it is pushed."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.pushed: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.pushed.append(message)


def test_each_move_is_drawn_off_the_event_loop_and_as_the_loop_would(tmp_path: Path) -> None:
    """With worker processes, the views, boards and pictures of a new version are drawn in a
    worker for every viewer connected, never by the loop's own game; each message is the one
    the loop would have built."""

    async def drawn() -> None:
        master = Master(SqlStorage(f"sqlite:///{tmp_path / 'w.db'}"), bot_workers=1)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("estates", 2, {}, seats)
        table = await master.table(table_id)
        game = table.match.game
        watchers = [Watching(0), Watching(1), Watching(None)]
        for watcher in watchers:
            master.hub.subscribe(table_id, watcher)
        drawn_here: list[Any] = []
        original = game.render_svg

        def counting(view: Any) -> str | None:
            drawn_here.append(view)
            return original(view)

        game.render_svg = counting  # type: ignore[method-assign]
        for _ in range(6):
            actor = table.match.to_act()[0]
            legal = table.match.legal_actions(actor)
            choice = next(i for i, c in enumerate(legal) if not isinstance(c, AmountRange))
            await master.act(table_id, actor, tokens[actor], choice=choice)
        assert drawn_here == []
        for watcher in watchers:
            assert watcher.pushed[-1]["version"] == 6
            table.rendered.clear()
            assert master.message(table, watcher.seat) == watcher.pushed[-1]
        assert len(drawn_here) == 3
        await master.close()

    asyncio.run(drawn())


def test_a_move_is_told_to_everyone_even_if_the_drawing_workers_are_gone(tmp_path: Path) -> None:
    """A pool that cannot take work (closed, broken) never costs a stored move its broadcast:
    the loop draws the messages itself."""

    async def broken() -> None:
        master = Master(SqlStorage(f"sqlite:///{tmp_path / 'b.db'}"), bot_workers=1)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("estates", 2, {}, seats)
        table = await master.table(table_id)
        watcher = Watching(None)
        master.hub.subscribe(table_id, watcher)
        assert master.drawing is not None
        master.drawing.shutdown()
        actor = table.match.to_act()[0]
        assert await master.act(table_id, actor, tokens[actor], choice=0) == 1
        assert watcher.pushed[-1]["version"] == 1
        assert watcher.pushed[-1] == master.message(table, None)
        await master.close()

    asyncio.run(broken())


def test_a_table_nothing_waits_on_leaves_memory_and_comes_back_as_it_was(
    tmp_path: Path,
) -> None:
    """A table people walked away from is dropped after its idle time, and read again from
    storage, unchanged, when next asked for; a watched table, a running move timer, a bot to
    move or a recent touch keep a table loaded."""

    async def scenario() -> None:
        master = Master(SqlStorage(f"sqlite:///{tmp_path / 'x.db'}"), bot_workers=0)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("esport-monopoly", 2, {}, seats)
        table = await master.table(table_id)
        for _ in range(3):
            seat = table.match.to_act()[0]
            choice = table.match.legal_actions(seat)[0]
            await master.act(
                table_id, seat, tokens[seat], notation=table.match.game.format_action(choice)
            )
        state, version, steps = table.match.state, table.version, list(table.match.steps)
        later = table.touched + 601

        assert master.forget_idle(600, now=table.touched + 599) == 0  # touched lately
        watcher = Watching(0)
        master.hub.subscribe(table_id, watcher)
        assert master.forget_idle(600, now=later) == 0  # someone watches
        master.hub.unsubscribe(table_id, watcher)
        async with table.lock:
            assert master.forget_idle(600, now=later) == 0  # a move being played
        table.thinking.add(0)
        assert master.forget_idle(600, now=later) == 0  # a bot choosing
        table.thinking.clear()
        mover = table.match.to_act()[0]
        table.zombies.add(mover)
        assert master.forget_idle(600, now=later) == 0  # a bot to move for a person who left
        table.zombies.discard(mover)
        assert table_id in master.tables

        assert master.forget_idle(600, now=later) == 1
        assert table_id not in master.tables
        again = await master.table(table_id)
        assert again is not table
        assert again.match.state == state
        assert again.version == version
        assert again.match.steps == steps
        seat = again.match.to_act()[0]
        choice = again.match.legal_actions(seat)[0]
        notation = again.match.game.format_action(choice)
        assert await master.act(table_id, seat, tokens[seat], notation=notation) == version + 1

        # A table with a move timer running stays.
        timed_id, _ = await master.create_table("estates", 2, {}, seats, timer=3_600)
        timed = await master.table(timed_id)
        assert master.forget_idle(600, now=max(timed.touched, again.touched) + 601) == 1
        assert list(master.tables) == [timed_id]
        await master.close()

    asyncio.run(scenario())


def test_a_restart_resumes_only_the_tables_that_go_on_by_themselves(tmp_path: Path) -> None:
    """After a restart, tables with a bot's seat, a bot playing for a leaver or a move timer are
    loaded and go on at once; a table of people only waits, unloaded, for one of them (and
    then plays on from storage as ever)."""
    url = f"sqlite:///{tmp_path / 'x.db'}"
    people = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]

    async def first_run() -> dict[str, Any]:
        master = Master(SqlStorage(url), bot_workers=0)
        made: dict[str, Any] = {}
        made["people"] = await master.create_table("estates", 2, {}, people)
        made["timed"] = await master.create_table("estates", 2, {}, people, timer=600)
        made["left"] = await master.create_table("estates", 2, {}, people)
        table_id, tokens = made["left"]
        await master.leave(table_id, 1, tokens[1])
        await master.close()
        return made

    made = asyncio.run(first_run())

    async def restart() -> None:
        master = Master(SqlStorage(url), bot_workers=0)
        assert await master.resume_all() == 2
        assert set(master.tables) == {made["timed"][0], made["left"][0]}
        table_id, tokens = made["people"]
        table = await master.table(table_id)  # asked for: read from storage then
        seat = table.match.to_act()[0]
        notation = table.match.game.format_action(
            next(a for a in table.match.legal_actions(seat) if not hasattr(a, "low"))
        )
        assert await master.act(table_id, seat, tokens[seat], notation=notation) == 1
        await master.close()

    asyncio.run(restart())


def test_a_table_read_again_tells_who_left_came_back_and_took_a_move_back(
    tmp_path: Path,
) -> None:
    """The narration's notices are stored: a table read again from storage (after a restart,
    or dropped from memory) and another process catching up tell them where they happened,
    as the live table did; only the narration of a move taken back is gone (it stands no
    more)."""
    url = f"sqlite:///{tmp_path / 'x.db'}"

    async def scenario() -> None:
        master = Master(SqlStorage(url), bot_workers=0)
        seats = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]
        table_id, tokens = await master.create_table("sealed-auction", 2, {}, seats)
        table = await master.table(table_id)
        before = {viewer: len(lines) for viewer, lines in table.logs.items()}
        await master.act(table_id, 0, tokens[0], notation="bid 3")
        after = {viewer: len(lines) for viewer, lines in table.logs.items()}
        await master.undo(table_id, 0, tokens[0])
        await master.act(table_id, 0, tokens[0], notation="bid 2")
        other = Master(SqlStorage(url), bot_workers=0)
        await other.table(table_id)  # loaded here before Bob leaves: it will catch up
        await master.leave(table_id, 1, tokens[1])
        for _ in range(500):  # a bot bids for Bob
            if len(table.match.steps) >= 2:
                break
            await asyncio.sleep(0.01)
        async with table.lock:
            master.come_back(table, 1)
        await asyncio.wrap_future(master.storage.submit_zombies(table_id, {}))  # written after it
        if 0 in table.match.to_act():  # a move after Bob is back
            await master.act(table_id, 0, tokens[0], notation="bid 0")
        live = {viewer: list(lines) for viewer, lines in table.logs.items()}
        assert sum(line.endswith("takes back the last move") for line in live[1]) == 1
        assert sum(line.startswith("Bob (Seat 2) left: a bot") for line in live[1]) == 1
        assert sum(line == "Bob (Seat 2) is back" for line in live[1]) == 1
        # What a table read again tells: all but the narration of the move taken back.
        expected = {
            viewer: lines[: before[viewer]] + lines[after[viewer] :]
            for viewer, lines in live.items()
        }
        assert all(after[viewer] > before[viewer] for viewer in live)

        del master.tables[table_id]  # as the idle sweeper or a restart does
        again = await master.table(table_id)
        assert again.logs == expected
        assert again.notices == 3

        await other.sync(table_id)  # the notification of the other process's changes
        assert (await other.table(table_id)).logs == expected
        await master.close()
        await other.close()

    asyncio.run(scenario())


def test_a_notice_before_an_undo_is_told_before_the_moves_that_replaced_the_undone_one() -> None:
    """Bob left when 6 moves stood, then Ann took back the sixth: read again, both are told
    after the fifth move, not after a sixth move made later."""
    notices = [NoticeRow(6, 1, LEFT), NoticeRow(5, 0, UNDONE), NoticeRow(7, 1, LEFT)]
    assert told_at(notices) == [5, 5, 7]
    assert told_at([]) == []
