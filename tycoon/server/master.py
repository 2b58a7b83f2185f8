"""The master: every move passes the same checks in the same order, then is stored, then shown.

For a human's move (boardgame.io's order): the seat's credential → the table exists and is still
being played → the seat is to act → the move parses (a typed error's reason goes to that seat
alone) → it is legal → it is committed to storage → every connection receives its own view. One
asyncio lock per table serialises its moves; tables never wait for each other. Bots play as soon
as it is their turn, in a process pool off the event loop, from their seat's view and legal
choices only. Nothing here knows a game's rules or names: everything goes through ``Match`` and
the game's protocol.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import sys
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from tycoon.core import (
    AmountRange,
    GameRecord,
    Match,
    Step,
    TycoonError,
    derive_seed,
    game_class,
    get_spec,
    replay,
    sample_choice,
)
from tycoon.core.errors import (
    ActionError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    OptionError,
    OutOfTurnError,
    UnknownBotError,
)
from tycoon.core.players import bots_for, make_bot
from tycoon.core.rng import ScriptedRng, SeededRng
from tycoon.pools import process_pool
from tycoon.server import bots
from tycoon.server.hub import Hub
from tycoon.server.render import (
    drawn_in_worker,
    markup_to_html,
    plain_text,
    state_parts,
)
from tycoon.server.storage import (
    BACK,
    HUMAN,
    LEFT,
    OVER,
    PLAYING,
    TIMED_OUT,
    UNDONE,
    MoveRow,
    NoticeRow,
    SequenceError,
    Storage,
    TableRow,
    hash_token,
)

log = logging.getLogger("tycoon.server")

LOG_LINES = 200  # narration lines kept per viewer
BOT_SALT = 1_000
DAY = 86_400  # the longest move timer, in seconds
FORGET_AFTER = 600.0  # seconds untouched after which a table nothing waits on leaves memory


class Refused(TycoonError):
    """A request refused before the game is asked: no credential, not this seat, no table."""

    status = 403


class NotFound(Refused):
    status = 404


class BadRequest(Refused):
    """A request that is not what its endpoint takes: not JSON, a field of the wrong type or
    one it does not know."""

    status = 400


class TooLarge(BadRequest):
    status = 413


class Stale(Refused):
    """A move chosen from a view the table has moved past."""

    status = 409


@dataclass
class LiveTable:
    """A table in memory: its match rebuilt from storage, its seats, narration and lock."""

    row: TableRow
    match: Match[Any, Any, Any]
    codes: list[str]
    names: list[str | None]
    token_hashes: list[str | None]
    labels: list[str]
    logs: dict[int | None, list[str]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    thinking: set[int] = field(default_factory=set)
    before: list[Any] = field(default_factory=list)  # the state before each of the last moves
    zombies: set[int] = field(default_factory=set)  # people's seats a bot plays for meanwhile
    zombie_code: str = "random"
    timer_task: asyncio.Task[None] | None = None
    deadline: float | None = None  # the event loop's time when the people to act run out
    revision: int = 0  # goes up with every move and every undo, so a version is never reused
    movers: list[str | None] = field(default_factory=list)  # the bot behind each step, if any
    rendered: dict[int | None, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    # For a seat to act, the oldest version its choices still stand from, if older than the
    # present: another seat's sealed commit changes nothing this seat may choose or know.
    standing: dict[int, int] = field(default_factory=dict)
    # When the table was last asked for or moved at (``time.monotonic``): see Master.forget_idle.
    touched: float = field(default_factory=time.monotonic)
    notices: int = 0  # how many of the table's stored notices its narration has told

    def tell(self, line: str) -> None:
        """Add a line to every viewer's narration."""
        for lines in self.logs.values():
            lines.append(line)
            if len(lines) > LOG_LINES:
                del lines[: len(lines) - LOG_LINES]

    def tell_notices(
        self, pending: deque[tuple[int, NoticeRow]], standing: int | None = None
    ) -> None:
        """Tell the notices at the front of ``pending`` (``(told_at, notice)``, in order) due
        once ``standing`` moves stand, or all of them."""
        while pending and (standing is None or pending[0][0] <= standing):
            self.tell_notice(pending.popleft()[1])

    def tell_notice(self, notice: NoticeRow) -> None:
        """Tell a stored notice (someone left, ran out of time, came back, took a move back)."""
        who = self.seat_title(notice.seat)
        kind = notice.kind
        if kind == BACK:
            self.tell(f"{who} is back")
        elif kind == UNDONE:
            self.tell(f"{who} takes back the last move")
        else:
            why = "ran out of time" if kind == TIMED_OUT else "left"
            self.tell(
                f"{who} {why}: a bot ({self.zombie_code}) plays for them until they come back"
            )

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """What clients hold and send back with a move: the table's revision, which goes up with
        every move and every undo, so a version seen before an undo is never valid again."""
        return self.revision

    def chosen_now(self, seat: int, version: int) -> bool:
        """Whether a choice ``seat`` made from ``version`` still stands: the present version,
        or one from which only other seats' sealed commits have been made since."""
        return self.standing.get(seat, self.revision) <= version <= self.revision

    def decisions(self, seat: int, code: str) -> int:
        """How many of the moves that stand the bot ``code`` chose for ``seat``."""
        return sum(
            1
            for step, mover in zip(self.match.steps, self.movers, strict=True)
            if step.seat == seat and mover == code
        )

    def is_bot(self, seat: int) -> bool:
        return self.codes[seat] != HUMAN

    def played_by(self, seat: int) -> str | None:
        """The seat code of the bot that plays ``seat`` now: its own, or the zombie's for a
        person who timed out or left; ``None`` for a person playing."""
        if self.is_bot(seat):
            return self.codes[seat]
        return self.zombie_code if seat in self.zombies else None

    def seat_title(self, seat: int) -> str:
        name = self.names[seat]
        if name:
            return f"{name} ({self.labels[seat]})"
        if self.is_bot(seat):
            return f"{self.labels[seat]} (bot: {self.codes[seat]})"
        return f"{self.labels[seat]} (empty seat)"


@dataclass(frozen=True)
class SeatRequest:
    """One seat of a new table: a human (perhaps already named) or a bot's seat code."""

    code: str = HUMAN
    name: str | None = None


class Master:
    def __init__(self, storage: Storage, hub: Hub | None = None, bot_workers: int = 2) -> None:
        self.storage = storage
        self.hub = hub or Hub()
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.pools: list[Executor] = []
        self.drawing: Executor | None = None  # draws each move's messages off the event loop
        if bot_workers > 0:
            context = get_context("forkserver")
            self.pools = [process_pool(1, context) for _ in range(bot_workers)]
            self.drawing = process_pool(bot_workers, context)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for pool in [*self.pools, *([self.drawing] if self.drawing else [])]:
            pool.shutdown(wait=False, cancel_futures=True)
        self.storage.close()

    # -- tables ---------------------------------------------------------------------------------
    async def create_table(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[SeatRequest],
        timer: float = 0.0,
    ) -> tuple[str, dict[int, str]]:
        """A new table; returns its id and the credential of each human seat named already.
        ``timer``: seconds a person has for a move before a bot plays for them (0: no limit)."""
        spec = get_spec(game_name)
        if (
            isinstance(timer, bool)
            or not isinstance(timer, int | float)
            or not 0 <= timer <= 86_400
        ):
            raise OptionError("the move timer is a number of seconds from 0 (none) to 86400")
        count = len(seats) if players is None else players
        if len(seats) != count:
            raise OptionError(f"give one seat for each of the {count} players")
        _refuse_server_files(spec.name, options)
        # The options as a dictionary, not as keywords: an option called "players" (or any
        # name make takes itself) is then an unknown option, not a clash of arguments.
        game = game_class(spec.name)(count, dict(options))
        for seat, request in enumerate(seats):
            if request.code != HUMAN:
                make_bot(request.code, game, seat, SeededRng(0))
        seed = secrets.randbits(63)
        codes = [request.code for request in seats]
        table_id = await asyncio.to_thread(
            self.storage.create_table,
            spec.name,
            spec.version,
            count,
            dict(game.options),
            seed,
            codes,
            float(timer),
        )
        tokens: dict[int, str] = {}
        for seat, request in enumerate(seats):
            if request.code == HUMAN and request.name:
                tokens[seat] = await asyncio.to_thread(
                    self.storage.take_seat, table_id, seat, request.name
                )
        table = await self.table(table_id)
        self._kick_bots(table)
        self._arm_timer(table)
        return table_id, tokens

    async def take_seat(self, table_id: str, seat: int, name: str) -> str:
        table = await self.table(table_id)
        self._check_seat_number(table, seat)
        token = await asyncio.to_thread(self.storage.take_seat, table_id, seat, name)
        fresh = await asyncio.to_thread(self.storage.table, table_id)
        table.row = fresh
        table.names = [s.name for s in fresh.seats]
        table.token_hashes = [s.token_hash for s in fresh.seats]
        self.publish(table)
        return token

    async def table(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from storage on first use (after a restart, too)."""
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                table = await asyncio.to_thread(self._load, table_id)
                self.tables[table_id] = table
        self._loading.pop(table_id, None)
        return table

    async def resume_all(self) -> int:
        """Load every table being played that may go on by itself (a bot's seat, a bot playing
        for someone who left, or a move timer) and let its bots and clocks go on; returns how
        many. A table of people only, with no timer, waits for one of them to come back and is
        loaded then: a restart does not replay every game people ever walked away from."""
        rows = await asyncio.to_thread(self.storage.list_tables, PLAYING, 10_000)
        rows = [row for row in rows if resumes_by_itself(row)]
        for row in rows:
            try:
                table = await self.table(row.id)
            except TycoonError as error:
                log.error("table %s cannot be resumed: %s", row.id, error.reason)
                continue
            self._kick_bots(table)
            self._arm_timer(table)
        return len(rows)

    def _load(self, table_id: str) -> LiveTable:
        row = self.storage.table(table_id)
        stored = self.storage.moves(table_id)
        notices = self.storage.notices(table_id)
        game = game_class(row.game)(row.players, dict(row.options))
        if game.spec.version != row.version:
            raise Refused(
                f"table {table_id} was played with {row.game} version {row.version}; "
                f"this tycoon has version {game.spec.version}"
            )
        fresh: Match[Any, Any, Any] = Match(game, row.seed)  # its set-up draws, as when created
        codes = [s.code for s in row.seats]
        record = GameRecord(
            game=row.game,
            version=row.version,
            players=row.players,
            options=row.options,
            seed=row.seed,
            setup=fresh.setup,
            steps=tuple(Step(m.seat, m.notation, m.outcomes) for m in stored),
            seats=tuple(codes),
        )
        table: LiveTable | None = None
        previous: Any = None
        pending = deque(zip(told_at(notices), notices, strict=True))
        for match, step in replay(record):  # the shadow rng is advanced draw for draw
            if table is None:
                labels = [game.seat_label(match.view(None), s) for s in range(game.players)]
                table = LiveTable(
                    row=row,
                    match=match,
                    codes=codes,
                    names=[s.name for s in row.seats],
                    token_hashes=[s.token_hash for s in row.seats],
                    labels=labels,
                    logs={viewer: [] for viewer in (None, *range(game.players))},
                    zombie_code=zombie_code(game.spec.name),
                    zombies={s.seat for s in row.seats if s.zombie and s.code == HUMAN},
                    revision=max(row.revision, len(stored)),
                    movers=[m.bot for m in stored],
                )
            elif step is not None:
                action = game.parse_action(step.action, step.seat)
                self._narrate(table, previous, action, match.state)
                _remember(table.before, previous)
            previous = match.state
            table.tell_notices(pending, len(match.steps))
        assert table is not None
        table.tell_notices(pending)  # none left: a notice is told_at moves that stand
        table.notices = len(notices)
        return table

    # -- moves ----------------------------------------------------------------------------------
    def authenticate(self, table: LiveTable, seat: int, token: str) -> None:
        """The seat's credential, or :class:`Refused` (the same answer for every wrong guess)."""
        self._check_seat_number(table, seat)
        stored = table.token_hashes[seat]
        if stored is None or not hmac.compare_digest(stored, hash_token(token)):
            raise Refused(f"that link does not hold seat {seat + 1} of this table")

    def _check_seat_number(self, table: LiveTable, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.codes):
            raise NotFound(f"this table has seats 0 to {len(table.codes) - 1}")

    async def act(
        self,
        table_id: str,
        seat: int,
        token: str,
        notation: str | None = None,
        choice: int | None = None,
        amount: int | None = None,
        version: int | None = None,
    ) -> int:
        """A human's move, by notation or by the index of a legal choice (and an amount).
        Returns the table's new version; raises a :class:`TycoonError` with the reason."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        async with table.lock:
            self.come_back(table, seat)
            match = table.match
            if match.is_over():
                raise GameOverError("the game is over")
            if seat not in match.to_act():
                waiting = ", ".join(table.seat_title(s) for s in match.to_act())
                raise OutOfTurnError(f"it is not your turn (waiting for {waiting})")
            if version is not None and not table.chosen_now(seat, version):
                raise Stale(
                    f"the table has moved on (move {table.version}, not {version}); "
                    "choose again from what you now see"
                )
            if notation is not None:
                if not isinstance(notation, str) or len(notation) > 500:
                    raise MalformedActionError("a move is a line of the game's notation")
                action = match.game.parse_action(notation.strip(), seat)
            else:
                action = self._chosen(match.legal_actions(seat), choice, amount)
            await self._play(table, action)
            return table.version

    def _chosen(self, legal: Sequence[Any], choice: int | None, amount: int | None) -> Any:
        if isinstance(choice, bool) or not isinstance(choice, int):
            raise MalformedActionError("give a move: its notation, or the number of a choice")
        if not 0 <= choice < len(legal):
            raise MalformedActionError(f"there is no choice {choice} (there are {len(legal)})")
        picked = legal[choice]
        if isinstance(picked, AmountRange):
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise MalformedActionError("that choice needs a whole amount")
            if not picked.holds_amount(amount):
                raise MalformedActionError(
                    f"the amount must be from {picked.low} to {picked.high}"
                    + (f" in steps of {picked.step}" if picked.step != 1 else "")
                )
            return picked.action(amount)
        return picked

    async def _play(self, table: LiveTable, action: Any, bot: str | None = None) -> None:
        """Legal → stored → shown, with the table's lock held. On any failure nothing changes.
        ``bot``: the seat code of the bot that chose the move (``None``: its person)."""
        match = table.match
        before = match.state
        waiting = match.to_act()
        rng_before = match.rng.getstate() if isinstance(match.rng, SeededRng) else None
        match.play(action)  # raises the typed error of an illegal move; nothing changed then
        step = match.steps[-1]
        move = MoveRow(len(match.steps) - 1, step.seat, step.action, step.outcomes, bot)
        status = OVER if match.is_over() else PLAYING
        try:
            await durable(self.storage.submit_move(table.id, move, status))
        except BaseException as error:
            match.state = before
            if rng_before is not None:
                match.rng.setstate(rng_before)
            match.steps.pop()
            if isinstance(error, SequenceError):  # another process stored a move first
                self._spawn(self.sync(table.id))
                raise Stale("the table has moved on; choose again from what you now see") from None
            raise
        table.revision += 1
        table.touched = time.monotonic()
        table.movers.append(bot)
        table.standing = self._still_standing(table, action, before, waiting)
        self._narrate(table, before, action, match.state)
        _remember(table.before, before)
        cancelled = False
        try:
            await self._draw_ahead(table)
        except asyncio.CancelledError:  # the move is stored all the same: everyone is told
            cancelled = True
        self.publish(table)
        self._kick_bots(table)
        self._arm_timer(table)
        self.forget_if_idle(table)
        if cancelled:
            raise asyncio.CancelledError

    def _still_standing(
        self, table: LiveTable, action: Any, before: Any, waiting: Sequence[int]
    ) -> dict[int, int]:
        """After ``action`` (just played from ``before``), the seats whose choices from an
        earlier version still stand: each was to act before and still is, with the same legal
        choices, and was told of the move otherwise than its own seat (a sealed commit, which
        it sees only as "committed"). A page that chose while the commit's state was on its way
        is not refused as stale for it."""
        match = table.match
        game = match.game
        if match.steps and match.steps[-1].outcomes:
            return {}  # chance was drawn: whatever it may have changed, choose again
        standing: dict[int, int] = {}
        try:  # the move is stored already: a game's failure here only means "choose again"
            told_own = game.describe_action(action, action.seat)
            for seat in match.to_act():
                if seat == action.seat or seat not in waiting:
                    continue
                if game.describe_action(action, seat) == told_own:
                    continue
                if list(game.legal_actions(before, seat)) != list(match.legal_actions(seat)):
                    continue
                standing[seat] = table.standing.get(seat, table.revision - 1)
        except Exception:
            log.exception("table %s: which choices still stand could not be told", table.id)
            return {}
        return standing

    def forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches from memory (it is read again when asked for)."""
        seats, spectators = self.hub.connected(table.id)
        idle = table.match.is_over() and not seats and not spectators
        if idle and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def forget_idle(self, idle: float = FORGET_AFTER, now: float | None = None) -> int:
        """Drop from memory every table nobody has asked for or moved at for ``idle`` seconds
        that nothing here waits on: no connection, no bot thinking or about to, no move timer
        running, its lock free. It is all in storage and read again when next asked for, as
        after a restart (tables people walked away from would otherwise stay loaded for good).
        Returns how many were dropped."""
        now = time.monotonic() if now is None else now
        dropped = 0
        for table_id, table in list(self.tables.items()):
            if (
                now - table.touched < idle
                or self.hub.viewers(table_id)
                or table.thinking
                or table.lock.locked()
                or (table.timer_task is not None and not table.timer_task.done())
                or any(table.played_by(seat) is not None for seat in table.match.to_act())
            ):
                continue
            del self.tables[table_id]
            dropped += 1
        if dropped:
            log.info("%d idle tables dropped from memory (%d loaded)", dropped, len(self.tables))
        return dropped

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def sync(self, table_id: str) -> None:
        """Catch up with changes another process stored (PostgreSQL notifications): new moves
        are replayed onto the live match with the shadow rng advanced, a taken seat is learnt,
        anything else (an undo) rebuilds the table; then every local connection is updated."""
        table = self.tables.get(table_id)
        if table is None:
            return  # not loaded here: it is read fresh when first asked for
        async with table.lock:
            row = await asyncio.to_thread(self.storage.table, table_id)
            stored = await asyncio.to_thread(self.storage.moves, table_id)
            notices = await asyncio.to_thread(self.storage.notices, table_id)
            match = table.match
            game = match.game
            mine = [(s.seat, s.action, s.outcomes) for s in match.steps]
            theirs = [(m.seat, m.notation, m.outcomes) for m in stored[: len(mine)]]
            if theirs == mine and len(stored) >= len(mine):
                table.row = row
                table.names = [s.name for s in row.seats]
                table.token_hashes = [s.token_hash for s in row.seats]
                table.zombies = {s.seat for s in row.seats if s.zombie and s.code == HUMAN}
                table.revision = max(table.revision, row.revision)
                table.rendered.clear()
                table.standing = {}
                pending = deque(list(zip(told_at(notices), notices, strict=True))[table.notices :])
                table.notices = len(notices)
                for move in stored[len(mine) :]:
                    table.tell_notices(pending, len(match.steps))
                    action = game.parse_action(move.notation, move.seat)
                    state, _ = game.apply(
                        match.state, action, ScriptedRng(move.outcomes, shadow=match.rng)
                    )
                    before = match.state
                    match.state = state
                    match.steps.append(Step(move.seat, move.notation, move.outcomes))
                    table.movers.append(move.bot)
                    self._narrate(table, before, action, state)
                    _remember(table.before, before)
                table.tell_notices(pending)
            else:
                fresh = await asyncio.to_thread(self._load, table_id)
                fresh.revision = max(fresh.revision, table.revision + 1)
                self.tables[table_id] = fresh
                table = fresh
        self.publish(table)
        self._arm_timer(table)

    # -- undo (Board Game Arena's rule) ---------------------------------------------------------
    def undo_refusal(self, table: LiveTable, seat: int, thorough: bool = True) -> str | None:
        """Why ``seat`` may not take back the last move now (``None``: it may). A seat takes back
        only its own last move, while no other seat has acted since, the move drew no chance
        and revealed nothing hidden to anyone else; ``thorough=False`` skips that last check."""
        match = table.match
        if match.is_over():
            return "the game is over"
        if not match.steps:
            return "no move has been made"
        step = match.steps[-1]
        if step.seat != seat:
            return "another seat has acted since your last move"
        if step.outcomes:
            return "your last move drew chance (dice or cards): it stands"
        if not table.before:
            return "your last move can no longer be taken back"
        if thorough:
            game = match.game
            action = game.parse_action(step.action, seat)
            salt = derive_seed(table.row.seed, 7_000 + len(match.steps))
            if reveals(game, table.before[-1], action, match.state, SeededRng(salt)):
                return "your last move revealed hidden information: it stands"
        return None

    async def undo(self, table_id: str, seat: int, token: str) -> int:
        """Take back ``seat``'s last move; the record keeps only the moves that stand."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        async with table.lock:
            refusal = self.undo_refusal(table, seat)
            if refusal is not None:
                raise IllegalActionError(f"cannot undo: {refusal}")
            match = table.match
            index = len(match.steps) - 1
            await durable(self.storage.submit_removal(table.id, index, seat))
            table.notices += 1
            table.revision += 1  # the state goes back, the version goes on: never reused
            table.standing = {}
            match.state = table.before.pop()
            match.steps.pop()  # it drew no chance, so the live rng has not moved
            table.movers.pop()
            table.tell_notice(NoticeRow(index, seat, UNDONE))
            self.publish(table)
            self._kick_bots(table)
            self._arm_timer(table)
            return table.version

    def _narrate(self, table: LiveTable, before: Any, action: Any, after: Any) -> None:
        game = table.match.game
        who = table.seat_title(action.seat)
        for viewer, lines in table.logs.items():
            said = game.describe_action(action, viewer)
            lines.append(f"{who}: {plain_text(said)}")
            for line in game.narrate(
                game.observe(before, viewer), action, game.observe(after, viewer)
            ):
                lines.append(f"  {plain_text(line)}")
            if len(lines) > LOG_LINES:
                del lines[: len(lines) - LOG_LINES]

    # -- bots -----------------------------------------------------------------------------------
    def _kick_bots(self, table: LiveTable) -> None:
        match = table.match
        for seat in match.to_act():
            if table.played_by(seat) is not None and seat not in table.thinking:
                table.thinking.add(seat)
                task = asyncio.get_running_loop().create_task(self._bot_turn(table, seat))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        """The bot playing ``seat`` chooses from the seat's view in a worker, then its move is
        played like anyone's, but only if the table has not moved meanwhile (else it is asked
        again): so each of its moves was chosen from the state just before it, and its memory is
        rebuilt exactly from the moves that stand (see :mod:`tycoon.server.bots`)."""
        match = table.match
        game = match.game
        try:
            async with table.lock:
                code = table.played_by(seat)
                if code is None or seat not in match.to_act():
                    return
                view = match.view(seat)
                legal = match.legal_actions(seat)
                version = table.version
                made = table.decisions(seat, code)
                steps = list(match.steps)
                movers = list(table.movers)
            mover: str | None = code
            try:
                try:
                    notation = await self._ask_bot(table, code, seat, view, legal, made, None)
                except bots.Forgotten:  # a new worker, or a restarted server: rebuild its memory
                    history = await asyncio.to_thread(
                        self._bot_history, table, steps, movers, seat, code
                    )
                    notation = await self._ask_bot(table, code, seat, view, legal, made, history)
            except (TycoonError, UnknownBotError) as error:
                log.error("bot at table %s seat %d failed: %s", table.id, seat, error)
                mover = None  # not the bot's choice: not part of its history
                notation = game.format_action(
                    sample_choice(legal, SeededRng(derive_seed(table.row.seed, version)))
                )
            async with table.lock:
                # Its person came back, or the table moved on: not played (asked again below).
                if table.played_by(seat) == code and table.version == version:
                    await self._play(table, game.parse_action(notation, seat), bot=mover)
        except asyncio.CancelledError:
            raise
        except Stale:
            pass  # another process played first; this one catches up from its notification
        except Exception:  # a bot must never take the server down; the table is kept
            log.exception("bot at table %s seat %d", table.id, seat)
        finally:
            table.thinking.discard(seat)
        if not match.is_over() and seat in match.to_act():
            self._kick_bots(table)

    async def _ask_bot(
        self,
        table: LiveTable,
        code: str,
        seat: int,
        view: Any,
        legal: Sequence[Any],
        made: int,
        history: list[tuple[Any, Sequence[Any]]] | None,
    ) -> str:
        row = table.row
        arguments = (
            table.id,
            row.game,
            row.players,
            json.dumps(row.options, sort_keys=True),
            row.options,
            code,
            seat,
            derive_seed(row.seed, BOT_SALT + seat),
            view,
            legal,
            made,
            history,
        )
        if self.pools:
            pool = self.pools[hash(table.id) % len(self.pools)]
            loop = asyncio.get_running_loop()
            notation: str = await loop.run_in_executor(pool, bots.choose, *arguments)
        else:
            notation = await asyncio.to_thread(bots.choose, *arguments)
        return notation

    def _bot_history(
        self,
        table: LiveTable,
        steps: Sequence[Step],
        movers: Sequence[str | None],
        seat: int,
        code: str,
    ) -> list[tuple[Any, Sequence[Any]]]:
        """What the bot ``code`` saw at each of its moves that stand for ``seat``: its view and
        legal choices just before each, from the table's moves replayed from its seed."""
        row = table.row
        record = GameRecord(
            game=row.game,
            version=row.version,
            players=row.players,
            options=row.options,
            seed=row.seed,
            setup=table.match.setup,
            steps=tuple(steps),
            seats=(),
        )
        history: list[tuple[Any, Sequence[Any]]] = []
        previous: Any = None
        for match, step in replay(record):
            if step is not None:
                index = len(match.steps) - 1
                if step.seat == seat and movers[index] == code:
                    game = match.game
                    history.append(
                        (game.observe(previous, seat), game.legal_actions(previous, seat))
                    )
            previous = match.state
        return history

    # -- move timers and leavers (Board Game Arena's zombie mode) -------------------------------
    def _arm_timer(self, table: LiveTable) -> None:
        """Start the clock of the people now to act, if the table has a move timer."""
        if table.timer_task is not None:
            table.timer_task.cancel()
            table.timer_task = None
        table.deadline = None
        match = table.match
        if table.row.timer <= 0 or match.is_over():
            return
        if not any(table.played_by(s) is None for s in match.to_act()):
            return
        loop = asyncio.get_running_loop()
        table.deadline = loop.time() + table.row.timer
        task = loop.create_task(self._expire(table, table.version))
        table.timer_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _expire(self, table: LiveTable, version: int) -> None:
        await asyncio.sleep(table.row.timer)
        async with table.lock:
            match = table.match
            if table.version != version or match.is_over():
                return
            late = [s for s in match.to_act() if table.played_by(s) is None]
            await durable(
                self.storage.submit_zombies(table.id, dict.fromkeys(late, True), TIMED_OUT)
            )
            table.notices += len(late)
            for seat in late:
                self._make_zombie(table, seat, TIMED_OUT)
            table.timer_task = None
            table.deadline = None
            self.publish(table)
            self._kick_bots(table)

    def _make_zombie(self, table: LiveTable, seat: int, reason: str) -> None:
        table.zombies.add(seat)
        table.tell_notice(NoticeRow(len(table.match.steps), seat, reason))

    async def leave(self, table_id: str, seat: int, token: str) -> None:
        """The seat's person leaves: a bot plays for them until they come back."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        async with table.lock:
            if table.match.is_over() or seat in table.zombies:
                return
            await durable(self.storage.submit_zombies(table.id, {seat: True}, LEFT))
            table.notices += 1
            self._make_zombie(table, seat, LEFT)
            self.publish(table)
            self._kick_bots(table)
            self._arm_timer(table)

    def come_back(self, table: LiveTable, seat: int) -> None:
        """The seat's person is back (connected or moved): they play their seat again."""
        if seat not in table.zombies:
            return
        table.zombies.discard(seat)
        # Stored in the writer's order, so before any move this person makes from now on.
        written = self.storage.submit_zombies(table.id, {seat: False})
        written.add_done_callback(_log_failure)
        table.notices += 1
        table.tell_notice(NoticeRow(len(table.match.steps), seat, BACK))
        self.publish(table)
        self._arm_timer(table)

    # -- what each viewer receives --------------------------------------------------------------
    async def _draw_ahead(self, table: LiveTable) -> None:
        """Draw the new version for each viewer connected here in the drawing workers (off the
        event loop, which only sends what they return); a viewer they fail for is drawn on the
        loop when its message is built. With no workers, nothing is drawn ahead."""
        if self.drawing is None:
            return
        revision = table.revision
        row = table.row
        options_key = json.dumps(row.options, sort_keys=True)
        loop = asyncio.get_running_loop()
        jobs: list[tuple[int | None, asyncio.Future[dict[str, Any]]]] = []
        for viewer in self.hub.viewers(table.id):
            cached = table.rendered.get(viewer)
            if cached is not None and cached[0] == revision:
                continue
            view, legal, last = self._seen_by(table, viewer)
            arguments = (row.game, row.players, options_key, row.options, view, viewer, legal, last)
            try:
                job = loop.run_in_executor(self.drawing, drawn_in_worker, *arguments)
            except Exception:  # a broken or closed pool: drawn on the loop instead
                log.exception("table %s could not be sent to a drawing worker", table.id)
                break
            jobs.append((viewer, job))
        for viewer, job in jobs:
            try:
                parts = await job
            except asyncio.CancelledError:
                raise
            except Exception:  # drawn on the loop instead
                log.exception("table %s could not be drawn in a worker", table.id)
                continue
            if table.revision == revision:
                self._finish(table, viewer, parts)

    def publish(self, table: LiveTable) -> None:
        self.hub.publish(table.id, lambda viewer: self.message(table, viewer))

    def message(self, table: LiveTable, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or ``None`` for a spectator) may see of the table now:
        its own view, the board drawn from it, its legal choices, its narration."""
        match = table.match
        game = match.game
        to_act = match.to_act()
        connected, spectators = self.hub.connected(table.id)
        message: dict[str, Any] = {
            "type": "state",
            "table": table.id,
            "game": game.spec.name,
            "title": game.spec.title,
            "version": table.version,
            "seat": viewer,
            "seats": [
                {
                    "seat": s,
                    "label": table.labels[s],
                    "name": table.names[s],
                    "bot": table.codes[s] if table.is_bot(s) else None,
                    "taken": table.is_bot(s) or table.token_hashes[s] is not None,
                    "connected": s in connected,
                    "to_act": s in to_act,
                    "zombie": s in table.zombies,
                }
                for s in range(game.players)
            ],
            "spectators": spectators,
            "timer": table.row.timer,
            "deadline": (
                None
                if table.deadline is None
                else max(0.0, table.deadline - asyncio.get_running_loop().time())
            ),
            "to_act": list(to_act),
            "log": list(table.logs[viewer]),
            "over": match.is_over(),
        }
        message.update(self._rendered(table, viewer))
        return message

    def _rendered(self, table: LiveTable, viewer: int | None) -> dict[str, Any]:
        """The parts of ``viewer``'s message that only a move or an undo changes (its view, the
        board, its legal moves, the scoring), rendered once per version and viewer."""
        cached = table.rendered.get(viewer)
        if cached is not None and cached[0] == table.revision:
            return cached[1]
        match = table.match
        view, legal, last = self._seen_by(table, viewer)
        return self._finish(table, viewer, state_parts(match.game, view, viewer, legal, last))

    def _seen_by(
        self, table: LiveTable, viewer: int | None
    ) -> tuple[Any, Sequence[Any] | None, Step | None]:
        """What ``viewer``'s message is drawn from: its own view, its legal choices if it is to
        act (else ``None``), and the last step."""
        match = table.match
        legal = None
        if viewer is not None and viewer in match.to_act():
            legal = match.legal_actions(viewer)
        return match.view(viewer), legal, match.steps[-1] if match.steps else None

    def _finish(
        self, table: LiveTable, viewer: int | None, parts: dict[str, Any]
    ) -> dict[str, Any]:
        """``parts`` drawn for the present version, completed and kept for it."""
        match = table.match
        game = match.game
        if viewer is not None:
            parts["can_undo"] = self.undo_refusal(table, viewer, thorough=False) is None
        outcome = match.outcome()
        if outcome is not None:
            parts["outcome"] = outcome.to_json()
            explained = game.explain_outcome(match.state)
            parts["result"] = markup_to_html(explained)
            parts["result_text"] = explained
            parts["winners"] = list(outcome.winners)
        table.rendered[viewer] = (table.revision, parts)
        return parts

    def record(self, table: LiveTable) -> GameRecord:
        """The game's record, only once it is over: it holds the seed and every hidden move."""
        if not table.match.is_over():
            raise Refused("the record is available once the game is over")
        meta = {"table": table.id, "names": list(table.names)}
        return table.match.record(meta)


async def durable(write: Future[None]) -> None:
    """Wait until ``write`` is committed, raising what refused it. A caller cancelled meanwhile
    still waits for the outcome (so that what it keeps in memory matches the database), and is
    cancelled again once it is known."""
    waiting = asyncio.wrap_future(write)
    cancelled = False
    while not waiting.done():
        try:
            await asyncio.shield(waiting)
        except asyncio.CancelledError:
            if waiting.done():
                break
            cancelled = True
    if cancelled:
        task = asyncio.current_task()
        if task is not None:
            task.cancel()
    waiting.result()


def _log_failure(write: Future[None]) -> None:
    if not write.cancelled() and write.exception() is not None:
        log.error("a seat's zombie mark could not be stored: %s", write.exception())


UNDO_DEPTH = 32  # states kept for taking moves back
REVEAL_SAMPLES = 8


def resumes_by_itself(row: TableRow) -> bool:
    """Whether a table being played may move with nobody there: it has a bot's seat, a bot
    playing for someone who left, or a move timer (after which a bot plays for the late)."""
    return row.timer > 0 or any(seat.code != HUMAN or seat.zombie for seat in row.seats)


def zombie_code(game_name: str) -> str:
    """The bot that plays for a person who timed out or left: the game's own, else random."""
    codes = {entry.code for entry in bots_for(game_name)}
    return "greedy" if "greedy" in codes else "random"


def told_at(notices: Sequence[NoticeRow]) -> list[int]:
    """After how many standing moves each notice is told when a table is read again: when it
    happened, or earlier if a later notice (an undo) happened with fewer moves standing, so
    the narration keeps the notices in order and never tells one after moves that replaced
    the ones it followed."""
    told: list[int] = []
    at = sys.maxsize
    for notice in reversed(notices):
        at = min(at, notice.at)
        told.append(at)
    told.reverse()
    return told


def _remember(states: list[Any], state: Any) -> None:
    states.append(state)
    if len(states) > UNDO_DEPTH:
        del states[0]


def reveals(game: Any, before: Any, action: Any, after: Any, rng: SeededRng) -> bool:
    """Whether ``action`` (which drew no chance) told any other viewer something hidden.

    For each other viewer, states it would find possible before the move are drawn from its own
    view (``sample_state``); if the same move leads any of them to a different view than the
    real one, the move revealed something (a sealed step resolved, a hidden card shown)."""
    for viewer in (None, *range(game.players)):
        if viewer == action.seat:
            continue
        seen_before = game.observe(before, viewer)
        seen_after = game.observe(after, viewer)
        tried = 0
        for _ in range(REVEAL_SAMPLES):
            try:
                sample = game.sample_state(seen_before, rng.fork())
                state, _ = game.apply(sample, action, ScriptedRng(()))
            except ActionError:
                continue  # a state where the move is not legal tells nothing
            except (TycoonError, NotImplementedError):
                return True  # chance would be drawn, or no sampling: keep the move
            tried += 1
            if game.observe(state, viewer) != seen_after:
                return True
        if tried == 0:
            return True
    return False


def _refuse_server_files(game_name: str, options: dict[str, Any]) -> None:
    """A table's options come from whoever can reach the server: its data may be a built-in
    set or an inline patch, never a path on the server's disk."""
    catalogues = game_class(game_name).data_files
    for name, value in options.items():
        if not isinstance(name, str) or name.replace("_", "-").strip().lower() != "data":
            continue
        if catalogues is not None and isinstance(value, str) and catalogues.reads_files(value):
            raise OptionError(
                "a table's data is a built-in set or an inline JSON patch, not a file on the server"
            )
