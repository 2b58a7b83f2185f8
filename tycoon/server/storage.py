"""Where tables live: one interface, one SQLAlchemy Core implementation for SQLite and PostgreSQL.

A table is stored as what is needed to rebuild it exactly: the game, its rules version, player
count, options and seed, each seat (a bot's seat code, or a human's name and the SHA-256 of its
credential, never the credential itself), every move that stands as (index, seat, notation,
chance outcomes), and the notices the narration tells between moves (a person left, ran out of
time, came back, took a move back), each with the number of moves standing when it happened.
The live state is never stored: replaying the moves from the seed rebuilds it, with the live
random source advanced draw for draw, so the game goes on exactly as it would have.

Every write goes through a writer thread with group commit (one for SQLite, a few for
PostgreSQL, a table's writes always to the same one): the writes queued while the previous
transaction was being committed are applied together in the next one, committed (one fsync for
all of them: SQLite in WAL mode with ``synchronous=FULL``, PostgreSQL's own commit), and only
then is each caller's future resolved, so nothing is acknowledged or broadcast before it is
durable. A write the batch cannot take (a move out of sequence, say) rolls the batch back
and every write in it is then applied in a transaction of its own, so one refusal never costs
another table its move. One writer also means SQLite's writers never wait on each other's locks.
The schema is created and upgraded by the Alembic migrations shipped in
``tycoon/server/migrations``, run at start-up.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from tycoon.core.errors import TycoonError

log = logging.getLogger("tycoon.server")
T = TypeVar("T")

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("version", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("timer", sa.Float, nullable=False, server_default="0"),
    sa.Column("revision", sa.Integer, nullable=False, server_default="0"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(200), nullable=False),
    sa.Column("name", sa.String(64)),
    sa.Column("token_hash", sa.String(64)),
    sa.Column("zombie", sa.Boolean, nullable=False, server_default=sa.false()),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.Text, nullable=False),
    sa.Column("outcomes", sa.Text, nullable=False),
    sa.Column("bot", sa.String(200)),
)

notices = sa.Table(
    "notices",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("at", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
)

HUMAN = "human"
PLAYING = "playing"
OVER = "over"
NAME_LIMIT = 40


class StorageError(TycoonError):
    """A request the stored tables refuse: unknown table, seat taken, a move out of sequence."""


class UnknownTableError(StorageError):
    """No table has this id."""


class SequenceError(StorageError):
    """A move stored as a table's next move when another was stored first (another process)."""


CHANNEL = "tycoon_tables"  # PostgreSQL notifications: "<origin>:<table id>" after each change


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    code: str  # "human" or a bot's seat code
    name: str | None  # a human's name once the seat is taken
    token_hash: str | None
    zombie: bool = False  # a person's seat a bot plays until they come back

    @property
    def is_human(self) -> bool:
        return self.code == HUMAN

    @property
    def taken(self) -> bool:
        return self.token_hash is not None


@dataclass(frozen=True, slots=True)
class MoveRow:
    index: int
    seat: int
    notation: str
    outcomes: tuple[int, ...]
    bot: str | None = None  # the seat code of the bot that chose it (None: a person)


# What a notice tells (NoticeRow.kind).
LEFT = "left"  # the seat's person left: a bot plays for them
TIMED_OUT = "timed-out"  # the seat's person ran out of time: a bot plays for them
BACK = "back"  # the seat's person plays their seat again
UNDONE = "undone"  # the seat took back its last move


@dataclass(frozen=True, slots=True)
class NoticeRow:
    """Something the narration tells between moves: ``kind`` (LEFT, TIMED_OUT, BACK, UNDONE)
    of ``seat``, when ``at`` moves stood."""

    at: int
    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    game: str
    version: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    created: float
    updated: float
    seats: tuple[SeatRow, ...]
    timer: float = 0.0  # seconds a person has for a move before a bot plays for them (0: none)
    revision: int = 0  # goes up with every move and every undo: never the same for two states


class Storage:
    """The storage interface the master speaks; :class:`SqlStorage` is its implementation."""

    def create_table(
        self,
        game: str,
        version: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        codes: Sequence[str],
        timer: float = 0.0,
    ) -> str:
        raise NotImplementedError

    def take_seat(self, table_id: str, seat: int, name: str) -> str:
        """Give an empty human seat to ``name``; returns the new credential (shown once)."""
        raise NotImplementedError

    def check_token(self, table_id: str, seat: int, token: str) -> bool:
        raise NotImplementedError

    def table(self, table_id: str) -> TableRow:
        raise NotImplementedError

    def moves(self, table_id: str) -> list[MoveRow]:
        raise NotImplementedError

    def submit_move(self, table_id: str, move: MoveRow, status: str) -> Future[None]:
        """Store ``move`` as the table's next move, the table's status and its next revision, in
        one transaction; the future is resolved once that is durable. A move whose index is not
        the next one is refused with :class:`SequenceError` (two writers never both win)."""
        raise NotImplementedError

    def submit_removal(self, table_id: str, index: int, seat: int | None = None) -> Future[None]:
        """Remove every move from ``index`` on (an undo: the record keeps moves that stand) and
        give the table its next revision, with an UNDONE notice for ``seat`` if given; resolved
        once durable."""
        raise NotImplementedError

    def submit_zombies(
        self, table_id: str, zombies: dict[int, bool], reason: str = LEFT
    ) -> Future[None]:
        """Mark people's seats as played by a bot meanwhile (``True``, with a notice of
        ``reason``: LEFT or TIMED_OUT) or by their person again (a BACK notice); resolved once
        durable."""
        raise NotImplementedError

    def notices(self, table_id: str) -> list[NoticeRow]:
        """The table's notices in the order they happened."""
        raise NotImplementedError

    def add_move(self, table_id: str, move: MoveRow, status: str) -> None:
        """:meth:`submit_move`, waiting until it is durable."""
        self.submit_move(table_id, move, status).result()

    def remove_moves_from(self, table_id: str, index: int, seat: int | None = None) -> None:
        """:meth:`submit_removal`, waiting until it is durable."""
        self.submit_removal(table_id, index, seat).result()

    def set_zombies(self, table_id: str, zombies: dict[int, bool], reason: str = LEFT) -> None:
        """:meth:`submit_zombies`, waiting until it is durable."""
        self.submit_zombies(table_id, zombies, reason).result()

    def list_tables(
        self, status: str | None = None, limit: int = 100, since: float | None = None
    ) -> list[TableRow]:
        """Tables, the last changed first: of one status, changed at ``since`` or later."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    origin: str = ""  # tells this process's own change notifications from the others'


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


BATCH_LIMIT = 500  # writes committed together at most


class Writer:
    """The single writer: a thread that applies queued writes in batches, one transaction and
    one commit per batch, and resolves each write's future only after the commit."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[tuple[Callable[[sa.Connection], Any], Future[Any]] | None]
        self._queue = queue.SimpleQueue()
        self._closed = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="tycoon-writer", daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[sa.Connection], T]) -> Future[T]:
        """Queue ``work`` (run inside the batch's transaction); its future holds what it
        returns, or what it raised, once the batch is committed (or rolled back)."""
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                future.set_exception(StorageError("the database is closed"))
                return future
            self._queue.put((work, future))
        return future

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < BATCH_LIMIT:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[tuple[Callable[[sa.Connection], Any], Future[Any]]]) -> None:
        live = [(work, future) for work, future in batch if future.set_running_or_notify_cancel()]
        if not live:
            return
        results: list[Any] = []
        try:
            with self.engine.begin() as db:
                for work, _future in live:
                    results.append(work(db))
        except BaseException as error:  # handed to the callers' futures
            if len(live) == 1:
                live[0][1].set_exception(error)
                return
            for work, future in live:  # one by one: only the write at fault is refused
                self._one(work, future)
            return
        for (_work, future), result in zip(live, results, strict=True):
            future.set_result(result)

    def _one(self, work: Callable[[sa.Connection], Any], future: Future[Any]) -> None:
        try:
            with self.engine.begin() as db:
                result = work(db)
        except BaseException as error:  # handed to the caller's future
            future.set_exception(error)
        else:
            future.set_result(result)


class Writers:
    """The writers of one database: one for SQLite (whose writers would only queue on its file
    lock), several for PostgreSQL (which takes concurrent transactions, and merges their WAL
    flushes itself), each committing in groups. A table's writes always go to the same writer,
    so they are committed in the order they were made."""

    def __init__(self, engine: Engine, count: int) -> None:
        self.writers = [Writer(engine) for _ in range(count)]

    def submit(self, work: Callable[[sa.Connection], T], table_id: str = "") -> Future[T]:
        """Queue ``work`` on the writer of ``table_id``."""
        writer = self.writers[hash(table_id) % len(self.writers)]
        return writer.submit(work)

    def close(self) -> None:
        for writer in self.writers:
            writer.close()


POSTGRES_WRITERS = 8


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files run in WAL mode with full synchronous commits."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise StorageError(f"{url!r} is not a database URL (e.g. sqlite:///tycoon.db)") from None
    try:
        engine = sa.create_engine(parsed)
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ImportError) as error:
        raise StorageError(f"cannot use database {parsed!r}: {error}") from None
    if engine.dialect.name == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            folder = Path(database).expanduser().parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StorageError(
                    f"cannot make the folder {folder} for the database: {error.strerror}"
                ) from None
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


class SqlStorage(Storage):
    """Tables in any database SQLAlchemy reaches; SQLite and PostgreSQL are tested."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        self.origin = secrets.token_hex(8)
        self.engine = make_engine(url)
        if migrate:
            from alembic.util import CommandError

            from tycoon.server.migrations import upgrade

            try:
                upgrade(self.engine)
            except CommandError as error:  # a revision this tycoon does not know
                raise StorageError(
                    f"cannot open database {self.where}: its tables were made by a newer tycoon "
                    f"({error}); upgrade tycoon, or name another database with --database"
                ) from None
            except sa.exc.DatabaseError as error:  # unreachable, refused, damaged, read-only
                hint = ""
                if "file is not a database" in str(error.orig):
                    hint = " (name another file with --database)"
                raise StorageError(
                    f"cannot open database {self.where}: {error.orig}{hint}"
                ) from None
        concurrent = self.engine.dialect.name == "postgresql"
        self.writer = Writers(self.engine, POSTGRES_WRITERS if concurrent else 1)

    @property
    def notifies(self) -> bool:
        """Whether changes are announced to other processes (PostgreSQL's NOTIFY)."""
        return self.engine.dialect.name == "postgresql"

    def _notify(self, db: sa.Connection, table_id: str) -> None:
        """Announce a change of ``table_id``, delivered when this transaction commits."""
        if self.notifies:
            db.execute(sa.select(sa.func.pg_notify(CHANNEL, f"{self.origin}:{table_id}")))

    def listen_dsn(self) -> str:
        """A libpq connection string for listening to the change notifications."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    @property
    def where(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # -- tables and seats ---------------------------------------------------------------------
    def create_table(
        self,
        game: str,
        version: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        codes: Sequence[str],
        timer: float = 0.0,
    ) -> str:
        if len(codes) != players:
            raise StorageError(f"a table of {players} players needs {players} seats")
        table_id = new_table_id()
        now = time.time()

        def create(db: sa.Connection) -> None:
            db.execute(
                tables.insert().values(
                    id=table_id,
                    game=game,
                    version=version,
                    players=players,
                    options=json.dumps(options, sort_keys=True),
                    seed=seed,
                    status=PLAYING,
                    created=now,
                    updated=now,
                    timer=timer,
                )
            )
            db.execute(
                seats.insert(),
                [{"table_id": table_id, "seat": i, "code": code} for i, code in enumerate(codes)],
            )

        self.writer.submit(create, table_id).result()
        return table_id

    def take_seat(self, table_id: str, seat: int, name: str) -> str:
        name = " ".join(name.split())
        if not name:
            raise StorageError("give a name to take a seat")
        if len(name) > NAME_LIMIT:
            raise StorageError(f"a name has at most {NAME_LIMIT} characters")
        token = new_token()

        def take(db: sa.Connection) -> None:
            row = db.execute(
                sa.select(seats.c.code, seats.c.token_hash).where(
                    seats.c.table_id == table_id, seats.c.seat == seat
                )
            ).first()
            if row is None:
                self._require_table(db, table_id)
                raise StorageError(f"table {table_id} has no seat {seat}")
            if row.code != HUMAN:
                raise StorageError(f"seat {seat} is played by a bot ({row.code})")
            done = db.execute(
                seats.update()
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=hash_token(token))
            )
            if done.rowcount != 1:
                raise StorageError(f"seat {seat} is already taken")
            self._notify(db, table_id)

        self.writer.submit(take, table_id).result()
        return token

    def check_token(self, table_id: str, seat: int, token: str) -> bool:
        with self.engine.connect() as db:
            stored = db.execute(
                sa.select(seats.c.token_hash).where(
                    seats.c.table_id == table_id, seats.c.seat == seat
                )
            ).scalar()
        return stored is not None and hmac.compare_digest(stored, hash_token(token))

    def _require_table(self, db: sa.Connection, table_id: str) -> sa.Row[Any]:
        row = db.execute(sa.select(tables).where(tables.c.id == table_id)).first()
        if row is None:
            raise UnknownTableError(f"there is no table {table_id!r}")
        return row

    def table(self, table_id: str) -> TableRow:
        with self.engine.connect() as db:
            row = self._require_table(db, table_id)
            seat_rows = db.execute(
                sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
        return _table_row(row, seat_rows)

    def moves(self, table_id: str) -> list[MoveRow]:
        with self.engine.connect() as db:
            self._require_table(db, table_id)
            rows = db.execute(
                sa.select(moves).where(moves.c.table_id == table_id).order_by(moves.c.idx)
            ).all()
        return [
            MoveRow(r.idx, r.seat, r.notation, tuple(json.loads(r.outcomes)), r.bot) for r in rows
        ]

    def submit_move(self, table_id: str, move: MoveRow, status: str) -> Future[None]:
        def add(db: sa.Connection) -> None:
            count = db.execute(
                sa.select(sa.func.count()).where(moves.c.table_id == table_id)
            ).scalar_one()
            if count != move.index:
                raise SequenceError(
                    f"move {move.index} is out of sequence (the table has {count} moves)"
                )
            try:  # another process stored it first: the batch is rolled back and retried alone
                db.execute(
                    moves.insert().values(
                        table_id=table_id,
                        idx=move.index,
                        seat=move.seat,
                        notation=move.notation,
                        outcomes=json.dumps(list(move.outcomes)),
                        bot=move.bot,
                    )
                )
            except IntegrityError:
                raise SequenceError(
                    f"move {move.index} of table {table_id} is already stored"
                ) from None
            done = db.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(status=status, updated=time.time(), revision=tables.c.revision + 1)
            )
            if done.rowcount != 1:
                raise UnknownTableError(f"there is no table {table_id!r}")
            self._notify(db, table_id)

        return self.writer.submit(add, table_id)

    def submit_removal(self, table_id: str, index: int, seat: int | None = None) -> Future[None]:
        def remove(db: sa.Connection) -> None:
            self._require_table(db, table_id)
            db.execute(moves.delete().where(moves.c.table_id == table_id, moves.c.idx >= index))
            if seat is not None:
                self._add_notices(db, table_id, [(seat, UNDONE)])
            self._notify(db, table_id)
            db.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(status=PLAYING, updated=time.time(), revision=tables.c.revision + 1)
            )

        return self.writer.submit(remove, table_id)

    def submit_zombies(
        self, table_id: str, zombies: dict[int, bool], reason: str = LEFT
    ) -> Future[None]:
        if reason not in (LEFT, TIMED_OUT):
            raise ValueError(f"a seat is played by a bot because its person {LEFT} or {TIMED_OUT}")

        def mark(db: sa.Connection) -> None:
            self._require_table(db, table_id)
            for seat, zombie in sorted(zombies.items()):
                db.execute(
                    seats.update()
                    .where(seats.c.table_id == table_id, seats.c.seat == seat)
                    .values(zombie=zombie)
                )
            told = [(seat, reason if zombie else BACK) for seat, zombie in sorted(zombies.items())]
            self._add_notices(db, table_id, told)
            self._notify(db, table_id)

        return self.writer.submit(mark, table_id)

    def _add_notices(self, db: sa.Connection, table_id: str, told: list[tuple[int, str]]) -> None:
        """Store notices ``(seat, kind)`` at the table's present number of moves."""
        if not told:
            return
        at = db.execute(sa.select(sa.func.count()).where(moves.c.table_id == table_id)).scalar_one()
        db.execute(
            notices.insert(),
            [{"table_id": table_id, "at": at, "seat": seat, "kind": kind} for seat, kind in told],
        )

    def notices(self, table_id: str) -> list[NoticeRow]:
        with self.engine.connect() as db:
            self._require_table(db, table_id)
            rows = db.execute(
                sa.select(notices.c.at, notices.c.seat, notices.c.kind)
                .where(notices.c.table_id == table_id)
                .order_by(notices.c.id)
            ).all()
        return [NoticeRow(r.at, r.seat, r.kind) for r in rows]

    def list_tables(
        self, status: str | None = None, limit: int = 100, since: float | None = None
    ) -> list[TableRow]:
        query = sa.select(tables).order_by(tables.c.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(tables.c.status == status)
        if since is not None:
            query = query.where(tables.c.updated >= since)
        with self.engine.connect() as db:
            rows = db.execute(query).all()
            ids = [r.id for r in rows]
            seat_rows = (
                db.execute(
                    sa.select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
                ).all()
                if ids
                else []
            )
        by_table: dict[str, list[sa.Row[Any]]] = {}
        for seat_row in seat_rows:
            by_table.setdefault(seat_row.table_id, []).append(seat_row)
        return [_table_row(r, by_table.get(r.id, [])) for r in rows]


def _table_row(row: sa.Row[Any], seat_rows: Sequence[sa.Row[Any]]) -> TableRow:
    return TableRow(
        id=row.id,
        game=row.game,
        version=row.version,
        players=row.players,
        options=json.loads(row.options),
        seed=row.seed,
        status=row.status,
        created=row.created,
        updated=row.updated,
        seats=tuple(
            SeatRow(s.seat, s.code, s.name, s.token_hash, bool(s.zombie)) for s in seat_rows
        ),
        timer=row.timer,
        revision=row.revision,
    )
